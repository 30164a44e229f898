/** SQL of daily production reports: one row per factory and day (a unique index holds it). */
import { and, eq, gte, ilike, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ListDailyProductionReportsQuery } from '../../../common/contracts/productivity';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/auth';
import { factories, profiles } from '../../db/schema/core';
import { dailyProductionReports } from '../../db/schema/production';
import { afterCursor, containsPattern, countCapped, orderBy, whereAll, type Cursor } from '../../http/list';

/** A report with its factory and people, as lists, exports and details read it. */
export interface DailyReportRow {
  id: string;
  date: string;
  factoryId: string;
  factoryName: string;
  factoryCode: string;
  couplersPresent: number;
  hoursWorked: number;
  defects: number;
  downtimeMinutes: number;
  notes: string | null;
  createdAt: Date;
  createdById: string | null;
  createdByName: string | null;
  createdByEmail: string | null;
  updatedAt: Date;
  updatedById: string | null;
  updatedByName: string | null;
  updatedByEmail: string | null;
}

export type NewDailyReportRow = typeof dailyProductionReports.$inferInsert;
export type DailyReportFigures = Pick<
  NewDailyReportRow,
  'couplersPresent' | 'hoursWorked' | 'defects' | 'downtimeMinutes' | 'notes'
>;

/** The filters of a list after factory scope: `factoryId` is what the caller may see. */
export type DailyReportFilters = Pick<ListDailyProductionReportsQuery, 'q' | 'from' | 'to' | 'dir'> & {
  factoryId: string | undefined;
};

const creator = alias(users, 'creator');
const creatorProfile = alias(profiles, 'creator_profile');
const updater = alias(users, 'updater');
const updaterProfile = alias(profiles, 'updater_profile');
const r = dailyProductionReports;

const COLUMNS = {
  id: r.id,
  date: r.date,
  factoryId: r.factoryId,
  factoryName: factories.name,
  factoryCode: factories.code,
  couplersPresent: r.couplersPresent,
  hoursWorked: r.hoursWorked,
  defects: r.defects,
  downtimeMinutes: r.downtimeMinutes,
  notes: r.notes,
  createdAt: r.createdAt,
  createdById: r.createdBy,
  createdByName: sql<string | null>`coalesce(${creatorProfile.name}, ${creator.name})`,
  createdByEmail: creator.email,
  updatedAt: r.updatedAt,
  updatedById: r.updatedBy,
  updatedByName: sql<string | null>`coalesce(${updaterProfile.name}, ${updater.name})`,
  updatedByEmail: updater.email,
};

function selectReports(db: Executor) {
  return db
    .select(COLUMNS)
    .from(r)
    .innerJoin(factories, eq(factories.id, r.factoryId))
    .leftJoin(creator, eq(creator.id, r.createdBy))
    .leftJoin(creatorProfile, eq(creatorProfile.id, r.createdBy))
    .leftJoin(updater, eq(updater.id, r.updatedBy))
    .leftJoin(updaterProfile, eq(updaterProfile.id, r.updatedBy));
}

function filtersWhere(f: DailyReportFilters): SQL | undefined {
  return whereAll(
    f.factoryId ? eq(r.factoryId, f.factoryId) : undefined,
    f.from ? gte(r.date, f.from) : undefined,
    f.to ? lte(r.date, f.to) : undefined,
    f.q ? ilike(r.notes, containsPattern(f.q)) : undefined,
  );
}

/** The cursor value of the one sort (the day). */
export const DAILY_REPORT_SORT_VALUE = (row: DailyReportRow): Cursor['v'] => row.date;

/** One page in (date, id) order; the cursor's day is compared as a date. */
export function listDailyReportRows(
  db: Executor,
  f: DailyReportFilters,
  cursor: Cursor | null,
  limit: number,
): Promise<DailyReportRow[]> {
  const exact = cursor ? sql`${cursor.v}::date` : undefined;
  return selectReports(db)
    .where(whereAll(filtersWhere(f), afterCursor(r.date, r.id, f.dir, cursor, exact)))
    .orderBy(...orderBy(r.date, r.id, f.dir))
    .limit(limit);
}

export function countDailyReports(db: Executor, f: DailyReportFilters) {
  return countCapped(db, sql`${r}`, filtersWhere(f), r);
}

export async function findDailyReportRow(db: Executor, id: string): Promise<DailyReportRow | null> {
  const [row] = await selectReports(db).where(eq(r.id, id));
  return row ?? null;
}

export async function findDailyReportId(db: Executor, factoryId: string, date: string): Promise<string | null> {
  const [row] = await db
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.factoryId, factoryId), eq(r.date, date)));
  return row?.id ?? null;
}

export async function insertDailyReport(db: Executor, values: NewDailyReportRow): Promise<string> {
  const [row] = await db.insert(r).values(values).returning({ id: r.id });
  if (!row) throw new Error('insert into daily_production_reports returned no row');
  return row.id;
}

/** The report, locked FOR UPDATE until the transaction ends (null when it does not exist). */
export async function lockDailyReport(db: Executor, id: string): Promise<DailyReportRow | null> {
  await db.select({ id: r.id }).from(r).where(eq(r.id, id)).for('update');
  return findDailyReportRow(db, id);
}

export async function updateDailyReportRow(
  db: Executor,
  id: string,
  values: Partial<DailyReportFigures> & { updatedBy: string },
): Promise<void> {
  await db
    .update(r)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(r.id, id));
}
