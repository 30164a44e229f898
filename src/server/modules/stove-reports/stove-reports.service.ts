/**
 * Stove reports (DOMAIN.md §4 "Production"): a coupler reports the stoves assembled at a factory
 * on a day. Submitting couples the IDs (each in stock at that factory) and consumes one kit of the
 * stove model per stove, in one transaction, all or nothing. A production or factory manager may
 * void a report while all its IDs are still coupled: the IDs return to stock and the kits too.
 * Factory-scoped users report for, see and void only their own factory's reports.
 */
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { counted, plural } from '../../../common/counted';
import { personRef } from '../../../common/contracts/fields';
import type { ListResponse } from '../../../common/contracts/list';
import {
  mayVoidStoveReports,
  parseStoveReportNumber,
  stoveReportNumberLabel,
  type checkStoveReportSchema,
  type ListStoveReportsQuery,
  type StoveReport,
  type StoveReportCheck,
  type StoveReportCoupler,
  type StoveReportDetail,
  type StoveReportSummary,
  type StoveReportVerdict,
  type submitStoveReportSchema,
} from '../../../common/contracts/production';
import { STOVE_ID_STATUS_LABELS, type StoveIdStatus } from '../../../common/contracts/stove-ids';
import { normalizeCode } from '../../../common/stove-codes';
import type { Actor } from '../../auth/actor';
import { inScope, scopedFactoryFilter } from '../../auth/scope';
import type { Database, Executor } from '../../db/client';
import { errors, type ItemProblem } from '../../http/errors';
import { allPages, listPage } from '../../http/list';
import { insertAudit } from '../audit/audit.repository';
import { recordKitMovements } from '../ckd/ckd-ledger.repository';
import {
  documentStoveIdRows,
  lockDocumentStoveIds,
  putStoveIdsOnDocument,
} from '../stove-ids/document-stove-ids.repository';
import { changeStoveIdStatuses } from '../stove-ids/stove-id-status.repository';
import {
  checkCodes,
  lockEligibleIds,
  resolveDocumentFactory,
  type EligibilityRules,
} from '../stove-ids/stove-id-eligibility';
import { findFactories } from '../stove-transfers/stove-transfers.repository';
import {
  countReports,
  findCategory,
  findReportRow,
  insertReport,
  kitsInStock,
  listCouplerRows,
  listReportRows,
  lockReport,
  markReportVoided,
  REPORT_SORT_VALUES,
  summarizeReports,
  type CategoryRow,
  type ReportFilters,
  type ReportRow,
} from './stove-reports.repository';
import { refuseFutureDay } from '../factories/factory-days';

type SubmitInput = z.output<typeof submitStoveReportSchema>;
type CheckInput = z.output<typeof checkStoveReportSchema>;
type ReportQuery = Omit<ListStoveReportsQuery, 'limit' | 'cursor'>;

const RECORD_TYPE = 'stove_report';

// ---------------------------------------------------------------------------------------------
// Presenting

export function presentReport(row: ReportRow): StoveReport {
  return {
    id: row.id,
    number: row.number,
    date: row.date,
    status: row.status,
    factory: { id: row.factoryId, name: row.factoryName, code: row.factoryCode },
    category: { id: row.categoryId, name: row.categoryName, code: row.categoryCode, stoveModel: row.stoveModel },
    stoveCount: row.stoveCount,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    createdBy: personRef(row.createdById, row.createdByName, row.createdByEmail),
    voidReason: row.voidReason,
    voidedAt: row.voidedAt ? row.voidedAt.toISOString() : null,
    voidedBy: personRef(row.voidedById, row.voidedByName, row.voidedByEmail),
  };
}

async function readReport(db: Executor, id: string): Promise<StoveReport> {
  const row = await findReportRow(db, id);
  if (!row) throw new Error(`stove report ${id} vanished`);
  return presentReport(row);
}

const notFound = () => errors.notFound('No such stove report (or it is not one of your factory’s).');
const count = (n: number) => n.toLocaleString('en-US');
const stoveIds = (n: number) => counted(n, 'stove ID');

// ---------------------------------------------------------------------------------------------
// Eligibility (check and submit use the same rules; the verdicts are Validate Stove IDs')

