/**
 * Demo steel (`npm run demo`): five categories and about six months of steel received, used,
 * scrapped and adjusted at the Nairobi plant (NBO) and, for repairs, at Mombasa (MSA), written
 * through the steel records service (the ledger's one way stock moves, each record audited), so
 * the ledger, the balances and the audit log agree.
 * Receipts follow a reorder rule; the stainless sheet's last delivery is late, so it ends below
 * its reorder level while the others end above theirs (also once the kit demo used its share).
 */
import { count } from 'drizzle-orm';
import type { SteelEntryKind } from '../../common/contracts/steel';
import { loadActor, type Actor } from '../auth/actor';
import type { Database } from '../db/client';
import { steelCategories } from '../db/schema/production';
import { createSteelCategory } from '../modules/steel/steel-categories.service';
import { recordSteelHistory } from '../modules/steel/steel-records.service';

interface DemoCategory {
  name: string;
  grade: string;
  reorderLevel: number;
  /** kg used a week at NBO. */
  weeklyUse: number;
  /** kg of one delivery. */
  lot: number;
  supplier: string;
  /** KES per kg. */
  unitCost: number;
  /** kg used a week at MSA (repairs), when MSA keeps some. */
  msaWeeklyUse?: number;
  /** No delivery in the last weeks (a late order): ends below its reorder level. */
  lateDelivery?: boolean;
}

/**
 * NBO orders steel to keep this many reorder levels in stock: the CKD kit demo, which runs next,
 * turns up to about 60% of the plant's steel into kits (enough for the assembly factories' couplers
 * to meet their targets in the stove report demo), and the rest stays above the reorder level. A
 * late category keeps one reorder level, so it ends below.
 */
const PLANT_BUFFER = 10;
/** The share of its reorder level a late category is rationed down to (below the level, not empty). */
const SAFETY_SHARE = 0.6;

const CATEGORIES: DemoCategory[] = [
  {
    name: 'Mild steel sheet 1.2 mm',
    grade: 'DC01 1.2 mm',
    reorderLevel: 800,
    weeklyUse: 420,
    lot: 2500,
    supplier: 'Mabati Rolling Mills',
    unitCost: 145,
  },
  {
    name: 'Galvanised sheet 0.8 mm',
    grade: 'DX51D Z100 0.8 mm',
    reorderLevel: 500,
    weeklyUse: 260,
    lot: 1500,
    supplier: 'Mabati Rolling Mills',
    unitCost: 178,
    msaWeeklyUse: 12,
  },
  {
    name: 'Steel rod 8 mm',
    grade: 'S235 Ø8 mm',
    reorderLevel: 200,
    weeklyUse: 85,
    lot: 600,
    supplier: 'Devki Steel Mills',
    unitCost: 118,
    msaWeeklyUse: 6,
  },
  {
    name: 'Stainless sheet 1.0 mm',
    grade: 'AISI 304 1.0 mm',
    reorderLevel: 150,
    weeklyUse: 38,
    lot: 300,
    supplier: 'Apex Steel Ltd',
    unitCost: 485,
    lateDelivery: true,
  },
  {
    name: 'Steel flat bar 25 × 3 mm',
    grade: 'S235 25 × 3 mm',
    reorderLevel: 100,
    weeklyUse: 40,
    lot: 350,
    supplier: 'Devki Steel Mills',
    unitCost: 132,
  },
];

const WEEKS = 26;
/** Weeks before the end without a delivery of a late category. */
const LATE_WEEKS = 10;

