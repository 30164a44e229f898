/**
 * Price allocation (DOMAIN.md §4 "Sales"): the unit price of a package for a sales category,
 * effective from a date. Prices are never edited: a price list from a date is added (all its cells
 * or none), a correction on the same date goes on top, and the history keeps every price with its
 * state on today (UTC): in force, scheduled, or superseded. A scheduled price (from a later day) may
 * be withdrawn; one in force or past stays. Every price set and withdrawn is audited.
 */
import { counted } from '../../../common/counted';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { ListResponse } from '../../../common/contracts/list';
import type {
  createSalesPricesSchema,
  ListSalesPricesQuery,
  SalesPrice,
  SalesPriceGrid,
  SalesPriceGridQuery,
} from '../../../common/contracts/sales';
import type { Actor } from '../../auth/actor';
import type { Database, Executor } from '../../db/client';
import { errors, type FieldErrors } from '../../http/errors';
import { allPages, decodeCursor, toPage } from '../../http/list';
import { insertAudit, insertAudits } from '../audit/audit.repository';
import {
  countPriceHistory,
  deletePriceRow,
  findPriceHistoryRows,
  gridAxes,
  insertPrices,
  listPriceHistoryRows,
  lockPrice,
  lockPricedRecords,
  nextPrices,
  pricesInForce,
  SALES_PRICE_SORT_VALUES,
  type CellPriceRow,
  type PriceFilters,
  type PriceHistoryRow,
  type PriceRow,
} from './sales-prices.repository';
import { priceIsUsed } from './sales-orders.repository';
import { factoryToday } from '../factories/time-zones.repository';

type ValidPriceList = z.output<typeof createSalesPricesSchema>;

const RECORD_TYPE = 'sales_price';

export function presentSalesPrice(row: PriceHistoryRow): SalesPrice {
  return {
    id: row.id,
    package: { id: row.packageId, name: row.packageName, code: row.packageCode },
    category: { id: row.categoryId, name: row.categoryName, code: row.categoryCode },
    unitPrice: row.unitPrice,
    currency: row.currency,
    effectiveFrom: row.effectiveFrom,
    effectiveTo: row.effectiveTo,
    state: row.state,
    note: row.note,
    createdAt: row.createdAt,
    createdBy:
      row.createdById && row.createdByEmail
        ? { id: row.createdById, name: row.createdByName, email: row.createdByEmail }
        : null,
  };
}

/** What the audit log keeps of a price. */
function audited(row: PriceRow) {
  return {
    id: row.id,
    packageId: row.packageId,
    categoryId: row.categoryId,
    unitPrice: row.unitPrice,
    currency: row.currency,
    effectiveFrom: row.effectiveFrom,
    note: row.note,
  };
}

/** GET /api/sales/prices: the history, each price's state as on today (UTC). */
export async function listSalesPrices(
  db: Database,
  query: ListSalesPricesQuery,
  now = new Date(),
): Promise<ListResponse<SalesPrice>> {
  const today = await factoryToday(db, null, now);
  const [rows, count] = await Promise.all([
    listPriceHistoryRows(db, query, today, decodeCursor(query.cursor), query.limit + 1),
    countPriceHistory(db, query),
  ]);
  const page = toPage(rows, query.limit, SALES_PRICE_SORT_VALUES[query.sort]);
  return { items: page.items.map(presentSalesPrice), nextCursor: page.nextCursor, ...count };
}

/** GET /api/sales/prices/export.csv: the whole filtered, sorted history, page by page. */
export async function* exportSalesPrices(db: Database, filters: PriceFilters, now = new Date()) {
  const today = await factoryToday(db, null, now);
  for await (const page of allPages(
    (cursor, limit) => listPriceHistoryRows(db, filters, today, cursor, limit),
    SALES_PRICE_SORT_VALUES[filters.sort],
  ))
    yield page.map(presentSalesPrice);
}

const cellKey = (packageId: string, categoryId: string) => `${packageId}|${categoryId}`;
const gridPrice = (row: CellPriceRow) => ({
  id: row.id,
  unitPrice: row.unitPrice,
  currency: row.currency,
  effectiveFrom: row.effectiveFrom,
});

/**
 * GET /api/sales/prices/grid: the packages (rows) and categories (columns), active ones unless
 * `includeInactive`, and for each cell that has one the price in force on the day (default today,
 * UTC) and the next price after it.
 */
