/**
 * The one way kit stock moves: each movement is a row of the kit ledger (`ckd_movements`), the
 * balances change with it and the day's totals (`ckd_daily`, read by the CKD reports) too, in the
 * caller's transaction; or nothing is written and the shortages are returned (stock never goes
 * negative).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';
import type { ItemProblem } from '../../http/errors';
import { applyStockDeltas, type StockShortage } from '../stock/stock-balance.repository';

export type KitMovementKind =
  'produced' | 'transfer_in' | 'transfer_out' | 'consumed' | 'consumption_reversed' | 'adjustment';

export interface NewKitMovement {
  date: string;
  factoryId: string;
  categoryId: string;
  kind: KitMovementKind;
  /** Signed: positive adds kits, negative takes them. */
  delta: number;
  producedRecordId?: string | null;
  transferId?: string | null;
  stoveReportId?: string | null;
  note?: string | null;
  createdBy: string | null;
}

export type KitPosting = { ok: true } | { ok: false; shortages: StockShortage[] };

/** The ckd_daily column a movement adds to, and with which sign. */
const DAILY_COLUMN: Record<
  KitMovementKind,
  { column: 'produced' | 'received' | 'sent' | 'consumed' | 'adjusted'; sign: 1 | -1 }
> = {
  produced: { column: 'produced', sign: 1 },
  transfer_in: { column: 'received', sign: 1 },
  transfer_out: { column: 'sent', sign: -1 },
  consumed: { column: 'consumed', sign: -1 },
  consumption_reversed: { column: 'consumed', sign: -1 },
  adjustment: { column: 'adjusted', sign: 1 },
};

export async function recordKitMovements(tx: Executor, movements: readonly NewKitMovement[]): Promise<KitPosting> {
  if (movements.length === 0) return { ok: true };
  const shortages = await applyStockDeltas(
    tx,
    'ckd',
    movements.map((m) => ({ factoryId: m.factoryId, categoryId: m.categoryId, delta: m.delta })),
  );
  if (shortages.length > 0) return { ok: false, shortages };
  const rows = movements.map((m) => {
    const daily = DAILY_COLUMN[m.kind];
    return {
      date: m.date,
      factoryId: m.factoryId,
      categoryId: m.categoryId,
      kind: m.kind,
      delta: m.delta,
      producedRecordId: m.producedRecordId ?? null,
      transferId: m.transferId ?? null,
      stoveReportId: m.stoveReportId ?? null,
      note: m.note ?? null,
      createdBy: m.createdBy,
      produced: daily.column === 'produced' ? m.delta * daily.sign : 0,
      received: daily.column === 'received' ? m.delta * daily.sign : 0,
      sent: daily.column === 'sent' ? m.delta * daily.sign : 0,
      consumed: daily.column === 'consumed' ? m.delta * daily.sign : 0,
      adjusted: daily.column === 'adjusted' ? m.delta * daily.sign : 0,
    };
  });
  const input = sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
      date date, "factoryId" uuid, "categoryId" uuid, kind ckd_movement_kind, delta int,
      "producedRecordId" uuid, "transferId" uuid, "stoveReportId" uuid, note text, "createdBy" uuid,
      produced int, received int, sent int, consumed int, adjusted int)`;
  await tx.execute(sql`
    insert into ckd_movements (date, factory_id, category_id, kind, delta, produced_record_id, transfer_id,
                               stove_report_id, note, created_by)
    select date, "factoryId", "categoryId", kind, delta, "producedRecordId", "transferId", "stoveReportId",
           note, "createdBy"
      from ${input}`);
  await tx.execute(sql`
    insert into ckd_daily as d (day, factory_id, category_id, produced, received, sent, consumed, adjusted)
    select date, "factoryId", "categoryId", sum(produced), sum(received), sum(sent), sum(consumed), sum(adjusted)
      from ${input}
     group by 1, 2, 3
     order by 1, 2, 3
    on conflict (day, factory_id, category_id) do update
       set produced = d.produced + excluded.produced, received = d.received + excluded.received,
           sent = d.sent + excluded.sent, consumed = d.consumed + excluded.consumed,
           adjusted = d.adjusted + excluded.adjusted`);
  return { ok: true };
}

/** Each shortage as a problem a person can act on. */
export async function describeKitShortages(tx: Executor, shortages: readonly StockShortage[]): Promise<ItemProblem[]> {
  const names = await queryRows<{ factoryId: string; categoryId: string; factory: string; category: string }>(
    tx,
    sql`select f.id as "factoryId", c.id as "categoryId", f.code as factory, c.name as category
          from jsonb_to_recordset(${JSON.stringify(shortages)}::jsonb) as s("factoryId" uuid, "categoryId" uuid)
          join factories f on f.id = s."factoryId"
          join ckd_categories c on c.id = s."categoryId"`,
  );
  return shortages.map((s) => {
    const n = names.find((x) => x.factoryId === s.factoryId && x.categoryId === s.categoryId);
    return {
      code: n ? `${n.category} at ${n.factory}` : s.categoryId,
      reason: `Not enough kits: ${s.available} in stock, ${s.needed} needed.`,
    };
  });
}
