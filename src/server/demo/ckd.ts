/**
 * Demo CKD kits (`npm run demo`): three kit categories using the demo steel (by name, when the
 * steel demo made it), about six months of kits produced at the Nairobi plant (NBO) twice a week,
 * and weekly transfers to Mombasa (MSA) and Kisumu (KSM), all written through the CKD services
 * (the ledgers' one way stock moves, each document audited), so kit and steel balances, the
 * ledgers, the daily totals and the audit log agree.
 *
 * Runs after the steel demo and before the stove reports (which consume the kits sent here).
 * Production never asks for more steel than NBO holds: it is planned to use at most
 * STEEL_SHARE of each steel category's stock, in the categories' usual mix.
 */
import { count, inArray } from 'drizzle-orm';
import { addDays } from '../../common/calendar-days';
import { loadActor, type Actor } from '../auth/actor';
import type { Database } from '../db/client';
import { ckdCategories, steelCategories, steelStock } from '../db/schema/production';
import { createCategory } from '../modules/ckd/ckd-categories.service';
import { createProducedRecord } from '../modules/ckd/ckd-produced-records.service';
import { createCkdTransfer } from '../modules/ckd/ckd-transfers.service';
import { demoToday } from './accounts';

interface DemoKit {
  name: string;
  code: string;
  stoveModel: string;
  description: string;
  /** Steel category name → kg per kit. */
  steel: Record<string, number>;
  /** Kits of this category in one "mix" of production (its share of the plant's output). */
  mix: number;
  /** Shares of the week's kits sent to MSA and KSM. */
  toMsa: number;
  toKsm: number;
}

const KITS: DemoKit[] = [
  {
    name: 'Jiko Poa Standard',
    code: 'JPS',
    stoveModel: 'Jiko Poa',
    description: 'Household charcoal stove, ceramic liner, single pot.',
    steel: { 'Mild steel sheet 1.2 mm': 2.4, 'Galvanised sheet 0.8 mm': 0.9, 'Steel rod 8 mm': 0.35 },
    mix: 10,
    toMsa: 0.4,
    toKsm: 0.3,
  },
  {
    name: 'Jiko Poa Large',
    code: 'JPL',
    stoveModel: 'Jiko Poa L',
    description: 'Family-size charcoal stove for larger pots.',
    steel: { 'Mild steel sheet 1.2 mm': 3.6, 'Galvanised sheet 0.8 mm': 1.3, 'Steel rod 8 mm': 0.5 },
    mix: 4,
    toMsa: 0.35,
    toKsm: 0.35,
  },
  {
    name: 'Institutional 60L',
    code: 'INS',
    stoveModel: 'Institutional 60L',
    description: 'Fixed institutional stove for schools and hospitals, 60-litre pot.',
    steel: { 'Mild steel sheet 1.2 mm': 14, 'Steel flat bar 25 × 3 mm': 3.5, 'Steel rod 8 mm': 2.2 },
    mix: 1,
    toMsa: 0,
    toKsm: 0.5,
  },
];

const WEEKS = 26;
/** At most this share of NBO's steel stock is turned into kits. */
const STEEL_SHARE = 0.7;
/** Mixes a week when there is no steel to plan with (the steel demo did not run). */
const MIXES_WITHOUT_STEEL = 6;

/** A small, repeatable variation around 1 (±15%), so weeks are not all alike. */
const wobble = (week: number, salt: number) => 1 + (((week * 7 + salt * 13) % 11) - 5) * 0.03;

/**
 * Idempotent: nothing happens when any CKD category exists. Returns the number of documents
 * created (produced records and transfers). `actorId` is the person they are recorded by.
 */
