/**
 * The stove ID registry (DOMAIN.md §4 "Stove IDs"): the list and its export, one ID with its
 * history, voiding, and label sheets. Factory-scoped users see and act only on their factory's IDs.
 */
import { sql } from 'drizzle-orm';
import { counted } from '../../../common/counted';
import { stoveReportNumberLabel } from '../../../common/contracts/production';
import { salesOrderNumberLabel } from '../../../common/contracts/sales-orders';
import {
  batchNumberLabel,
  STOVE_ID_STATUS_LABELS,
  type LabelSheet,
  type ListStoveIdsQuery,
  type StoveDocumentType,
  type StoveId,
  type StoveIdDetail,
  type StoveIdEvent,
} from '../../../common/contracts/stove-ids';
import { normalizeCode } from '../../../common/stove-codes';
import type { Actor } from '../../auth/actor';
import { inScope, scopedFactoryFilter } from '../../auth/scope';
import type { Database } from '../../db/client';
import { errors, type ItemProblem } from '../../http/errors';
import { allPages, decodeCursor, listResponseJson, type JsonText } from '../../http/list';
import { insertAudit } from '../audit/audit.repository';
import { findBatch } from './stove-id-batches.repository';
import { changeStoveIdStatuses, lockStoveIdsByCodes } from './stove-id-status.repository';
import {
  countStoveIds,
  findLabelRowsByCodes,
  findStoveIdByCode,
  listBatchLabelRows,
  listStoveIdRows,
  listStoveIdsJson,
  STOVE_ID_SORT_VALUES,
  type StoveIdRow,
} from './stove-ids.repository';
import { currentDocument } from './current-document';

/** stove_ids ids are integers. */
const NUMERIC_ID = /^\d{1,18}$/;

/** "B-000123", "TR-000123". */
export const batchLabel = batchNumberLabel;
export const transferLabel = (number: number) => `TR-${String(number).padStart(6, '0')}`;

const DOCUMENT_NAMES: Record<StoveDocumentType, string> = {
  batch: 'Batch',
  transfer: 'Transfer',
  stove_report: 'Stove report',
  sales_order: 'Sales order',
};

/** A document's label: the transfer's, batch's, stove report's or sales order's number, else its type and the start of its id. */
export function documentLabel(type: StoveDocumentType, id: string, number: number | null): string {
  if (type === 'transfer' && number !== null) return transferLabel(number);
  if (type === 'batch' && number !== null) return batchLabel(number);
  if (type === 'stove_report' && number !== null) return stoveReportNumberLabel(number);
  if (type === 'sales_order' && number !== null) return salesOrderNumberLabel(number);
  return `${DOCUMENT_NAMES[type]} ${id.slice(0, 8)}`;
}

