/**
 * The one way a stock balance (steel, kits or inventory items) changes: the balance rows are locked in key order
 * (so concurrent movements never deadlock), every resulting balance is checked, and only when
 * none would go below zero are they all updated. A CHECK (quantity >= 0) on the balance tables
 * stands behind this. Call inside the transaction that writes the movements themselves.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';
import { publishLive } from '../../live/publish-live';

export type StockLedger = 'steel' | 'ckd' | 'inventory';

export interface StockDelta {
  factoryId: string;
  /** What is stocked: a steel or kit category, or an inventory item. */
  categoryId: string;
  /** Signed change of the balance. */
  delta: number;
}

/** A balance that the movements would take below zero. */
export interface StockShortage {
  factoryId: string;
  categoryId: string;
  available: number;
  needed: number;
}

/** Each ledger's balance table and the column of what it stocks (beside factory_id). */
const TABLES: Record<StockLedger, { table: ReturnType<typeof sql.raw>; key: ReturnType<typeof sql.raw> }> = {
  steel: { table: sql.raw('steel_stock'), key: sql.raw('category_id') },
  ckd: { table: sql.raw('ckd_stock'), key: sql.raw('category_id') },
  inventory: { table: sql.raw('inventory_stock'), key: sql.raw('item_id') },
};

/** Deltas of the same factory and category summed, in lock order. */
export function mergeStockDeltas(deltas: readonly StockDelta[]): StockDelta[] {
  const merged = new Map<string, StockDelta>();
  for (const d of deltas) {
    const key = `${d.factoryId}|${d.categoryId}`;
    const seen = merged.get(key);
    if (seen) seen.delta += d.delta;
    else merged.set(key, { ...d });
  }
  return [...merged.values()].sort((a, b) =>
    a.factoryId === b.factoryId ? compare(a.categoryId, b.categoryId) : compare(a.factoryId, b.factoryId),
  );
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Applies the deltas to the balances, or applies nothing and returns the shortages. Returns an
 * empty list when every balance stays at zero or above.
 */
export async function applyStockDeltas(
  tx: Executor,
  ledger: StockLedger,
  deltas: readonly StockDelta[],
): Promise<StockShortage[]> {
  const lines = mergeStockDeltas(deltas).filter((d) => d.delta !== 0);
  if (lines.length === 0) return [];
  const { table, key } = TABLES[ledger];
  const input = sql`(select * from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb)
                       as d("factoryId" uuid, "categoryId" uuid, delta numeric))`;
  await tx.execute(sql`
    insert into ${table} (factory_id, ${key})
    select "factoryId", "categoryId" from ${input} d order by 1, 2
    on conflict do nothing`);
  const rows = await queryRows<{ factoryId: string; categoryId: string; available: string; after: string }>(
    tx,
    sql`select s.factory_id as "factoryId", s.${key} as "categoryId",
               s.quantity::text as available, (s.quantity + d.delta)::text as after
          from ${table} s join ${input} d on d."factoryId" = s.factory_id and d."categoryId" = s.${key}
         order by s.factory_id, s.${key}
           for update of s`,
  );
  const shortages = rows
    .filter((r) => Number(r.after) < 0)
    .map((r) => ({
      factoryId: r.factoryId,
      categoryId: r.categoryId,
      available: Number(r.available),
      needed: Number(r.available) - Number(r.after),
    }));
  if (shortages.length > 0) return shortages;
  await tx.execute(sql`
    update ${table} s set quantity = s.quantity + d.delta, updated_at = now()
      from ${input} d
     where s.factory_id = d."factoryId" and s.${key} = d."categoryId"`);
  await publishLive(tx, { kind: 'stock', factoryIds: [...new Set(lines.map((d) => d.factoryId))] });
  return [];
}
