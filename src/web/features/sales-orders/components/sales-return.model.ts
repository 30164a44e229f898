/** Words and rules of the return screens (pure, unit-tested). */
import { counted } from '@common/counted';
import { type SalesOrderDetail, type SalesReturn } from '@common/contracts/sales-orders';
import { stoveCredits } from '@common/sales-return-rules';
import { normalizeCode } from '@common/stove-codes';
import { money, stoveIds } from './sales-order.model';

/** Where the return notes open. */
export const SALES_RETURN_PATH = '/sales/returns';

/**
 * The credit of returning `codes` of the order, as the server will compute it: per line, the
 * stoves' price per stove, the cents split so that a whole line credits its total.
 */
export function returnCredit(
  order: Pick<SalesOrderDetail, 'lines' | 'returnable'>,
  codes: ReadonlySet<string>,
): number {
  const positionOf = new Map(order.returnable.map((r) => [r.code, r.position]));
  let cents = 0;
  for (const line of order.lines) {
    const n = [...codes].filter((c) => positionOf.get(c) === line.position).length;
    if (n > 0)
      cents += stoveCredits(Math.round(line.unitPrice * 100), line.stovesPerPackage, line.returned, n).reduce(
        (a, b) => a + b,
        0,
      );
  }
  return cents / 100;
}

/** What a scanned or typed code does: tick one of the IDs left to return, or be flagged. */
export type ScanOutcome =
  | { kind: 'ticked'; code: string }
  | { kind: 'already'; code: string }
  | { kind: 'unknown'; code: string }
  | { kind: 'empty' };

export function scanCode(raw: string, returnable: ReadonlySet<string>, ticked: ReadonlySet<string>): ScanOutcome {
  const code = normalizeCode(raw);
  if (!code) return { kind: 'empty' };
  if (!returnable.has(code)) return { kind: 'unknown', code };
  return ticked.has(code) ? { kind: 'already', code } : { kind: 'ticked', code };
}

/** The dialog's confirmation: "Return 2 stove IDs of SO-000012, crediting KES 7,000.00." */
export function returnSummary(count: number, credit: number, currency: string, orderNumber: string): string {
  return `Return ${stoveIds(count)} of ${orderNumber}, crediting ${money(credit, currency)}. They go back to validated and can be sold again.`;
}

/** "Returned 3 of 12" on the order. */
export function returnedProgress(returns: readonly Pick<SalesReturn, 'stoveCount'>[], stoveCount: number): string {
  const returned = returns.reduce((n, r) => n + r.stoveCount, 0);
  return `Returned ${returned.toLocaleString('en-US')} of ${counted(stoveCount, 'stove')}`;
}

/** The return note that returned each code of the order, by code. */
export function returnedBy(
  returns: readonly (Pick<SalesReturn, 'number'> & { codes: string[] })[],
): Map<string, number> {
  return new Map(returns.flatMap((r) => r.codes.map((code) => [code, r.number] as const)));
}
