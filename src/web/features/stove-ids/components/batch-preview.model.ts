/**
 * The live preview of a batch being generated: first and last codes and the count, from what the
 * form holds so far (the contract's field errors come from createStoveBatchSchema).
 */
import {
  STOVE_BATCH_MAX,
  STOVE_PREFIX_PATTERN,
  STOVE_WIDTH_MAX,
  STOVE_WIDTH_MIN,
  normalizeCode,
  stoveCode,
} from '@common/stove-codes';

export interface BatchPreview {
  firstCode: string;
  lastCode: string;
  count: number;
}

/** What the form holds (inputs give strings, defaults may be numbers). */
export interface BatchPreviewInput {
  prefix?: unknown;
  firstNumber?: unknown;
  count?: unknown;
  width?: unknown;
}

function wholeNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (typeof value !== 'string' || !/^\s*\d+\s*$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : null;
}

/** The preview, or null while the values cannot make a batch (the form shows why). */
export function batchPreview(input: BatchPreviewInput): BatchPreview | null {
  const prefix = typeof input.prefix === 'string' ? normalizeCode(input.prefix) : '';
  const first = wholeNumber(input.firstNumber);
  const count = wholeNumber(input.count);
  const width = wholeNumber(input.width);
  if (!STOVE_PREFIX_PATTERN.test(prefix) || first === null || count === null || width === null) return null;
  if (width < STOVE_WIDTH_MIN || width > STOVE_WIDTH_MAX || count < 1 || count > STOVE_BATCH_MAX) return null;
  const last = first + count - 1;
  if (last >= 10 ** width) return null;
  return { firstCode: stoveCode(prefix, first, width), lastCode: stoveCode(prefix, last, width), count };
}

/** The prefix and width to ask the next free number for, or null while they cannot make codes. */
export function suggestionQuery(input: BatchPreviewInput): { prefix: string; width: number } | null {
  const prefix = typeof input.prefix === 'string' ? normalizeCode(input.prefix) : '';
  const width = wholeNumber(input.width);
  if (!STOVE_PREFIX_PATTERN.test(prefix) || width === null) return null;
  if (width < STOVE_WIDTH_MIN || width > STOVE_WIDTH_MAX) return null;
  return { prefix, width };
}
