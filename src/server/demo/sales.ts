/**
 * Demo sales master data (`npm run demo`): four sales categories, six packages on the demo CKD
 * categories (a single stove, a 10-stove dealer pack, stove + pot bundles, an installed
 * institutional stove) and their prices in KES: a first price list about six months ago, an
 * increase about two months ago (with one same-day correction), and an increase scheduled for the
 * first of next month. Written through the sales services, so every record is audited.
 *
 * Runs after the CKD demo (packages are built on its categories, found by code).
 */
import { count, inArray } from 'drizzle-orm';
import { addDays, addMonths, monthStart } from '../../common/calendar-days';
import { loadActor, type Actor } from '../auth/actor';
import type { Database } from '../db/client';
import { ckdCategories } from '../db/schema/production';
import { salesCategories } from '../db/schema/sales';
import { createSalesCategory } from '../modules/sales/sales-categories.service';
import { createSalesPackage } from '../modules/sales/sales-packages.service';
import { createSalesPrices } from '../modules/sales/sales-prices.service';
import { demoToday } from './accounts';

const CATEGORIES = [
  { name: 'Retail', code: 'RET', description: 'Households buying through shops, markets and our own outlets.' },
  { name: 'Wholesale', code: 'WHS', description: 'Distributors and dealers buying for resale.' },
  { name: 'Institutional', code: 'INS', description: 'Schools, hospitals, prisons and other large kitchens.' },
  { name: 'NGO programme', code: 'NGO', description: 'Subsidised clean-cooking programmes run with NGO partners.' },
] as const;

type CategoryCode = (typeof CATEGORIES)[number]['code'];

interface DemoPackage {
  name: string;
  code: string;
  /** The CKD category (stove model) code of the CKD demo. */
  model: string;
  stovesPerPackage: number;
  extraItems: string | null;
  description: string;
  /** KES per package in the first price list, by sales category. */
  prices: Partial<Record<CategoryCode, number>>;
  /** Also in the increase scheduled for next month. */
  scheduledIncrease?: true;
}

const PACKAGES: DemoPackage[] = [
  {
    name: 'Jiko Poa single',
    code: 'JPS-1',
    model: 'JPS',
    stovesPerPackage: 1,
    extraItems: 'User manual',
    description: 'One household stove.',
    prices: { RET: 3500, WHS: 3100, INS: 3300, NGO: 2600 },
  },
  {
    name: 'Jiko Poa dealer pack',
    code: 'JPS-10',
    model: 'JPS',
    stovesPerPackage: 10,
    extraItems: '10 user manuals, dealer poster',
    description: 'Ten household stoves for shops and dealers.',
    prices: { RET: 33_000, WHS: 29_500, NGO: 25_000 },
  },
  {
    name: 'Jiko Poa + pot bundle',
    code: 'JPS-POT',
    model: 'JPS',
    stovesPerPackage: 1,
    extraItems: '1 aluminium cooking pot (5 L), user manual',
    description: 'The household stove with a matching pot.',
    prices: { RET: 4200, WHS: 3750, NGO: 3200 },
  },
  {
    name: 'Jiko Poa Large single',
    code: 'JPL-1',
    model: 'JPL',
    stovesPerPackage: 1,
    extraItems: 'User manual',
    description: 'One family-size stove.',
    prices: { RET: 5200, WHS: 4650, INS: 4900 },
    scheduledIncrease: true,
  },
  {
    name: 'Jiko Poa Large + pot bundle',
    code: 'JPL-POT',
    model: 'JPL',
    stovesPerPackage: 1,
    extraItems: '1 aluminium cooking pot (8 L) with lid, user manual',
    description: 'The family-size stove with a matching pot.',
    prices: { RET: 6100, WHS: 5450 },
  },
  {
    name: 'Institutional 60L installed',
    code: 'INS-60',
    model: 'INS',
    stovesPerPackage: 1,
    extraItems: 'Installation, chimney flue, 60 L pot, kitchen staff training',
    description: 'A fixed institutional stove, delivered and installed.',
    prices: { INS: 68_000, NGO: 62_000 },
    scheduledIncrease: true,
  },
];

/** Days before today of the first price list and of the increase. */
const FIRST_LIST_DAYS_AGO = 182;
const INCREASE_DAYS_AGO = 61;
const INCREASE = 1.06;
const SCHEDULED_INCREASE = 1.05;

/** To the nearest KES 50. */
const rounded = (kes: number) => Math.round(kes / 50) * 50;

/**
 * Idempotent: nothing happens when any sales category exists. Returns the number of prices set.
 * `actorId` is the person the master data is recorded by (a price-allocation user).
 */
export async function seedDemoSales(db: Database, actorId: string | undefined): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(salesCategories);
  if ((existing?.n ?? 0) > 0) return 0;
  const actor: Actor | null = actorId ? await loadActor(db, actorId) : null;
  if (!actor) throw new Error('demo sales: the user who records the sales master data is missing');

  const categoryIds = new Map<string, string>();
  for (const c of CATEGORIES) categoryIds.set(c.code, (await createSalesCategory(db, actor, c)).id);

  const models = await db
    .select({ id: ckdCategories.id, code: ckdCategories.code })
    .from(ckdCategories)
    .where(inArray(ckdCategories.code, [...new Set(PACKAGES.map((p) => p.model))]));
  const modelId = new Map(models.map((m) => [m.code, m.id]));
  const packages: { demo: DemoPackage; id: string }[] = [];
  for (const demo of PACKAGES) {
    const ckdCategoryId = modelId.get(demo.model);
    if (!ckdCategoryId) continue;
    const created = await createSalesPackage(db, actor, {
      name: demo.name,
      code: demo.code,
      ckdCategoryId,
      stovesPerPackage: demo.stovesPerPackage,
      extraItems: demo.extraItems,
      description: demo.description,
    });
    packages.push({ demo, id: created.id });
  }

  const cells = (factor: number, only?: (p: DemoPackage) => boolean) =>
    packages
      .filter(({ demo }) => !only || only(demo))
      .flatMap(({ demo, id }) =>
        Object.entries(demo.prices).map(([category, price]) => ({
          packageId: id,
          categoryId: categoryIds.get(category) ?? '',
          unitPrice: rounded(price * factor),
        })),
      );
  const today = demoToday();
  const lists = [
    { effectiveFrom: addDays(today, -FIRST_LIST_DAYS_AGO), note: 'Launch price list', prices: cells(1) },
    {
      effectiveFrom: addDays(today, -INCREASE_DAYS_AGO),
      note: 'Steel and transport costs up',
      prices: cells(INCREASE),
    },
  ];
  const dealerPack = packages.find((p) => p.demo.code === 'JPS-10');
  const wholesale = categoryIds.get('WHS');
  if (dealerPack && wholesale)
    lists.push({
      effectiveFrom: addDays(today, -INCREASE_DAYS_AGO),
      note: 'Corrected: dealer discount agreed',
      prices: [{ packageId: dealerPack.id, categoryId: wholesale, unitPrice: 30_800 }],
    });
  lists.push({
    effectiveFrom: addMonths(monthStart(today), 1),
    note: 'Next increase, announced to dealers',
    prices: cells(INCREASE * SCHEDULED_INCREASE, (p) => p.scheduledIncrease === true),
  });

  let set = 0;
  for (const list of lists) {
    if (list.prices.length === 0) continue;
    const created = await createSalesPrices(db, actor, { ...list, currency: 'KES' });
    set += created.items.length;
  }
  return set;
}