/** In stock at the factory passes; the rest is refused with its reason. */
const REPORT_RULES: EligibilityRules<StoveReportVerdict> = {
  verdict: (v) => (v === 'in_stock' ? 'ok' : v === 'pass' ? 'coupled' : v),
  reasons: {
    unknown: 'Unknown stove ID: check the code',
    malformed: 'Not a stove ID (4-32 characters of A-Z, 0-9 and -)',
    bad_check_digit: 'Wrong check digit: the code was mistyped or misread',
    duplicate: 'Duplicate in the list',
    coupled: 'Already coupled (on another stove report)',
    validated: 'Already coupled and validated',
    sold: 'Sold',
    in_transit: 'In transit on a transfer: it can be reported once received',
    void: 'Void (damaged or lost label)',
  },
  done: 'reported',
};

async function resolveCategory(db: Executor, id: string): Promise<CategoryRow> {
  const category = await findCategory(db, id);
  if (!category)
    throw errors.validation('The stove model does not exist.', { categoryId: ['The stove model does not exist.'] });
  return category;
}

/** POST /api/stove-reports/check: each code's eligibility and the kits available; changes nothing. */
export async function checkReport(db: Database, actor: Actor, input: CheckInput): Promise<StoveReportCheck> {
  const factory = await resolveDocumentFactory(db, actor, input.factoryId);
  const category = input.categoryId ? await resolveCategory(db, input.categoryId) : null;
  const checked = await checkCodes(db, actor, REPORT_RULES, input.codes, factory.id);
  return { ...checked, kitsAvailable: category ? await kitsInStock(db, factory.id, category.id) : null };
}

// ---------------------------------------------------------------------------------------------
// Submitting

/**
 * POST /api/stove-reports: one transaction. Locks the IDs (in id order), refuses every one when
 * any cannot be reported (409 naming each with its reason), writes the report and its items,
 * marks the IDs coupled with the report as their document, consumes one kit per stove (409 when
 * the factory has too few: everything rolls back) and writes one audit row.
 */
export async function submitReport(db: Database, actor: Actor, input: SubmitInput): Promise<StoveReport> {
  const factory = await resolveDocumentFactory(db, actor, input.factoryId);
  if (!factory.active)
    throw errors.validation(`${factory.name} is inactive: reports are for active factories.`, {
      factoryId: ['This factory is inactive.'],
    });
  const category = await resolveCategory(db, input.categoryId);
  if (!category.active)
    throw errors.validation(`${category.name} is inactive: choose another stove model.`, {
      categoryId: ['This stove model is inactive.'],
    });

  return db.transaction(async (tx) => {
    await refuseFutureDay(tx, factory.id, input.date);
    const locked = await lockEligibleIds(tx, actor, REPORT_RULES, input.codes, factory.id);
    const ids = locked.map((l) => l.id);
    const report = await insertReport(tx, {
      date: input.date,
      factoryId: factory.id,
      categoryId: category.id,
      stoveCount: ids.length,
      note: input.note,
      actorId: actor.userId,
    });
    await putStoveIdsOnDocument(tx, { type: 'stove_report', id: report.id }, ids, {
      status: 'coupled',
      actorId: actor.userId,
    });
    await insertAudit(tx, {
      actorId: actor.userId,
      action: 'submit',
      recordType: RECORD_TYPE,
      recordId: report.id,
      after: {
        number: report.number,
        date: input.date,
        factory: factory.code,
        category: category.code,
        stoveCount: ids.length,
        note: input.note,
      },
    });
    // As readReport would read it, from what is at hand (a join fewer on the hot path).
    const presented: StoveReport = {
      id: report.id,
      number: report.number,
      date: input.date,
      status: 'submitted',
      factory: { id: factory.id, name: factory.name, code: factory.code },
      category: { id: category.id, name: category.name, code: category.code, stoveModel: category.stoveModel },
      stoveCount: ids.length,
      note: input.note,
      createdAt: report.createdAt.toISOString(),
      createdBy: { id: actor.userId, name: actor.name, email: actor.email },
      voidReason: null,
      voidedAt: null,
      voidedBy: null,
    };
    // Last: the kit balance row is locked until commit, so reports of one factory and model wait
    // for each other only over the end of the transaction.
    const kits = await recordKitMovements(tx, [
      {
        date: input.date,
        factoryId: factory.id,
        categoryId: category.id,
        kind: 'consumed',
        delta: -ids.length,
        stoveReportId: report.id,
        createdBy: actor.userId,
      },
    ]);
    if (!kits.ok) {
      const available = kits.shortages[0]?.available ?? 0;
      throw errors.itemProblems(
        `Not enough kits: ${factory.name} has ${count(available)} ${category.name} ${plural(available, 'kit', 'kits')} and this report needs ${count(ids.length)}. Nothing was reported.`,
        [
          {
            code: `${category.name} at ${factory.code}`,
            reason: `Not enough kits: ${count(available)} in stock, ${count(ids.length)} needed.`,
          },
        ],
      );
    }
    return presented;
  });
}

