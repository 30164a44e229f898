/**
 * Seeds the demo factories and users of accounts.ts, demo partners, stove IDs, steel, CKD kits,
 * sales categories, packages and prices, stove reports, daily production reports, productivity
 * targets and general inventory (`npm run demo`).
 */
import { count } from 'drizzle-orm';
import type { PartnerType } from '../../common/contracts/partners';
import type { Database } from '../db/client';
import { partners } from '../db/schema/partners';
import { salesCategories } from '../db/schema/sales';
import { insertPartners } from '../modules/partners/partners.repository';
import { createFactory } from '../modules/factories/factories.service';
import { findFactoryByCode } from '../modules/factories/factories.repository';
import { createUser } from '../modules/users/users.service';
import { DEMO_FACTORIES, DEMO_PASSWORD, DEMO_TIME_ZONE, DEMO_USERS } from './accounts';
import { findUserIdByEmail } from '../modules/users/users.repository';
import { seedDemoAnnouncements } from './announcements';
import { seedDemoCalendar } from './calendar';
import { seedDemoCkd } from './ckd';
import { seedDemoDocumentation } from './documentation';
import { seedDemoInventory } from './inventory';
import { seedDemoProductivity } from './productivity';
import { seedDemoSales } from './sales';
import { seedDemoSalesOrders } from './sales-orders';
import { seedDemoSteel } from './steel';
import { seedDemoStoveIds } from './stove-ids';
import { seedDemoStoveReports } from './stove-reports';
import { writeCompanyTimeZone } from '../modules/factories/time-zones.repository';

/** What one seeding added, by kind. */
export interface DemoSeeded {
  factories: number;
  users: number;
  partners: number;
  stoveIds: number;
  steelRecords: number;
  ckdDocuments: number;
  salesPrices: number;
  stoveReports: number;
  productivity: number;
  inventoryEntries: number;
  salesOrders: number;
  calendarEvents: number;
  documentationPages: number;
  announcements: number;
}

/**
 * Idempotent: what exists already is left as it is. One transaction: a seeding that fails or is
 * killed part-way leaves nothing, and the next start seeds everything (issue 21).
 */
export function seedDemoData(db: Database): Promise<DemoSeeded> {
  return db.transaction((tx) => seedAll(tx));
}

async function seedAll(db: Database): Promise<DemoSeeded> {
  let factories = 0;
  let users = 0;
  const ids = new Map<string, string>();
  // Before the first start's default (the machine's zone, often UTC) can be set.
  await writeCompanyTimeZone(db, DEMO_TIME_ZONE, true);
  for (const f of DEMO_FACTORIES) {
    const existing = await findFactoryByCode(db, f.code);
    if (existing) {
      ids.set(f.code, existing.id);
      continue;
    }
    const created = await createFactory(db, null, f);
    ids.set(f.code, created.id);
    factories++;
  }
  for (const u of DEMO_USERS) {
    if (await findUserIdByEmail(db, u.email)) continue;
    await createUser(db, null, {
      email: u.email,
      name: u.name,
      password: DEMO_PASSWORD,
      groups: [u.group],
      factoryId: u.factoryCode ? (ids.get(u.factoryCode) ?? null) : null,
    });
    users++;
  }
  const userId = async (email: string) => (await findUserIdByEmail(db, email)) ?? undefined;
  const admin = await userId('admin@example.com');
  const stoveIds = await seedDemoStoveIds(db, ids, {
    admin,
    seniorProduction: await userId('senior.production@example.com'),
  });
  // The supply chain in its order: steel feeds the kits, kits feed the stove reports.
  const steelRecords = await seedDemoSteel(db, ids, await userId('senior.supervisor@example.com'));
  const ckdDocuments = await seedDemoCkd(db, ids, admin);
  // Sales packages are built on the kit categories.
  const salesPrices = await seedDemoSales(db, await userId('senior.sales@example.com'));
  const stoveReports = await seedDemoStoveReports(db, ids, {
    couplers: {
      MSA: await userId('coupler@example.com'),
      NBO: await userId('coupler.nbo@example.com'),
      KSM: await userId('coupler.ksm@example.com'),
    },
    factoryManager: await userId('factory.manager@example.com'),
    admin,
  });
  const productivity = await seedDemoProductivity(db, ids, admin);
  const inventoryEntries = await seedDemoInventory(db, ids, {
    store: await userId('senior.production@example.com'),
    factoryManager: await userId('factory.manager@example.com'),
    admin,
  });
  const partners = await seedDemoPartners(db);
  // Orders sell the validated IDs to the partners at the demo prices.
  const salesOrders = await seedDemoSalesOrders(
    db,
    ids,
    new Map(
      await Promise.all(
        ['senior.sales@example.com', 'sales.manager@example.com', 'factory.manager@example.com'].map(
          async (email) => [email, await userId(email)] as const,
        ),
      ),
    ),
  );
  const calendarEvents = await seedDemoCalendar(db, ids, admin);
  const documentationPages = await seedDemoDocumentation(db, admin);
  const announcements = await seedDemoAnnouncements(db, ids, {
    admin,
    sales: await userId('senior.sales@example.com'),
    production: await userId('senior.production@example.com'),
  });
  return {
    factories,
    users,
    partners,
    stoveIds,
    steelRecords,
    ckdDocuments,
    salesPrices,
    stoveReports,
    productivity,
    inventoryEntries,
    salesOrders,
    calendarEvents,
    documentationPages,
    announcements,
  };
}

