/** The search list's keyboard: which hit is highlighted after a key, and what the screen says. */

/** The keys that move the highlight. */
const MOVES: Readonly<Record<string, (index: number, count: number) => number>> = {
  ArrowDown: (i, n) => (i + 1) % n,
  ArrowUp: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

/**
 * The highlighted hit after `key` (arrows wrap round; Home and End go to the ends), or null when
 * the key does not move it (the input keeps it: Home and End move the caret when there is no list).
 */
export function moveHighlight(index: number, count: number, key: string): number | null {
  const move = MOVES[key];
  if (!move || count === 0) return null;
  return move(Math.min(Math.max(index, 0), count - 1), count);
}

/** The highlighted index, kept within a list of `count` hits (a shorter new list starts from its top). */
export function clampHighlight(index: number, count: number): number {
  return index < count ? index : 0;
}

/** The line that says how many hits there are, for the screen and screen readers. */
export function hitsSummary(q: string, count: number): string {
  if (count === 0) return `No matches for “${q}”`;
  return `${count} ${count === 1 ? 'match' : 'matches'}: arrow keys choose, Enter opens`;
}

/** The longest text the search box takes: a scanned link (a dispatch note's QR code) is longer than a search. */
export const SEARCH_INPUT_MAX = 500;

/**
 * The path of this app that a scanned or pasted link opens (a dispatch note's QR code holds the
 * address of its transfer), or null when the text is not a link to this app (another site's
 * link is never followed).
 */
export function appPathOf(text: string, origin: string): string | null {
  if (!/^https?:\/\//i.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
