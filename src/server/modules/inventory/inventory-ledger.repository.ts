/**
 * The one way inventory stock moves: an entry (an input, a removal or a transfer) and its
 * movements, one ledger row per line and factory (a transfer line is a transfer_out at the sender
 * and a transfer_in at the receiver, with the same line number), written with the balance changes
 * in the caller's transaction; or nothing is written and the shortages are returned (stock never
 * goes negative).
 */
import { sql } from 'drizzle-orm';
import {
  formatInventoryQuantity,
  type InventoryEntryKind,
  type InventoryMovementKind,
  type InventoryRemovalReason,
} from '../../../common/contracts/inventory';
import { queryRows, type Executor } from '../../db/client';
import { inventoryEntries } from '../../db/schema/inventory';
import type { ItemProblem } from '../../http/errors';
import { applyStockDeltas, type StockShortage } from '../stock/stock-balance.repository';

export interface NewInventoryEntry {
  kind: InventoryEntryKind;
  date: string;
  /** Where stock is received or removed; the sender of a transfer. */
  factoryId: string;
  /** The receiver of a transfer; null otherwise. */
  toFactoryId: string | null;
  supplier: string | null;
  reference: string | null;
  note: string | null;
  createdBy: string | null;
}

export interface NewInventoryMovement {
  /** The entry's line (1-based); both movements of a transfer line share it. */
  line: number;
  factoryId: string;
  itemId: string;
  kind: InventoryMovementKind;
  /** Positive. */
  quantity: number;
  /** Inputs only. */
  unitCost?: number | null;
  /** Removals only. */
  reason?: InventoryRemovalReason | null;
}

/** The signed effect of a movement on stock. */
export function inventoryDelta(kind: InventoryMovementKind, quantity: number): number {
  return kind === 'input' || kind === 'transfer_in' ? quantity : -quantity;
}

export type InventoryPosting = { ok: true; id: string; number: number } | { ok: false; shortages: StockShortage[] };

export async function recordInventoryEntry(
  tx: Executor,
  entry: NewInventoryEntry,
  movements: readonly NewInventoryMovement[],
): Promise<InventoryPosting> {
  const shortages = await applyStockDeltas(
    tx,
    'inventory',
    movements.map((m) => ({ factoryId: m.factoryId, categoryId: m.itemId, delta: inventoryDelta(m.kind, m.quantity) })),
  );
  if (shortages.length > 0) return { ok: false, shortages };
  const [row] = await tx
    .insert(inventoryEntries)
    .values(entry)
    .returning({ id: inventoryEntries.id, number: inventoryEntries.number });
  if (!row) throw new Error('insert into inventory_entries returned no row');
  const rows = movements.map((m) => ({
    line: m.line,
    factoryId: m.factoryId,
    itemId: m.itemId,
    kind: m.kind,
    quantity: m.quantity,
    delta: inventoryDelta(m.kind, m.quantity),
    unitCost: m.unitCost ?? null,
    reason: m.reason ?? null,
  }));
  await tx.execute(sql`
    insert into inventory_movements (entry_id, line, date, factory_id, item_id, kind, quantity, delta, unit_cost,
                                     reason, created_by)
    select ${row.id}::uuid, line, ${entry.date}::date, "factoryId", "itemId", kind, quantity, delta, "unitCost",
           reason, ${entry.createdBy}::uuid
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
           line int, "factoryId" uuid, "itemId" uuid, kind inventory_movement_kind, quantity numeric,
           delta numeric, "unitCost" numeric, reason inventory_removal_reason)
     order by line, kind`);
  return { ok: true, id: row.id, number: row.number };
}

/**
 * The shortages as a person reads them: a problem per item and factory (what there is, what is
 * needed), in the order given, and a sentence for them all.
 */
export async function describeInventoryShortages(
  tx: Executor,
  shortages: readonly StockShortage[],
): Promise<{ message: string; problems: ItemProblem[] }> {
  const names = await queryRows<{ factoryId: string; itemId: string; factory: string; item: string; symbol: string }>(
    tx,
    sql`select f.id as "factoryId", i.id as "itemId", f.code as factory, i.name as item, u.symbol
          from jsonb_to_recordset(${JSON.stringify(shortages)}::jsonb) as s("factoryId" uuid, "categoryId" uuid)
          join factories f on f.id = s."factoryId"
          join inventory_items i on i.id = s."categoryId"
          join inventory_units u on u.id = i.unit_id`,
  );
  const described = shortages.map((s) => {
    const n = names.find((x) => x.factoryId === s.factoryId && x.itemId === s.categoryId);
    const quantity = (q: number) => formatInventoryQuantity(q, n?.symbol ?? '').trim();
    return {
      code: n ? `${n.item} at ${n.factory}` : s.categoryId,
      figures: `${quantity(s.available)} in stock, ${quantity(s.needed)} needed`,
    };
  });
  const [first] = described;
  const message =
    described.length === 1 && first
      ? `Not enough ${first.code}: ${first.figures}.`
      : `Not enough stock for ${described.length.toLocaleString('en-US')} lines: ${described.map((d) => d.code).join(', ')}.`;
  return {
    message,
    problems: described.map((d) => ({ code: d.code, reason: `Not enough stock: ${d.figures}.` })),
  };
}
