/**
 * The Sales Report (DOMAIN.md §4 "Sales"): packages, stoves and revenue of completed orders by
 * day, ISO week or month and by package, sales category, factory, customer or seller, per
 * currency (prices are never converted). Canceled orders' lines are left out; returns are netted
 * on the return note's day (as a credit note counts in accounting), and their total shown beside
 * (`totals.returned`). Factory-scoped users
 * get their own factory's figures, whatever they ask for.
 */
import { periodSlots } from '../../../common/calendar-days';
import {
  SALES_REPORT_NO_SELLER,
  type SalesReport,
  type SalesReportQuery,
} from '../../../common/contracts/sales-orders';
import type { Actor } from '../../auth/actor';
import { scopedFactoryFilter } from '../../auth/scope';
import type { Executor } from '../../db/client';
import { salesReportCells, salesReportGroupLabels, type GroupLabel } from './sales-report.repository';

/** Money summed in JavaScript, rounded back to cents (the lines' own precision). */
const cents = (amount: number) => Math.round(amount * 100) / 100;

const NO_SELLER: GroupLabel = { key: SALES_REPORT_NO_SELLER, label: 'No seller recorded', code: null };

/** A group whose record is gone from its table (it cannot be: foreign keys), named by its id. */
const unnamed = (key: string): GroupLabel => ({ key, label: `Unknown (${key.slice(0, 8)})`, code: null });

export async function salesReport(db: Executor, actor: Actor, query: SalesReportQuery): Promise<SalesReport> {
  const { from, to, period, groupBy } = query;
  const cells = await salesReportCells(db, {
    from,
    to,
    period,
    groupBy,
    factoryId: scopedFactoryFilter(actor, query.factoryId),
    packageId: query.packageId,
    categoryId: query.categoryId,
    customerId: query.customerId,
    sellerId: query.sellerId,
  });

  const byGroup = new Map<string, number>();
  const byCurrency = new Map<string, { stoves: number; amount: number }>();
  const credited = new Map<string, number>();
  let packages = 0;
  let stoves = 0;
  let returnedStoves = 0;
  for (const cell of cells) {
    packages += cell.packages;
    stoves += cell.stoves;
    returnedStoves += cell.returnedStoves;
    if (cell.returnedStoves > 0)
      credited.set(cell.currency, (credited.get(cell.currency) ?? 0) + Number(cell.returnedCredit));
    byGroup.set(cell.key, (byGroup.get(cell.key) ?? 0) + cell.stoves);
    const currency = byCurrency.get(cell.currency) ?? { stoves: 0, amount: 0 };
    currency.stoves += cell.stoves;
    currency.amount += Number(cell.revenue);
    byCurrency.set(cell.currency, currency);
  }

  const keys = [...byGroup.keys()];
  const [labels, customers, sellers] = await Promise.all([
    salesReportGroupLabels(db, groupBy, keys),
    query.customerId ? salesReportGroupLabels(db, 'customer', [query.customerId]) : null,
    query.sellerId ? salesReportGroupLabels(db, 'seller', [query.sellerId]) : null,
  ]);
  const labelOf = (key: string) => (key === SALES_REPORT_NO_SELLER ? NO_SELLER : (labels.get(key) ?? unnamed(key)));
  const groups = keys
    .map(labelOf)
    .sort(
      (a, b) =>
        (byGroup.get(b.key) ?? 0) - (byGroup.get(a.key) ?? 0) ||
        a.label.localeCompare(b.label) ||
        a.key.localeCompare(b.key),
    );
  const order = new Map(groups.map((g, i) => [g.key, i]));
  const rows = cells
    .map((c) => ({
      period: c.period,
      key: c.key,
      currency: c.currency,
      packages: c.packages,
      stoves: c.stoves,
      revenue: Number(c.revenue),
    }))
    .sort(
      (a, b) =>
        a.period.localeCompare(b.period) ||
        (order.get(a.key) ?? 0) - (order.get(b.key) ?? 0) ||
        a.currency.localeCompare(b.currency),
    );
  const revenue = [...byCurrency]
    .sort(([a, x], [b, y]) => y.stoves - x.stoves || a.localeCompare(b))
    .map(([currency, { amount }]) => ({ currency, amount: cents(amount) }));

  return {
    from,
    to,
    period,
    groupBy,
    periods: periodSlots(period, from, to).map((slot) => slot.key),
    groups,
    rows,
    totals: {
      packages,
      stoves,
      revenue,
      returned: {
        stoves: returnedStoves,
        credit: [...credited].map(([currency, amount]) => ({ currency, amount: cents(amount) })),
      },
    },
    filters: {
      customer: query.customerId ? (customers?.get(query.customerId) ?? null) : null,
      seller: query.sellerId ? (sellers?.get(query.sellerId) ?? null) : null,
    },
  };
}
