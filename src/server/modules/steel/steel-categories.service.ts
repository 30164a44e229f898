/**
 * Steel categories (master data): a unique name (any case), grade, unit (kg or sheet) and reorder
 * level. Every change is audited; categories are deactivated, never deleted.
 */
import type { z } from 'zod';
import type { ListResponse } from '../../../common/contracts/list';
import type {
  ListSteelCategoriesQuery,
  SteelCategory,
  SteelCategoryOption,
  steelCategoryInputSchema,
  updateSteelCategorySchema,
} from '../../../common/contracts/steel';
import type { Actor } from '../../auth/actor';
import { scopedFactoryFilter } from '../../auth/scope';
import type { Database, Executor } from '../../db/client';
import { errors } from '../../http/errors';
import { decodeCursor, toPage } from '../../http/list';
import { insertAudit } from '../audit/audit.repository';
import { assertActiveChanges, changeAudited } from '../audit/audited-change';
import {
  countSteelCategories,
  findSteelCategoryByName,
  findSteelCategoryListRow,
  insertSteelCategory,
  listSteelCategoryOptions,
  listSteelCategoryRows,
  lockSteelCategory,
  STEEL_CATEGORY_SORT_VALUES,
  steelCategoryHasRecords,
  updateSteelCategoryRow,
  type SteelCategoryListRow,
  type SteelCategoryTableRow,
} from './steel-categories.repository';
import { violatedUniqueIndex } from '../../db/unique-violation';

type ValidCategory = z.output<typeof steelCategoryInputSchema>;
type ValidCategoryChange = z.output<typeof updateSteelCategorySchema>;

const RECORD_TYPE = 'steel_category';

export function presentSteelCategory(row: SteelCategoryListRow): SteelCategory {
  return {
    id: row.id,
    name: row.name,
    grade: row.grade,
    unit: row.unit,
    reorderLevel: row.reorderLevel,
    active: row.active,
    totalStock: row.totalStock,
    belowReorder: row.active && row.totalStock < row.reorderLevel,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** What the audit log keeps of a category (its own fields, not its stock). */
function audited(row: SteelCategoryTableRow) {
  return {
    id: row.id,
    name: row.name,
    grade: row.grade,
    unit: row.unit,
    reorderLevel: row.reorderLevel,
    active: row.active,
  };
}

export async function listSteelCategories(
  db: Database,
  actor: Actor,
  query: ListSteelCategoriesQuery,
): Promise<ListResponse<SteelCategory>> {
  const factoryId = scopedFactoryFilter(actor, undefined);
  const [rows, count] = await Promise.all([
    listSteelCategoryRows(db, query, factoryId, decodeCursor(query.cursor), query.limit + 1),
    countSteelCategories(db, query),
  ]);
  const page = toPage(rows, query.limit, STEEL_CATEGORY_SORT_VALUES[query.sort]);
  return { items: page.items.map(presentSteelCategory), nextCursor: page.nextCursor, ...count };
}

export function steelCategoryOptions(db: Database): Promise<SteelCategoryOption[]> {
  return listSteelCategoryOptions(db);
}

const duplicate = (name: string) => {
  const message = `A steel category named "${name}" already exists. Choose another name.`;
  return errors.conflict(message, { name: [message] });
};

async function assertNameFree(db: Executor, name: string, exceptId?: string) {
  const existing = await findSteelCategoryByName(db, name, exceptId);
  if (existing) throw duplicate(existing.name);
}

/** The unique index on lower(name) refused a write (two requests raced for the same name). */
function isNameConflict(error: unknown): boolean {
  return violatedUniqueIndex(error) === 'steel_categories_name_key';
}

async function withNameConflict<T>(name: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (name !== undefined && isNameConflict(error)) throw duplicate(name);
    throw error;
  }
}

async function readCategory(db: Executor, actor: Actor, id: string): Promise<SteelCategory> {
  const row = await findSteelCategoryListRow(db, id, scopedFactoryFilter(actor, undefined));
  if (!row) throw new Error(`steel category ${id} vanished`);
  return presentSteelCategory(row);
}

export function createSteelCategory(db: Database, actor: Actor, input: ValidCategory): Promise<SteelCategory> {
  return withNameConflict(input.name, () =>
    db.transaction(async (tx) => {
      await assertNameFree(tx, input.name);
      const row = await insertSteelCategory(tx, {
        name: input.name,
        grade: input.grade,
        unit: input.unit,
        reorderLevel: input.reorderLevel,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      });
      await insertAudit(tx, {
        actorId: actor.userId,
        action: 'create',
        recordType: RECORD_TYPE,
        recordId: row.id,
        after: audited(row),
      });
      return readCategory(tx, actor, row.id);
    }),
  );
}

/** Applies a change to one category under a row lock and audits before and after. */
async function changeSteelCategory(
  db: Database,
  actor: Actor,
  id: string,
  action: string,
  change: (current: SteelCategoryTableRow, tx: Executor) => Promise<Partial<SteelCategoryTableRow>>,
): Promise<SteelCategory> {
  await changeAudited(db, {
    actorId: actor.userId,
    recordType: RECORD_TYPE,
    id,
    action,
    notFound: 'No steel category with this id.',
    lock: lockSteelCategory,
    apply: async (tx, current) =>
      updateSteelCategoryRow(tx, id, { ...(await change(current, tx)), updatedBy: actor.userId }),
    audited,
  });
  return readCategory(db, actor, id);
}

export function updateSteelCategory(
  db: Database,
  actor: Actor,
  id: string,
  input: ValidCategoryChange,
): Promise<SteelCategory> {
  return withNameConflict(input.name, () =>
    changeSteelCategory(db, actor, id, 'update', async (current, tx) => {
      if (input.name !== undefined) await assertNameFree(tx, input.name, id);
      if (input.unit !== undefined && input.unit !== current.unit && (await steelCategoryHasRecords(tx, id))) {
        const message = `The unit stays ${current.unit === 'kg' ? 'kg' : 'sheets'}: steel of this category has already been recorded in it.`;
        throw errors.conflict(message, { unit: [message] });
      }
      return {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.grade !== undefined ? { grade: input.grade } : {}),
        ...(input.unit !== undefined ? { unit: input.unit } : {}),
        ...(input.reorderLevel !== undefined ? { reorderLevel: input.reorderLevel } : {}),
      };
    }),
  );
}

export function setSteelCategoryActive(
  db: Database,
  actor: Actor,
  id: string,
  active: boolean,
): Promise<SteelCategory> {
  return changeSteelCategory(db, actor, id, active ? 'reactivate' : 'deactivate', async (current) => {
    assertActiveChanges('steel category', current.active, active);
    return { active };
  });
}
