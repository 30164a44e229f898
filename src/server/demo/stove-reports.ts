/**
 * Demo stove reports (`npm run demo`): about four months of couplers' reports at Mombasa (MSA, by
 * the demo Stove Coupler) and at the Nairobi plant (NBO, by the Admin), using the demo stove IDs
 * in stock and the kits the CKD demo sent there, and one report voided by MSA's Factory Manager.
 * Written through the stove reports service, so the IDs' history, the kit ledger, its daily totals
 * and the audit log agree.
 *
 * Runs after the stove ID and CKD demos. A report is only dated on a day from which the factory's
 * kit stock, day by day, stays enough for it (so the CKD reports never show a negative balance);
 * with too few kits or IDs there are fewer reports.
 */
import { count, sql } from 'drizzle-orm';
import { addDays, utcToday } from '../../common/calendar-days';
import { loadActor, type Actor } from '../auth/actor';
import { queryRows, type Database } from '../db/client';
import { stoveReports } from '../db/schema/production';
import { sequence } from './sequence';
import { submitReport, voidReport } from '../modules/stove-reports/stove-reports.service';

/** How far back the reports go. */
const DAYS = 120;
/** At most this share of a factory's in-stock demo IDs is coupled (the rest stay for other screens). */
const ID_SHARE = 0.6;
/** This share of the kits a factory received stays in stock, so a coupler trying the form finds kits. */
const KIT_RESERVE = 0.25;

interface Plan {
  factoryCode: string;
  /** Days between two reports. */
  every: number;
  /** Stoves in one report: between these. */
  min: number;
  max: number;
  note: string;
}

const PLANS: Plan[] = [
  { factoryCode: 'MSA', every: 3, min: 3, max: 9, note: 'Day shift' },
  { factoryCode: 'NBO', every: 6, min: 4, max: 12, note: 'Assembly line 1' },
];

/** Kits of one category at one factory, day by day: what may still be consumed on a day. */
class KitCalendar {
  /** Net change per day (produced + received − sent − consumed + adjusted), by day. */
  private readonly changes = new Map<string, number>();
  /** Kits kept in stock whatever the day. */
  private readonly reserve: number;

  constructor(rows: readonly { day: string; net: number }[]) {
    for (const r of rows) this.changes.set(r.day, (this.changes.get(r.day) ?? 0) + r.net);
    this.reserve = Math.ceil(KIT_RESERVE * rows.reduce((sum, r) => sum + Math.max(0, r.net), 0));
  }

  /** The least stock on any day from `day` on, less the reserve: what a report dated `day` may consume. */
  availableFrom(day: string): number {
    let balance = 0;
    let least = Number.POSITIVE_INFINITY;
    for (const d of [...this.changes.keys()].sort()) {
      // The stock on `day` itself, when no movement falls on it.
      if (d > day && least === Number.POSITIVE_INFINITY) least = balance;
      balance += this.changes.get(d) ?? 0;
      if (d >= day) least = Math.min(least, balance);
    }
    // No movement on or after the day: the stock then is the final balance.
    return (least === Number.POSITIVE_INFINITY ? balance : least) - this.reserve;
  }

  consume(day: string, n: number): void {
    this.changes.set(day, (this.changes.get(day) ?? 0) - n);
  }
}

async function kitCalendars(db: Database, factoryId: string): Promise<Map<string, KitCalendar>> {
  const rows = await queryRows<{ categoryId: string; day: string; net: number }>(
    db,
    sql`select d.category_id as "categoryId", d.day::text as day,
               (d.produced + d.received - d.sent - d.consumed + d.adjusted)::int as net
          from ckd_daily d
          join ckd_categories c on c.id = d.category_id and c.active
         where d.factory_id = ${factoryId}
         order by d.category_id, d.day`,
  );
  const byCategory = new Map<string, { day: string; net: number }[]>();
  for (const r of rows) byCategory.set(r.categoryId, [...(byCategory.get(r.categoryId) ?? []), r]);
  return new Map([...byCategory].map(([id, days]) => [id, new KitCalendar(days)]));
}

/** The factory's demo IDs in stock (not on a transfer), in code order. */
async function inStockCodes(db: Database, factoryId: string): Promise<string[]> {
  const rows = await queryRows<{ code: string }>(
    db,
    sql`select code from stove_ids where factory_id = ${factoryId} and status = 'in_stock' order by code`,
  );
  return rows.map((r) => r.code);
}

async function actorFor(db: Database, userId: string | undefined): Promise<Actor | null> {
  return userId ? loadActor(db, userId) : null;
}

/**
 * Idempotent: nothing happens when any stove report exists. Returns the number of reports made
 * (the voided one included).
 */
export async function seedDemoStoveReports(
  db: Database,
  factoryIds: ReadonlyMap<string, string>,
  userIds: { coupler?: string; factoryManager?: string; admin?: string },
): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(stoveReports);
  if ((existing?.n ?? 0) > 0) return 0;
  const admin = await actorFor(db, userIds.admin);
  if (!admin) throw new Error('demo stove reports: the demo Admin is missing');
  const coupler = (await actorFor(db, userIds.coupler)) ?? admin;
  const manager = (await actorFor(db, userIds.factoryManager)) ?? admin;
  const today = utcToday(new Date());
  const next = sequence(20_260_105);

  let made = 0;
  const msaReports: string[] = [];
  for (const plan of PLANS) {
    const factoryId = factoryIds.get(plan.factoryCode);
    if (!factoryId) throw new Error(`demo stove reports: factory ${plan.factoryCode} is missing`);
    // The MSA coupler reports for MSA; NBO's reports are entered by the Admin.
    const actor = plan.factoryCode === 'MSA' && coupler.factory?.id === factoryId ? coupler : admin;
    const calendars = await kitCalendars(db, factoryId);
    const categories = [...calendars.keys()].sort();
    if (categories.length === 0) continue;
    const codes = await inStockCodes(db, factoryId);
    let left = Math.floor(codes.length * ID_SHARE);
    let taken = 0;
    for (let back = DAYS, i = 0; back >= 1 && left > 0; back -= plan.every, i++) {
      const date = addDays(today, -back);
      const categoryId = categories[i % categories.length] ?? '';
      const calendar = calendars.get(categoryId);
      if (!calendar) continue;
      const wanted = plan.min + Math.floor(next() * (plan.max - plan.min + 1));
      const n = Math.min(wanted, left, calendar.availableFrom(date));
      if (n <= 0) continue;
      const report = await submitReport(db, actor, {
        factoryId,
        date,
        categoryId,
        codes: codes.slice(taken, taken + n),
        note: i % 4 === 0 ? plan.note : null,
      });
      calendar.consume(date, n);
      taken += n;
      left -= n;
      made++;
      if (plan.factoryCode === 'MSA') msaReports.push(report.id);
    }
  }

  // A report scanned from the wrong tray, voided by MSA's Factory Manager (its IDs and kits return).
  const mistaken = msaReports[msaReports.length - 3];
  if (mistaken) await voidReport(db, manager, mistaken, 'Scanned the labels of the wrong tray');
  return made;
}