const DEMO_PARTNER_NAMES: [string, PartnerType, string][] = [
  ['Jiko Bora Distributors', 'distributor', 'Nairobi'],
  ['Coast Clean Cooking Ltd', 'distributor', 'Mombasa'],
  ['Lakeside Energy Supplies', 'distributor', 'Kisumu'],
  ['Rift Valley Stoves', 'distributor', 'Nakuru'],
  ['Mama Njeri Hardware', 'retailer', 'Nairobi'],
  ['Kariakor Home Centre', 'retailer', 'Nairobi'],
  ['Bamburi Household Goods', 'retailer', 'Mombasa'],
  ['Kondele Stores', 'retailer', 'Kisumu'],
  ['Eldoret Farm & Home', 'retailer', 'Eldoret'],
  ['Thika Road Supermarket', 'retailer', 'Kiambu'],
  ["St. Mary's Girls School", 'institution', 'Kisumu'],
  ['Moi Teaching Hospital Kitchen', 'institution', 'Eldoret'],
  ['Nyeri County Prisons', 'institution', 'Nyeri'],
  ['Kakamega Boys High School', 'institution', 'Kakamega'],
  ['Green Hearth Foundation', 'ngo', 'Nairobi'],
  ['Clean Air for Kids', 'ngo', 'Mombasa'],
  ['Women in Energy Kenya', 'ngo', 'Kisumu'],
  ['Forest Guardians Trust', 'ngo', 'Nakuru'],
  ['Grace Wanjiku', 'individual', 'Nairobi'],
  ['Hassan Omar', 'individual', 'Mombasa'],
  ['Achieng Otieno', 'individual', 'Kisumu'],
  ['Peter Kamau', 'individual', 'Nyeri'],
];

/** The default sales category of each type of demo partner (codes of sales.ts). */
const DEMO_PARTNER_CATEGORY: Record<PartnerType, string> = {
  distributor: 'WHS',
  retailer: 'RET',
  institution: 'INS',
  ngo: 'NGO',
  individual: 'RET',
};

/** A realistic set of partners, only into an empty table; each with its type's default sales category. */
async function seedDemoPartners(db: Database): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(partners);
  if ((existing?.n ?? 0) > 0) return 0;
  const categories = new Map(
    (await db.select({ id: salesCategories.id, code: salesCategories.code }).from(salesCategories)).map((c) => [
      c.code,
      c.id,
    ]),
  );
  const rows = await insertPartners(
    db,
    DEMO_PARTNER_NAMES.map(([name, type, region], i) => ({
      name,
      type,
      region,
      contactPerson: type === 'individual' ? null : ['Joseph Mwangi', 'Ann Wairimu', 'Ali Said', 'Ruth Atieno'][i % 4],
      phone: `+254 7${String(10 + i).padStart(2, '0')} ${String(100000 + i * 7919).slice(0, 6)}`,
      email: type === 'individual' ? null : `orders${i}@example.com`,
      address: `${region}, Kenya`,
      defaultSalesCategoryId: categories.get(DEMO_PARTNER_CATEGORY[type]) ?? null,
      active: i !== 7,
    })),
  );
  return rows.length;
}
