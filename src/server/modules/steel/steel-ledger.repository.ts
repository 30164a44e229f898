/**
 * The one way steel stock moves: each movement is a row of the steel ledger (`steel_records`) and
 * the balances change with it, in the caller's transaction, or nothing is written and the
 * shortages are returned (stock never goes negative).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';
import type { ItemProblem } from '../../http/errors';
import { applyStockDeltas, type StockShortage } from '../stock/stock-balance.repository';

export type SteelRecordKind = 'received' | 'used' | 'scrap' | 'adjustment' | 'ckd_production';

export interface NewSteelRecord {
  date: string;
  factoryId: string;
  categoryId: string;
  kind: SteelRecordKind;
  /** Positive; an adjustment may be negative. */
  quantity: number;
  supplier?: string | null;
  unitCost?: number | null;
  reference?: string | null;
  note?: string | null;
  producedRecordId?: string | null;
  createdBy: string | null;
}

/** The signed effect of a movement on stock. */
export function steelDelta(kind: SteelRecordKind, quantity: number): number {
  return kind === 'received' || kind === 'adjustment' ? quantity : -quantity;
}

export type SteelPosting = { ok: true; ids: number[] } | { ok: false; shortages: StockShortage[] };

export async function recordSteelMovements(tx: Executor, records: readonly NewSteelRecord[]): Promise<SteelPosting> {
  if (records.length === 0) return { ok: true, ids: [] };
  const shortages = await applyStockDeltas(
    tx,
    'steel',
    records.map((r) => ({ factoryId: r.factoryId, categoryId: r.categoryId, delta: steelDelta(r.kind, r.quantity) })),
  );
  if (shortages.length > 0) return { ok: false, shortages };
  const rows = records.map((r) => ({
    date: r.date,
    factoryId: r.factoryId,
    categoryId: r.categoryId,
    kind: r.kind,
    quantity: r.quantity,
    delta: steelDelta(r.kind, r.quantity),
    supplier: r.supplier ?? null,
    unitCost: r.unitCost ?? null,
    reference: r.reference ?? null,
    note: r.note ?? null,
    producedRecordId: r.producedRecordId ?? null,
    createdBy: r.createdBy,
  }));
  const inserted = await queryRows<{ id: number }>(
    tx,
    sql`insert into steel_records (date, factory_id, category_id, kind, quantity, delta, supplier, unit_cost,
                                   reference, note, produced_record_id, created_by)
        select date, "factoryId", "categoryId", kind, quantity, delta, supplier, "unitCost",
               reference, note, "producedRecordId", "createdBy"
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
               date date, "factoryId" uuid, "categoryId" uuid, kind steel_record_kind, quantity numeric,
               delta numeric, supplier text, "unitCost" numeric, reference text, note text,
               "producedRecordId" uuid, "createdBy" uuid)
        returning id::int as id`,
  );
  return { ok: true, ids: inserted.map((r) => r.id) };
}

/** Each shortage as a problem a person can act on: where, what, how much there is and is needed. */
export async function describeSteelShortages(
  tx: Executor,
  shortages: readonly StockShortage[],
): Promise<ItemProblem[]> {
  const names = await queryRows<{
    factoryId: string;
    categoryId: string;
    factory: string;
    category: string;
    unit: string;
  }>(
    tx,
    sql`select f.id as "factoryId", c.id as "categoryId", f.code as factory, c.name as category, c.unit::text as unit
          from jsonb_to_recordset(${JSON.stringify(shortages)}::jsonb) as s("factoryId" uuid, "categoryId" uuid)
          join factories f on f.id = s."factoryId"
          join steel_categories c on c.id = s."categoryId"`,
  );
  return shortages.map((s) => {
    const n = names.find((x) => x.factoryId === s.factoryId && x.categoryId === s.categoryId);
    const unit = n?.unit === 'sheet' ? 'sheets' : 'kg';
    return {
      code: n ? `${n.category} at ${n.factory}` : s.categoryId,
      reason: `Not enough steel: ${formatQuantity(s.available)} ${unit} in stock, ${formatQuantity(s.needed)} ${unit} needed.`,
    };
  });
}

function formatQuantity(value: number): string {
  return Number(value.toFixed(3)).toString();
}
