/**
 * SQL of price allocation (sales_prices): the price history with each price's state and the day it
 * ends, the prices in force on a day (one definition, which the sales order reuses) and the next
 * ones after it, and the writes of a price list and of a withdrawal.
 *
 * In a cell (package × category) prices are ordered by effective_from, then created_at (then id):
 * on a day the last price of that order whose effective_from is on or before the day is in force;
 * a price with the same effective_from as the one after it was corrected (never the one in force).
 */
import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ListSalesPricesQuery, SalesPrice } from '../../../common/contracts/sales';
import { queryRows, type Executor } from '../../db/client';
import { salesCategories, salesPackages, salesPrices } from '../../db/schema/sales';
import { containsPattern, countCapped, whereAll, type Cursor } from '../../http/list';
import { sqlTextArray } from '../stove-ids/stove-id-status.repository';
import { isoTime } from '../../db/iso-time';

/** A price as the history shows it. */
export interface PriceHistoryRow {
  id: string;
  packageId: string;
  packageName: string;
  packageCode: string;
  categoryId: string;
  categoryName: string;
  categoryCode: string;
  unitPrice: number;
  currency: string;
  effectiveFrom: string;
  effectiveTo: string | null;
  state: SalesPrice['state'];
  note: string | null;
  createdAt: string;
  createdById: string | null;
  createdByName: string | null;
  createdByEmail: string | null;
}

export type PriceFilters = Omit<ListSalesPricesQuery, 'limit' | 'cursor'>;

export const SALES_PRICE_SORT_VALUES: Record<PriceFilters['sort'], (row: PriceHistoryRow) => Cursor['v']> = {
  effectiveFrom: (r) => r.effectiveFrom,
  createdAt: (r) => r.createdAt,
};

/**
 * Every price of the cells `cells` selects (all cells when undefined) with the effective_from of the
 * price after it in its cell (`next_from`, null for the last), as rows `h`. The window needs the
 * whole cell, so only filters on whole cells may narrow it.
 */
function withNext(cells: SQL | undefined): SQL {
  return sql`(select sp.*,
                     lead(sp.effective_from) over (partition by sp.package_id, sp.category_id
                                                   order by sp.effective_from, sp.created_at, sp.id) as next_from
                from sales_prices sp ${cells ? sql`where ${cells}` : sql``}) h`;
}

/** The filters that select whole cells (package, category). */
function cellsWhere(f: Pick<PriceFilters, 'packageId' | 'categoryId'>): SQL | undefined {
  return whereAll(
    f.packageId ? sql`sp.package_id = ${f.packageId}` : undefined,
    f.categoryId ? sql`sp.category_id = ${f.categoryId}` : undefined,
  );
}

/** The filters on a price's own date and text, applied after the window. */
function rowsWhere(f: PriceFilters): SQL | undefined {
  const pattern = f.q ? containsPattern(f.q) : undefined;
  return whereAll(
    f.from ? sql`h.effective_from >= ${f.from}::date` : undefined,
    f.to ? sql`h.effective_from <= ${f.to}::date` : undefined,
    pattern
      ? sql`(pk.name ilike ${pattern} or pk.code ilike ${pattern} or c.name ilike ${pattern}
             or c.code ilike ${pattern} or h.note ilike ${pattern})`
      : undefined,
  );
}

/** The state of price `h` on `today`: corrected or replaced (superseded), in force, or scheduled. */
function stateOn(today: string): SQL {
  return sql`case when h.next_from = h.effective_from then 'superseded'
                  when h.effective_from > ${today}::date then 'scheduled'
                  when h.next_from is null or h.next_from > ${today}::date then 'in_force'
                  else 'superseded' end`;
}

function historyColumns(today: string): SQL {
  return sql`h.id, pk.id as "packageId", pk.name as "packageName", pk.code as "packageCode",
             c.id as "categoryId", c.name as "categoryName", c.code as "categoryCode",
             h.unit_price::float8 as "unitPrice", h.currency,
             to_char(h.effective_from, 'YYYY-MM-DD') as "effectiveFrom",
             to_char(h.next_from - 1, 'YYYY-MM-DD') as "effectiveTo",
             ${stateOn(today)} as state, h.note, ${isoTime(sql`h.created_at`)} as "createdAt",
             h.created_by as "createdById", coalesce(pr.name, u.name) as "createdByName", u.email as "createdByEmail"`;
}

