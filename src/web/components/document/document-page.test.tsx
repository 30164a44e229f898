/**
 * The document page frame and its stove IDs, rendered to HTML on the server (the unit tests run
 * without a DOM) inside a memory router, for the links.
 */
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  DocumentActions,
  DocumentDetail,
  DocumentDetails,
  DocumentEvent,
  DocumentHeader,
  DocumentPage,
  DocumentView,
} from './document-page';
import { DocumentStoveIds, codeColumn, statusNowColumn } from './document-stove-ids';

function html(node: ReactNode) {
  return renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);
}

const back = { to: '/production?status=voided', title: 'Production Overview' };

function page(query: Partial<UseQueryResult<{ number: string }>>) {
  return html(
    <DocumentPage
      back={back}
      query={query as UseQueryResult<{ number: string }>}
      heading="Stove report"
      errorTitle="This stove report could not be opened"
    >
      {(report) => <p>Report {report.number}</p>}
    </DocumentPage>,
  );
}

describe('DocumentPage', () => {
  it('links back to where the page was opened from, hidden when a document is printed', () => {
    const out = page({ isPending: true });
    expect(out).toMatch(/<a data-document-screen="true" [^>]*href="\/production\?status=voided"/);
    expect(out).toContain('Back to Production Overview</a>');
  });

  it('shows Loading..., then the document, or why it could not be opened', () => {
    expect(page({ isPending: true })).toContain('role="status"');
    expect(page({ isPending: false, isError: false, data: { number: 'SR-000012' } })).toContain(
      '<p>Report SR-000012</p>',
    );
    const failed = page({ isPending: false, isError: true, error: new Error('No stove report with this id.') });
    expect(failed).toMatch(/<h1[^>]*>Stove report<\/h1>/);
    expect(failed).toContain('This stove report could not be opened');
    expect(failed).toContain('No stove report with this id.');
    expect(failed).toContain('Try again');
  });

  it('takes its own loading view', () => {
    const out = html(
      <DocumentPage
        back={back}
        query={{ isPending: true } as UseQueryResult<string>}
        heading="Sales order"
        errorTitle="This sales order could not be opened"
        loading={<p>Loading the sales order...</p>}
      >
        {(order) => order}
      </DocumentPage>,
    );
    expect(out).toContain('<p>Loading the sales order...</p>');
    expect(out).not.toContain('role="status"');
  });
});

describe('the document', () => {
  it('is on screen, and prints only what its page prints', () => {
    expect(html(<DocumentView print={<div data-delivery-note="">Note</div>}>Screen</DocumentView>)).toBe(
      '<div data-document-screen="true" class="flex flex-col gap-6">Screen</div><div data-delivery-note="">Note</div>',
    );
  });

  it('has its number and status as the heading, and its actions beside them when given', () => {
    const plain = html(<DocumentHeader title="Transfer TR-000004" status={<span>Pending</span>} />);
    expect(plain).toMatch(/<h1[^>]*>Transfer TR-000004<\/h1>.*<span>Pending<\/span>/);
    expect(plain).not.toContain('Actions');
    const withActions = html(
      <DocumentHeader title="Sales order SO-000001" status={<span>Completed</span>} actions={<button>Print</button>} />,
    );
    expect(withActions).toContain('<section aria-label="Actions" class="flex flex-wrap gap-2"><button>Print</button>');
  });

  it('keeps the actions under the details in a bar at the bottom of a phone’s screen', () => {
    const actions = html(<DocumentActions>Void</DocumentActions>);
    expect(actions).toMatch(/^<section aria-label="Actions" class="flex flex-wrap gap-2 [^"]*">Void<\/section>$/);
    expect(actions).toContain('max-md:sticky max-md:bottom-0');
    // Beside the heading they are at the top already.
    const header = html(
      <DocumentHeader title="Sales order SO-000001" status={null} actions={<button>Print</button>} />,
    );
    expect(header).not.toContain('sticky');
  });

  it('moves the actions beside the heading to the bottom bar on a phone when asked (phoneActions="below")', () => {
    const header = html(
      <DocumentHeader
        title="Sales order SO-000001"
        status={null}
        actions={<button>Return stoves</button>}
        phoneActions="below"
      />,
    );
    expect(header).toContain('<section aria-label="Actions" class="flex flex-wrap gap-2 max-md:hidden">');
    const bar = html(<DocumentActions phoneOnly>Return stoves</DocumentActions>);
    expect(bar).toContain('max-md:sticky max-md:bottom-0');
    expect(bar).toContain('md:hidden');
  });

  it('lists its facts under Details, with when and by whom things happened', () => {
    const out = html(
      <DocumentDetails>
        <DocumentDetail term="Factory">Nairobi Central Plant (NBO)</DocumentDetail>
        <DocumentDetail term="Submitted">
          <DocumentEvent at="2026-03-05T09:30:00.000Z" by="Ann" />
        </DocumentDetail>
      </DocumentDetails>,
    );
    expect(out).toMatch(/<h2[^>]*>Details<\/h2>/);
    expect(out).toContain('<dt class="text-muted-foreground">Factory</dt><dd>Nairobi Central Plant (NBO)</dd>');
    expect(out).toMatch(/<dd><time dateTime="2026-03-05T09:30:00.000Z">[^<]+<\/time> by Ann<\/dd>/);
  });
});

describe('DocumentStoveIds', () => {
  const items = Array.from({ length: 250 }, (_, i) => ({
    code: `STV${String(i).padStart(8, '0')}`,
    status: 'sold' as const,
  }));

  it('shows the first 200 stove IDs, each with its status, in a table named after the document', () => {
    const out = html(
      <DocumentStoveIds
        number="SO-000001"
        noun="order"
        title="Stove IDs (250)"
        items={items}
        columns={[codeColumn(false), statusNowColumn]}
      />,
    );
    expect(out).toMatch(/<h2 id="([^"]+)-title"[^>]*>Stove IDs \(250\)<\/h2>/);
    expect(out).toContain('aria-label="Find a stove ID"');
    expect(out).toContain('role="region" aria-label="Stove IDs of SO-000001"');
    expect(out).toMatch(/<table [^>]*aria-label="Stove IDs of SO-000001"/);
    expect(out).toMatch(/<th [^>]*scope="col"[^>]*>Stove ID<\/th>/);
    expect(out.match(/<tr /g)).toHaveLength(201);
    expect(out).toMatch(/<td [^>]*class="[^"]* font-mono">STV00000000<\/td>/);
    expect(out).toContain('Sold</td>');
    expect(out).toContain('Showing 200 of 250.');
    expect(out).toContain('Show 50 more');
  });

  it('links each stove ID to its page for those who may open it; a table may leave the naming to its region', () => {
    const out = html(
      <DocumentStoveIds
        number="TR-000004"
        noun="transfer"
        items={items.slice(0, 1)}
        columns={[codeColumn(true)]}
        labelTable={false}
      />,
    );
    expect(out).toMatch(
      /<a class="text-primary underline underline-offset-4" href="\/stove-id\/management\/STV00000000"[^>]*>STV00000000<\/a>/,
    );
    expect(out).not.toMatch(/<table [^>]*aria-label/);
    expect(out).not.toContain('Show ');
  });

  it('says so when no stove ID is listed', () => {
    const out = html(
      <DocumentStoveIds
        number="SR-000012"
        noun="report"
        items={items.slice(0, 0)}
        columns={[codeColumn(false), statusNowColumn]}
      />,
    );
    expect(out).toContain('colSpan="2"');
    expect(out).toContain('No stove ID of this report contains “”.');
  });
});