// ---------------------------------------------------------------------------------------------
// Voiding

const ONLY_VOIDERS =
  'Only an Admin, a Senior Production Manager, a Production Manager or a Factory Manager can void a stove report.';

/** Refuses (403) a caller whose groups may not void stove reports. */
export function assertMayVoid(actor: Actor): void {
  if (!mayVoidStoveReports(actor.groups)) throw errors.forbidden(ONLY_VOIDERS);
}

/** Why an ID of a report cannot go back to stock, or null when it can (coupled, at the report's factory). */
function voidProblem(
  id: { status: StoveIdStatus; factoryId: string },
  reportFactoryId: string,
  factoryCodes: ReadonlyMap<string, string>,
): string | null {
  if (id.status !== 'coupled')
    return `${STOVE_ID_STATUS_LABELS[id.status]} since: only coupled stove IDs can go back to stock`;
  if (id.factoryId !== reportFactoryId)
    return `Now at another factory (${factoryCodes.get(id.factoryId) ?? 'unknown'}): transfer it back first`;
  return null;
}

/**
 * POST /api/stove-reports/:id/void: one transaction. Locks the report (a second void waits, then
 * finds it voided: 409) and its IDs; refuses when any ID is no longer coupled at the report's
 * factory (409 naming each); else the IDs return to stock, the kits return to the factory on the
 * report's date, and the report is voided with the reason, who and when.
 */
export async function voidReport(db: Database, actor: Actor, id: string, reason: string): Promise<StoveReport> {
  assertMayVoid(actor);
  return db.transaction(async (tx) => {
    const report = await lockReport(tx, id);
    if (!report || !inScope(actor, report.factoryId)) throw notFound();
    const label = stoveReportNumberLabel(report.number);
    if (report.status === 'voided') throw errors.conflict(`${label} is already voided.`);
    const ids = await lockDocumentStoveIds(tx, { type: 'stove_report', id: report.id });
    if (ids.length !== report.stoveCount)
      throw new Error(`stove report ${report.id} holds ${ids.length} of its ${report.stoveCount} IDs`);
    const moved = ids.filter((i) => i.factoryId !== report.factoryId).map((i) => i.factoryId);
    const factoryCodes = new Map(
      [...(await findFactories(tx, [...new Set(moved)])).values()].map((f) => [f.id, f.code]),
    );
    const problems = ids.flatMap((i): ItemProblem[] => {
      const why = voidProblem(i, report.factoryId, factoryCodes);
      return why ? [{ code: i.code, reason: why }] : [];
    });
    if (problems.length > 0)
      throw errors.itemProblems(
        `${label} cannot be voided: ${count(problems.length)} of its ${stoveIds(ids.length)} ${plural(problems.length, 'is', 'are')} no longer coupled here. Nothing was changed.`,
        problems,
      );

    await changeStoveIdStatuses(tx, {
      ids: ids.map((i) => i.id),
      kind: 'report_voided',
      set: sql`status = 'in_stock'`,
      document: { type: 'stove_report', id: report.id },
      note: reason,
      actorId: actor.userId,
    });
    const kits = await recordKitMovements(tx, [
      {
        date: report.date,
        factoryId: report.factoryId,
        categoryId: report.categoryId,
        kind: 'consumption_reversed',
        delta: ids.length,
        stoveReportId: report.id,
        note: reason,
        createdBy: actor.userId,
      },
    ]);
    if (!kits.ok) throw new Error(`returning ${ids.length} kits was refused`);
    await markReportVoided(tx, report.id, reason, actor.userId);
    await insertAudit(tx, {
      actorId: actor.userId,
      action: 'void',
      recordType: RECORD_TYPE,
      recordId: report.id,
      before: { number: report.number, status: 'submitted' },
      after: { number: report.number, status: 'voided', reason },
    });
    return readReport(tx, report.id);
  });
}

