/**
 * CKD categories (DOMAIN.md §4 "CKD kits"): kit types with their stove model and the steel one kit
 * uses. Code and name are unique (the name case-insensitively); an edit that sends steel usage
 * replaces every line in the same transaction, or changes nothing. Master data: deactivated, never
 * deleted; every change audited with before and after.
 */
import type { z } from 'zod';
import type {
  CkdCategory,
  CkdCategoryOption,
  ckdCategoryInputSchema,
  ListCkdCategoriesQuery,
  updateCkdCategorySchema,
} from '../../../common/contracts/ckd';
import type { ListResponse } from '../../../common/contracts/list';
import type { Actor } from '../../auth/actor';
import type { Database, Executor } from '../../db/client';
import { errors, type FieldErrors } from '../../http/errors';
import { decodeCursor, toPage } from '../../http/list';
import { masterDataRecords, uniqueFields } from '../master-data/master-data';
import {
  activeCategoryOptions,
  CATEGORY_SORT_VALUES,
  CKD_CATEGORY_UNIQUE_COLUMNS,
  countCategories,
  findSteelCategories,
  insertCategory,
  listCategoryRows,
  lockCategory,
  replaceUsage,
  updateCategoryRow,
  withUsage,
  type CategoryWithUsage,
} from './ckd-categories.repository';

type CategoryInput = z.output<typeof ckdCategoryInputSchema>;
type CategoryChange = z.output<typeof updateCkdCategorySchema>;

export function presentCategory(row: CategoryWithUsage): CkdCategory {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    stoveModel: row.stoveModel,
    description: row.description,
    active: row.active,
    steelUsage: row.usage.map((u) => ({
      steelCategoryId: u.steelCategoryId,
      steelCategoryName: u.steelCategoryName,
      unit: u.unit,
      quantityPerKit: u.quantityPerKit,
    })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listCategories(db: Database, query: ListCkdCategoriesQuery): Promise<ListResponse<CkdCategory>> {
  const [rows, count] = await Promise.all([
    listCategoryRows(db, query, decodeCursor(query.cursor), query.limit + 1),
    countCategories(db, query),
  ]);
  const page = toPage(rows, query.limit, CATEGORY_SORT_VALUES[query.sort]);
  return { items: (await withUsage(db, page.items)).map(presentCategory), nextCursor: page.nextCursor, ...count };
}

export function categoryOptions(db: Database): Promise<CkdCategoryOption[]> {
  return activeCategoryOptions(db);
}

/**
 * Checks the steel lines: each steel category exists; a deactivated one may stay on a category
 * that already uses it but not be added. 400 with the line's field otherwise.
 */
async function assertUsable(
  db: Executor,
  lines: CategoryInput['steelUsage'],
  current: CategoryWithUsage | null,
): Promise<void> {
  const found = await findSteelCategories(
    db,
    lines.map((l) => l.steelCategoryId),
  );
  const kept = new Set(current?.usage.map((u) => u.steelCategoryId) ?? []);
  const fieldErrors: FieldErrors = {};
  lines.forEach((line, index) => {
    const steel = found.get(line.steelCategoryId);
    const field = `steelUsage.${index}.steelCategoryId`;
    if (!steel) fieldErrors[field] = ['This steel category does not exist. Choose another one.'];
    else if (!steel.active && !kept.has(steel.id))
      fieldErrors[field] = [`${steel.name} is deactivated. Choose an active steel category.`];
  });
  const messages = Object.values(fieldErrors).flat();
  if (messages.length > 0) throw errors.validation(messages[0] ?? 'Check the steel lines.', fieldErrors);
}

/** The category with its steel lines as written in this transaction (its row already locked). */
async function writtenCategory(tx: Executor, id: string): Promise<CategoryWithUsage> {
  const row = await lockCategory(tx, id);
  if (!row) throw new Error(`ckd category ${id} vanished`);
  return row;
}

const records = masterDataRecords({
  recordType: 'ckd_category',
  noun: 'CKD category',
  notFound: 'No CKD category with this id.',
  lock: lockCategory,
  update: async (tx, id, values) => {
    await updateCategoryRow(tx, id, values);
    return writtenCategory(tx, id);
  },
  read: (_db, _actor, row) => presentCategory(row),
  audited: presentCategory,
});

const unique = uniqueFields(CKD_CATEGORY_UNIQUE_COLUMNS, {
  name: ({ asked }) => `A CKD category named "${asked}" already exists. Choose another name.`,
  code: ({ asked }) => `The code ${asked} is already used by another CKD category. Choose another code.`,
});

export async function createCategory(db: Database, actor: Actor, input: CategoryInput): Promise<CkdCategory> {
  return unique.guard(input, () =>
    db.transaction(async (tx) => {
      await unique.assertFree(tx, input);
      await assertUsable(tx, input.steelUsage, null);
      const row = await insertCategory(tx, {
        name: input.name,
        code: input.code,
        stoveModel: input.stoveModel,
        description: input.description,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      });
      await replaceUsage(tx, row.id, input.steelUsage);
      return records.created(tx, actor, await writtenCategory(tx, row.id));
    }),
  );
}

/** The fields are written, and the steel lines, when sent, replace every line (the row locked meanwhile). */
export function updateCategory(db: Database, actor: Actor, id: string, input: CategoryChange): Promise<CkdCategory> {
  return unique.guard(input, () =>
    records.change(db, actor, id, 'update', async (current, tx) => {
      await unique.assertFree(tx, input, id);
      const { steelUsage, ...fields } = input;
      if (steelUsage) {
        await assertUsable(tx, steelUsage, current);
        await replaceUsage(tx, id, steelUsage);
      }
      return fields;
    }),
  );
}

export const setCategoryActive = records.setActive;
