/**
 * Test data for general inventory, straight in the database (stock through the ledger, no HTTP),
 * so balances and ledger rows always agree:
 *
 *   const item = await makeInventoryItem(db, { decimals: 0, reorderLevel: 10 });
 *   await giveInventory(db, { factoryId, itemId: item.id, quantity: 25 });
 *
 * Names and symbols are random, so calls never collide.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client';
import { recordInventoryEntry } from '../modules/inventory/inventory-ledger.repository';

const token = () => Array.from(randomBytes(5), (b) => String.fromCharCode(65 + (b % 26))).join('');
const today = () => new Date().toISOString().slice(0, 10);

export async function makeInventoryCategory(
  db: Executor,
  options: { name?: string; active?: boolean } = {},
): Promise<{ id: string; name: string }> {
  const name = options.name ?? `Category ${token()}`;
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into inventory_categories (name, active) values (${name}, ${options.active ?? true}) returning id`,
  );
  if (!row) throw new Error('makeInventoryCategory: nothing inserted');
  return { id: row.id, name };
}

export async function makeInventoryUnit(
  db: Executor,
  options: { name?: string; symbol?: string; decimals?: number; active?: boolean } = {},
): Promise<{ id: string; name: string; symbol: string; decimals: number }> {
  const t = token();
  const name = options.name ?? `Unit ${t}`;
  const symbol = options.symbol ?? t.toLowerCase();
  const decimals = options.decimals ?? 0;
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into inventory_units (name, symbol, decimals, active)
        values (${name}, ${symbol}, ${decimals}, ${options.active ?? true}) returning id`,
  );
  if (!row) throw new Error('makeInventoryUnit: nothing inserted');
  return { id: row.id, name, symbol, decimals };
}

/** An item; its category and unit are made too unless given (the unit with `decimals`, default 0). */
export async function makeInventoryItem(
  db: Executor,
  options: {
    name?: string;
    categoryId?: string;
    unitId?: string;
    decimals?: number;
    reorderLevel?: number;
    active?: boolean;
  } = {},
): Promise<{ id: string; name: string; categoryId: string; unitId: string }> {
  const name = options.name ?? `Item ${token()}`;
  const categoryId = options.categoryId ?? (await makeInventoryCategory(db)).id;
  const unitId = options.unitId ?? (await makeInventoryUnit(db, { decimals: options.decimals ?? 0 })).id;
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into inventory_items (name, category_id, unit_id, reorder_level, active)
        values (${name}, ${categoryId}, ${unitId}, ${options.reorderLevel ?? 0}, ${options.active ?? true})
        returning id`,
  );
  if (!row) throw new Error('makeInventoryItem: nothing inserted');
  return { id: row.id, name, categoryId, unitId };
}

/** Receives an item at a factory (an input entry of one line); returns the entry's id. */
export async function giveInventory(
  db: Executor,
  options: { factoryId: string; itemId: string; quantity: number; date?: string },
): Promise<{ entryId: string }> {
  const posted = await recordInventoryEntry(
    db,
    {
      kind: 'input',
      date: options.date ?? today(),
      factoryId: options.factoryId,
      toFactoryId: null,
      supplier: null,
      reference: null,
      note: 'test data',
      createdBy: null,
    },
    [{ line: 1, factoryId: options.factoryId, itemId: options.itemId, kind: 'input', quantity: options.quantity }],
  );
  if (!posted.ok) throw new Error('giveInventory: refused');
  return { entryId: posted.id };
}