export async function salesPriceGrid(
  db: Database,
  query: SalesPriceGridQuery,
  now = new Date(),
): Promise<SalesPriceGrid> {
  const date = query.date ?? (await factoryToday(db, null, now));
  const [axes, inForce, next] = await Promise.all([
    gridAxes(db, query.includeInactive === true),
    pricesInForce(db, date),
    nextPrices(db, date),
  ]);
  const packageIds = new Set(axes.packages.map((p) => p.id));
  const categoryIds = new Set(axes.categories.map((c) => c.id));
  const cells = new Map<string, SalesPriceGrid['cells'][number]>();
  const cellOf = (row: CellPriceRow) => {
    const key = cellKey(row.packageId, row.categoryId);
    let cell = cells.get(key);
    if (!cell) {
      cell = { packageId: row.packageId, categoryId: row.categoryId, inForce: null, next: null };
      cells.set(key, cell);
    }
    return cell;
  };
  const shown = (row: CellPriceRow) => packageIds.has(row.packageId) && categoryIds.has(row.categoryId);
  for (const row of inForce.filter(shown)) cellOf(row).inForce = gridPrice(row);
  for (const row of next.filter(shown)) cellOf(row).next = gridPrice(row);
  return { date, packages: axes.packages, categories: axes.categories, cells: [...cells.values()] };
}

/**
 * Checks that every package and category of the list exists and is active (400 with the fields
 * `prices.N.packageId` / `prices.N.categoryId`), holding them locked until the prices are written.
 */
async function assertPriceable(tx: Executor, input: ValidPriceList): Promise<void> {
  const { packages, categories } = await lockPricedRecords(
    tx,
    [...new Set(input.prices.map((p) => p.packageId))],
    [...new Set(input.prices.map((p) => p.categoryId))],
  );
  const fieldErrors: FieldErrors = {};
  input.prices.forEach((price, i) => {
    const pkg = packages.get(price.packageId);
    if (!pkg) fieldErrors[`prices.${i}.packageId`] = ['This sales package does not exist. Choose another one.'];
    else if (!pkg.active)
      fieldErrors[`prices.${i}.packageId`] = [`${pkg.name} is deactivated: reactivate it before setting its prices.`];
    const category = categories.get(price.categoryId);
    if (!category) fieldErrors[`prices.${i}.categoryId`] = ['This sales category does not exist. Choose another one.'];
    else if (!category.active)
      fieldErrors[`prices.${i}.categoryId`] = [
        `${category.name} is deactivated: reactivate it before setting its prices.`,
      ];
  });
  const messages = Object.values(fieldErrors).flat();
  if (messages.length > 0) {
    const first = messages[0] ?? 'Check the prices.';
    throw errors.validation(
      messages.length === 1 ? first : `${first} (and ${counted(messages.length - 1, 'more problem', 'more problems')})`,
      fieldErrors,
    );
  }
}

/** POST /api/sales/prices: the price list from one date, all or nothing; answers the prices set. */
export async function createSalesPrices(
  db: Database,
  actor: Actor,
  input: ValidPriceList,
  now = new Date(),
): Promise<{ items: SalesPrice[] }> {
  const today = await factoryToday(db, null, now);
  return db.transaction(async (tx) => {
    await assertPriceable(tx, input);
    const rows = input.prices.map((price) => ({
      id: randomUUID(),
      packageId: price.packageId,
      categoryId: price.categoryId,
      unitPrice: price.unitPrice,
      currency: input.currency,
      effectiveFrom: input.effectiveFrom,
      note: input.note,
      createdBy: actor.userId,
    }));
    await insertPrices(tx, rows);
    await insertAudits(
      tx,
      rows.map((row) => ({
        actorId: actor.userId,
        action: 'create',
        recordType: RECORD_TYPE,
        recordId: row.id,
        after: {
          packageId: row.packageId,
          categoryId: row.categoryId,
          unitPrice: row.unitPrice,
          currency: row.currency,
          effectiveFrom: row.effectiveFrom,
          note: row.note,
        },
      })),
    );
    const byId = new Map(
      (
        await findPriceHistoryRows(
          tx,
          rows.map((r) => r.id),
          today,
        )
      ).map((r) => [r.id, r]),
    );
    return {
      items: rows.map((row) => {
        const price = byId.get(row.id);
        if (!price) throw new Error(`sales price ${row.id} vanished`);
        return presentSalesPrice(price);
      }),
    };
  });
}

/**
 * DELETE /api/sales/prices/:id: withdraws a scheduled price (from a day after today, UTC); a price
 * in force or past stays in the history (409).
 */
export async function withdrawSalesPrice(db: Database, actor: Actor, id: string, now = new Date()): Promise<void> {
  const today = await factoryToday(db, null, now);
  await db.transaction(async (tx) => {
    const row = await lockPrice(tx, id);
    if (!row) throw errors.notFound('No price with this id.');
    if (row.effectiveFrom <= today)
      throw errors.conflict('A price in force or past stays in the history: set a new price instead.');
    // An order dated ahead of UTC (a time zone already in that day) may have used it.
    if (await priceIsUsed(tx, id))
      throw errors.conflict('An order was sold at this price: it stays in the history. Set a new price instead.');
    await deletePriceRow(tx, id);
    await insertAudit(tx, {
      actorId: actor.userId,
      action: 'withdraw',
      recordType: RECORD_TYPE,
      recordId: id,
      before: audited(row),
    });
  });
}
