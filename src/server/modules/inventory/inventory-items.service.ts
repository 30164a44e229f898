/**
 * Inventory items ("Names", master data): a unique name (any case), a category and a unit (both
 * active when chosen), a reorder level that fits the unit's decimals. The unit is locked once the
 * item has movements. Every change is audited; an item with movements or stock is deactivated,
 * never deleted (409), an unused one may be deleted. The list shows each item's stock at the
 * factories the viewer sees.
 */
import type { z } from 'zod';
import {
  unitQuantityProblem,
  type InventoryItem,
  type inventoryItemInputSchema,
  type ListInventoryItemsQuery,
  type updateInventoryItemSchema,
} from '../../../common/contracts/inventory';
import type { ListResponse } from '../../../common/contracts/list';
import type { Actor } from '../../auth/actor';
import { scopedFactoryFilter } from '../../auth/scope';
import type { Database, Executor } from '../../db/client';
import { errors } from '../../http/errors';
import { allPages, decodeCursor, toPage } from '../../http/list';
import { lockInventoryCategoryShared } from './inventory-categories.repository';
import {
  countInventoryItems,
  deleteInventoryItemRow,
  findInventoryItemListRow,
  insertInventoryItem,
  INVENTORY_ITEM_SORT_VALUES,
  INVENTORY_ITEM_UNIQUE_COLUMNS,
  inventoryItemUsage,
  listInventoryItemRows,
  lockInventoryItem,
  updateInventoryItemRow,
  type InventoryItemFilters,
  type InventoryItemListRow,
  type InventoryItemTableRow,
} from './inventory-items.repository';
import { counted } from '../../../common/counted';
import { masterDataRecords, uniqueFields } from '../master-data/master-data';
import { lockInventoryUnitShared, type InventoryUnitTableRow } from './inventory-units.repository';

type ValidItem = z.output<typeof inventoryItemInputSchema>;
type ValidItemChange = z.output<typeof updateInventoryItemSchema>;

