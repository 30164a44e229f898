/** The draft notice, rendered to HTML on the server (the unit tests run without a DOM). */
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { setViewerTimeZone } from '@web/lib/time-zone';
import { DraftNotice, savedWhen } from './draft-notice';

const SAVED = Date.UTC(2026, 10, 27, 7, 42); // 10:42 in Nairobi

afterEach(() => setViewerTimeZone(null));

describe('savedWhen', () => {
  it('says the time on the viewer’s clock for a draft of today, and the day too for an older one', () => {
    setViewerTimeZone('Africa/Nairobi');
    expect(savedWhen(SAVED, SAVED + 3_600_000)).toBe('at 10:42');
    expect(savedWhen(SAVED, SAVED + 24 * 3_600_000)).toBe('on 27 Nov 2026, 10:42');
  });
});

describe('DraftNotice', () => {
  const control = { discard: () => undefined, clear: () => undefined };

  it('says what was restored and when, with Discard', () => {
    setViewerTimeZone('Africa/Nairobi');
    const html = renderToStaticMarkup(
      <DraftNotice
        draft={{ ...control, restored: { value: { codes: new Array<string>(14).fill('X') }, savedAt: SAVED } }}
        describe={(value) => `${value.codes.length} stove IDs scanned`}
      />,
    );
    expect(html).toContain('role="status"');
    expect(html).toMatch(/Restored your draft: 14 stove IDs scanned (at|on 27 Nov 2026,) 10:42\./);
    expect(html).toContain('>Discard</button>');
  });

  it('shows nothing when no draft was restored', () => {
    const html = renderToStaticMarkup(
      <DraftNotice draft={{ ...control, restored: null }} describe={() => 'anything'} />,
    );
    expect(html).toBe('');
  });
});
