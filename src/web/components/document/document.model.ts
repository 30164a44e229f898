/**
 * The rules shared by the pages of one document (a stove report, a stove transfer, a sales order),
 * as pure functions: where "Back" goes, and finding a stove ID among the document's.
 */

/** A link back to the screen a document was opened from: its address and its title. */
export interface BackLink {
  to: string;
  title: string;
}

/** Stove IDs listed on a document page at first, and added by each "Show more". */
export const CODES_PAGE = 200;

/**
 * Where a document page's "Back" goes: the screen it was opened from, when that screen said so in
 * the navigation state (`{ back: { to, title } }`) and its address is one `allowed` accepts (a
 * screen of the same area, never another site), else `fallback`.
 */
export function backOf(state: unknown, fallback: BackLink, allowed: (to: string) => boolean): BackLink {
  if (typeof state === 'object' && state !== null && 'back' in state) {
    const back: unknown = state.back;
    if (
      typeof back === 'object' &&
      back !== null &&
      'to' in back &&
      'title' in back &&
      typeof back.to === 'string' &&
      typeof back.title === 'string' &&
      allowed(back.to)
    )
      return { to: back.to, title: back.title };
  }
  return fallback;
}

/** Codes narrowed by a search text (uppercase substring). */
export function filterCodes<T extends { code: string }>(items: readonly T[], search: string): T[] {
  const needle = search.trim().toUpperCase();
  return needle ? items.filter((item) => item.code.includes(needle)) : [...items];
}
