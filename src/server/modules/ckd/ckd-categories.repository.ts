/** SQL of CKD categories and their steel usage per kit (ckd_categories, ckd_category_steel). */
import { asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ListCkdCategoriesQuery } from '../../../common/contracts/ckd';
import type { SteelUnit } from '../../../common/contracts/steel';
import type { Executor } from '../../db/client';
import { ckdCategories, ckdCategorySteel, steelCategories } from '../../db/schema/production';
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

export type CategoryRow = typeof ckdCategories.$inferSelect;

/** One steel line of a category, with the steel's name and unit. */
export interface UsageRow {
  ckdCategoryId: string;
  steelCategoryId: string;
  steelCategoryName: string;
  unit: SteelUnit;
  quantityPerKit: number;
}

/** A category with its steel lines (by steel name). */
export interface CategoryWithUsage extends CategoryRow {
  usage: UsageRow[];
}

type CategoryFilters = Omit<ListCkdCategoriesQuery, 'limit' | 'cursor'>;

export const CATEGORY_SORT_VALUES: Record<ListCkdCategoriesQuery['sort'], (row: CategoryRow) => Cursor['v']> = {
  name: (r) => r.name,
  code: (r) => r.code,
  stoveModel: (r) => r.stoveModel,
  createdAt: (r) => r.createdAt.toISOString(),
};

function filtersWhere(f: CategoryFilters): SQL | undefined {
  const c = ckdCategories;
  const pattern = f.q ? containsPattern(f.q) : undefined;
  return whereAll(
    pattern ? or(ilike(c.name, pattern), ilike(c.code, pattern), ilike(c.stoveModel, pattern)) : undefined,
    f.active === undefined ? undefined : eq(c.active, f.active),
  );
}

function sortColumn(sort: CategoryFilters['sort']) {
  switch (sort) {
    case 'name':
      return ckdCategories.name;
    case 'code':
      return ckdCategories.code;
    case 'stoveModel':
      return ckdCategories.stoveModel;
    case 'createdAt':
      return ckdCategories.createdAt;
  }
}

export function listCategoryRows(
  db: Executor,
  f: CategoryFilters,
  cursor: Cursor | null,
  limit: number,
): Promise<CategoryRow[]> {
  const c = ckdCategories;
  const sort = sortColumn(f.sort);
  const exact = f.sort === 'createdAt' ? cursorRowValue(c, c.createdAt, c.id, cursor) : undefined;
  return db
    .select()
    .from(c)
    .where(whereAll(filtersWhere(f), afterCursor(sort, c.id, f.dir, cursor, exact)))
    .orderBy(...orderBy(sort, c.id, f.dir))
    .limit(limit);
}

export function countCategories(db: Executor, f: CategoryFilters) {
  return countCapped(db, sql`${ckdCategories}`, filtersWhere(f), ckdCategories);
}

/** The steel lines of these categories, by steel name. */
export async function usageOf(db: Executor, categoryIds: readonly string[]): Promise<UsageRow[]> {
  if (categoryIds.length === 0) return [];
  return db
    .select({
      ckdCategoryId: ckdCategorySteel.ckdCategoryId,
      steelCategoryId: ckdCategorySteel.steelCategoryId,
      steelCategoryName: steelCategories.name,
      unit: steelCategories.unit,
      quantityPerKit: ckdCategorySteel.quantityPerKit,
    })
    .from(ckdCategorySteel)
    .innerJoin(steelCategories, eq(steelCategories.id, ckdCategorySteel.steelCategoryId))
    .where(inArray(ckdCategorySteel.ckdCategoryId, [...categoryIds]))
    .orderBy(asc(steelCategories.name), asc(steelCategories.id));
}

/** The rows with their steel lines attached (one query for all the lines). */
export async function withUsage(db: Executor, rows: CategoryRow[]): Promise<CategoryWithUsage[]> {
  const usage = await usageOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ ...row, usage: usage.filter((u) => u.ckdCategoryId === row.id) }));
}

/** The active categories, by name (selects elsewhere). */
export function activeCategoryOptions(db: Executor) {
  return db
    .select({
      id: ckdCategories.id,
      name: ckdCategories.name,
      code: ckdCategories.code,
      stoveModel: ckdCategories.stoveModel,
    })
    .from(ckdCategories)
    .where(eq(ckdCategories.active, true))
    .orderBy(asc(ckdCategories.name), asc(ckdCategories.id));
}

const rows = masterDataRows(ckdCategories);

/** The category and its steel lines, the category row locked: FOR UPDATE (changes) or FOR SHARE (use). */
export async function lockCategory(
  db: Executor,
  id: string,
  strength: 'update' | 'share' = 'update',
): Promise<CategoryWithUsage | null> {
  const row = await rows.lock(db, id, strength);
  if (!row) return null;
  const [withLines] = await withUsage(db, [row]);
  return withLines ?? null;
}

/** The code, and the name in any case. */
export const CKD_CATEGORY_UNIQUE_COLUMNS = uniqueColumns(ckdCategories, {
  name: { column: ckdCategories.name, anyCase: true, index: 'ckd_categories_name_key' },
  code: { column: ckdCategories.code, anyCase: false, index: 'ckd_categories_code_key' },
});

export const insertCategory = rows.insert;
export const updateCategoryRow = rows.update;

/** Replaces every steel line of the category with these. */
export async function replaceUsage(
  db: Executor,
  categoryId: string,
  lines: readonly { steelCategoryId: string; quantityPerKit: number }[],
): Promise<void> {
  await db.delete(ckdCategorySteel).where(eq(ckdCategorySteel.ckdCategoryId, categoryId));
  if (lines.length === 0) return;
  await db.insert(ckdCategorySteel).values(
    lines.map((l) => ({
      ckdCategoryId: categoryId,
      steelCategoryId: l.steelCategoryId,
      quantityPerKit: l.quantityPerKit,
    })),
  );
}

export interface SteelCategoryRef {
  id: string;
  name: string;
  unit: SteelUnit;
  active: boolean;
}

/** The steel categories with these ids (FOR SHARE, so none is deactivated while a usage line is written). */
export async function findSteelCategories(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, SteelCategoryRef>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: steelCategories.id,
      name: steelCategories.name,
      unit: steelCategories.unit,
      active: steelCategories.active,
    })
    .from(steelCategories)
    .where(inArray(steelCategories.id, [...ids]))
    .orderBy(asc(steelCategories.id))
    .for('share');
  return new Map(rows.map((r) => [r.id, r]));
}
