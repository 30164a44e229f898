/**
 * SQL of stove reports. Status changes of the IDs go through
 * ../stove-ids/stove-id-status.repository.ts and kit stock through ../ckd/ckd-ledger.repository.ts;
 * this file writes the report and its items, locks reports, and reads them for lists and details.
 */
import { eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ListStoveReportsQuery, StoveReportStatus } from '../../../common/contracts/production';
import { queryRows, type Executor } from '../../db/client';
import { joinPerson, recordPerson } from '../../db/record-person';
import { factories } from '../../db/schema/core';
import { ckdCategories, stoveReports } from '../../db/schema/production';
import { afterCursor, countCapped, orderBy, whereAll, type Cursor } from '../../http/list';
import { holdsStoveIdCode } from '../stove-ids/document-stove-ids.repository';

export interface CategoryRow {
  id: string;
  name: string;
  code: string;
  stoveModel: string;
  active: boolean;
}

export async function findCategory(db: Executor, id: string): Promise<CategoryRow | null> {
  const [row] = await db
    .select({
      id: ckdCategories.id,
      name: ckdCategories.name,
      code: ckdCategories.code,
      stoveModel: ckdCategories.stoveModel,
      active: ckdCategories.active,
    })
    .from(ckdCategories)
    .where(eq(ckdCategories.id, id));
  return row ?? null;
}

