/**
 * Demo sales orders (`npm run demo`): about five months of sales at Nairobi (NBO, by the demo Sales
 * Manager) and Mombasa (MSA, by the demo Factory Manager), to the demo partners in their default
 * sales category, at the prices in force on each day: single stoves and bundles, now and then a
 * dealer pack of ten to a distributor. Two orders are canceled by the Senior Sales Manager (the
 * stoves came back), and two others have a stove or two returned on a return note, so Canceled
 * Sales has something to show on both tabs. Written through the sales order and return
 * service, so the IDs' history, the report's lines and the audit log agree.
 *
 * Runs after the stove ID, sales and partner demos. Uses the validated IDs at each factory and
 * leaves about a third of them unsold, so someone trying the order form finds stoves to sell.
 */
import { count, sql } from 'drizzle-orm';
import { addDays } from '../../common/calendar-days';
import { loadActor, type Actor } from '../auth/actor';
import { queryRows, type Database } from '../db/client';
import { salesOrders } from '../db/schema/sales-orders';
import { sequence } from './sequence';
import { cancelSalesOrder, createSalesOrder, getSalesOrder, orderPrices } from '../modules/sales/sales-orders.service';
import { createSalesReturn } from '../modules/sales/sales-returns.service';
import { demoToday } from './accounts';

/** How far back the orders go (the first demo price list is older). */
const DAYS = 150;
/** At most this share of a factory's validated IDs is sold. */
const ID_SHARE = 0.65;
/** Stoves on an order, on average (to spread a factory's orders over the days). */
const STOVES_PER_ORDER = 3.5;

interface Plan {
  factoryCode: string;
  seller: string;
}

const PLANS: Plan[] = [
  { factoryCode: 'NBO', seller: 'sales.manager@example.com' },
  { factoryCode: 'MSA', seller: 'factory.manager@example.com' },
];

const CANCEL_REASONS = [
  'Customer returned the stoves unopened: order placed twice',
  'Wrong customer on the order: re-entered under the right one',
];

/** Two returns of some stoves of an order: how many, and why. */
const RETURNS = [
  { stoves: 1, reason: 'Cracked liner found on delivery' },
  { stoves: 2, reason: 'Buyer changed their mind within the week' },
];

interface Customer {
  id: string;
  name: string;
  type: string;
  phone: string | null;
  region: string | null;
  contact: string | null;
  categoryId: string;
}

/**
 * Idempotent: nothing happens when any order exists. Returns the number of orders made.
 * `users` are the demo accounts by email.
 */
export async function seedDemoSalesOrders(
  db: Database,
  factoryIds: ReadonlyMap<string, string>,
  users: ReadonlyMap<string, string | undefined>,
): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(salesOrders);
  if ((existing?.n ?? 0) > 0) return 0;
  const canceler = await actorOf(db, users.get('senior.sales@example.com'));
  const customers = await queryRows<Customer>(
    db,
    sql`select id, name, type::text as type, phone, nullif(region, '') as region, contact_person as contact,
               default_sales_category_id as "categoryId"
          from partners where active and default_sales_category_id is not null order by name`,
  );
  if (customers.length === 0 || !canceler) return 0;

  const next = sequence(20_260_301);
  const today = demoToday();
  const made: string[] = [];
  for (const plan of PLANS) {
    const factoryId = factoryIds.get(plan.factoryCode);
    const seller = await actorOf(db, users.get(plan.seller));
    if (!factoryId || !seller) continue;
    const stock = (
      await queryRows<{ code: string }>(
        db,
        sql`select code from stove_ids where factory_id = ${factoryId} and status = 'validated' order by code`,
      )
    ).map((r) => r.code);
    let left = Math.floor(stock.length * ID_SHARE);
    let offset = 0;
    const every = Math.max(2, Math.round((DAYS * STOVES_PER_ORDER) / Math.max(1, left)));
    // From today back: the last weeks always have sales, however many IDs there are.
    for (let day = today; day > addDays(today, -DAYS) && left > 0; day = addDays(day, -every)) {
      const customer = customers[Math.floor(next() * customers.length)];
      if (!customer) continue;
      const lines = await chooseLines(db, day, customer, next, left);
      const stoves = lines.reduce((n, l) => n + l.quantity * l.stovesPerPackage, 0);
      if (stoves === 0 || stoves > left) continue;
      const codes = stock.slice(offset, offset + stoves);
      offset += stoves;
      left -= stoves;
      const order = await createSalesOrder(db, seller, {
        date: day,
        factoryId,
        customerId: customer.id,
        categoryId: null,
        lines: lines.map((l) => ({ packageId: l.packageId, quantity: l.quantity })),
        codes,
        buyerName: customer.type === 'individual' ? customer.name : (customer.contact ?? customer.name),
        buyerPhone: customer.phone,
        buyerLocation: customer.region,
        note: null,
      });
      made.push(order.id);
    }
  }
  // Two orders of some weeks ago were canceled later.
  for (const [i, reason] of CANCEL_REASONS.entries()) {
    const id = made[3 + i * 5];
    if (id) await cancelSalesOrder(db, canceler, id, reason);
  }
  // Two others had some stoves returned.
  for (const [i, { stoves, reason }] of RETURNS.entries()) {
    const id = made[6 + i * 5];
    if (!id) continue;
    const order = await getSalesOrder(db, canceler, id);
    const codes = order.returnable.slice(0, stoves).map((r) => r.code);
    if (codes.length > 0) await createSalesReturn(db, canceler, id, { codes, reason });
  }
  return made.length;
}

async function actorOf(db: Database, userId: string | undefined): Promise<Actor | null> {
  return userId ? loadActor(db, userId) : null;
}

interface ChosenLine {
  packageId: string;
  quantity: number;
  stovesPerPackage: number;
}

/**
 * One or two packages the customer's category has a price for on the day: a distributor sometimes
 * takes a dealer pack of ten, everyone else singles and bundles, one to three of each.
 */
async function chooseLines(
  db: Database,
  day: string,
  customer: Customer,
  next: () => number,
  left: number,
): Promise<ChosenLine[]> {
  const priced = (await orderPrices(db, { date: day, categoryId: customer.categoryId })).packages.filter(
    (p) => p.price !== null,
  );
  const packs = priced.filter((p) => p.stovesPerPackage > 1);
  const singles = priced.filter((p) => p.stovesPerPackage === 1);
  const pack = packs[0];
  if (customer.type === 'distributor' && pack && pack.stovesPerPackage <= left && next() < 0.5)
    return [{ packageId: pack.id, quantity: 1, stovesPerPackage: pack.stovesPerPackage }];
  const lines: ChosenLine[] = [];
  const kinds = next() < 0.3 ? 2 : 1;
  for (let i = 0; i < kinds && singles.length > 0; i++) {
    const choice = singles.splice(Math.floor(next() * singles.length), 1)[0];
    if (choice) lines.push({ packageId: choice.id, quantity: 1 + Math.floor(next() * 3), stovesPerPackage: 1 });
  }
  return lines;
}
