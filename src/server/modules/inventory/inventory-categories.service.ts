/**
 * Inventory categories (master data): a unique name (any case) and a description. Every change is
 * audited; a category with items is deactivated, never deleted (409), an unused one may be deleted.
 */
import type { z } from 'zod';
import type {
  InventoryCategory,
  inventoryCategoryInputSchema,
  ListInventoryCategoriesQuery,
  updateInventoryCategorySchema,
} from '../../../common/contracts/inventory';
import type { ListResponse } from '../../../common/contracts/list';
import type { Actor } from '../../auth/actor';
import type { Database, Executor } from '../../db/client';
import { decodeCursor, toPage } from '../../http/list';
import {
  countInventoryCategories,
  countItemsInCategory,
  deleteInventoryCategoryRow,
  findInventoryCategoryListRow,
  insertInventoryCategory,
  INVENTORY_CATEGORY_SORT_VALUES,
  INVENTORY_CATEGORY_UNIQUE_COLUMNS,
  listInventoryCategoryRows,
  lockInventoryCategory,
  updateInventoryCategoryRow,
  type InventoryCategoryListRow,
  type InventoryCategoryTableRow,
} from './inventory-categories.repository';
import { counted } from '../../../common/counted';
import { masterDataRecords, uniqueFields } from '../master-data/master-data';

type ValidCategory = z.output<typeof inventoryCategoryInputSchema>;
type ValidCategoryChange = z.output<typeof updateInventoryCategorySchema>;

export function presentInventoryCategory(row: InventoryCategoryListRow): InventoryCategory {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    active: row.active,
    itemCount: row.itemCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** What the audit log keeps of a category. */
function audited(row: InventoryCategoryTableRow) {
  return { id: row.id, name: row.name, description: row.description, active: row.active };
}

export async function listInventoryCategories(
  db: Database,
  query: ListInventoryCategoriesQuery,
): Promise<ListResponse<InventoryCategory>> {
  const [rows, count] = await Promise.all([
    listInventoryCategoryRows(db, query, decodeCursor(query.cursor), query.limit + 1),
    countInventoryCategories(db, query),
  ]);
  const page = toPage(rows, query.limit, INVENTORY_CATEGORY_SORT_VALUES[query.sort]);
  return { items: page.items.map(presentInventoryCategory), nextCursor: page.nextCursor, ...count };
}

async function readCategory(db: Executor, id: string): Promise<InventoryCategory> {
  const row = await findInventoryCategoryListRow(db, id);
  if (!row) throw new Error(`inventory category ${id} vanished`);
  return presentInventoryCategory(row);
}

const records = masterDataRecords({
  recordType: 'inventory_category',
  noun: 'inventory category',
  notFound: 'No inventory category with this id.',
  lock: lockInventoryCategory,
  update: updateInventoryCategoryRow,
  read: (db, _actor, row) => readCategory(db, row.id),
  audited,
});

const unique = uniqueFields(INVENTORY_CATEGORY_UNIQUE_COLUMNS, {
  name: ({ held }) => `An inventory category named "${held}" already exists. Choose another name.`,
});

export function createInventoryCategory(db: Database, actor: Actor, input: ValidCategory): Promise<InventoryCategory> {
  return unique.guard(input, () =>
    db.transaction(async (tx) => {
      await unique.assertFree(tx, input);
      const row = await insertInventoryCategory(tx, {
        name: input.name,
        description: input.description,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      });
      return records.created(tx, actor, row);
    }),
  );
}

export function updateInventoryCategory(
  db: Database,
  actor: Actor,
  id: string,
  input: ValidCategoryChange,
): Promise<InventoryCategory> {
  return unique.guard(input, () =>
    records.change(db, actor, id, 'update', async (_current, tx) => {
      await unique.assertFree(tx, input, id);
      return {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
      };
    }),
  );
}

export const setInventoryCategoryActive = records.setActive;

/** Only a category without items can be deleted (409 otherwise: deactivate it instead). */
export const deleteInventoryCategory = records.deleteWhenUnused({
  inUse: async (tx, current) => {
    const items = await countItemsInCategory(tx, current.id);
    return items > 0 ? `This category has ${counted(items, 'item')}: deactivate it instead.` : null;
  },
  remove: deleteInventoryCategoryRow,
});
