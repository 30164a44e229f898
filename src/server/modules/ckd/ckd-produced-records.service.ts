/**
 * Produced CKD records (DOMAIN.md §4 "CKD kits"): kits made at a plant. One transaction writes the
 * record, consumes the steel the category's usage says (per kit × kits, one ledger row per steel
 * category) and adds the kits to the plant's stock; when any steel is short, nothing is written
 * and the 409 lists each short steel category.
 */
import type { z } from 'zod';
import {
  parseProducedRecordNumber,
  producedRecordNumberLabel,
  steelForKits,
  type createProducedRecordSchema,
  type ListProducedRecordsQuery,
  type ProducedRecord,
} from '../../../common/contracts/ckd';
import { personRef } from '../../../common/contracts/fields';
import type { ListResponse } from '../../../common/contracts/list';
import type { Actor } from '../../auth/actor';
import { actingFactory, scopedFactoryFilter } from '../../auth/scope';
import type { Database } from '../../db/client';
import { errors } from '../../http/errors';
import { allPages, listPage } from '../../http/list';
import { insertAudit } from '../audit/audit.repository';
import { describeSteelShortages, recordSteelMovements } from '../steel/steel-ledger.repository';
import { recordKitMovements } from './ckd-ledger.repository';
import { lockCategory } from './ckd-categories.repository';
import { findCkdFactories } from './ckd-factories.repository';
import {
  countProducedRecords,
  findProducedRecordRow,
  insertProducedRecord,
  listProducedRecordRows,
  PRODUCED_SORT_VALUES,
  type ProducedRecordFilters,
  type ProducedRecordRow,
} from './ckd-produced-records.repository';
import { refuseFutureDay } from '../factories/factory-days';

type CreateInput = z.output<typeof createProducedRecordSchema>;
type RecordQuery = Omit<ListProducedRecordsQuery, 'limit' | 'cursor'>;

const RECORD_TYPE = 'ckd_produced_record';

export function presentProducedRecord(row: ProducedRecordRow): ProducedRecord {
  return {
    id: row.id,
    number: Number(row.number),
    date: row.date,
    factory: { id: row.factoryId, name: row.factoryName, code: row.factoryCode },
    category: { id: row.categoryId, name: row.categoryName, code: row.categoryCode },
    quantity: row.quantity,
    note: row.note,
    steelUsed: row.steelUsed.map((s) => ({ ...s, quantity: Number(s.quantity) })),
    createdAt: row.createdAt.toISOString(),
    createdBy: personRef(row.createdById, row.createdByName, row.createdByEmail),
  };
}

const invalid = (field: string, message: string) => errors.validation(message, { [field]: [message] });

/** POST /api/ckd/produced-records: all or nothing (see the file comment). */
export async function createProducedRecord(db: Database, actor: Actor, input: CreateInput): Promise<ProducedRecord> {
  const factoryId = actingFactory(actor, input.factoryId);
  return db.transaction(async (tx) => {
    const plant = (await findCkdFactories(tx, [factoryId])).get(factoryId);
    if (!plant) throw invalid('factoryId', 'This factory does not exist. Choose a plant.');
    if (!plant.active) throw invalid('factoryId', `${plant.name} is deactivated. Choose an active plant.`);
    if (plant.kind === 'assembly')
      throw invalid('factoryId', `${plant.name} is an assembly factory: kits are produced at a plant. Choose a plant.`);
    await refuseFutureDay(tx, factoryId, input.date);
    const category = await lockCategory(tx, input.categoryId, 'share');
    if (!category) throw invalid('categoryId', 'This CKD category does not exist. Choose another one.');
    if (!category.active)
      throw invalid(
        'categoryId',
        `${category.name} is deactivated. Reactivate it on CKD Categories, or choose another.`,
      );

    const record = await insertProducedRecord(tx, {
      date: input.date,
      factoryId,
      categoryId: category.id,
      quantity: input.quantity,
      note: input.note,
      actorId: actor.userId,
    });
    const label = producedRecordNumberLabel(Number(record.number));
    const steel = await recordSteelMovements(
      tx,
      category.usage.map((line) => ({
        date: input.date,
        factoryId,
        categoryId: line.steelCategoryId,
        kind: 'ckd_production' as const,
        quantity: steelForKits(line.quantityPerKit, input.quantity),
        reference: label,
        producedRecordId: record.id,
        createdBy: actor.userId,
      })),
    );
    if (!steel.ok) {
      const problems = await describeSteelShortages(tx, steel.shortages);
      throw errors.itemProblems(
        `Not enough steel at ${plant.code} to make ${input.quantity.toLocaleString('en-US')} ${category.name} kits: record the steel received on Steel Records first, or make fewer kits.`,
        problems,
      );
    }
    const kits = await recordKitMovements(tx, [
      {
        date: input.date,
        factoryId,
        categoryId: category.id,
        kind: 'produced',
        delta: input.quantity,
        producedRecordId: record.id,
        note: input.note,
        createdBy: actor.userId,
      },
    ]);
    if (!kits.ok) throw new Error('adding produced kits was refused');

    const row = await findProducedRecordRow(tx, record.id);
    if (!row) throw new Error(`produced record ${record.id} vanished`);
    const presented = presentProducedRecord(row);
    await insertAudit(tx, {
      actorId: actor.userId,
      action: 'create',
      recordType: RECORD_TYPE,
      recordId: record.id,
      after: presented,
    });
    return presented;
  });
}

/** The list's filters with the actor's scope: a factory-scoped user sees their own factory only. */
function resolveFilters(actor: Actor, query: RecordQuery): ProducedRecordFilters {
  const number = query.q ? parseProducedRecordNumber(query.q) : null;
  return {
    factoryId: scopedFactoryFilter(actor, query.factoryId),
    categoryId: query.categoryId,
    from: query.from,
    to: query.to,
    number: number ?? undefined,
    noMatch: query.q !== undefined && number === null,
    sort: query.sort,
    dir: query.dir,
  };
}

export function listProducedRecords(
  db: Database,
  actor: Actor,
  query: ListProducedRecordsQuery,
): Promise<ListResponse<ProducedRecord>> {
  const filters = resolveFilters(actor, query);
  return listPage(query, {
    rows: (cursor, limit) => listProducedRecordRows(db, filters, cursor, limit),
    count: () => countProducedRecords(db, filters),
    sortValue: PRODUCED_SORT_VALUES[query.sort],
    present: presentProducedRecord,
  });
}

export function exportProducedRecords(db: Database, actor: Actor, query: RecordQuery) {
  const filters = resolveFilters(actor, query);
  return allPages(
    (cursor, limit) => listProducedRecordRows(db, filters, cursor, limit),
    PRODUCED_SORT_VALUES[query.sort],
  );
}
