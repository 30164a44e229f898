import type {
  AuditActor,
  AuditEntry,
  AuditFacets,
  ExportAuditLogQuery,
  ListAuditLogQuery,
} from '../../../common/contracts/audit';
import type { ListResponse } from '../../../common/contracts/list';
import type { Actor } from '../../auth/actor';
import type { Database } from '../../db/client';
import { errors } from '../../http/errors';
import { allPages, decodeCursor, encodeCursor } from '../../http/list';
import {
  countAuditRows,
  listAuditActions,
  listAuditActorRows,
  listAuditRecordTypes,
  listAuditRows,
  type AuditCursor,
  type AuditFilters,
  type AuditLogRow,
} from './audit.repository';
import { auditRecord } from './audit-record';

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** audit_log ids are bigserial numbers. */
const AUDIT_ID = /^\d{1,19}$/;

/** The audit log is for the Admin group only, even when another group was given user-management. */
export function assertAuditReader(actor: Actor): void {
  if (!actor.groups.includes('Admin')) throw errors.forbidden('Only the Admin group can read the audit log.');
}

/** A day is a whole UTC day; a date-time is taken as it is. Both bounds are inclusive. */
function toFilters(query: ExportAuditLogQuery): AuditFilters {
  const from = query.from ? new Date(DAY_PATTERN.test(query.from) ? `${query.from}T00:00:00Z` : query.from) : undefined;
  let until: Date | undefined;
  if (query.to) {
    until = DAY_PATTERN.test(query.to)
      ? new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS)
      : new Date(Date.parse(query.to) + 1);
  }
  if (from && until && from >= until) {
    throw errors.validation('The end date is before the start date.', {
      to: ['The end date is before the start date.'],
    });
  }
  return {
    q: query.q,
    actorId: query.actorId,
    recordType: query.recordType,
    action: query.action,
    from,
    until,
    dir: query.dir,
  };
}

function toCursor(raw: string | undefined): AuditCursor | null {
  const cursor = decodeCursor(raw, AUDIT_ID);
  if (!cursor) return null;
  if (typeof cursor.v !== 'string' || Number.isNaN(Date.parse(cursor.v))) {
    throw errors.validation('The page cursor is not valid; start again from the first page.', {
      cursor: ['Invalid cursor.'],
    });
  }
  return { at: cursor.v, id: cursor.id };
}

export function presentAuditEntry(row: AuditLogRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actorId ? { id: row.actorId, email: row.actorEmail ?? '', name: row.actorName } : null,
    action: row.action,
    recordType: row.recordType,
    recordId: row.recordId,
    record: auditRecord(row),
    before: row.before ?? null,
    after: row.after ?? null,
    ipAddress: row.ipAddress,
  };
}

export async function listAuditLog(db: Database, query: ListAuditLogQuery): Promise<ListResponse<AuditEntry>> {
  const filters = toFilters(query);
  const [rows, count] = await Promise.all([
    listAuditRows(db, filters, toCursor(query.cursor), query.limit + 1),
    countAuditRows(db, filters),
  ]);
  const items = rows.slice(0, query.limit);
  const last = items[items.length - 1];
  const nextCursor = rows.length > query.limit && last ? encodeCursor({ v: last.atKey, id: last.id }) : null;
  return { items: items.map(presentAuditEntry), nextCursor, ...count };
}

export function exportAuditLog(db: Database, query: ExportAuditLogQuery): AsyncIterable<AuditLogRow[]> {
  const filters = toFilters(query);
  return allPages(
    (cursor, limit) => listAuditRows(db, filters, cursor ? { at: String(cursor.v), id: cursor.id } : null, limit),
    (row) => row.atKey,
    1000,
  );
}

export async function auditFacets(db: Database): Promise<AuditFacets> {
  const [recordTypes, actions] = await Promise.all([listAuditRecordTypes(db), listAuditActions(db)]);
  return { recordTypes, actions };
}

export async function auditActors(db: Database): Promise<AuditActor[]> {
  return listAuditActorRows(db);
}