export async function seedDemoCkd(
  db: Database,
  factoryIds: ReadonlyMap<string, string>,
  actorId: string | undefined,
): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(ckdCategories);
  if ((existing?.n ?? 0) > 0) return 0;
  const factory = (code: string) => {
    const id = factoryIds.get(code);
    if (!id) throw new Error(`demo CKD: factory ${code} is missing`);
    return id;
  };
  const nbo = factory('NBO');
  const destinations = { msa: factory('MSA'), ksm: factory('KSM') };
  const actor: Actor | null = actorId ? await loadActor(db, actorId) : null;
  if (!actor) throw new Error('demo CKD: the user who records the kits is missing');

  const steelNames = [...new Set(KITS.flatMap((k) => Object.keys(k.steel)))];
  const steel = await db
    .select({ id: steelCategories.id, name: steelCategories.name })
    .from(steelCategories)
    .where(inArray(steelCategories.name, steelNames));
  const steelId = new Map(steel.map((s) => [s.name, s.id]));

  const categories = [];
  for (const kit of KITS) {
    const created = await createCategory(db, actor, {
      name: kit.name,
      code: kit.code,
      stoveModel: kit.stoveModel,
      description: kit.description,
      steelUsage: Object.entries(kit.steel).flatMap(([name, quantityPerKit]) => {
        const id = steelId.get(name);
        return id ? [{ steelCategoryId: id, quantityPerKit }] : [];
      }),
    });
    categories.push({ kit, category: created });
  }

  // How many kits the plant's steel allows: each steel category's budget is shared among the kit
  // categories using it in proportion to their mix, so every category stays within every budget.
  const held = await db
    .select({ categoryId: steelStock.categoryId, quantity: steelStock.quantity })
    .from(steelStock)
    .where(inArray(steelStock.factoryId, [nbo]));
  const stockOf = (id: string) => held.find((h) => h.categoryId === id)?.quantity ?? 0;
  // A category whose steel is all gone makes no kits, and takes no share of the others' budgets.
  const makeable = categories.filter(({ category }) =>
    category.steelUsage.every((u) => stockOf(u.steelCategoryId) > 0),
  );
  const perMix = new Map<string, number>();
  for (const { kit, category } of makeable)
    for (const line of category.steelUsage)
      perMix.set(line.steelCategoryId, (perMix.get(line.steelCategoryId) ?? 0) + line.quantityPerKit * kit.mix);
  const mixesOf = (usage: { steelCategoryId: string }[]) =>
    usage.length === 0
      ? MIXES_WITHOUT_STEEL * WEEKS
      : Math.min(
          ...usage.map((u) => (stockOf(u.steelCategoryId) * STEEL_SHARE) / (perMix.get(u.steelCategoryId) ?? Infinity)),
        );
  /** Kits of each category a production day makes on average (two days a week); 0.85 leaves room for the wobble. */
  const perDay = new Map(
    categories.map(({ kit, category }) => [category.id, (mixesOf(category.steelUsage) * kit.mix * 0.85) / (WEEKS * 2)]),
  );
  /** The fraction of a kit carried to the next day, so slow categories still make whole kits now and then. */
  const carried = new Map<string, number>();

  const today = demoToday();
  const start = addDays(today, -(WEEKS * 7 - 1));
  const inStock = new Map<string, number>(categories.map(({ category }) => [category.id, 0]));
  let documents = 0;
  for (let week = 0; week < WEEKS; week++) {
    const monday = addDays(start, week * 7);
    const made = new Map<string, number>();
    for (const [weekday, salt] of [
      [1, 1],
      [3, 2],
    ] as const) {
      const date = addDays(monday, weekday);
      if (date > today) continue;
      for (const [i, { category }] of categories.entries()) {
        const due = (carried.get(category.id) ?? 0) + (perDay.get(category.id) ?? 0) * wobble(week, salt + i);
        const quantity = Math.floor(due);
        carried.set(category.id, due - quantity);
        if (quantity < 1) continue;
        await createProducedRecord(db, actor, {
          date,
          factoryId: nbo,
          categoryId: category.id,
          quantity,
          note: weekday === 1 ? 'Press line, early shift' : 'Press line, late shift',
        });
        documents++;
        made.set(category.id, (made.get(category.id) ?? 0) + quantity);
        inStock.set(category.id, (inStock.get(category.id) ?? 0) + quantity);
      }
    }
    // Friday's lorries take part of the week's kits to the assembly factories.
    const friday = addDays(monday, 4);
    if (friday > today) continue;
    // One lorry to each assembly factory a week, carrying every kit category on one transfer.
    for (const to of [destinations.msa, destinations.ksm]) {
      const lines = categories.flatMap(({ kit, category }) => {
        const share = to === destinations.msa ? kit.toMsa : kit.toKsm;
        const quantity = Math.min(Math.floor((made.get(category.id) ?? 0) * share), inStock.get(category.id) ?? 0);
        return quantity < 1 ? [] : [{ categoryId: category.id, quantity }];
      });
      if (lines.length === 0) continue;
      await createCkdTransfer(db, actor, {
        fromFactoryId: nbo,
        toFactoryId: to,
        lines,
        date: friday,
        note: to === destinations.msa ? 'Weekly lorry to Mombasa' : 'Weekly lorry to Kisumu',
      });
      documents++;
      for (const line of lines) inStock.set(line.categoryId, (inStock.get(line.categoryId) ?? 0) - line.quantity);
    }
  }
  return documents;
}
