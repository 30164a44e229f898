/**
 * Test data for steel, CKD kits and production, straight in the database through the ledgers
 * (no HTTP), so balances, ledger rows and daily totals always agree:
 *
 *   const steel = await makeSteelCategory(db);
 *   await giveSteel(db, { factoryId, categoryId: steel.id, quantity: 500 });
 *   const kit = await makeCkdCategory(db, { usage: [{ steelCategoryId: steel.id, quantityPerKit: 4.5 }] });
 *   await giveKits(db, { factoryId, categoryId: kit.id, quantity: 20 });
 *   expect(await kitStock(db, factoryId, kit.id)).toBe(20);
 *
 * Names and codes are random, so calls never collide.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client';
import { recordKitMovements } from '../modules/ckd/ckd-ledger.repository';
import { recordSteelMovements } from '../modules/steel/steel-ledger.repository';

const token = () => Array.from(randomBytes(5), (b) => String.fromCharCode(65 + (b % 26))).join('');
const today = () => new Date().toISOString().slice(0, 10);

export async function makeSteelCategory(
  db: Executor,
  options: { name?: string; unit?: 'kg' | 'sheet'; reorderLevel?: number; grade?: string | null } = {},
): Promise<{ id: string; name: string }> {
  const name = options.name ?? `Steel ${token()}`;
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into steel_categories (name, grade, unit, reorder_level)
        values (${name}, ${options.grade ?? '1.2 mm'}, ${options.unit ?? 'kg'}, ${options.reorderLevel ?? 0})
        returning id`,
  );
  if (!row) throw new Error('makeSteelCategory: nothing inserted');
  return { id: row.id, name };
}

/** Receives steel at a factory (a 'received' ledger row). */
export async function giveSteel(
  db: Executor,
  options: { factoryId: string; categoryId: string; quantity: number; date?: string },
): Promise<void> {
  const posted = await recordSteelMovements(db, [
    {
      date: options.date ?? today(),
      factoryId: options.factoryId,
      categoryId: options.categoryId,
      kind: 'received',
      quantity: options.quantity,
      note: 'test data',
      createdBy: null,
    },
  ]);
  if (!posted.ok) throw new Error('giveSteel: refused');
}

export async function makeCkdCategory(
  db: Executor,
  options: {
    name?: string;
    code?: string;
    stoveModel?: string;
    usage?: { steelCategoryId: string; quantityPerKit: number }[];
  } = {},
): Promise<{ id: string; name: string; code: string }> {
  const code = options.code ?? `K${token()}`;
  const name = options.name ?? `Kit ${code}`;
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into ckd_categories (name, code, stove_model)
        values (${name}, ${code}, ${options.stoveModel ?? `Model ${code}`})
        returning id`,
  );
  if (!row) throw new Error('makeCkdCategory: nothing inserted');
  for (const u of options.usage ?? []) {
    await db.execute(sql`insert into ckd_category_steel (ckd_category_id, steel_category_id, quantity_per_kit)
                         values (${row.id}, ${u.steelCategoryId}, ${u.quantityPerKit})`);
  }
  return { id: row.id, name, code };
}

/** Adds kits to a factory's stock (an 'adjustment' ledger row). */
export async function giveKits(
  db: Executor,
  options: { factoryId: string; categoryId: string; quantity: number; date?: string },
): Promise<void> {
  const posted = await recordKitMovements(db, [
    {
      date: options.date ?? today(),
      factoryId: options.factoryId,
      categoryId: options.categoryId,
      kind: 'adjustment',
      delta: options.quantity,
      note: 'test data',
      createdBy: null,
    },
  ]);
  if (!posted.ok) throw new Error('giveKits: refused');
}

/** Kits of a CKD category in stock at a factory (0 when it never had any). */
export async function kitStock(db: Executor, factoryId: string, categoryId: string): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select quantity as n from ckd_stock where factory_id = ${factoryId} and category_id = ${categoryId}`,
  );
  return Number(row?.n ?? 0);
}
