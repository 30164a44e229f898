/**
 * SQL of sales packages (sales_packages): each with its stove model (a CKD category) and the number
 * of prices set for it.
 */
import { asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { ListSalesPackagesQuery } from '../../../common/contracts/sales';
import type { Executor } from '../../db/client';
import { ckdCategories } from '../../db/schema/production';
import { salesPackages } from '../../db/schema/sales';
import {
  afterCursor,
  containsPattern,
  countCapped,
  cursorRowValue,
  orderBy,
  whereAll,
  type Cursor,
} from '../../http/list';
import { masterDataRows, uniqueColumns } from '../master-data/master-data.repository';

export type SalesPackageRow = typeof salesPackages.$inferSelect;

/** A package as lists show it: its stove model's name and code, and its prices. */
export interface SalesPackageListRow extends SalesPackageRow {
  ckdCategoryName: string;
  ckdCategoryCode: string;
  priceCount: number;
}

type PackageFilters = Omit<ListSalesPackagesQuery, 'limit' | 'cursor'>;

const p = salesPackages;

export const SALES_PACKAGE_SORT_VALUES: Record<PackageFilters['sort'], (row: SalesPackageRow) => Cursor['v']> = {
  name: (r) => r.name,
  code: (r) => r.code,
  stovesPerPackage: (r) => r.stovesPerPackage,
  createdAt: (r) => r.createdAt.toISOString(),
};

const SORT_COLUMNS = {
  name: p.name,
  code: p.code,
  stovesPerPackage: p.stovesPerPackage,
  createdAt: p.createdAt,
} as const;

function filtersWhere(f: PackageFilters): SQL | undefined {
  const pattern = f.q ? containsPattern(f.q) : undefined;
  return whereAll(
    pattern
      ? or(ilike(p.name, pattern), ilike(p.code, pattern), ilike(p.extraItems, pattern), ilike(p.description, pattern))
      : undefined,
    f.active === undefined ? undefined : eq(p.active, f.active),
    f.ckdCategoryId ? eq(p.ckdCategoryId, f.ckdCategoryId) : undefined,
  );
}

const priceCount =
  sql<number>`(select count(*) from sales_prices sp where sp.package_id = sales_packages.id)::int`.mapWith(Number);

function selectListRows(db: Executor) {
  return db
    .select({
      id: p.id,
      name: p.name,
      code: p.code,
      ckdCategoryId: p.ckdCategoryId,
      stovesPerPackage: p.stovesPerPackage,
      extraItems: p.extraItems,
      description: p.description,
      active: p.active,
      createdAt: p.createdAt,
      createdBy: p.createdBy,
      updatedAt: p.updatedAt,
      updatedBy: p.updatedBy,
      ckdCategoryName: ckdCategories.name,
      ckdCategoryCode: ckdCategories.code,
      priceCount,
    })
    .from(p)
    .innerJoin(ckdCategories, eq(ckdCategories.id, p.ckdCategoryId));
}

export function listSalesPackageRows(
  db: Executor,
  f: PackageFilters,
  cursor: Cursor | null,
  limit: number,
): Promise<SalesPackageListRow[]> {
  const sort = SORT_COLUMNS[f.sort];
  const exact = f.sort === 'createdAt' ? cursorRowValue(p, p.createdAt, p.id, cursor) : undefined;
  return selectListRows(db)
    .where(whereAll(filtersWhere(f), afterCursor(sort, p.id, f.dir, cursor, exact)))
    .orderBy(...orderBy(sort, p.id, f.dir))
    .limit(limit);
}

export function countSalesPackages(db: Executor, f: PackageFilters) {
  return countCapped(db, sql`${p}`, filtersWhere(f), p);
}

export async function findSalesPackageListRow(db: Executor, id: string): Promise<SalesPackageListRow | null> {
  const [row] = await selectListRows(db).where(eq(p.id, id));
  return row ?? null;
}

/** The active packages with their stove model, by name, for selects. */
export function activeSalesPackageOptions(db: Executor) {
  return db
    .select({
      id: p.id,
      name: p.name,
      code: p.code,
      stovesPerPackage: p.stovesPerPackage,
      ckdCategory: { id: ckdCategories.id, name: ckdCategories.name, code: ckdCategories.code },
    })
    .from(p)
    .innerJoin(ckdCategories, eq(ckdCategories.id, p.ckdCategoryId))
    .where(eq(p.active, true))
    .orderBy(asc(p.name), asc(p.id));
}

const rows = masterDataRows(p);
/** Locks the row: FOR UPDATE (changes, delete). */
export const lockSalesPackage = (db: Executor, id: string) => rows.lock(db, id);
export const insertSalesPackage = rows.insert;
export const updateSalesPackageRow = rows.update;
export const deleteSalesPackageRow = rows.remove;

/** The name, unique in any case, and the code. */
export const SALES_PACKAGE_UNIQUE_COLUMNS = uniqueColumns(p, {
  name: { column: p.name, anyCase: true, index: 'sales_packages_name_key' },
  code: { column: p.code, anyCase: false, index: 'sales_packages_code_key' },
});

/** A CKD category (stove model), locked FOR SHARE so it is not deactivated while a package takes it. */
export async function lockStoveModel(
  db: Executor,
  id: string,
): Promise<{ id: string; name: string; active: boolean } | null> {
  const [row] = await db
    .select({ id: ckdCategories.id, name: ckdCategories.name, active: ckdCategories.active })
    .from(ckdCategories)
    .where(eq(ckdCategories.id, id))
    .for('share');
  return row ?? null;
}
