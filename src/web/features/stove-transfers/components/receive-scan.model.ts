/**
 * The rules of "Receive by scanning" (pure, unit-tested): which scanned labels are ticked as
 * arrived, which are flagged (not on this transfer, or scanned twice), the progress and the words
 * of the confirm actions.
 */
import { counted, plural } from '@common/counted';
import { normalizeCode } from '@common/stove-codes';

/** What one scanned code turned out to be. */
export type ScanVerdict = 'arrived' | 'repeat' | 'stranger';

export interface ScanOutcome {
  code: string;
  verdict: ScanVerdict;
}

/** What has been scanned so far on one transfer. */
export interface ReceiveScan {
  /** Codes of the transfer scanned, in the order they were scanned (each once). */
  arrived: string[];
  /** Codes scanned that are not on the transfer, in order (each once). */
  strangers: string[];
}

export const EMPTY_SCAN: ReceiveScan = { arrived: [], strangers: [] };

function numberText(n: number): string {
  return n.toLocaleString('en-US');
}

/**
 * Scans `incoming` codes (normalized: trimmed, uppercase; blanks skipped) against the transfer's
 * codes: a code of the transfer not scanned yet is ticked as arrived; one already scanned (before,
 * or earlier in `incoming`) is a repeat; any other is a stranger (kept once, to set the label aside).
 */
export function scanCodes(
  transferCodes: ReadonlySet<string>,
  scan: ReceiveScan,
  incoming: readonly string[],
): { scan: ReceiveScan; outcomes: ScanOutcome[] } {
  const arrivedSet = new Set(scan.arrived);
  const strangerSet = new Set(scan.strangers);
  const arrived = [...scan.arrived];
  const strangers = [...scan.strangers];
  const outcomes: ScanOutcome[] = [];
  for (const raw of incoming) {
    const code = normalizeCode(raw);
    if (code.length === 0) continue;
    if (!transferCodes.has(code)) {
      outcomes.push({ code, verdict: 'stranger' });
      if (!strangerSet.has(code)) {
        strangerSet.add(code);
        strangers.push(code);
      }
    } else if (arrivedSet.has(code)) {
      outcomes.push({ code, verdict: 'repeat' });
    } else {
      arrivedSet.add(code);
      arrived.push(code);
      outcomes.push({ code, verdict: 'arrived' });
    }
  }
  return { scan: { arrived, strangers }, outcomes };
}

/** The message after a scan, and whether it flags a problem (null: nothing was scanned). */
export function scanMessage(outcomes: readonly ScanOutcome[]): { text: string; problem: boolean } | null {
  if (outcomes.length === 0) return null;
  const strangers = outcomes.filter((o) => o.verdict === 'stranger');
  const repeats = outcomes.filter((o) => o.verdict === 'repeat');
  const arrived = outcomes.filter((o) => o.verdict === 'arrived');
  const parts: string[] = [];
  if (strangers.length === 1) parts.push(`${strangers[0]?.code} is not on this transfer: set it aside.`);
  else if (strangers.length > 1)
    parts.push(`${numberText(strangers.length)} stove IDs are not on this transfer: set them aside.`);
  if (repeats.length === 1) parts.push(`${repeats[0]?.code} was already scanned.`);
  else if (repeats.length > 1) parts.push(`${numberText(repeats.length)} stove IDs were already scanned.`);
  if (arrived.length === 1 && parts.length === 0) return { text: `${arrived[0]?.code} arrived.`, problem: false };
  if (arrived.length > 0) parts.unshift(`${counted(arrived.length, 'stove ID')} arrived.`);
  return { text: parts.join(' '), problem: strangers.length > 0 || repeats.length > 0 };
}

/** "83 of 100 arrived" */
export function progressText(arrived: number, total: number): string {
  return `${numberText(arrived)} of ${numberText(total)} arrived`;
}

/** The codes of the transfer not scanned yet, in the transfer's order. */
export function missingCodes(transferCodes: readonly string[], arrived: readonly string[]): string[] {
  const seen = new Set(arrived);
  return transferCodes.filter((code) => !seen.has(code));
}

/** "Confirm the 83 that arrived" */
export function confirmArrivedLabel(arrived: number): string {
  return `Confirm the ${numberText(arrived)} that arrived`;
}

/** The question before confirming what arrived: "Confirm the 83 stove IDs that arrived?" */
export function confirmArrivedQuestion(arrived: number): string {
  return `Confirm the ${counted(arrived, 'stove ID')} that arrived?`;
}

/** What happens to the rest: "The other 17 stove IDs go back to Nairobi Factory." */
export function returnText(missing: number, sender: string): string {
  return `The other ${counted(missing, 'stove ID')} ${plural(missing, 'goes', 'go')} back to ${sender}.`;
}

/** Which confirm is the main action: Confirm all once everything arrived, else what arrived. */
export function mainAction(arrived: number, total: number): 'confirm-all' | 'confirm-arrived' {
  return arrived >= total ? 'confirm-all' : 'confirm-arrived';
}
