/**
 * Daily production reports (DOMAIN.md §4 "Production"): a supervisor's figures of one factory's
 * day — couplers present, hours worked, defects/rework, downtime, notes. One report per factory
 * and day: a second is refused (409) and the first is edited instead. Factory-scoped users report
 * for, see and edit only their own factory's. Every create and change is audited.
 */
import type { z } from 'zod';
import { personRef } from '../../../common/contracts/fields';
import { dayLabel } from '../../../common/calendar-days';
import type { ListResponse } from '../../../common/contracts/list';
import type {
  createDailyProductionReportSchema,
  DailyProductionReport,
  ListDailyProductionReportsQuery,
  updateDailyProductionReportSchema,
} from '../../../common/contracts/productivity';
import type { Actor } from '../../auth/actor';
import { actingFactory, inScope, scopedFactoryFilter } from '../../auth/scope';
import type { Database, Executor } from '../../db/client';
import { errors } from '../../http/errors';
import { allPages, decodeCursor, toPage } from '../../http/list';
import { insertAudit } from '../audit/audit.repository';
import { findFactoryById } from '../factories/factories.repository';
import { changeAudited } from '../audit/audited-change';
import {
  countDailyReports,
  DAILY_REPORT_SORT_VALUE,
  findDailyReportId,
  findDailyReportRow,
  insertDailyReport,
  listDailyReportRows,
  lockDailyReport,
  updateDailyReportRow,
  type DailyReportFilters,
  type DailyReportRow,
} from './daily-production-reports.repository';
import { violatedUniqueIndex } from '../../db/database-errors';
import { refuseFutureDay } from '../factories/factory-days';

type CreateInput = z.output<typeof createDailyProductionReportSchema>;
type UpdateInput = z.output<typeof updateDailyProductionReportSchema>;
type ReportQuery = Omit<ListDailyProductionReportsQuery, 'limit' | 'cursor'>;

const RECORD_TYPE = 'daily_production_report';
const UNIQUE_INDEX = 'daily_production_reports_factory_day_key';

const round2 = (n: number) => Math.round(n * 100) / 100;

export function presentDailyReport(row: DailyReportRow): DailyProductionReport {
  return {
    id: row.id,
    factory: { id: row.factoryId, name: row.factoryName, code: row.factoryCode },
    date: row.date,
    couplersPresent: row.couplersPresent,
    hoursWorked: Number(row.hoursWorked),
    workerHours: round2(row.couplersPresent * Number(row.hoursWorked)),
    defects: row.defects,
    downtimeMinutes: row.downtimeMinutes,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    createdBy: personRef(row.createdById, row.createdByName, row.createdByEmail),
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: personRef(row.updatedById, row.updatedByName, row.updatedByEmail),
  };
}

function scopedFilters(actor: Actor, query: ReportQuery): DailyReportFilters {
  if (query.from && query.to && query.from > query.to) {
    throw errors.validation('The end date is before the start date: choose an end on or after the start.', {
      to: ['Choose a day on or after the start'],
    });
  }
  return {
    q: query.q,
    from: query.from,
    to: query.to,
    dir: query.dir,
    factoryId: scopedFactoryFilter(actor, query.factoryId),
  };
}

export async function listDailyReports(
  db: Database,
  actor: Actor,
  query: ListDailyProductionReportsQuery,
): Promise<ListResponse<DailyProductionReport>> {
  const filters = scopedFilters(actor, query);
  const [rows, count] = await Promise.all([
    listDailyReportRows(db, filters, decodeCursor(query.cursor), query.limit + 1),
    countDailyReports(db, filters),
  ]);
  const page = toPage(rows, query.limit, DAILY_REPORT_SORT_VALUE);
  return { items: page.items.map(presentDailyReport), nextCursor: page.nextCursor, ...count };
}

export function exportDailyReports(db: Database, actor: Actor, query: ReportQuery) {
  const filters = scopedFilters(actor, query);
  return allPages((cursor, limit) => listDailyReportRows(db, filters, cursor, limit), DAILY_REPORT_SORT_VALUE);
}

const notFound = () => errors.notFound('No such daily report (or it is not one of your factory’s).');

export async function getDailyReport(db: Database, actor: Actor, id: string): Promise<DailyProductionReport> {
  const row = await findDailyReportRow(db, id);
  if (!row || !inScope(actor, row.factoryId)) throw notFound();
  return presentDailyReport(row);
}

function duplicate(factoryName: string, date: string) {
  const message = `A daily report for ${factoryName} on ${dayLabel(date)} already exists: edit that report instead.`;
  return errors.conflict(message, { date: [message] });
}

/** The unique index on (factory, day) refused an insert: another request created the report first. */
function isDuplicateDay(error: unknown): boolean {
  return violatedUniqueIndex(error) === UNIQUE_INDEX;
}

async function readReport(db: Executor, id: string): Promise<DailyProductionReport> {
  const row = await findDailyReportRow(db, id);
  if (!row) throw new Error(`daily report ${id} vanished`);
  return presentDailyReport(row);
}

/**
 * POST /api/daily-production-reports: 403 for another factory than a scoped user's own, 400 for an
 * unknown or deactivated factory, 409 when the factory already has a report for that day (also
 * when a concurrent request wrote it first: the unique index decides).
 */
export async function createDailyReport(
  db: Database,
  actor: Actor,
  input: CreateInput,
): Promise<DailyProductionReport> {
  const factoryId = actingFactory(actor, input.factoryId);
  const factory = await findFactoryById(db, factoryId);
  if (!factory)
    throw errors.validation('No such factory: choose one from the list.', { factoryId: ['No such factory'] });
  if (!factory.active) {
    const message = `${factory.name} is deactivated: choose an active factory.`;
    throw errors.validation(message, { factoryId: [message] });
  }
  await refuseFutureDay(db, factoryId, input.date);
  try {
    return await db.transaction(async (tx) => {
      if (await findDailyReportId(tx, factoryId, input.date)) throw duplicate(factory.name, input.date);
      const id = await insertDailyReport(tx, {
        factoryId,
        date: input.date,
        couplersPresent: input.couplersPresent,
        hoursWorked: input.hoursWorked,
        defects: input.defects,
        downtimeMinutes: input.downtimeMinutes,
        notes: input.notes,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      });
      const report = await readReport(tx, id);
      await insertAudit(tx, {
        actorId: actor.userId,
        action: 'create',
        recordType: RECORD_TYPE,
        recordId: id,
        after: report,
      });
      return report;
    });
  } catch (error) {
    if (isDuplicateDay(error)) throw duplicate(factory.name, input.date);
    throw error;
  }
}

/** PATCH /api/daily-production-reports/:id: the figures and notes, under a row lock; 404 outside the caller's scope. */
export async function updateDailyReport(
  db: Database,
  actor: Actor,
  id: string,
  input: UpdateInput,
): Promise<DailyProductionReport> {
  const row = await changeAudited(db, {
    actorId: actor.userId,
    recordType: RECORD_TYPE,
    id,
    action: 'update',
    notFound: 'No such daily report (or it is not one of your factory’s).',
    lock: async (tx, reportId) => {
      const current = await lockDailyReport(tx, reportId);
      return current && inScope(actor, current.factoryId) ? current : null;
    },
    apply: async (tx, current) => {
      await updateDailyReportRow(tx, current.id, { ...input, updatedBy: actor.userId });
      const updated = await findDailyReportRow(tx, current.id);
      if (!updated) throw new Error(`daily report ${current.id} vanished`);
      return updated;
    },
    audited: presentDailyReport,
  });
  return presentDailyReport(row);
}
