/**
 * Demo stove reports (`npm run demo`): the last DEMO_PRODUCTION_DAYS working days of each
 * factory's coupler (one demo Stove Coupler per factory), each day about the factory's target,
 * less on its bad days (production-days.ts), within the kits the CKD demo sent there; one MSA
 * report voided by its Factory Manager. The labels come from a batch printed for the month's
 * production. Written through the stove reports service, so the IDs' history, the kit ledger, its
 * daily totals and the audit log agree; the daily production reports (productivity.ts) are made
 * from these reports.
 *
 * Runs after the stove ID and CKD demos. A report is only dated on a day from which the factory's
 * kit stock, day by day, stays enough for it (so the CKD reports never show a negative balance).
 */
import { count, sql } from 'drizzle-orm';
import { addDays, isoWeekday } from '../../common/calendar-days';
import { loadActor, type Actor } from '../auth/actor';
import { queryRows, type Database } from '../db/client';
import { stoveReports } from '../db/schema/production';
import { planBatch, writeBatch } from '../modules/stove-ids/stove-id-batches.service';
import { submitReport, voidReport } from '../modules/stove-reports/stove-reports.service';
import { DEMO_PRODUCTION_DAYS, demoTarget, productionDay } from './production-days';
import { demoToday } from './accounts';

/**
 * This share of the kits a factory received stays in stock (at most KIT_RESERVE_MAX of a kind), so
 * a coupler trying the form finds kits.
 */
const KIT_RESERVE = 0.25;
const KIT_RESERVE_MAX = 40;

/** Where each factory's month of labels is numbered (clear of the stove ID demo's batches). */
const MONTH_BATCH_FIRST_NUMBER: Readonly<Record<string, number>> = { MSA: 5001, NBO: 6001, KSM: 7001 };

/** Kits of one category at one factory, day by day: what may still be consumed on a day. */
class KitCalendar {
  /** Net change per day (produced + received − sent − consumed + adjusted), by day. */
  private readonly changes = new Map<string, number>();
  /** Kits kept in stock whatever the day. */
  private readonly reserve: number;

  constructor(rows: readonly { day: string; net: number }[]) {
    for (const r of rows) this.changes.set(r.day, (this.changes.get(r.day) ?? 0) + r.net);
    this.reserve = Math.min(
      KIT_RESERVE_MAX,
      Math.ceil(KIT_RESERVE * rows.reduce((sum, r) => sum + Math.max(0, r.net), 0)),
    );
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

/** The last `n` working days (Monday to Friday) before `today`, oldest first. */
function workingDaysBefore(today: string, n: number): string[] {
  const days: string[] = [];
  for (let back = 1; days.length < n; back++) {
    const day = addDays(today, -back);
    if (isoWeekday(day) <= 5) days.unshift(day);
  }
  return days;
}

async function actorFor(db: Database, userId: string | undefined): Promise<Actor | null> {
  return userId ? loadActor(db, userId) : null;
}

/**
 * Idempotent: nothing happens when any stove report exists. `couplers`: the demo Stove Coupler of
 * each factory code (a factory without one reports nothing). Returns the number of reports made
 * (the voided one included).
 */
export async function seedDemoStoveReports(
  db: Database,
  factoryIds: ReadonlyMap<string, string>,
  userIds: { couplers: Readonly<Record<string, string | undefined>>; factoryManager?: string; admin?: string },
): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(stoveReports);
  if ((existing?.n ?? 0) > 0) return 0;
  const admin = await actorFor(db, userIds.admin);
  if (!admin) throw new Error('demo stove reports: the demo Admin is missing');
  const manager = (await actorFor(db, userIds.factoryManager)) ?? admin;
  const today = demoToday();
  const days = workingDaysBefore(today, DEMO_PRODUCTION_DAYS);

  let made = 0;
  const msaReports: string[] = [];
  for (const [factoryCode, couplerId] of Object.entries(userIds.couplers)) {
    const factoryId = factoryIds.get(factoryCode);
    if (!factoryId) throw new Error(`demo stove reports: factory ${factoryCode} is missing`);
    const coupler = await actorFor(db, couplerId);
    if (!coupler || coupler.factory?.id !== factoryId) continue;
    const calendars = await kitCalendars(db, factoryId);
    if (calendars.size === 0) continue;

    // What the coupler makes each day: the target, less on a bad day.
    const wanted = days.map((date) => Math.round(demoTarget(factoryCode) * productionDay(factoryCode, date).factor));
    const labels = wanted.reduce((n, w) => n + w, 0);
    const batch = await writeBatch(
      db,
      admin,
      await planBatch(db, admin, {
        factoryId,
        prefix: 'STV',
        firstNumber: MONTH_BATCH_FIRST_NUMBER[factoryCode] ?? 9001,
        count: labels,
        width: 7,
        note: "Labels for the month's production",
      }),
    );
    const codes = await batchCodes(db, batch.id);
    let taken = 0;
    for (const [i, date] of days.entries()) {
      // The kit type with the most kits that day, and when it runs short, the next one (a report each).
      let left = wanted[i] ?? 0;
      const kinds = [...calendars].sort(([, a], [, b]) => b.availableFrom(date) - a.availableFrom(date));
      for (const [categoryId, calendar] of kinds.slice(0, 2)) {
        const n = Math.min(left, calendar.availableFrom(date), codes.length - taken);
        if (n <= 0) continue;
        const report = await submitReport(db, coupler, {
          factoryId,
          date,
          categoryId,
          codes: codes.slice(taken, taken + n),
          note: null,
        });
        calendar.consume(date, n);
        taken += n;
        left -= n;
        made++;
        if (factoryCode === 'MSA') msaReports.push(report.id);
      }
    }
  }

  // A report scanned from the wrong tray, voided by MSA's Factory Manager (its IDs and kits return).
  const mistaken = msaReports[msaReports.length - 3];
  if (mistaken) await voidReport(db, manager, mistaken, 'Scanned the labels of the wrong tray');
  return made;
}

/** A batch's codes, in code order. */
async function batchCodes(db: Database, batchId: string): Promise<string[]> {
  const rows = await queryRows<{ code: string }>(
    db,
    sql`select code from stove_ids where batch_id = ${batchId} order by code`,
  );
  return rows.map((r) => r.code);
}
