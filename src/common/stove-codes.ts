/**
 * Stove ID codes (DOMAIN.md §4 "Stove IDs"): generated codes are PREFIX + zero-padded number +
 * one Damm check digit; every code is stored uppercase and trimmed, 4-32 characters of A-Z 0-9 -.
 * The browser previews batches with these functions and the server generates and checks with them.
 */

/** Codes as stored (imports may use any such code). */
export const STOVE_CODE_PATTERN = /^[A-Z0-9-]{4,32}$/;
/** A generation prefix: letters first, so number and check digit stay apart from it. */
export const STOVE_PREFIX_PATTERN = /^[A-Z][A-Z0-9-]{0,11}$/;
/** The shape of a generated code: a prefix ending in a non-digit, then at least two digits. */
const GENERATED_SHAPE = /^[A-Z0-9-]*[A-Z-][0-9]{2,}$/;

export const STOVE_WIDTH_MIN = 3;
export const STOVE_WIDTH_MAX = 12;
export const STOVE_BATCH_MAX = 100_000;

/**
 * The Damm algorithm's quasigroup of order 10 (totally anti-symmetric, weak). Exported for the
 * SQL that computes the same check digit (stove-id-batches.repository.ts).
 */
export const DAMM = [
  [0, 3, 1, 7, 5, 9, 8, 6, 4, 2],
  [7, 0, 9, 2, 1, 5, 4, 8, 6, 3],
  [4, 2, 0, 6, 8, 7, 1, 3, 5, 9],
  [1, 7, 5, 0, 9, 8, 3, 4, 2, 6],
  [6, 1, 2, 3, 0, 4, 5, 9, 7, 8],
  [3, 6, 7, 4, 2, 0, 9, 5, 8, 1],
  [5, 8, 6, 9, 7, 2, 0, 1, 3, 4],
  [8, 9, 4, 5, 3, 6, 2, 0, 1, 7],
  [9, 4, 3, 8, 6, 1, 7, 2, 0, 5],
  [2, 5, 8, 1, 4, 3, 6, 7, 9, 0],
] as const;

function dammInterim(digits: string): number {
  let interim = 0;
  for (let i = 0; i < digits.length; i++) {
    const row = DAMM[interim];
    const digit = digits.charCodeAt(i) - 48;
    if (!row || digit < 0 || digit > 9) throw new Error(`Not a digit string: ${digits}`);
    interim = row[digit] ?? 0;
  }
  return interim;
}

/** The Damm check digit of a string of digits. */
export function dammCheckDigit(digits: string): number {
  return dammInterim(digits);
}

/** True when the digits end in their correct Damm check digit. */
export function dammValid(digitsWithCheck: string): boolean {
  return digitsWithCheck.length >= 2 && dammInterim(digitsWithCheck) === 0;
}

/** As stored: trimmed and uppercase. */
export function normalizeCode(raw: string): string {
  return raw.trim().toUpperCase();
}

/** The code of `number` in a batch: prefix, number zero-padded to `width`, check digit. */
export function stoveCode(prefix: string, number: number, width: number): string {
  const digits = String(number).padStart(width, '0');
  return `${prefix}${digits}${dammCheckDigit(digits)}`;
}

/** Whether the code has a generated code's shape (prefix, digits, check digit). */
export function looksGenerated(code: string): boolean {
  return GENERATED_SHAPE.test(code);
}

/**
 * The check digit verdict of a code with a generated code's shape: true when its trailing digits
 * (number and check digit) satisfy Damm; null for codes of another shape (imports need none).
 */
export function checkDigitOk(code: string): boolean | null {
  if (!looksGenerated(code)) return null;
  const digits = /[0-9]+$/.exec(code)?.[0] ?? '';
  return dammValid(digits);
}

/** The highest number `width` digits hold. */
export function maxNumberFor(width: number): number {
  return 10 ** width - 1;
}

/** A pasted or scanned list: codes separated by newlines, commas, semicolons, tabs or spaces. */
export function splitCodeList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map(normalizeCode)
    .filter((c) => c.length > 0);
}

/** The codes of a range `from`..`to` of one batch's shape (same prefix and width), or an error. */
export function codesInRange(from: string, to: string, max: number): { codes: string[] } | { error: string } {
  const a = /^(.*?[A-Z-])([0-9]+)([0-9])$/.exec(normalizeCode(from));
  const b = /^(.*?[A-Z-])([0-9]+)([0-9])$/.exec(normalizeCode(to));
  if (!a || !b) return { error: 'A range needs two generated codes (prefix, number and check digit)' };
  const [, prefixA = '', numberA = ''] = a;
  const [, prefixB = '', numberB = ''] = b;
  if (prefixA !== prefixB || numberA.length !== numberB.length)
    return { error: 'Both ends of a range need the same prefix and width' };
  const first = Number(numberA);
  const last = Number(numberB);
  if (last < first) return { error: 'The range ends before it starts' };
  if (last - first + 1 > max) return { error: `A range may hold at most ${max.toLocaleString('en-US')} codes` };
  const codes: string[] = [];
  for (let n = first; n <= last; n++) codes.push(stoveCode(prefixA, n, numberA.length));
  return { codes };
}

/** The distinct well-formed codes of a list as typed (normalized): the ones worth looking up. */
export function distinctWellFormedCodes(rawCodes: readonly string[]): string[] {
  const codes = new Set<string>();
  for (const raw of rawCodes) {
    const code = normalizeCode(raw);
    if (STOVE_CODE_PATTERN.test(code)) codes.add(code);
  }
  return [...codes];
}
