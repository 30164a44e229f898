/** SubmitBar, rendered to HTML on the server (the unit tests run without a DOM). */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SubmitBar, type SubmitBarAction } from './submit-bar';

function render(props: { blocked: string | null; pending?: boolean; ready?: string }) {
  let given: SubmitBarAction | undefined;
  const html = renderToStaticMarkup(
    <SubmitBar {...props}>
      {(action) => {
        given = action;
        return <button {...action}>Send</button>;
      }}
    </SubmitBar>,
  );
  if (!given) throw new Error('The button was not rendered');
  return { html, action: given };
}

describe('SubmitBar', () => {
  it('disables the button while something blocks it, shows why beside it and ties the reason to it', () => {
    const { html, action } = render({ blocked: 'Choose the destination factory.' });
    expect(action.disabled).toBe(true);
    expect(action['aria-describedby']).toBeTruthy();
    expect(html).toContain(`<p id="${action['aria-describedby']}" class="text-sm text-muted-foreground">`);
    expect(html).toContain('Choose the destination factory.</p>');
  });

  it('enables the button when nothing blocks it, with no reason and what it will do when given', () => {
    const plain = render({ blocked: null });
    expect(plain.action).toEqual({ disabled: false, 'aria-describedby': undefined });
    expect(plain.html).not.toContain('<p');

    const ready = render({ blocked: null, ready: '3 stove IDs become sold.' });
    expect(ready.html).toContain('<p class="text-sm text-muted-foreground">3 stove IDs become sold.</p>');
  });

  it('disables the button while the action is under way, without a reason', () => {
    const { html, action } = render({ blocked: null, pending: true });
    expect(action).toEqual({ disabled: true, 'aria-describedby': undefined });
    expect(html).not.toContain('<p');
  });

  it('shows the reason rather than what the action would do', () => {
    const { html } = render({ blocked: 'Add stove IDs.', ready: '3 stove IDs become sold.' });
    expect(html).toContain('Add stove IDs.');
    expect(html).not.toContain('become sold');
  });
});