export function presentStoveId(row: StoveIdRow): StoveId {
  return {
    id: Number(row.id),
    code: row.code,
    status: row.status,
    heldStatus: row.heldStatus,
    factory: { id: row.factoryId, name: row.factoryName, code: row.factoryCode },
    batch: { id: row.batchId, number: row.batchNumber, kind: row.batchKind },
    pendingTransferId: row.pendingTransferId,
    voidReason: row.voidReason,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

type Filters = Omit<ListStoveIdsQuery, 'limit' | 'cursor'>;

function scoped<F extends Filters>(actor: Actor, query: F): F & { timeZone: string } {
  return { ...query, factoryId: scopedFactoryFilter(actor, query.factoryId), timeZone: actor.timeZone };
}

/**
 * A page of the list (ListResponse<StoveId>) as JSON text: the database builds the items in their
 * final shape, and the route sends them as they come (decision 0016).
 */
export async function listStoveIds(db: Database, actor: Actor, query: ListStoveIdsQuery): Promise<JsonText> {
  const f = scoped(actor, query);
  const cursor = decodeCursor(query.cursor, NUMERIC_ID);
  const [page, count] = await Promise.all([listStoveIdsJson(db, f, cursor, query.limit), countStoveIds(db, f)]);
  return listResponseJson(page, count);
}

/** Every page of the filtered list, for the CSV export. */
export function exportStoveIds(db: Database, actor: Actor, query: Filters) {
  const f = scoped(actor, query);
  return allPages((cursor, limit) => listStoveIdRows(db, f, cursor, limit), STOVE_ID_SORT_VALUES[query.sort]);
}

export const STOVE_ID_CSV_COLUMNS: { header: string; value: (row: StoveIdRow) => string | null }[] = [
  { header: 'Code', value: (r) => r.code },
  { header: 'Status', value: (r) => STOVE_ID_STATUS_LABELS[r.status] },
  { header: 'Factory', value: (r) => r.factoryName },
  { header: 'Batch', value: (r) => batchLabel(r.batchNumber) },
  { header: 'Created', value: (r) => r.createdAt },
  { header: 'Updated', value: (r) => r.updatedAt },
  { header: 'Void reason', value: (r) => r.voidReason },
];

const notFound = (code: string) => errors.notFound(`No stove ID ${code} was found.`);

/**
 * One ID with its whole history and its current document. A factory-scoped user sees their
 * factory's IDs and those on a pending transfer to their factory; any other is "not found".
 */
export async function getStoveId(db: Database, actor: Actor, rawCode: string): Promise<StoveIdDetail> {
  const code = normalizeCode(rawCode);
  const row = await findStoveIdByCode(db, code);
  if (!row) throw notFound(code);
  const visible =
    inScope(actor, row.factoryId) ||
    (row.transitToFactoryId !== null && actor.factory !== null && row.transitToFactoryId === actor.factory.id);
  if (!visible) throw notFound(code);

  const events: StoveIdEvent[] = row.events.map((e) => ({
    id: e.id,
    kind: e.kind,
    fromStatus: e.fromStatus,
    toStatus: e.toStatus,
    factory: { id: e.factoryId, name: e.factoryName, code: e.factoryCode },
    document:
      e.documentType && e.documentId
        ? {
            type: e.documentType,
            id: e.documentId,
            label: documentLabel(e.documentType, e.documentId, e.documentNumber),
          }
        : null,
    note: e.note,
    at: e.at,
    actor: e.actorId && e.actorEmail ? { id: e.actorId, name: e.actorName, email: e.actorEmail } : null,
  }));
  return { ...presentStoveId(row), events, currentDocument: currentDocument(events) };
}

// ---------------------------------------------------------------------------------------------
// Voiding

/** Codes as given, normalized, each once, in their first order. */
function distinctCodes(raw: readonly string[]): string[] {
  return [...new Set(raw.map(normalizeCode).filter((c) => c.length > 0))];
}

const VOID_REFUSED: Partial<Record<StoveId['status'], string>> = {
  sold: 'Sold: a sold stove ID cannot be voided',
  in_transit: 'In transit: cancel or finish its transfer first',
  void: 'Already void',
};

/** Most codes one audit row lists (the history holds every ID's own event). */
const AUDIT_CODES_MAX = 1000;

/**
 * Voids the IDs (label damaged or lost) with a reason: all or nothing. Refused with each
 * offending code's reason when any is unknown, out of the actor's scope, sold, in transit or void.
 */
export async function voidStoveIds(
  db: Database,
  actor: Actor,
  input: { codes: string[]; reason: string },
): Promise<{ voided: number }> {
  const codes = distinctCodes(input.codes);
  if (codes.length === 0)
    throw errors.validation('Add at least one stove ID.', { codes: ['Add at least one stove ID'] });
  return db.transaction(async (tx) => {
    const locked = await lockStoveIdsByCodes(tx, codes);
    const byCode = new Map(locked.map((r) => [r.code, r]));
    const problems: ItemProblem[] = [];
    for (const code of codes) {
      const row = byCode.get(code);
      if (!row || !inScope(actor, row.factoryId)) {
        problems.push({ code, reason: actor.isGlobal ? 'Unknown stove ID' : 'Not found at your factory' });
        continue;
      }
      const refused = VOID_REFUSED[row.status];
      if (refused) problems.push({ code, reason: refused });
    }
    if (problems.length > 0) {
      throw errors.itemProblems(
        `${problems.length.toLocaleString('en-US')} of the ${codes.length.toLocaleString('en-US')} stove IDs cannot be voided; nothing was changed.`,
        problems,
      );
    }
    const voided = await changeStoveIdStatuses(tx, {
      ids: locked.map((r) => r.id),
      kind: 'voided',
      set: sql`status = 'void', void_reason = ${input.reason}`,
      note: input.reason,
      actorId: actor.userId,
    });
    await insertAudit(tx, {
      actorId: actor.userId,
      action: 'void',
      recordType: 'stove_id',
      recordId: codes.length === 1 ? codes[0] : null,
      after: {
        count: voided,
        reason: input.reason,
        codes: codes.slice(0, AUDIT_CODES_MAX),
        ...(codes.length > AUDIT_CODES_MAX ? { codesListed: AUDIT_CODES_MAX } : {}),
      },
    });
    return { voided };
  });
}

// ---------------------------------------------------------------------------------------------
// Label sheets

const labelCount = (n: number) => counted(n, 'label');

/** The labels of a batch: its IDs at a factory in the actor's scope. 404 for another factory's batch. */
export async function batchLabels(db: Database, actor: Actor, batchId: string): Promise<LabelSheet> {
  const batch = await findBatch(db, batchId);
  if (!batch || !inScope(actor, batch.factoryId)) throw errors.notFound('No stove ID batch with this id.');
  const rows = await listBatchLabelRows(db, batchId, actor.isGlobal ? undefined : batch.factoryId);
  return {
    title: `Batch ${batchLabel(batch.number)} · ${batch.factoryCode} · ${labelCount(rows.length)}`,
    labels: rows.map((r) => ({ code: r.code, factoryCode: r.factoryCode })),
  };
}

/** The labels of chosen codes, in the order given; refused when any is unknown or out of scope. */
export async function selectionLabels(db: Database, actor: Actor, rawCodes: string[]): Promise<LabelSheet> {
  const codes = distinctCodes(rawCodes);
  if (codes.length === 0)
    throw errors.validation('Add at least one stove ID.', { codes: ['Add at least one stove ID'] });
  const rows = await findLabelRowsByCodes(db, codes);
  const byCode = new Map(rows.filter((r) => inScope(actor, r.factoryId)).map((r) => [r.code, r]));
  const problems = codes
    .filter((c) => !byCode.has(c))
    .map((code) => ({ code, reason: actor.isGlobal ? 'Unknown stove ID' : 'Not found at your factory' }));
  if (problems.length > 0) {
    throw errors.itemProblems(
      `${problems.length.toLocaleString('en-US')} of the codes are not stove IDs you can print.`,
      problems,
    );
  }
  const labels = codes.flatMap((c) => {
    const row = byCode.get(c);
    return row ? [{ code: row.code, factoryCode: row.factoryCode }] : [];
  });
  const factories = [...new Set(labels.map((l) => l.factoryCode))];
  return {
    title: ['Selection', ...(factories.length === 1 ? factories : []), labelCount(labels.length)].join(' · '),
    labels,
  };
}