/** Kits of a category in stock at a factory (0 when it never had any). */
export async function kitsInStock(db: Executor, factoryId: string, categoryId: string): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select quantity as n from ckd_stock where factory_id = ${factoryId} and category_id = ${categoryId}`,
  );
  return Number(row?.n ?? 0);
}

export interface NewStoveReport {
  date: string;
  factoryId: string;
  categoryId: string;
  stoveCount: number;
  note: string | null;
  actorId: string;
}

export async function insertReport(
  db: Executor,
  r: NewStoveReport,
): Promise<{ id: string; number: number; createdAt: Date }> {
  const [row] = await db
    .insert(stoveReports)
    .values({
      date: r.date,
      factoryId: r.factoryId,
      categoryId: r.categoryId,
      stoveCount: r.stoveCount,
      note: r.note,
      createdBy: r.actorId,
      updatedBy: r.actorId,
    })
    .returning({ id: stoveReports.id, number: stoveReports.number, createdAt: stoveReports.createdAt });
  if (!row) throw new Error('insert into stove_reports returned no row');
  return row;
}

export interface LockedReport {
  id: string;
  number: number;
  status: StoveReportStatus;
  date: string;
  factoryId: string;
  categoryId: string;
  stoveCount: number;
}

/** The report, locked FOR UPDATE until the transaction ends (null when it does not exist). */
export async function lockReport(db: Executor, id: string): Promise<LockedReport | null> {
  const [row] = await db
    .select({
      id: stoveReports.id,
      number: stoveReports.number,
      status: stoveReports.status,
      date: stoveReports.date,
      factoryId: stoveReports.factoryId,
      categoryId: stoveReports.categoryId,
      stoveCount: stoveReports.stoveCount,
    })
    .from(stoveReports)
    .where(eq(stoveReports.id, id))
    .for('update');
  return row ?? null;
}

export async function markReportVoided(db: Executor, id: string, reason: string, actorId: string): Promise<void> {
  const now = new Date();
  await db
    .update(stoveReports)
    .set({ status: 'voided', voidReason: reason, voidedAt: now, voidedBy: actorId, updatedAt: now, updatedBy: actorId })
    .where(eq(stoveReports.id, id));
}

// ---------------------------------------------------------------------------------------------
// Reading reports

/** A report with its factory, category and people, as lists, exports and details read it. */
export interface ReportRow {
  id: string;
  number: number;
  date: string;
  status: StoveReportStatus;
  factoryId: string;
  factoryName: string;
  factoryCode: string;
  categoryId: string;
  categoryName: string;
  categoryCode: string;
  stoveModel: string;
  stoveCount: number;
  note: string | null;
  createdAt: Date;
  createdById: string | null;
  createdByName: string | null;
  createdByEmail: string | null;
  voidReason: string | null;
  voidedAt: Date | null;
  voidedById: string | null;
  voidedByName: string | null;
  voidedByEmail: string | null;
}

const creator = recordPerson('creator', stoveReports.createdBy);
const voider = recordPerson('voider', stoveReports.voidedBy);

const REPORT_COLUMNS = {
  id: stoveReports.id,
  number: stoveReports.number,
  date: stoveReports.date,
  status: stoveReports.status,
  factoryId: factories.id,
  factoryName: factories.name,
  factoryCode: factories.code,
  categoryId: ckdCategories.id,
  categoryName: ckdCategories.name,
  categoryCode: ckdCategories.code,
  stoveModel: ckdCategories.stoveModel,
  stoveCount: stoveReports.stoveCount,
  note: stoveReports.note,
  createdAt: stoveReports.createdAt,
  createdById: stoveReports.createdBy,
  createdByName: creator.name,
  createdByEmail: creator.email,
  voidReason: stoveReports.voidReason,
  voidedAt: stoveReports.voidedAt,
  voidedById: stoveReports.voidedBy,
  voidedByName: voider.name,
  voidedByEmail: voider.email,
};

function selectReports(db: Executor) {
  const reports = db
    .select(REPORT_COLUMNS)
    .from(stoveReports)
    .innerJoin(factories, eq(factories.id, stoveReports.factoryId))
    .innerJoin(ckdCategories, eq(ckdCategories.id, stoveReports.categoryId))
    .$dynamic();
  return joinPerson(joinPerson(reports, creator), voider);
}

export async function findReportRow(db: Executor, id: string): Promise<ReportRow | null> {
  const [row] = await selectReports(db).where(eq(stoveReports.id, id));
  return row ?? null;
}

/** The list's filters as the service resolved them (scope applied). */
export interface ReportFilters {
  /** A factory-scoped user's factory, or a global user's chosen one. */
  factoryId?: string | undefined;
  categoryId?: string | undefined;
  status?: StoveReportStatus | undefined;
  couplerId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** A report number typed in the search. */
  number?: number | undefined;
  /** A stove ID code typed in the search. */
  code?: string | undefined;
  sort: ListStoveReportsQuery['sort'];
  dir: ListStoveReportsQuery['dir'];
}

export const REPORT_SORT_VALUES: Record<ListStoveReportsQuery['sort'], (row: ReportRow) => Cursor['v']> = {
  date: (r) => r.date,
  number: (r) => r.number,
};

function filtersWhere(f: ReportFilters): SQL | undefined {
  const r = stoveReports;
  const search =
    f.number !== undefined || f.code !== undefined
      ? or(
          f.number !== undefined ? eq(r.number, f.number) : undefined,
          f.code !== undefined ? holdsStoveIdCode('stove_report', r.id, f.code) : undefined,
        )
      : undefined;
  return whereAll(
    f.factoryId ? eq(r.factoryId, f.factoryId) : undefined,
    f.categoryId ? eq(r.categoryId, f.categoryId) : undefined,
    f.status ? eq(r.status, f.status) : undefined,
    f.couplerId ? eq(r.createdBy, f.couplerId) : undefined,
    f.from ? gte(r.date, f.from) : undefined,
    f.to ? lte(r.date, f.to) : undefined,
    search,
  );
}

export function listReportRows(
  db: Executor,
  f: ReportFilters,
  cursor: Cursor | null,
  limit: number,
): Promise<ReportRow[]> {
  const r = stoveReports;
  const sort = f.sort === 'number' ? r.number : r.date;
  return selectReports(db)
    .where(whereAll(filtersWhere(f), afterCursor(sort, r.id, f.dir, cursor)))
    .orderBy(...orderBy(sort, r.id, f.dir))
    .limit(limit);
}

export function countReports(db: Executor, f: ReportFilters) {
  return countCapped(db, sql`${stoveReports}`, filtersWhere(f), stoveReports);
}

export interface SummaryRow {
  status: StoveReportStatus;
  categoryId: string;
  categoryName: string;
  categoryCode: string;
  stoveModel: string;
  reports: number;
  stoves: number;
}

/** Reports and stoves of the filtered reports, per status and category (one grouped query). */
export function summarizeReports(db: Executor, f: ReportFilters): Promise<SummaryRow[]> {
  const where = filtersWhere(f);
  return queryRows<SummaryRow>(
    db,
    sql`select g.status, c.id as "categoryId", c.name as "categoryName", c.code as "categoryCode",
               c.stove_model as "stoveModel", g.reports, g.stoves
          from (select ${stoveReports.status} as status, ${stoveReports.categoryId} as category_id,
                       count(*)::int as reports, sum(${stoveReports.stoveCount})::int as stoves
                  from ${stoveReports}
                 ${where ? sql`where ${where}` : sql``}
                 group by 1, 2) g
          join ckd_categories c on c.id = g.category_id
         order by c.name`,
  );
}

/** The people who submitted reports (at one factory, or anywhere), by name. */
export function listCouplerRows(
  db: Executor,
  factoryId: string | undefined,
): Promise<{ id: string; name: string | null; email: string }[]> {
  return queryRows<{ id: string; name: string | null; email: string }>(
    db,
    sql`select u.id, coalesce(p.name, u.name) as name, u.email
          from (select distinct created_by from stove_reports
                 where created_by is not null ${factoryId ? sql`and factory_id = ${factoryId}` : sql``}) r
          join users u on u.id = r.created_by
          left join profiles p on p.id = u.id
         order by coalesce(p.name, u.name, u.email)`,
  );
}