const HISTORY_JOINS = sql`join sales_packages pk on pk.id = h.package_id
       join sales_categories c on c.id = h.category_id
       left join users u on u.id = h.created_by
       left join profiles pr on pr.id = h.created_by`;

/**
 * The sort of the history: by effective_from or by created_at, then by created_at and id, so a
 * correction sits next to the price it corrects. The cursor carries the sort value and the id; the
 * timestamps are read back from the cursor's row (they are stored in microseconds).
 */
function historyOrder(f: PriceFilters): { order: SQL; after: (cursor: Cursor | null) => SQL | undefined } {
  const dir = sql.raw(f.dir);
  const op = sql.raw(f.dir === 'asc' ? '>' : '<');
  const createdOf = (id: string) => sql`(select created_at from sales_prices where id = ${id}::uuid)`;
  if (f.sort === 'createdAt') {
    return {
      order: sql`h.created_at ${dir}, h.id ${dir}`,
      after: (cursor) =>
        cursor ? sql`(h.created_at, h.id) ${op} (${createdOf(cursor.id)}, ${cursor.id}::uuid)` : undefined,
    };
  }
  return {
    order: sql`h.effective_from ${dir}, h.created_at ${dir}, h.id ${dir}`,
    after: (cursor) =>
      cursor
        ? sql`(h.effective_from, h.created_at, h.id) ${op} (${String(cursor.v)}::date, ${createdOf(cursor.id)}, ${cursor.id}::uuid)`
        : undefined,
  };
}

/** A page of the price history as on `today`. */
export function listPriceHistoryRows(
  db: Executor,
  f: PriceFilters,
  today: string,
  cursor: Cursor | null,
  limit: number,
): Promise<PriceHistoryRow[]> {
  const { order, after } = historyOrder(f);
  const where = whereAll(rowsWhere(f), after(cursor));
  return queryRows<PriceHistoryRow>(
    db,
    sql`select ${historyColumns(today)} from ${withNext(cellsWhere(f))} ${HISTORY_JOINS}
         ${where ? sql`where ${where}` : sql``}
         order by ${order} limit ${limit}`,
  );
}

export function countPriceHistory(db: Executor, f: PriceFilters) {
  return countCapped(db, sql`${withNext(cellsWhere(f))} ${HISTORY_JOINS}`, rowsWhere(f));
}

/** These prices as the history shows them on `today` (in no particular order). */
export function findPriceHistoryRows(db: Executor, ids: readonly string[], today: string): Promise<PriceHistoryRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  const cells = sql`(sp.package_id, sp.category_id) in (select package_id, category_id from sales_prices
                                                         where id = any(${sqlTextArray(ids)}::uuid[]))`;
  return queryRows<PriceHistoryRow>(
    db,
    sql`select ${historyColumns(today)} from ${withNext(cells)} ${HISTORY_JOINS}
         where h.id = any(${sqlTextArray(ids)}::uuid[])`,
  );
}

/** How many prices refer to a package or a category. */
export async function countPricesOf(db: Executor, of: { packageId: string } | { categoryId: string }): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    'packageId' in of
      ? sql`select count(*)::int as n from sales_prices where package_id = ${of.packageId}`
      : sql`select count(*)::int as n from sales_prices where category_id = ${of.categoryId}`,
  );
  return row?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Prices in force on a day

/** One cell's price: the one in force on a day, or the next one after it. */
export interface CellPriceRow {
  id: string;
  packageId: string;
  categoryId: string;
  unitPrice: number;
  currency: string;
  effectiveFrom: string;
}

const CELL_PRICE_COLUMNS = sql`sp.id, sp.package_id as "packageId", sp.category_id as "categoryId",
       sp.unit_price::float8 as "unitPrice", sp.currency, to_char(sp.effective_from, 'YYYY-MM-DD') as "effectiveFrom"`;

/** Narrows prices to some packages and/or one category (all when empty). */
export interface CellFilter {
  packageIds?: readonly string[];
  categoryId?: string;
}

function cellFilter(f: CellFilter): SQL | undefined {
  return whereAll(
    f.packageIds ? sql`sp.package_id = any(${sqlTextArray(f.packageIds)}::uuid[])` : undefined,
    f.categoryId ? sql`sp.category_id = ${f.categoryId}` : undefined,
  );
}

/**
 * The price in force on `day` of each cell `filter` selects that has one: the latest effective_from
 * on or before the day, the latest set winning on the same date.
 */