// ---------------------------------------------------------------------------------------------
// Reading

function resolveFilters(actor: Actor, query: ReportQuery): ReportFilters {
  return {
    factoryId: scopedFactoryFilter(actor, query.factoryId),
    categoryId: query.categoryId,
    status: query.status,
    couplerId: query.couplerId,
    from: query.from,
    to: query.to,
    number: query.q ? (parseStoveReportNumber(query.q) ?? undefined) : undefined,
    code: query.q ? normalizeCode(query.q) : undefined,
    sort: query.sort,
    dir: query.dir,
  };
}

async function summarize(db: Executor, filters: ReportFilters): Promise<StoveReportSummary> {
  const summary: StoveReportSummary = { reports: 0, voided: 0, stoves: 0, byCategory: [] };
  for (const row of await summarizeReports(db, filters)) {
    if (row.status === 'voided') {
      summary.voided += row.reports;
      continue;
    }
    summary.reports += row.reports;
    summary.stoves += row.stoves;
    summary.byCategory.push({
      id: row.categoryId,
      name: row.categoryName,
      code: row.categoryCode,
      stoveModel: row.stoveModel,
      reports: row.reports,
      stoves: row.stoves,
    });
  }
  return summary;
}

/** GET /api/stove-reports: a page of the filtered reports, their count and their totals. */
export async function listReports(
  db: Database,
  actor: Actor,
  query: ListStoveReportsQuery,
): Promise<ListResponse<StoveReport> & { summary: StoveReportSummary }> {
  const filters = resolveFilters(actor, query);
  const [page, summary] = await Promise.all([
    listPage(query, {
      rows: (cursor, limit) => listReportRows(db, filters, cursor, limit),
      count: () => countReports(db, filters),
      sortValue: REPORT_SORT_VALUES[query.sort],
      present: presentReport,
    }),
    summarize(db, filters),
  ]);
  return { ...page, summary };
}

export function exportReports(db: Database, actor: Actor, query: ReportQuery) {
  const filters = resolveFilters(actor, query);
  return allPages((cursor, limit) => listReportRows(db, filters, cursor, limit), REPORT_SORT_VALUES[query.sort]);
}

/** GET /api/stove-reports/:id: the report, its IDs with their status now, and whether the actor may void it. */
export async function getReport(db: Database, actor: Actor, id: string): Promise<StoveReportDetail> {
  const row = await findReportRow(db, id);
  if (!row || !inScope(actor, row.factoryId)) throw notFound();
  const items = await documentStoveIdRows(db, { type: 'stove_report', id });
  const mayVoid = row.status === 'submitted' && mayVoidStoveReports(actor.groups);
  // Voiding puts every ID back in stock: offered only while all are still coupled (the void
  // itself checks again, under locks, and also that they are still at the report's factory).
  const movedOn = items.filter((i) => i.status !== 'coupled').length;
  return {
    ...presentReport(row),
    items,
    can: { void: mayVoid && movedOn === 0 },
    voidBlocked:
      mayVoid && movedOn > 0
        ? `It can no longer be voided: ${count(movedOn)} of its ${stoveIds(items.length)} ${plural(movedOn, 'is', 'are')} no longer coupled (see their status below). Only a report whose stove IDs are all still coupled can be voided.`
        : null,
  };
}

/** GET /api/stove-reports/couplers: who submitted reports, in the actor's scope. */
export async function listCouplers(
  db: Database,
  actor: Actor,
  factoryId: string | undefined,
): Promise<{ items: StoveReportCoupler[] }> {
  return { items: await listCouplerRows(db, scopedFactoryFilter(actor, factoryId)) };
}
