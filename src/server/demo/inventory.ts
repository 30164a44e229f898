/**
 * Demo general inventory (`npm run demo`): five categories, five units (pieces, kilograms, litres,
 * metres, rolls), 25 items with reorder levels, and about six months of weekly life at the three
 * demo factories, written through the inventory services (the ledger's one way stock moves, every
 * entry and master-data change audited), so the balances, the ledger and the audit log agree:
 *
 * - Mondays: the Nairobi plant's central store (NBO) receives the suppliers' deliveries, one input
 *   per supplier, for what runs below its reorder level plus two weeks' use of all three factories;
 * - Tuesdays: each factory buys its local items (gloves, tape) from a supplier nearby;
 * - Wednesdays: NBO sends Mombasa (MSA) and Kisumu (KSM) what they need (one transfer each);
 * - Fridays: each factory's weekly issue to the workshop (a removal, reason "used"), and every four
 *   weeks the write-offs (damaged, expired, lost), once a removal for "other" with its note.
 *
 * Two items' deliveries are late (none in the last weeks), so they end below their reorder level;
 * an old carton print was phased out and deactivated with a few spares still in stock.
 */
import { count } from 'drizzle-orm';
import { addDays } from '../../common/calendar-days';
import type { InventoryRemovalReason } from '../../common/contracts/inventory';
import { loadActor, type Actor } from '../auth/actor';
import type { Database } from '../db/client';
import { inventoryCategories } from '../db/schema/inventory';
import { createInventoryCategory } from '../modules/inventory/inventory-categories.service';
import {
  createInventoryInput,
  createInventoryRemoval,
  createInventoryTransfer,
} from '../modules/inventory/inventory-entries.service';
import { createInventoryItem, setInventoryItemActive } from '../modules/inventory/inventory-items.service';
import { createInventoryUnit } from '../modules/inventory/inventory-units.service';
import { demoToday } from './accounts';

const CATEGORIES = {
  packaging: { name: 'Packaging', description: 'Cartons, wrap, tape and labels for finished stoves' },
  spares: { name: 'Spare parts', description: 'Replacement parts for the press line and for stoves' },
  tools: { name: 'Tools', description: 'Hand and power tools of the workshops' },
  consumables: { name: 'Consumables', description: 'Welding wire, paint, discs, rivets and oils' },
  safety: { name: 'Safety equipment', description: 'Protective equipment for the workshop floor' },
} as const;

const UNITS = {
  pcs: { name: 'Pieces', symbol: 'pcs', decimals: 0 },
  kg: { name: 'Kilograms', symbol: 'kg', decimals: 2 },
  l: { name: 'Litres', symbol: 'l', decimals: 2 },
  m: { name: 'Metres', symbol: 'm', decimals: 1 },
  roll: { name: 'Rolls', symbol: 'roll', decimals: 0 },
} as const;

/** The demo factories, in the order of DemoItem.use. */
const FACTORIES = ['NBO', 'MSA', 'KSM'] as const;

interface DemoItem {
  name: string;
  category: keyof typeof CATEGORIES;
  unit: keyof typeof UNITS;
  reorderLevel: number;
  /** Used a week at NBO, MSA and KSM (0: not kept there). */
  use: [number, number, number];
  /** One delivery. */
  lot: number;
  supplier: string;
  /** KES per unit. */
  unitCost: number;
  /** Bought by each factory nearby instead of sent from NBO. */
  local?: boolean;
  /** No delivery in the last LATE_WEEKS weeks: ends below its reorder level. */
  late?: boolean;
  /** Phased out: one delivery at the start, used down to a few spares, deactivated at the end. */
  retired?: boolean;
  /** Every four weeks a few are written off for this reason. */
  loss?: Exclude<InventoryRemovalReason, 'used' | 'other'>;
}

