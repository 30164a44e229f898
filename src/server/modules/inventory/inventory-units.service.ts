/**
 * Inventory units (master data): a unique name and a unique symbol (both any case), and how many
 * decimals a quantity in the unit takes. The decimals may go up at any time but not down while items
 * use the unit (their stock and reorder levels may have the decimals). Every change is audited; a
 * unit in use is deactivated, never deleted (409), an unused one may be deleted.
 */
import type { z } from 'zod';
import type {
  InventoryUnit,
  inventoryUnitInputSchema,
  ListInventoryUnitsQuery,
  updateInventoryUnitSchema,
} from '../../../common/contracts/inventory';
import type { ListResponse } from '../../../common/contracts/list';
import type { Actor } from '../../auth/actor';
import type { Database, Executor } from '../../db/client';
import { errors } from '../../http/errors';
import { decodeCursor, toPage } from '../../http/list';
import { counted } from '../../../common/counted';
import { masterDataRecords, uniqueFields } from '../master-data/master-data';
import {
  countInventoryUnits,
  countItemsWithUnit,
  deleteInventoryUnitRow,
  findInventoryUnitListRow,
  insertInventoryUnit,
  INVENTORY_UNIT_SORT_VALUES,
  INVENTORY_UNIT_UNIQUE_COLUMNS,
  listInventoryUnitRows,
  lockInventoryUnit,
  updateInventoryUnitRow,
  type InventoryUnitListRow,
  type InventoryUnitTableRow,
} from './inventory-units.repository';

type ValidUnit = z.output<typeof inventoryUnitInputSchema>;
type ValidUnitChange = z.output<typeof updateInventoryUnitSchema>;

export function presentInventoryUnit(row: InventoryUnitListRow): InventoryUnit {
  return {
    id: row.id,
    name: row.name,
    symbol: row.symbol,
    decimals: row.decimals,
    active: row.active,
    itemCount: row.itemCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** What the audit log keeps of a unit. */
function audited(row: InventoryUnitTableRow) {
  return { id: row.id, name: row.name, symbol: row.symbol, decimals: row.decimals, active: row.active };
}

export async function listInventoryUnits(
  db: Database,
  query: ListInventoryUnitsQuery,
): Promise<ListResponse<InventoryUnit>> {
  const [rows, count] = await Promise.all([
    listInventoryUnitRows(db, query, decodeCursor(query.cursor), query.limit + 1),
    countInventoryUnits(db, query),
  ]);
  const page = toPage(rows, query.limit, INVENTORY_UNIT_SORT_VALUES[query.sort]);
  return { items: page.items.map(presentInventoryUnit), nextCursor: page.nextCursor, ...count };
}

async function readUnit(db: Executor, id: string): Promise<InventoryUnit> {
  const row = await findInventoryUnitListRow(db, id);
  if (!row) throw new Error(`inventory unit ${id} vanished`);
  return presentInventoryUnit(row);
}

const records = masterDataRecords({
  recordType: 'inventory_unit',
  noun: 'unit',
  notFound: 'No inventory unit with this id.',
  lock: lockInventoryUnit,
  update: updateInventoryUnitRow,
  read: (db, _actor, row) => readUnit(db, row.id),
  audited,
});

const unique = uniqueFields(INVENTORY_UNIT_UNIQUE_COLUMNS, {
  name: ({ held }) => `A unit named "${held}" already exists. Choose another name.`,
  symbol: ({ held }) => `The symbol "${held}" is already used by another unit. Choose another symbol.`,
});

export function createInventoryUnit(db: Database, actor: Actor, input: ValidUnit): Promise<InventoryUnit> {
  return unique.guard(input, () =>
    db.transaction(async (tx) => {
      await unique.assertFree(tx, input);
      const row = await insertInventoryUnit(tx, {
        name: input.name,
        symbol: input.symbol,
        decimals: input.decimals,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      });
      return records.created(tx, actor, row);
    }),
  );
}

export function updateInventoryUnit(
  db: Database,
  actor: Actor,
  id: string,
  input: ValidUnitChange,
): Promise<InventoryUnit> {
  return unique.guard(input, () =>
    records.change(db, actor, id, 'update', async (current, tx) => {
      await unique.assertFree(tx, input, id);
      if (input.decimals !== undefined && input.decimals < current.decimals) {
        const items = await countItemsWithUnit(tx, id);
        if (items > 0) {
          const message = `The decimals cannot go below ${current.decimals}: this unit is used by ${counted(items, 'item')}, whose stock and reorder levels may have them.`;
          throw errors.conflict(message, { decimals: [message] });
        }
      }
      return {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.symbol !== undefined ? { symbol: input.symbol } : {}),
        ...(input.decimals !== undefined ? { decimals: input.decimals } : {}),
      };
    }),
  );
}

export const setInventoryUnitActive = records.setActive;

/** Only a unit no item uses can be deleted (409 otherwise: deactivate it instead). */
export const deleteInventoryUnit = records.deleteWhenUnused({
  inUse: async (tx, current) => {
    const items = await countItemsWithUnit(tx, current.id);
    return items > 0 ? `This unit is used by ${counted(items, 'item')}: deactivate it instead.` : null;
  },
  remove: deleteInventoryUnitRow,
});
