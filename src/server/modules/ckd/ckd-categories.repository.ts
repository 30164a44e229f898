/** SQL of CKD categories and their steel usage per kit (ckd_categories, ckd_category_steel). */
import { and, asc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
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

export type CategoryRow = typeof ckdCategories.$inferSelect;
type NewCategoryRow = typeof ckdCategories.$inferInsert;

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

/** The category and its steel lines, the category row locked: FOR UPDATE (changes) or FOR SHARE (use). */
export async function lockCategory(
  db: Executor,
  id: string,
  strength: 'update' | 'share' = 'update',
): Promise<CategoryWithUsage | null> {
  const [row] = await db.select().from(ckdCategories).where(eq(ckdCategories.id, id)).for(strength);
  if (!row) return null;
  const [withLines] = await withUsage(db, [row]);
  return withLines ?? null;
}

/** Another category with this code, or with this name (case-insensitively). */
export async function findCategoryClash(
  db: Executor,
  values: { name?: string | undefined; code?: string | undefined },
  exceptId?: string,
): Promise<{ name: boolean; code: boolean }> {
  const c = ckdCategories;
  const matches = [
    values.name === undefined ? undefined : eq(sql`lower(${c.name})`, values.name.toLowerCase()),
    values.code === undefined ? undefined : eq(c.code, values.code),
  ].filter((m): m is SQL => m !== undefined);
  if (matches.length === 0) return { name: false, code: false };
  const rows = await db
    .select({ name: c.name, code: c.code })
    .from(c)
    .where(and(or(...matches), exceptId ? ne(c.id, exceptId) : undefined));
  return {
    name: values.name !== undefined && rows.some((r) => r.name.toLowerCase() === values.name?.toLowerCase()),
    code: values.code !== undefined && rows.some((r) => r.code === values.code),
  };
}

export async function insertCategory(db: Executor, values: NewCategoryRow): Promise<CategoryRow> {
  const [row] = await db.insert(ckdCategories).values(values).returning();
  if (!row) throw new Error('insert into ckd_categories returned no row');
  return row;
}

export async function updateCategoryRow(
  db: Executor,
  id: string,
  values: Partial<NewCategoryRow>,
): Promise<CategoryRow> {
  const [row] = await db
    .update(ckdCategories)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(ckdCategories.id, id))
    .returning();
  if (!row) throw new Error('update of ckd_categories returned no row');
  return row;
}

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
