/**
 * The rules of the stove ID code entry (scan, paste, range, file): what is added, what is ignored
 * and the notices shown. Pure functions, so 5,000+ codes stay fast and the rules are unit-tested.
 */
import { STOVE_CODE_PATTERN, codesInRange, normalizeCode, splitCodeList } from '@common/stove-codes';
import { STOVE_CODES_PER_REQUEST_MAX } from '@common/contracts/stove-ids';

/** How many codes the list renders; the rest are summarised as "and N more". */
export const CODE_LIST_RENDER_LIMIT = 200;
/** Most codes the control holds (one request's limit). */
export const CODE_ENTRY_MAX = STOVE_CODES_PER_REQUEST_MAX;
/** Longer text is not a code a request accepts; it is refused with a notice. */
const CODE_MAX_LENGTH = 100;

export interface AddResult {
  /** The new list: the old one followed by the codes added, in order. */
  codes: string[];
  /** Codes added, in order. */
  added: string[];
  /** Codes ignored because they were already in the list (or repeated in the input). */
  duplicates: string[];
  /** Codes ignored because the list is full or the text is too long to be a code. */
  refused: string[];
}

function numberText(n: number): string {
  return n.toLocaleString('en-US');
}

function ids(n: number): string {
  return `${numberText(n)} stove ${n === 1 ? 'ID' : 'IDs'}`;
}

/**
 * Adds codes (normalized: trimmed, uppercase) to the list. A code already in the list, or repeated
 * in the input, is ignored; so is anything past `max` codes. `known` may pass a Set of the current
 * codes the caller keeps, to avoid building one per call.
 */
export function addCodes(
  current: readonly string[],
  incoming: readonly string[],
  options: { max?: number; known?: ReadonlySet<string> } = {},
): AddResult {
  const max = options.max ?? CODE_ENTRY_MAX;
  const seen = new Set(options.known ?? current);
  const added: string[] = [];
  const duplicates: string[] = [];
  const refused: string[] = [];
  let room = Math.max(0, max - current.length);
  for (const raw of incoming) {
    const code = normalizeCode(raw);
    if (code.length === 0) continue;
    if (seen.has(code)) {
      duplicates.push(code);
      continue;
    }
    if (code.length > CODE_MAX_LENGTH || room === 0) {
      refused.push(code);
      continue;
    }
    seen.add(code);
    added.push(code);
    room--;
  }
  return { codes: added.length > 0 ? [...current, ...added] : [...current], added, duplicates, refused };
}

/** The notice after adding: what was added and what was ignored ('' when nothing happened). */
export function addNotice(result: Pick<AddResult, 'added' | 'duplicates' | 'refused'>, max = CODE_ENTRY_MAX): string {
  const { added, duplicates, refused } = result;
  const parts: string[] = [];
  if (added.length === 1 && duplicates.length === 0 && refused.length === 0) return `Added ${added[0]}.`;
  if (added.length === 0 && duplicates.length === 1 && refused.length === 0)
    return `${duplicates[0]} is already in the list`;
  if (added.length > 0) parts.push(`Added ${ids(added.length)}.`);
  else if (duplicates.length > 0 || refused.length > 0) parts.push('Nothing added.');
  if (duplicates.length === 1) parts.push(`${duplicates[0]} is already in the list.`);
  else if (duplicates.length > 1) parts.push(`${numberText(duplicates.length)} already in the list were ignored.`);
  if (refused.length > 0) {
    const long = refused.filter((c) => c.length > CODE_MAX_LENGTH).length;
    if (long > 0)
      parts.push(`${numberText(long)} ${long === 1 ? 'entry is' : 'entries are'} too long to be a stove ID.`);
    if (refused.length > long) parts.push(`The list holds at most ${numberText(max)} stove IDs.`);
  }
  return parts.join(' ');
}

/** Whether a notice reports something ignored (shown as a warning rather than a confirmation). */
export function isWarning(result: Pick<AddResult, 'duplicates' | 'refused'>): boolean {
  return result.duplicates.length > 0 || result.refused.length > 0;
}

/** One scan (a scanner types a code then Enter): the text of the field, possibly with spaces. */
export function scannedCodes(text: string): string[] {
  return splitCodeList(text);
}

/** The codes of a pasted list (newlines, commas, semicolons, tabs or spaces between them). */
export function pastedCodes(text: string): string[] {
  return splitCodeList(text);
}

/** The codes of a range, or an error to show (the range may not exceed `max` codes). */
export function rangeCodes(from: string, to: string, max = CODE_ENTRY_MAX): { codes: string[] } | { error: string } {
  if (normalizeCode(from).length === 0 || normalizeCode(to).length === 0)
    return { error: 'Enter the first and the last code of the range' };
  return codesInRange(from, to, max);
}

function firstCell(line: string): string {
  const trimmed = line.trim();
  if (trimmed.startsWith('"')) {
    const end = trimmed.indexOf('"', 1);
    return end > 0 ? trimmed.slice(1, end) : trimmed.slice(1);
  }
  const cell = trimmed.split(/[,;\t]/)[0] ?? '';
  return cell.replace(/^'+|'+$/g, '');
}

/**
 * The codes of an uploaded CSV or text file: the first column of each line (or the line itself).
 * The first line is ignored when it is not a code or has no digit (a header such as "code" or
 * "Stove ID");
 * blank lines are skipped.
 */
export function fileCodes(text: string): string[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const codes: string[] = [];
  let first = true;
  for (const line of lines) {
    const code = normalizeCode(firstCell(line));
    if (code.length === 0) continue;
    const header = first && (!STOVE_CODE_PATTERN.test(code) || !/[0-9]/.test(code));
    first = false;
    if (!header) codes.push(code);
  }
  return codes;
}

/** The list without one code. */
export function removeCode(codes: readonly string[], code: string): string[] {
  return codes.filter((c) => c !== code);
}

/**
 * What the list renders: the newest codes first (the last scan is always visible), capped at
 * `limit`, optionally narrowed by a search text; `hidden` is how many matching codes are not shown.
 */
export function visibleCodes(
  codes: readonly string[],
  search = '',
  limit = CODE_LIST_RENDER_LIMIT,
): { shown: string[]; matching: number; hidden: number } {
  const needle = normalizeCode(search);
  const shown: string[] = [];
  let matching = 0;
  for (let i = codes.length - 1; i >= 0; i--) {
    const code = codes[i] ?? '';
    if (needle && !code.includes(needle)) continue;
    matching++;
    if (shown.length < limit) shown.push(code);
  }
  return { shown, matching, hidden: matching - shown.length };
}

/** "12 stove IDs" */
export function countText(n: number): string {
  return ids(n);
}

/** "and 4,800 more" under a capped list. */
export function moreText(hidden: number): string {
  return `and ${numberText(hidden)} more`;
}
