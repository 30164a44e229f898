/**
 * The rules of the stove ID code entry (scan, paste, range, file): what is added, what is ignored
 * and the notices shown. Pure functions, so 5,000+ codes stay fast and the rules are unit-tested.
 */
import { counted, plural } from '@common/counted';
import { guessCsvDelimiter, parseCsv } from '@common/csv';
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
  return counted(n, 'stove ID');
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

/**
 * The notice after adding: what was added and what was ignored ('' when nothing happened). With
 * `repeatsKept` (Validate Stove IDs keeps repeats to report them), repeats are said to be checked.
 */
export function addNotice(
  result: Pick<AddResult, 'added' | 'duplicates' | 'refused'>,
  options: { max?: number; repeatsKept?: boolean } = {},
): string {
  const { added, duplicates, refused } = result;
  const { max = CODE_ENTRY_MAX, repeatsKept = false } = options;
  const parts: string[] = [];
  if (added.length === 1 && duplicates.length === 0 && refused.length === 0) return `Added ${added[0]}.`;
  if (repeatsKept) {
    if (added.length > 0) parts.push(`Added ${ids(added.length)}.`);
    if (duplicates.length === 1) parts.push(`${duplicates[0]} is a repeat: it will be reported as a duplicate.`);
    else if (duplicates.length > 1)
      parts.push(`${numberText(duplicates.length)} repeats will be reported as duplicates.`);
  } else {
    if (added.length === 0 && duplicates.length === 1 && refused.length === 0)
      return `${duplicates[0]} is already in the list`;
    if (added.length > 0) parts.push(`Added ${ids(added.length)}.`);
    else if (duplicates.length > 0 || refused.length > 0) parts.push('Nothing added.');
    if (duplicates.length === 1) parts.push(`${duplicates[0]} is already in the list.`);
    else if (duplicates.length > 1) parts.push(`${numberText(duplicates.length)} already in the list were ignored.`);
  }
  if (refused.length > 0) {
    const long = refused.filter((c) => c.length > CODE_MAX_LENGTH).length;
    if (long > 0)
      parts.push(`${counted(long, 'entry', 'entries')} ${plural(long, 'is', 'are')} too long to be a stove ID.`);
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

// ---------------------------------------------------------------------------------------------
// Files of codes

/** Signatures of the files people pick by mistake, and what to call them. */
const SIGNATURES: readonly { bytes: readonly number[]; at?: number; kind: string }[] = [
  { bytes: [0x89, 0x50, 0x4e, 0x47], kind: 'a PNG image' },
  { bytes: [0xff, 0xd8, 0xff], kind: 'a JPEG photo' },
  { bytes: [0x47, 0x49, 0x46, 0x38], kind: 'a GIF image' },
  { bytes: [0x57, 0x45, 0x42, 0x50], at: 8, kind: 'a WebP image' },
  { bytes: [0x25, 0x50, 0x44, 0x46], kind: 'a PDF document' },
  { bytes: [0x50, 0x4b, 0x03, 0x04], kind: 'an Excel workbook or another zipped file' },
  { bytes: [0xd0, 0xcf, 0x11, 0xe0], kind: 'an old Excel or Word file' },
];

const startsWith = (bytes: Uint8Array, sig: readonly number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
const isUtf16 = (bytes: Uint8Array) => startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff]);

/**
 * Why a file cannot be a list of codes, from its bytes (not its name): a known image, document or
 * workbook, or bytes no text holds (a NUL, or more than 1 in 50 control characters in its first
 * 8 KB); null when it is text.
 */
export function notTextProblem(name: string, bytes: Uint8Array): string | null {
  const known = SIGNATURES.find((s) => startsWith(bytes, s.bytes, s.at));
  const save = 'save the list as CSV or plain text and choose that file.';
  if (known) return `${name} is ${known.kind}, not a list of stove IDs: ${save}`;
  if (isUtf16(bytes)) return null;
  const head = bytes.subarray(0, 8192);
  let control = 0;
  for (const b of head) {
    if (b === 0) return `${name} is not a text file: ${save}`;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) control++;
  }
  return control * 50 > head.length ? `${name} is not a text file: ${save}` : null;
}

/** The text of a file: UTF-16 with its byte order mark, else UTF-8, else Windows-1252 (older Excel CSVs). */
export function decodeText(bytes: Uint8Array): string {
  if (startsWith(bytes, [0xff, 0xfe])) return new TextDecoder('utf-16le').decode(bytes);
  if (startsWith(bytes, [0xfe, 0xff])) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** One column of a file: its header (or "Column 2") and the codes under it, in order. */
export interface FileColumn {
  label: string;
  codes: string[];
}

const looksLikeCode = (code: string) => STOVE_CODE_PATTERN.test(code) && /[0-9]/.test(code);
const cellCode = (cell: string | undefined) => normalizeCode((cell ?? '').trim().replace(/^'+|'+$/g, ''));

/**
 * The columns of a CSV or text file (comma, semicolon or tab separated; one code per line is one
 * column) and the one that holds the most codes. The first line is a header when none of its cells
 * is a code (a cell such as "code" or "Stove ID": a code has a digit); blank cells are skipped, and
 * a later cell that is not a code is kept (the server says why it is refused).
 */
export function fileColumns(text: string): { columns: FileColumn[]; best: number } {
  const records = parseCsv(text, guessCsvDelimiter(text)).map((r) => r.fields);
  const width = Math.max(0, ...records.map((r) => r.length));
  const header = records[0] && !records[0].some((cell) => looksLikeCode(cellCode(cell))) ? records[0] : null;
  const rows = header ? records.slice(1) : records;
  const columns = Array.from({ length: width }, (_, i): FileColumn => ({
    label: header?.[i]?.trim() || `Column ${i + 1}`,
    codes: rows.map((r) => cellCode(r[i])).filter((c) => c.length > 0),
  }));
  const score = (c: FileColumn) => c.codes.filter(looksLikeCode).length;
  const best = columns.reduce((at, c, i) => (score(c) > score(columns[at] ?? c) ? i : at), 0);
  return { columns, best };
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
