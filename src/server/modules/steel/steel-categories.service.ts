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
import { masterDataRecords, uniqueFields } from '../master-data/master-data';
import {
  countSteelCategories,
  findSteelCategoryListRow,
  insertSteelCategory,
  listSteelCategoryOptions,
  listSteelCategoryRows,
  lockSteelCategory,
  STEEL_CATEGORY_SORT_VALUES,
  STEEL_CATEGORY_UNIQUE_COLUMNS,
  steelCategoryHasRecords,
  updateSteelCategoryRow,
  type SteelCategoryListRow,
  type SteelCategoryTableRow,
} from './steel-categories.repository';

type ValidCategory = z.output<typeof steelCategoryInputSchema>;
type ValidCategoryChange = z.output<typeof updateSteelCategorySchema>;

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

async function readCategory(db: Executor, actor: Actor, id: string): Promise<SteelCategory> {
  const row = await findSteelCategoryListRow(db, id, scopedFactoryFilter(actor, undefined));
  if (!row) throw new Error(`steel category ${id} vanished`);
  return presentSteelCategory(row);
}

const records = masterDataRecords({
  recordType: 'steel_category',
  noun: 'steel category',
  notFound: 'No steel category with this id.',
  lock: lockSteelCategory,
  update: updateSteelCategoryRow,
  read: (db, actor, row) => readCategory(db, actor, row.id),
  audited,
});

const unique = uniqueFields(STEEL_CATEGORY_UNIQUE_COLUMNS, {
  name: ({ held }) => `A steel category named "${held}" already exists. Choose another name.`,
});

export function createSteelCategory(db: Database, actor: Actor, input: ValidCategory): Promise<SteelCategory> {
  return unique.guard(input, () =>
    db.transaction(async (tx) => {
      await unique.assertFree(tx, input);
      const row = await insertSteelCategory(tx, {
        name: input.name,
        grade: input.grade,
        unit: input.unit,
        reorderLevel: input.reorderLevel,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      });
      return records.created(tx, actor, row);
    }),
  );
}

export function updateSteelCategory(
  db: Database,
  actor: Actor,
  id: string,
  input: ValidCategoryChange,
): Promise<SteelCategory> {
  return unique.guard(input, () =>
    records.change(db, actor, id, 'update', async (current, tx) => {
      await unique.assertFree(tx, input, id);
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

export const setSteelCategoryActive = records.setActive;
