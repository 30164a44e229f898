/**
 * Steel records (DOMAIN.md §4 "Steel"): steel received, used, scrapped or adjusted at a factory,
 * one ledger row each; produced CKD records add their own ('Used by CKD production'). A record is
 * written with its stock change in one transaction, or refused whole when the stock would go
 * negative. Factory-scoped users see and record their own factory's steel only.
 */
import type { z } from 'zod';
import type { ListResponse } from '../../../common/contracts/list';
import type { createSteelRecordSchema, ListSteelRecordsQuery, SteelRecord } from '../../../common/contracts/steel';
import type { Actor } from '../../auth/actor';
import { actingFactory, scopedFactoryFilter } from '../../auth/scope';
import type { Database, Executor } from '../../db/client';
import { errors } from '../../http/errors';
import { allPages, decodeCursor, toPage } from '../../http/list';
import { insertAudits } from '../audit/audit.repository';
import { lockSteelCategoryShared } from './steel-categories.repository';
import { describeSteelShortages, recordSteelMovements } from './steel-ledger.repository';
import {
  countSteelRecords,
  findSteelRecordRows,
  listSteelRecordRows,
  lockFactoryShared,
  STEEL_RECORD_ID,
  STEEL_RECORD_SORT_VALUES,
  type SteelRecordFilters,
  type SteelRecordRow,
} from './steel-records.repository';
import { refuseFutureDay } from '../factories/factory-days';

type ValidRecord = z.output<typeof createSteelRecordSchema>;

const RECORD_TYPE = 'steel_record';

export function presentSteelRecord(row: SteelRecordRow): SteelRecord {
  return {
    id: Number(row.id),
    date: row.date,
    factory: { id: row.factoryId, name: row.factoryName, code: row.factoryCode },
    category: { id: row.categoryId, name: row.categoryName, unit: row.unit },
    kind: row.kind,
    quantity: row.quantity,
    delta: row.delta,
    supplier: row.supplier,
    unitCost: row.unitCost,
    reference: row.reference,
    note: row.note,
    producedRecord:
      row.producedRecordId && row.producedRecordNumber !== null
        ? { id: row.producedRecordId, number: row.producedRecordNumber }
        : null,
    createdAt: row.createdAt,
    createdBy:
      row.createdById && row.createdByEmail
        ? { id: row.createdById, name: row.createdByName, email: row.createdByEmail }
        : null,
  };
}

/** The filters with the factory scope applied: a factory-scoped user's own factory, whatever they asked. */
function scoped<Q extends SteelRecordFilters>(actor: Actor, query: Q): Q {
  return { ...query, factoryId: scopedFactoryFilter(actor, query.factoryId) };
}

export async function listSteelRecords(
  db: Database,
  actor: Actor,
  query: ListSteelRecordsQuery,
): Promise<ListResponse<SteelRecord>> {
  const filters = scoped(actor, query);
  const cursor = decodeCursor(query.cursor, STEEL_RECORD_ID);
  const [rows, count] = await Promise.all([
    listSteelRecordRows(db, filters, cursor, query.limit + 1),
    countSteelRecords(db, filters),
  ]);
  const page = toPage(rows, query.limit, STEEL_RECORD_SORT_VALUES[query.sort]);
  return { items: page.items.map(presentSteelRecord), nextCursor: page.nextCursor, ...count };
}

export function exportSteelRecords(db: Database, actor: Actor, query: SteelRecordFilters) {
  const filters = scoped(actor, query);
  return allPages(
    (cursor, limit) => listSteelRecordRows(db, filters, cursor, limit),
    STEEL_RECORD_SORT_VALUES[query.sort],
  );
}

const fieldError = (field: string, message: string) => errors.validation(message, { [field]: [message] });

/** Locks the factory and category of a record against deactivation; 400 when either is missing or inactive. */
async function lockTargets(tx: Executor, factoryId: string, categoryId: string): Promise<void> {
  const factory = await lockFactoryShared(tx, factoryId);
  if (!factory) throw fieldError('factoryId', 'This factory does not exist. Choose another factory.');
  if (!factory.active)
    throw fieldError('factoryId', `${factory.name} (${factory.code}) is deactivated: choose an active factory.`);
  const category = await lockSteelCategoryShared(tx, categoryId);
  if (!category) throw fieldError('categoryId', 'This steel category does not exist. Choose another one.');
  if (!category.active)
    throw fieldError(
      'categoryId',
      `${category.name} is deactivated: reactivate it on Steel Categories or choose another category.`,
    );
}

/**
 * Writes the movements to the ledger and audits each, in the caller's transaction; refuses them
 * all (409, nothing written) when a balance would go negative.
 */
async function postAudited(tx: Executor, actor: Actor, inputs: readonly ValidRecord[]): Promise<SteelRecord[]> {
  const posted = await recordSteelMovements(
    tx,
    inputs.map((input) => ({
      date: input.date,
      factoryId: input.factoryId,
      categoryId: input.categoryId,
      kind: input.kind,
      quantity: input.quantity,
      supplier: input.supplier,
      unitCost: input.unitCost,
      reference: input.reference,
      note: input.note,
      createdBy: actor.userId,
    })),
  );
  if (!posted.ok) {
    const problems = await describeSteelShortages(tx, posted.shortages);
    const reason = problems[0]?.reason ?? 'Not enough steel in stock.';
    throw errors.itemProblems(`${reason} Nothing was recorded.`, problems);
  }
  const records = (await findSteelRecordRows(tx, posted.ids)).map(presentSteelRecord);
  await insertAudits(
    tx,
    records.map((record) => ({
      actorId: actor.userId,
      action: 'create',
      recordType: RECORD_TYPE,
      recordId: String(record.id),
      after: record,
    })),
  );
  return records;
}

/**
 * POST /api/steel/records: checks the factory (in scope, existing, active) and the category
 * (existing, active), both locked against deactivation, then moves the stock and writes the
 * ledger row and its audit row, or refuses with 409 and writes nothing when stock would go negative.
 */
export async function createSteelRecord(db: Database, actor: Actor, input: ValidRecord): Promise<SteelRecord> {
  const factoryId = actingFactory(actor, input.factoryId);
  return db.transaction(async (tx) => {
    await lockTargets(tx, factoryId, input.categoryId);
    await refuseFutureDay(tx, factoryId, input.date);
    const [record] = await postAudited(tx, actor, [{ ...input, factoryId }]);
    if (!record) throw new Error('the steel ledger wrote no row');
    return record;
  });
}

/**
 * A history of movements at once (the demo data; a migration from spreadsheets), with the rules
 * of createSteelRecord for each, in one transaction: all are written or none. The balances are
 * checked once all are applied, so the movements should come in date order from a known stock.
 */
export async function recordSteelHistory(db: Database, actor: Actor, inputs: readonly ValidRecord[]): Promise<number> {
  return db.transaction(async (tx) => {
    const targets = new Set<string>();
    for (const input of inputs) {
      const factoryId = actingFactory(actor, input.factoryId);
      const key = `${factoryId}|${input.categoryId}`;
      if (targets.has(key)) continue;
      targets.add(key);
      await lockTargets(tx, factoryId, input.categoryId);
    }
    let written = 0;
    for (let i = 0; i < inputs.length; i += 1000)
      written += (await postAudited(tx, actor, inputs.slice(i, i + 1000))).length;
    return written;
  });
}
