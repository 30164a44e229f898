/**
 * CheckedCodeEntry and CheckedCodeStatus, rendered to HTML on the server (the unit tests run without
 * a DOM). Button's props are recorded on the way through, so a button can be pressed by calling
 * its click handler.
 */
import type { ComponentProps } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Button } from '@web/components/ui/button';
import { CheckedCodeEntry, CheckedCodeStatus, type CheckedCodeEntryProps } from './checked-code-entry';
import { checkedByCode, type CheckedCode } from './code-check.model';

const buttons = vi.hoisted(() => ({ props: [] as ComponentProps<'button'>[] }));

vi.mock('@web/components/ui/button', async (importOriginal) => {
  const real = await importOriginal<{ Button: typeof Button }>();
  return {
    ...real,
    Button: (props: ComponentProps<typeof Button>) => {
      buttons.props.push(props);
      return real.Button(props);
    },
  };
});

beforeEach(() => {
  buttons.props = [];
});

function buttonNamed(name: string) {
  const found = buttons.props.find((props) => renderToStaticMarkup(<>{props.children}</>) === name);
  if (!found) throw new Error(`No button "${name}"`);
  return found;
}

const settled = { isError: false, isFetching: false, error: null, refetch: () => undefined };

function panel(props: Partial<CheckedCodeEntryProps<CheckedCode>> = {}) {
  const html = renderToStaticMarkup(
    <CheckedCodeEntry
      label="Stove IDs coupled"
      codes={['A0001', 'A0002']}
      onChange={() => {}}
      byCode={checkedByCode<CheckedCode>([])}
      checking={false}
      passedText={() => null}
      action="reported"
      summary="2 in stock, 0 cannot be reported."
      check={settled}
      refused={[]}
      problems={null}
      problemsTitle={(count) => `The report was refused (${count})`}
      {...props}
    />,
  );
  // What comes after the code entry.
  return html.slice(html.indexOf('<section aria-label="Eligibility summary"'));
}