const ITEMS: DemoItem[] = [
  // Packaging
  {
    name: 'Stove carton, single',
    category: 'packaging',
    unit: 'pcs',
    reorderLevel: 300,
    use: [120, 90, 60],
    lot: 1500,
    supplier: 'Kenya Cartons Ltd',
    unitCost: 85,
  },
  {
    name: 'Stove carton, large',
    category: 'packaging',
    unit: 'pcs',
    reorderLevel: 100,
    use: [40, 30, 25],
    lot: 500,
    supplier: 'Kenya Cartons Ltd',
    unitCost: 120,
    loss: 'damaged',
  },
  {
    name: 'Stove carton, old print',
    category: 'packaging',
    unit: 'pcs',
    reorderLevel: 50,
    use: [30, 20, 15],
    lot: 400,
    supplier: 'Kenya Cartons Ltd',
    unitCost: 80,
    retired: true,
  },
  {
    name: 'Stretch wrap 500 mm',
    category: 'packaging',
    unit: 'roll',
    reorderLevel: 10,
    use: [3, 2, 1],
    lot: 24,
    supplier: 'Packaging Solutions EA',
    unitCost: 1450,
  },
  {
    name: 'Packing tape 48 mm',
    category: 'packaging',
    unit: 'roll',
    reorderLevel: 24,
    use: [8, 6, 4],
    lot: 36,
    supplier: 'Packaging Solutions EA',
    unitCost: 160,
    local: true,
  },
  {
    name: 'Product labels',
    category: 'packaging',
    unit: 'roll',
    reorderLevel: 8,
    use: [3, 2, 2],
    lot: 20,
    supplier: 'Label Masters Kenya',
    unitCost: 2100,
  },
  // Spare parts
  {
    name: 'Ceramic liner, Jiko Poa',
    category: 'spares',
    unit: 'pcs',
    reorderLevel: 60,
    use: [25, 15, 12],
    lot: 300,
    supplier: 'Kitui Ceramics Cooperative',
    unitCost: 240,
    loss: 'damaged',
  },
  {
    name: 'Cast iron grate',
    category: 'spares',
    unit: 'pcs',
    reorderLevel: 30,
    use: [8, 6, 4],
    lot: 120,
    supplier: 'Thika Foundry',
    unitCost: 380,
  },
  {
    name: 'Door hinge set',
    category: 'spares',
    unit: 'pcs',
    reorderLevel: 40,
    use: [10, 8, 6],
    lot: 200,
    supplier: 'Thika Foundry',
    unitCost: 95,
  },
  {
    name: 'Press die spring',
    category: 'spares',
    unit: 'pcs',
    reorderLevel: 6,
    use: [2, 0, 0],
    lot: 12,
    supplier: 'Industrial Spares Centre',
    unitCost: 1850,
  },
  {
    name: 'Hydraulic hose 1/2"',
    category: 'spares',
    unit: 'm',
    reorderLevel: 10,
    use: [1.5, 0, 0],
    lot: 25,
    supplier: 'Industrial Spares Centre',
    unitCost: 650,
  },
  {
    name: 'V-belt A-42',
    category: 'spares',
    unit: 'pcs',
    reorderLevel: 3,
    use: [1, 0, 0],
    lot: 6,
    supplier: 'Industrial Spares Centre',
    unitCost: 540,
  },
  // Tools
  {
    name: 'Rivet gun',
    category: 'tools',
    unit: 'pcs',
    reorderLevel: 4,
    use: [1, 1, 1],
    lot: 10,
    supplier: 'Tools & Fasteners Ltd',
    unitCost: 2800,
    loss: 'lost',
  },
  {
    name: 'Angle grinder 115 mm',
    category: 'tools',
    unit: 'pcs',
    reorderLevel: 2,
    use: [1, 0, 0],
    lot: 3,
    supplier: 'Tools & Fasteners Ltd',
    unitCost: 6900,
  },
  {
    name: 'Tape measure 5 m',
    category: 'tools',
    unit: 'pcs',
    reorderLevel: 5,
    use: [1, 1, 1],
    lot: 12,
    supplier: 'Tools & Fasteners Ltd',
    unitCost: 450,
    loss: 'lost',
  },
  // Consumables
  {
    name: 'Welding wire 0.8 mm',
    category: 'consumables',
    unit: 'kg',
    reorderLevel: 30,
    use: [12.5, 3, 2],
    lot: 75,
    supplier: 'Weldtech Supplies',
    unitCost: 620,
  },
  {
    name: 'Grinding disc 115 mm',
    category: 'consumables',
    unit: 'pcs',
    reorderLevel: 50,
    use: [25, 8, 5],
    lot: 200,
    supplier: 'Tools & Fasteners Ltd',
    unitCost: 130,
  },
  {
    name: 'Heat-resistant paint, black',
    category: 'consumables',
    unit: 'l',
    reorderLevel: 40,
    use: [18, 10, 6],
    lot: 100,
    supplier: 'Crown Paints',
    unitCost: 1150,
    late: true,
    loss: 'expired',
  },
  {
    name: 'Paint thinner',
    category: 'consumables',
    unit: 'l',
    reorderLevel: 20,
    use: [6, 3, 2],
    lot: 60,
    supplier: 'Crown Paints',
    unitCost: 420,
    loss: 'expired',
  },
  {
    name: 'Pop rivets 4.8 mm',
    category: 'consumables',
    unit: 'kg',
    reorderLevel: 15,
    use: [5.5, 4, 3],
    lot: 40,
    supplier: 'Tools & Fasteners Ltd',
    unitCost: 980,
  },
  {
    name: 'Cutting oil',
    category: 'consumables',
    unit: 'l',
    reorderLevel: 10,
    use: [2.5, 0, 0],
    lot: 20,
    supplier: 'Weldtech Supplies',
    unitCost: 560,
  },
  // Safety equipment
  {
    name: 'Work gloves',
    category: 'safety',
    unit: 'pcs',
    reorderLevel: 60,
    use: [30, 15, 10],
    lot: 120,
    supplier: 'Bata Safety',
    unitCost: 180,
    local: true,
  },
  {
    name: 'Safety glasses',
    category: 'safety',
    unit: 'pcs',
    reorderLevel: 20,
    use: [4, 2, 2],
    lot: 40,
    supplier: 'Bata Safety',
    unitCost: 350,
    loss: 'damaged',
  },
  {
    name: 'Ear plugs',
    category: 'safety',
    unit: 'pcs',
    reorderLevel: 200,
    use: [80, 40, 20],
    lot: 500,
    supplier: 'Bata Safety',
    unitCost: 25,
  },
  {
    name: 'Dust mask FFP2',
    category: 'safety',
    unit: 'pcs',
    reorderLevel: 100,
    use: [40, 20, 15],
    lot: 300,
    supplier: 'Bata Safety',
    unitCost: 90,
    late: true,
  },
];