/** A fixed pseudo-random sequence (mulberry32), so every demo has the same history. */
function sequence(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const kg = (n: number) => Math.round(n * 10) / 10;
const day = (base: Date, offset: number) => new Date(base.getTime() + offset * 86_400_000).toISOString().slice(0, 10);

interface Movement {
  date: string;
  factoryId: string;
  categoryId: string;
  kind: SteelEntryKind;
  quantity: number;
  supplier?: string;
  unitCost?: number;
  reference?: string;
  note?: string;
}

/** One category's weekly history at NBO (and MSA), keeping the stock it simulates non-negative. */
function history(
  c: DemoCategory,
  categoryId: string,
  at: { nbo: string; msa: string },
  start: Date,
  next: () => number,
  grn: () => string,
): Movement[] {
  const moves: Movement[] = [];
  let nbo = 0;
  let msa = 0;
  const receive = (factoryId: string, date: string, quantity: number) =>
    moves.push({
      date,
      factoryId,
      categoryId,
      kind: 'received',
      quantity,
      supplier: c.supplier,
      unitCost: c.unitCost,
      reference: grn(),
    });
  for (let week = 0; week < WEEKS; week++) {
    const monday = week * 7;
    const late = c.lateDelivery === true && week >= WEEKS - LATE_WEEKS;
    // While an order is late the plant rations the steel, keeping a safety stock for kit production.
    const floor = late ? kg(c.reorderLevel * SAFETY_SHARE) : 0;
    const target = c.reorderLevel * (c.lateDelivery ? 1 : PLANT_BUFFER) + c.weeklyUse * 1.5;
    while (!late && nbo < target) {
      receive(at.nbo, day(start, monday), c.lot);
      nbo += c.lot;
    }
    // Two issues to the press line a week (Tuesday and Thursday).
    for (const weekday of [1, 3]) {
      const used = Math.min(kg(nbo - floor), kg((c.weeklyUse / 2) * (0.8 + next() * 0.4)));
      if (used <= 0) continue;
      moves.push({
        date: day(start, monday + weekday),
        factoryId: at.nbo,
        categoryId,
        kind: 'used',
        quantity: used,
        reference: `JOB-${String(1000 + week * 2 + weekday).padStart(5, '0')}`,
      });
      nbo = kg(nbo - used);
    }
    // Offcuts weighed out at the end of every fourth week.
    if (week % 4 === 3) {
      const scrap = Math.min(kg(nbo - floor), kg(c.weeklyUse * (0.06 + next() * 0.04)));
      if (scrap > 0) {
        moves.push({
          date: day(start, monday + 4),
          factoryId: at.nbo,
          categoryId,
          kind: 'scrap',
          quantity: scrap,
          note: 'Offcuts weighed out',
        });
        nbo = kg(nbo - scrap);
      }
    }
    // The quarterly stock-take finds a small difference.
    if (week === 12) {
      const difference = kg(Math.min(nbo, 15) * (next() < 0.5 ? -1 : 0.5) * (0.3 + next() * 0.7));
      if (difference !== 0) {
        moves.push({
          date: day(start, monday + 4),
          factoryId: at.nbo,
          categoryId,
          kind: 'adjustment',
          quantity: difference,
          note: 'Quarterly stock-take',
        });
        nbo = kg(nbo + difference);
      }
    }
    if (c.msaWeeklyUse !== undefined) {
      if (msa < c.msaWeeklyUse * 2) {
        const lot = kg(c.msaWeeklyUse * 10);
        receive(at.msa, day(start, monday + 1), lot);
        msa += lot;
      }
      const used = Math.min(msa, kg(c.msaWeeklyUse * (0.7 + next() * 0.6)));
      if (used > 0) {
        moves.push({
          date: day(start, monday + 2),
          factoryId: at.msa,
          categoryId,
          kind: 'used',
          quantity: used,
          note: 'Stove body repairs',
        });
        msa = kg(msa - used);
      }
    }
  }
  return moves;
}

/**
 * Idempotent: nothing happens when any steel category exists. Returns the number of steel
 * records created. `actorId` is the person the records are written by (a steel-records user).
 */
export async function seedDemoSteel(
  db: Database,
  factoryIds: ReadonlyMap<string, string>,
  actorId: string | undefined,
): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(steelCategories);
  if ((existing?.n ?? 0) > 0) return 0;
  const factory = (code: string) => {
    const id = factoryIds.get(code);
    if (!id) throw new Error(`demo steel: factory ${code} is missing`);
    return id;
  };
  const at = { nbo: factory('NBO'), msa: factory('MSA') };
  const actor: Actor | null = actorId ? await loadActor(db, actorId) : null;
  if (!actor) throw new Error('demo steel: the user who records the steel is missing');

  const today = new Date();
  const start = new Date(today.getTime() - (WEEKS * 7 - 1) * 86_400_000);
  const next = sequence(20_260_115);
  let receipt = 0;
  const grn = () => `GRN-${String(++receipt).padStart(4, '0')}`;

  const moves: Movement[] = [];
  for (const c of CATEGORIES) {
    const created = await createSteelCategory(db, actor, {
      name: c.name,
      grade: c.grade,
      unit: 'kg',
      reorderLevel: c.reorderLevel,
    });
    moves.push(...history(c, created.id, at, start, next, grn));
  }
  // In date order, as they happened; none is after today.
  const todayText = today.toISOString().slice(0, 10);
  const ordered = moves
    .filter((m) => m.date <= todayText)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return recordSteelHistory(
    db,
    actor,
    ordered.map((m) => ({
      date: m.date,
      factoryId: m.factoryId,
      categoryId: m.categoryId,
      kind: m.kind,
      quantity: m.quantity,
      supplier: m.supplier ?? null,
      unitCost: m.unitCost ?? null,
      reference: m.reference ?? null,
      note: m.note ?? null,
    })),
  );
}