describe('CheckedCodeEntry', () => {
  it('shows each code of the entry with its verdict beside it, and what the form says about the list', () => {
    const html = renderToStaticMarkup(
      <CheckedCodeEntry
        label="Stove IDs delivered"
        codes={['A0001', 'A0002', 'A0003']}
        onChange={() => {}}
        listError="Scan 2 more stove IDs."
        byCode={checkedByCode([
          { code: 'A0001', reason: null },
          { code: 'A0002', reason: 'Sold' },
        ])}
        checking
        passedText={(item) => (item.reason === null ? 'Validated: can be sold' : null)}
        action="sold"
        summary="Checking 1 stove ID..."
        announceSummary={false}
        check={settled}
        refused={[{ code: 'A0002', reason: 'Sold' }]}
        problems={null}
        problemsTitle={() => ''}
      />,
    );
    expect(html).toContain('Stove IDs delivered');
    // Each code's row, newest first: the code, then its verdict.
    const rows = [...html.matchAll(/<li [^>]*><span class="font-mono">(\w+)<\/span>(.*?)<\/li>/g)].map(
      ([, code, rest]) => `${code}: ${(rest ?? '').replace(/<svg.*?<\/svg>/g, '').replace(/<[^>]*>/g, '|')}`,
    );
    expect(rows).toEqual([
      expect.stringMatching(/^A0003: \|+Checking\.\.\.\|/),
      expect.stringMatching(/^A0002: \|+Sold\|/),
      expect.stringMatching(/^A0001: \|+Validated: can be sold\|/),
    ]);
    expect(html).toContain('<p class="text-sm text-destructive">Scan 2 more stove IDs.</p><section');
  });

  it('announces where the check stands, with what the page adds under it', () => {
    const html = panel({ children: <p>5 kits in stock.</p> });
    expect(html).toMatch(/^<section aria-label="Eligibility summary"/);
    expect(html).toContain('<p role="status" aria-live="polite" class="text-sm">2 in stock, 0 cannot be reported.</p>');
    expect(html).toContain('<p>5 kits in stock.</p>');
    expect(html).not.toContain('role="alert"');
    expect(html).not.toContain('Cannot be reported');
  });

  it('leaves the announcing to the page when told', () => {
    const html = panel({ announceSummary: false });
    expect(html).toContain('<p class="text-sm">2 in stock, 0 cannot be reported.</p>');
    expect(html).not.toContain('role="status"');
  });

  it("shows a failed check with the server's words, and Try again checks again", () => {
    const refetch = vi.fn();
    const html = panel({ check: { ...settled, isError: true, error: new Error('Server busy'), refetch } });
    expect(html).toContain('role="alert"');
    expect(html).toContain('The stove IDs could not be checked: Server busy');
    buttonNamed('Try again').onClick?.({} as never);
    expect(refetch).toHaveBeenCalledOnce();
    // While it checks again, the failure is not shown.
    expect(
      panel({ check: { ...settled, isError: true, isFetching: true, error: new Error('x'), refetch } }),
    ).not.toContain('role="alert"');
  });

  it('lists the codes that cannot go ahead with their reasons, and removes them all from the list', () => {
    const onChange = vi.fn();
    const html = panel({
      codes: ['A0001', 'A0002', 'A0003'],
      refused: [
        { code: 'A0002', reason: 'Already coupled' },
        { code: 'A0003', reason: null },
      ],
      onChange,
    });
    expect(html).toContain('<p class="font-medium">Cannot be reported</p>');
    expect(html).toContain('<span class="font-mono">A0002</span>: Already coupled');
    expect(html).toContain('<span class="font-mono">A0003</span>: Cannot be reported');
    expect(html).not.toContain(' more</p>');
    buttonNamed('Remove the 2 stove IDs that cannot be reported').onClick?.({} as never);
    expect(onChange).toHaveBeenCalledWith(['A0001']);
  });

  it('lists the first 100 refused codes and counts the rest', () => {
    const refused = Array.from({ length: 1234 }, (_, i) => ({
      code: `B${String(i).padStart(4, '0')}`,
      reason: 'Sold',
    }));
    const html = panel({ action: 'sold', codes: refused.map((item) => item.code), refused });
    expect(html.match(/<li>/g)).toHaveLength(100);
    expect(html).toContain('and 1,134 more');
    expect(html).toContain('Remove the 1,234 stove IDs that cannot be sold');
  });

  it('names the codes the server refused, under the title the page gives', () => {
    const html = panel({
      problems: [{ code: 'A0002', reason: 'Already sold' }],
      problemsTitle: (count) => `The order was refused (${count} problem)`,
      problemsReasonHeader: 'Why',
    });
    expect(html).toContain('The order was refused (1 problem)');
    expect(html).toContain('aria-label="The order was refused (1 problem)"');
    expect(html).toMatch(/<th[^>]*>Why<\/th>/);
    expect(html).toContain('Already sold');
  });
});

describe('CheckedCodeStatus', () => {
  const status = (props: Partial<ComponentProps<typeof CheckedCodeStatus>>) =>
    renderToStaticMarkup(
      <CheckedCodeStatus item={undefined} checking={false} passed={null} action="sent" {...props} />,
    );

  it('says Checking... until the verdict comes, nothing while no check is asked for', () => {
    expect(status({ checking: true })).toBe('<span class="text-muted-foreground">Checking...</span>');
    expect(status({})).toBe('<span class="text-muted-foreground"></span>');
  });

  it("shows the page's words for a code that passes, else why it cannot go ahead", () => {
    expect(status({ item: { code: 'A', reason: null }, passed: 'Eligible (Coupled)' })).toContain(
      'Eligible (Coupled)</span>',
    );
    expect(status({ item: { code: 'A', reason: 'Sold' } })).toMatch(/text-destructive.*Sold<\/span>$/);
    expect(status({ item: { code: 'A', reason: null } })).toMatch(/Cannot be sent<\/span>$/);
  });
});