export function pricesInForce(db: Executor, day: string, filter: CellFilter = {}): Promise<CellPriceRow[]> {
  const where = whereAll(sql`sp.effective_from <= ${day}::date`, cellFilter(filter));
  return queryRows<CellPriceRow>(
    db,
    sql`select distinct on (sp.package_id, sp.category_id) ${CELL_PRICE_COLUMNS}
          from sales_prices sp where ${where}
         order by sp.package_id, sp.category_id, sp.effective_from desc, sp.created_at desc, sp.id desc`,
  );
}

/** The price in force on `day` for package `packageId` and category `categoryId`, or null when none is. */
export async function findPriceInForce(
  db: Executor,
  cell: { packageId: string; categoryId: string; day: string },
): Promise<CellPriceRow | null> {
  const [row] = await pricesInForce(db, cell.day, { packageIds: [cell.packageId], categoryId: cell.categoryId });
  return row ?? null;
}

/** The first price after `day` of each cell that has one (the latest set, when corrected). */
export function nextPrices(db: Executor, day: string, filter: CellFilter = {}): Promise<CellPriceRow[]> {
  const where = whereAll(sql`sp.effective_from > ${day}::date`, cellFilter(filter));
  return queryRows<CellPriceRow>(
    db,
    sql`select distinct on (sp.package_id, sp.category_id) ${CELL_PRICE_COLUMNS}
          from sales_prices sp where ${where}
         order by sp.package_id, sp.category_id, sp.effective_from asc, sp.created_at desc, sp.id desc`,
  );
}

/** The grid's rows (packages) and columns (categories), by name; the active ones unless `includeInactive`. */
export async function gridAxes(db: Executor, includeInactive: boolean) {
  const [packages, categories] = await Promise.all([
    db
      .select({
        id: salesPackages.id,
        name: salesPackages.name,
        code: salesPackages.code,
        active: salesPackages.active,
        stovesPerPackage: salesPackages.stovesPerPackage,
      })
      .from(salesPackages)
      .where(includeInactive ? undefined : eq(salesPackages.active, true))
      .orderBy(asc(salesPackages.name), asc(salesPackages.id)),
    db
      .select({
        id: salesCategories.id,
        name: salesCategories.name,
        code: salesCategories.code,
        active: salesCategories.active,
      })
      .from(salesCategories)
      .where(includeInactive ? undefined : eq(salesCategories.active, true))
      .orderBy(asc(salesCategories.name), asc(salesCategories.id)),
  ]);
  return { packages, categories };
}

// ---------------------------------------------------------------------------------------------
// Writes

export interface PricedRecord {
  id: string;
  name: string;
  code: string;
  active: boolean;
}

/**
 * The packages and categories a price list names, locked FOR SHARE (none is deactivated or deleted
 * until the prices are written), in id order so concurrent lists lock alike.
 */
export async function lockPricedRecords(
  db: Executor,
  packageIds: readonly string[],
  categoryIds: readonly string[],
): Promise<{ packages: Map<string, PricedRecord>; categories: Map<string, PricedRecord> }> {
  const columns = (t: typeof salesPackages | typeof salesCategories) => ({
    id: t.id,
    name: t.name,
    code: t.code,
    active: t.active,
  });
  const packages = packageIds.length
    ? await db
        .select(columns(salesPackages))
        .from(salesPackages)
        .where(inArray(salesPackages.id, [...packageIds]))
        .orderBy(asc(salesPackages.id))
        .for('share')
    : [];
  const categories = categoryIds.length
    ? await db
        .select(columns(salesCategories))
        .from(salesCategories)
        .where(inArray(salesCategories.id, [...categoryIds]))
        .orderBy(asc(salesCategories.id))
        .for('share')
    : [];
  return {
    packages: new Map(packages.map((r) => [r.id, r])),
    categories: new Map(categories.map((r) => [r.id, r])),
  };
}

type NewPriceRow = typeof salesPrices.$inferInsert;

/** Inserts the prices, one statement per 1,000. */
export async function insertPrices(db: Executor, rows: readonly NewPriceRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) await db.insert(salesPrices).values(rows.slice(i, i + 1000));
}

export type PriceRow = typeof salesPrices.$inferSelect;

/** Locks the price FOR UPDATE. */
export async function lockPrice(db: Executor, id: string): Promise<PriceRow | null> {
  const [row] = await db.select().from(salesPrices).where(eq(salesPrices.id, id)).for('update');
  return row ?? null;
}

export async function deletePriceRow(db: Executor, id: string): Promise<void> {
  await db.delete(salesPrices).where(eq(salesPrices.id, id));
}
