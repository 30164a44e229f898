/**
 * Markdown loads its renderer on first use: the text shows as written at once, then as Markdown.
 * Rendered to HTML on the server (the unit tests run without a DOM); prerender waits for the
 * lazy renderer as a browser would.
 */
import { text } from 'node:stream/consumers';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown';

const TEXT = 'Stock count on **Friday**.\n\n- [x] Kits\n- [ ] Steel\n\n<b>raw</b> [guide](https://example.com/guide)';

describe('Markdown', () => {
  it('shows the text as written, line breaks kept, while the renderer loads', () => {
    const html = renderToStaticMarkup(<Markdown className="extra">{TEXT}</Markdown>);
    expect(html).toContain('whitespace-pre-wrap');
    expect(html).toContain('extra');
    expect(html).toContain('Stock count on **Friday**.');
    expect(html).not.toContain('<strong>');
  });

  it('then renders GitHub-flavoured Markdown, raw HTML skipped, links to other sites in a new tab', async () => {
    const { prelude } = await prerenderToNodeStream(<Markdown className="extra">{TEXT}</Markdown>);
    const html = await text(prelude);
    expect(html).toContain('<strong>Friday</strong>');
    expect(html).toMatch(/<input[^>]*type="checkbox"[^>]*aria-label="Done"/);
    expect(html).not.toContain('<b>raw</b>');
    expect(html).toMatch(/<a href="https:\/\/example.com\/guide"[^>]*target="_blank"/);
    expect(html).toContain('class="markdown text-sm leading-relaxed extra"');
  });
});
