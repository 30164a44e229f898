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
import { errors, type AppError, type FieldErrors } from '../../http/errors';
import { decodeCursor, toPage } from '../../http/list';
import { insertAudit } from '../audit/audit.repository';
import { assertActiveChanges, changeAudited } from '../audit/audited-change';
import {
  activeCategoryOptions,
  CATEGORY_SORT_VALUES,
  countCategories,
  findCategoryClash,
  findSteelCategories,
  insertCategory,
  listCategoryRows,
  lockCategory,
  replaceUsage,
  updateCategoryRow,
  withUsage,
  type CategoryWithUsage,
} from './ckd-categories.repository';
import { violatedUniqueIndex } from '../../db/unique-violation';

type CategoryInput = z.output<typeof ckdCategoryInputSchema>;
type CategoryChange = z.output<typeof updateCkdCategorySchema>;

const RECORD_TYPE = 'ckd_category';

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

const nameTaken = (name: string) => `A CKD category named "${name}" already exists. Choose another name.`;
const codeTaken = (code: string) => `The code ${code} is already used by another CKD category. Choose another code.`;

function clashError(clash: { name: boolean; code: boolean }, values: { name?: string; code?: string }): AppError {
  const fieldErrors: FieldErrors = {};
  if (clash.name && values.name) fieldErrors.name = [nameTaken(values.name)];
  if (clash.code && values.code) fieldErrors.code = [codeTaken(values.code)];
  const messages = Object.values(fieldErrors).flat();
  return errors.conflict(messages.join(' '), fieldErrors);
}

async function assertUnique(db: Executor, values: { name?: string; code?: string }, exceptId?: string): Promise<void> {
  const clash = await findCategoryClash(db, values, exceptId);
  if (clash.name || clash.code) throw clashError(clash, values);
}

/** The unique index a concurrent insert or update ran into, or null. */
function uniqueViolation(error: unknown): 'name' | 'code' | null {
  const index = violatedUniqueIndex(error);
  if (index === 'ckd_categories_name_key') return 'name';
  if (index === 'ckd_categories_code_key') return 'code';
  return null;
}

/** Runs a write; a unique index that a concurrent write won becomes the same 409 as the check. */
async function withUniqueNames<T>(values: { name?: string; code?: string }, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const which = uniqueViolation(error);
    if (!which) throw error;
    throw clashError({ name: which === 'name', code: which === 'code' }, values);
  }
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

export async function createCategory(db: Database, actor: Actor, input: CategoryInput): Promise<CkdCategory> {
  return withUniqueNames(input, () =>
    db.transaction(async (tx) => {
      await assertUnique(tx, input);
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
      const created = await lockCategory(tx, row.id);
      if (!created) throw new Error(`ckd category ${row.id} vanished`);
      const category = presentCategory(created);
      await insertAudit(tx, {
        actorId: actor.userId,
        action: 'create',
        recordType: RECORD_TYPE,
        recordId: row.id,
        after: category,
      });
      return category;
    }),
  );
}

/** Applies a change to one category under a row lock and audits before and after. */
async function changeCategory(
  db: Database,
  actor: Actor,
  id: string,
  action: string,
  apply: (tx: Executor, current: CategoryWithUsage) => Promise<void>,
): Promise<CkdCategory> {
  const row = await changeAudited(db, {
    actorId: actor.userId,
    recordType: RECORD_TYPE,
    id,
    action,
    notFound: 'No CKD category with this id.',
    lock: (tx, categoryId) => lockCategory(tx, categoryId),
    apply: async (tx, current) => {
      await apply(tx, current);
      const updated = await lockCategory(tx, id);
      if (!updated) throw new Error(`ckd category ${id} vanished`);
      return updated;
    },
    audited: presentCategory,
  });
  return presentCategory(row);
}

export function updateCategory(db: Database, actor: Actor, id: string, input: CategoryChange): Promise<CkdCategory> {
  return withUniqueNames(input, () =>
    changeCategory(db, actor, id, 'update', async (tx, current) => {
      await assertUnique(
        tx,
        {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.code !== undefined ? { code: input.code } : {}),
        },
        id,
      );
      if (input.steelUsage) await assertUsable(tx, input.steelUsage, current);
      const { steelUsage, ...fields } = input;
      await updateCategoryRow(tx, id, { ...fields, updatedBy: actor.userId });
      if (steelUsage) await replaceUsage(tx, id, steelUsage);
    }),
  );
}

export function setCategoryActive(db: Database, actor: Actor, id: string, active: boolean): Promise<CkdCategory> {
  return changeCategory(db, actor, id, active ? 'reactivate' : 'deactivate', async (tx, current) => {
    assertActiveChanges('CKD category', current.active, active);
    await updateCategoryRow(tx, id, { active, updatedBy: actor.userId });
  });
}
