/**
 * OpenError, rendered to HTML on the server (the unit tests run without a DOM). Button's props are
 * recorded on the way through, so Try again can be pressed by calling its click handler.
 */
import type { ComponentProps } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Button } from './button';
import { OpenError } from './open-error';

const buttons = vi.hoisted(() => ({ props: [] as ComponentProps<'button'>[] }));

vi.mock('./button', async (importOriginal) => {
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

describe('OpenError', () => {
  it("shows the page's heading, what could not be opened and the server's words, and Try again retries", () => {
    const onRetry = vi.fn();
    const html = renderToStaticMarkup(
      <OpenError
        heading="Sales order"
        title="This sales order could not be opened"
        error={new Error('No sales order with this id.')}
        onRetry={onRetry}
      />,
    );
    expect(html).toMatch(/<h1[^>]*>Sales order<\/h1>/);
    expect(html).toMatch(/<h2[^>]*>This sales order could not be opened<\/h2>/);
    expect(html).toContain('No sales order with this id.');
    expect(html).toContain('Try again');
    expect(buttons.props).toHaveLength(1);
    buttons.props[0]?.onClick?.({} as never);
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('takes its own description and way out instead of the message and Try again', () => {
    const html = renderToStaticMarkup(
      <OpenError
        heading="Page not found"
        title="There is no documentation page at this address"
        error={new Error('Not found')}
        onRetry={() => {}}
        description="Search for it or pick it on the left."
        action={<a href="/documentation">All documentation</a>}
      />,
    );
    expect(html).toContain('Search for it or pick it on the left.');
    expect(html).not.toContain('Not found');
    expect(html).toContain('<a href="/documentation">All documentation</a>');
    expect(html).not.toContain('Try again');
  });
});