/** Where MSA and KSM buy their local items. */
const LOCAL_SUPPLIERS: Record<(typeof FACTORIES)[number], string | null> = {
  NBO: null,
  MSA: 'Coast Hardware, Mombasa',
  KSM: 'Lakeside Traders, Kisumu',
};

const WEEKS = 26;
/** Weeks before the end without a delivery of a late item. */
const LATE_WEEKS = 7;
/** Spares of a phased-out item each factory keeps. */
const SPARES = 12;

/** A repeatable factor between 0.7 and 1.3, so weeks and items are not all alike. */
const vary = (week: number, salt: number) => 0.7 + (((week * 31 + salt * 17) % 23) / 22) * 0.6;

const roundTo = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const floorTo = (value: number, decimals: number) => Math.floor(value * 10 ** decimals + 1e-9) / 10 ** decimals;

async function actorFor(db: Database, id: string | undefined): Promise<Actor | null> {
  return id ? loadActor(db, id) : null;
}

/**
 * Idempotent: nothing happens when any inventory category exists. Returns the number of entries
 * (inputs, removals and transfers) created. `userIds`: who records at NBO (a global user with
 * inventory-management), MSA's Factory Manager and the Admin (KSM, and anyone missing).
 */
export async function seedDemoInventory(
  db: Database,
  factoryIds: ReadonlyMap<string, string>,
  userIds: { store?: string; factoryManager?: string; admin?: string },
): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(inventoryCategories);
  if ((existing?.n ?? 0) > 0) return 0;
  const admin = await actorFor(db, userIds.admin);
  if (!admin) throw new Error('demo inventory: the demo Admin is missing');
  const factoryId = FACTORIES.map((code) => {
    const id = factoryIds.get(code);
    if (!id) throw new Error(`demo inventory: factory ${code} is missing`);
    return id;
  });
  const manager = await actorFor(db, userIds.factoryManager);
  /** Who records at NBO (and sends from it), at MSA (its Factory Manager) and at KSM. */
  const actorAt: Actor[] = [
    (await actorFor(db, userIds.store)) ?? admin,
    manager && manager.factory?.id === factoryId[1] ? manager : admin,
    admin,
  ];
  const nboActor = actorAt[0] ?? admin;

  const categoryIds = new Map<string, string>();
  for (const [key, c] of Object.entries(CATEGORIES))
    categoryIds.set(key, (await createInventoryCategory(db, admin, c)).id);
  const unitIds = new Map<string, string>();
  for (const [key, u] of Object.entries(UNITS)) unitIds.set(key, (await createInventoryUnit(db, admin, u)).id);
  const items: (DemoItem & { id: string; decimals: number })[] = [];
  for (const item of ITEMS) {
    const created = await createInventoryItem(db, admin, {
      name: item.name,
      categoryId: categoryIds.get(item.category) ?? '',
      unitId: unitIds.get(item.unit) ?? '',
      reorderLevel: item.reorderLevel,
      description: item.retired ? 'Old print: use up, then the single carton replaces it' : null,
    });
    items.push({ ...item, id: created.id, decimals: UNITS[item.unit].decimals });
  }

  /** The stock the demo has written so far, per factory (index) and item (index). */
  const stock = FACTORIES.map(() => items.map(() => 0));
  const held = (f: number, i: number) => stock[f]?.[i] ?? 0;
  const move = (f: number, i: number, delta: number) => {
    const row = stock[f];
    if (row) row[i] = roundTo(held(f, i) + delta, 3);
  };

  const today = demoToday();
  // The last Friday of the history is today at the latest.
  const start = addDays(today, -((WEEKS - 1) * 7 + 4));
  let entries = 0;
  let delivery = 0;

  for (let week = 0; week < WEEKS; week++) {
    const monday = addDays(start, week * 7);
    const late = week >= WEEKS - LATE_WEEKS;

    // Monday: deliveries to the central store, one input per supplier.
    const orders = new Map<string, { itemId: string; quantity: number; unitCost: number; i: number }[]>();
    items.forEach((item, i) => {
      if (item.local || (item.late && late) || (item.retired && week > 0)) return;
      const target = item.reorderLevel + 2 * item.use.reduce((sum, u) => sum + u, 0);
      let quantity = 0;
      while (held(0, i) + quantity < target) quantity += item.lot;
      if (quantity === 0) return;
      const lines = orders.get(item.supplier) ?? [];
      lines.push({ itemId: item.id, quantity, unitCost: item.unitCost, i });
      orders.set(item.supplier, lines);
    });
    for (const [supplier, lines] of orders) {
      await createInventoryInput(db, nboActor, {
        date: monday,
        factoryId: factoryId[0] ?? '',
        supplier,
        reference: `DN-${String(++delivery).padStart(5, '0')}`,
        note: null,
        lines: lines.map(({ itemId, quantity, unitCost }) => ({ itemId, quantity, unitCost })),
      });
      for (const line of lines) move(0, line.i, line.quantity);
      entries++;
    }

    // Tuesday: each factory buys its local items.
    for (const [f, code] of FACTORIES.entries()) {
      const lines: { itemId: string; quantity: number; unitCost: number; i: number }[] = [];
      items.forEach((item, i) => {
        const use = item.use[f] ?? 0;
        if (!item.local || use === 0) return;
        let quantity = 0;
        while (held(f, i) + quantity < item.reorderLevel + 2 * use) quantity += item.lot;
        if (quantity > 0) lines.push({ itemId: item.id, quantity, unitCost: Math.round(item.unitCost * 1.08), i });
      });
      if (lines.length === 0) continue;
      await createInventoryInput(db, actorAt[f] ?? admin, {
        date: addDays(monday, 1),
        factoryId: factoryId[f] ?? '',
        supplier: LOCAL_SUPPLIERS[code] ?? lines.map((l) => items[l.i]?.supplier)[0] ?? null,
        reference: `INV-${code}-${String(week + 1).padStart(3, '0')}`,
        note: null,
        lines: lines.map(({ itemId, quantity, unitCost }) => ({ itemId, quantity, unitCost })),
      });
      for (const line of lines) move(f, line.i, line.quantity);
      entries++;
    }

    // Wednesday: the store sends Mombasa and Kisumu what they need, while it has it.
    for (const f of [1, 2]) {
      const lines: { itemId: string; quantity: number; i: number }[] = [];
      items.forEach((item, i) => {
        const use = item.use[f] ?? 0;
        if (item.local || use === 0) return;
        const wanted = item.reorderLevel + 2 * use - held(f, i);
        const quantity = floorTo(Math.min(wanted, held(0, i)), item.decimals);
        if (quantity > 0) lines.push({ itemId: item.id, quantity, i });
      });
      if (lines.length === 0) continue;
      await createInventoryTransfer(db, nboActor, {
        date: addDays(monday, 2),
        fromFactoryId: factoryId[0] ?? '',
        toFactoryId: factoryId[f] ?? '',
        reference: `WB-${FACTORIES[f]}-${String(week + 1).padStart(3, '0')}`,
        note: f === 1 ? 'Weekly lorry to Mombasa' : 'Weekly lorry to Kisumu',
        lines: lines.map(({ itemId, quantity }) => ({ itemId, quantity })),
      });
      for (const line of lines) {
        move(0, line.i, -line.quantity);
        move(f, line.i, line.quantity);
      }
      entries++;
    }

    // Friday: the week's issue to the workshop, then the write-offs every four weeks.
    const friday = addDays(monday, 4);
    for (const [f] of FACTORIES.entries()) {
      const used: { itemId: string; quantity: number; i: number }[] = [];
      items.forEach((item, i) => {
        const keep = item.retired ? SPARES : 0;
        const quantity = floorTo(
          Math.min((item.use[f] ?? 0) * vary(week, i + f * 7), held(f, i) - keep),
          item.decimals,
        );
        if (quantity > 0) used.push({ itemId: item.id, quantity, i });
      });
      const removals: { reason: InventoryRemovalReason; note: string | null; lines: typeof used }[] = [
        { reason: 'used', note: 'Weekly issue to the workshop', lines: used },
      ];
      if (week % 4 === 3) {
        const written: typeof used = [];
        items.forEach((item, i) => {
          if (!item.loss) return;
          const left = held(f, i) - (used.find((u) => u.i === i)?.quantity ?? 0);
          const quantity = floorTo(Math.min(Math.max(1, (item.use[f] ?? 0) * 0.1), left), item.decimals);
          if (quantity > 0) written.push({ itemId: item.id, quantity, i });
        });
        for (const reason of ['damaged', 'expired', 'lost'] as const) {
          const lines = written.filter((w) => items[w.i]?.loss === reason);
          if (lines.length > 0) removals.push({ reason, note: `Stock check, week ${week + 1}`, lines });
        }
      }
      if (week === 14 && f === 2) {
        const i = items.findIndex((item) => item.name === 'Work gloves');
        const quantity = Math.min(10, held(f, i) - (used.find((u) => u.i === i)?.quantity ?? 0));
        if (quantity > 0)
          removals.push({
            reason: 'other',
            note: 'Given to the county vocational training centre for its welding course',
            lines: [{ itemId: items[i]?.id ?? '', quantity, i }],
          });
      }
      for (const removal of removals) {
        if (removal.lines.length === 0) continue;
        await createInventoryRemoval(db, actorAt[f] ?? admin, {
          date: friday,
          factoryId: factoryId[f] ?? '',
          reference: null,
          note: removal.note,
          lines: removal.lines.map(({ itemId, quantity }) => ({ itemId, quantity, reason: removal.reason })),
        });
        for (const line of removal.lines) move(f, line.i, -line.quantity);
        entries++;
      }
    }
  }

  for (const item of items) if (item.retired) await setInventoryItemActive(db, admin, item.id, false);
  return entries;
}
