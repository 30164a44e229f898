/**
 * The rules shared by the screens whose list of stove IDs the server checks as it is typed (a stove
 * report, a stove transfer, a sales order), as pure functions: each code's verdict, the counts, the
 * codes that cannot go ahead, and the words about them.
 */
import { counted } from '@common/counted';

/** A code's verdict from a check: `reason` says why it cannot go ahead (null when it can). */
export interface CheckedCode {
  code: string;
  reason: string | null;
}

/** The pause after the last change to a list before it is checked again. */
export const CHECK_DEBOUNCE_MS = 400;

/** Each code's verdict by code. */
export function checkedByCode<T extends CheckedCode>(items: readonly T[] | undefined): ReadonlyMap<string, T> {
  return new Map((items ?? []).map((item) => [item.code, item]));
}

export interface CheckCounts {
  /** Codes of the list with a verdict of the current check. */
  checked: number;
  /** Of those, the codes that can go ahead. */
  passed: number;
  /** Of those, the codes that cannot. */
  refused: number;
}

/** How many codes of the list have a verdict, and how many of them pass (`passes`) or not. */
export function countChecked<T extends CheckedCode>(
  codes: readonly string[],
  byCode: ReadonlyMap<string, T>,
  passes: (item: T) => boolean,
): CheckCounts {
  let checked = 0;
  let passed = 0;
  for (const code of codes) {
    const item = byCode.get(code);
    if (!item) continue;
    checked++;
    if (passes(item)) passed++;
  }
  return { checked, passed, refused: checked - passed };
}

/** The codes of the list that cannot go ahead, in the list's order. */
export function refusedItems<T extends CheckedCode>(
  codes: readonly string[],
  byCode: ReadonlyMap<string, T>,
  passes: (item: T) => boolean,
): T[] {
  const out: T[] = [];
  for (const code of codes) {
    const item = byCode.get(code);
    if (item && !passes(item)) out.push(item);
  }
  return out;
}

/** The list without the given codes, in its order. */
export function withoutCodes(codes: readonly string[], items: readonly CheckedCode[]): string[] {
  const out = new Set(items.map((item) => item.code));
  return codes.filter((code) => !out.has(code));
}

/** "Cannot be reported": what a refused code shows when the check gave no reason. */
export function cannotText(action: string): string {
  return `Cannot be ${action}`;
}

/** "Remove the 2 stove IDs that cannot be reported" (`action`: reported, sent, sold). */
export function removeRefusedText(count: number, action: string): string {
  return `Remove the ${counted(count, 'stove ID')} that cannot be ${action}`;
}

/** "Checking 3 stove IDs..." while some codes of the list have no verdict yet, else null. */
export function checkingText(count: number, checked: number): string | null {
  return checked < count ? `Checking ${counted(count - checked, 'stove ID')}...` : null;
}

/** Where a check of the list stands, from its query and whether a newer list waits to be sent. */
export function checkState(
  query: { isError: boolean; isFetching: boolean; isPlaceholderData: boolean },
  waiting: boolean,
): { checking: boolean; checkFailed: boolean } {
  return {
    checking: waiting || query.isFetching || query.isPlaceholderData,
    checkFailed: query.isError && !query.isFetching,
  };
}