export function presentInventoryItem(row: InventoryItemListRow): InventoryItem {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: { id: row.categoryId, name: row.categoryName },
    unit: { id: row.unitId, name: row.unitName, symbol: row.unitSymbol, decimals: row.unitDecimals },
    reorderLevel: row.reorderLevel,
    active: row.active,
    totalStock: row.totalStock,
    lowStock: row.lowStock,
    hasMovements: row.hasMovements,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** What the audit log keeps of an item (its own fields, not its stock). */
function audited(row: InventoryItemTableRow) {
  return {
    id: row.id,
    name: row.name,
    categoryId: row.categoryId,
    unitId: row.unitId,
    reorderLevel: row.reorderLevel,
    description: row.description,
    active: row.active,
  };
}

export async function listInventoryItems(
  db: Database,
  actor: Actor,
  query: ListInventoryItemsQuery,
): Promise<ListResponse<InventoryItem>> {
  const factoryId = scopedFactoryFilter(actor, undefined);
  const [rows, count] = await Promise.all([
    listInventoryItemRows(db, query, factoryId, decodeCursor(query.cursor), query.limit + 1),
    countInventoryItems(db, query),
  ]);
  const page = toPage(rows, query.limit, INVENTORY_ITEM_SORT_VALUES[query.sort]);
  return { items: page.items.map(presentInventoryItem), nextCursor: page.nextCursor, ...count };
}

export function exportInventoryItems(db: Database, actor: Actor, query: InventoryItemFilters) {
  const factoryId = scopedFactoryFilter(actor, undefined);
  return allPages(
    (cursor, limit) => listInventoryItemRows(db, query, factoryId, cursor, limit),
    INVENTORY_ITEM_SORT_VALUES[query.sort],
  );
}

const fieldError = (field: string, message: string) => errors.validation(message, { [field]: [message] });

/** The category, locked against deactivation and deletion; 400 when missing or inactive. */
async function usableCategory(tx: Executor, id: string): Promise<void> {
  const category = await lockInventoryCategoryShared(tx, id);
  if (!category) throw fieldError('categoryId', 'This category does not exist. Choose another one.');
  if (!category.active)
    throw fieldError(
      'categoryId',
      `${category.name} is deactivated: reactivate it on Categories or choose another category.`,
    );
}

/** The unit, locked against change (decimals), deactivation and deletion; 400 when missing or inactive. */
async function usableUnit(tx: Executor, id: string, current?: string): Promise<InventoryUnitTableRow> {
  const unit = await lockInventoryUnitShared(tx, id);
  if (!unit) throw fieldError('unitId', 'This unit does not exist. Choose another one.');
  if (!unit.active && id !== current)
    throw fieldError('unitId', `${unit.name} is deactivated: reactivate it on Units or choose another unit.`);
  return unit;
}

/** 400 when the reorder level has more decimals than the unit takes. */
function assertReorderLevelFits(reorderLevel: number, unit: InventoryUnitTableRow): void {
  const problem = unitQuantityProblem(reorderLevel, unit);
  if (problem) throw errors.validation(`Reorder level: ${problem}.`, { reorderLevel: [problem] });
}

async function readItem(db: Executor, actor: Actor, id: string): Promise<InventoryItem> {
  const row = await findInventoryItemListRow(db, id, scopedFactoryFilter(actor, undefined));
  if (!row) throw new Error(`inventory item ${id} vanished`);
  return presentInventoryItem(row);
}

const records = masterDataRecords({
  recordType: 'inventory_item',
  noun: 'item',
  notFound: 'No inventory item with this id.',
  lock: lockInventoryItem,
  update: updateInventoryItemRow,
  read: (db, actor, row) => readItem(db, actor, row.id),
  audited,
});

const unique = uniqueFields(INVENTORY_ITEM_UNIQUE_COLUMNS, {
  name: ({ held }) => `An item named "${held}" already exists. Choose another name.`,
});

export function createInventoryItem(db: Database, actor: Actor, input: ValidItem): Promise<InventoryItem> {
  return unique.guard(input, () =>
    db.transaction(async (tx) => {
      await unique.assertFree(tx, input);
      await usableCategory(tx, input.categoryId);
      assertReorderLevelFits(input.reorderLevel, await usableUnit(tx, input.unitId));
      const row = await insertInventoryItem(tx, {
        name: input.name,
        categoryId: input.categoryId,
        unitId: input.unitId,
        reorderLevel: input.reorderLevel,
        description: input.description,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      });
      return records.created(tx, actor, row);
    }),
  );
}

export function updateInventoryItem(
  db: Database,
  actor: Actor,
  id: string,
  input: ValidItemChange,
): Promise<InventoryItem> {
  return unique.guard(input, () =>
    records.change(db, actor, id, 'update', async (current, tx) => {
      await unique.assertFree(tx, input, id);
      if (input.categoryId !== undefined && input.categoryId !== current.categoryId)
        await usableCategory(tx, input.categoryId);
      const newUnit = input.unitId !== undefined && input.unitId !== current.unitId;
      if (newUnit && (await inventoryItemUsage(tx, id)).movements > 0) {
        const message = 'The unit stays as it is: this item already has movements in it.';
        throw errors.conflict(message, { unitId: [message] });
      }
      if (newUnit || input.reorderLevel !== undefined) {
        const unit = await usableUnit(tx, input.unitId ?? current.unitId, current.unitId);
        assertReorderLevelFits(input.reorderLevel ?? current.reorderLevel, unit);
      }
      return {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.categoryId !== undefined ? { categoryId: input.categoryId } : {}),
        ...(input.unitId !== undefined ? { unitId: input.unitId } : {}),
        ...(input.reorderLevel !== undefined ? { reorderLevel: input.reorderLevel } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
      };
    }),
  );
}

export const setInventoryItemActive = records.setActive;

/** Only an item without movements or stock rows can be deleted (409 otherwise: deactivate it instead). */
export const deleteInventoryItem = records.deleteWhenUnused({
  inUse: async (tx, current) => {
    const { movements, factories } = await inventoryItemUsage(tx, current.id);
    if (movements > 0) return `This item has ${counted(movements, 'movement')}: deactivate it instead.`;
    if (factories > 0)
      return `This item has stock records at ${counted(factories, 'factory', 'factories')}: deactivate it instead.`;
    return null;
  },
  remove: deleteInventoryItemRow,
});
