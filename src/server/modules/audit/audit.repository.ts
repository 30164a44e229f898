import { and, asc, count, desc, eq, exists, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { SortDirection } from '../../../common/contracts/list';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/auth';
import { auditLog, profiles } from '../../db/schema/core';
import { containsPattern, countCapped, whereAll } from '../../http/list';

export interface AuditEntry {
  actorId: string | null;
  action: string;
  recordType: string;
  recordId?: string | null;
  before?: unknown;
  after?: unknown;
  ipAddress?: string | null;
  userAgent?: string | null;
}

export async function insertAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    recordType: entry.recordType,
    recordId: entry.recordId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ipAddress: entry.ipAddress ?? null,
    userAgent: entry.userAgent ?? null,
  });
}

export async function countAuditSince(db: Executor, action: string, recordId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.recordId, recordId), gte(auditLog.at, since)));
  return row?.n ?? 0;
}

/** Many audit rows in one statement (imports), in chunks that stay under the parameter limit. */
export async function insertAudits(db: Executor, entries: AuditEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += 1000) {
    await db.insert(auditLog).values(
      entries.slice(i, i + 1000).map((entry) => ({
        actorId: entry.actorId,
        action: entry.action,
        recordType: entry.recordType,
        recordId: entry.recordId ?? null,
        before: entry.before ?? null,
        after: entry.after ?? null,
        ipAddress: entry.ipAddress ?? null,
        userAgent: entry.userAgent ?? null,
      })),
    );
  }
}

// ---------------------------------------------------------------------------
// Reading the log (GET /api/audit-log, export, facets, actors)
// ---------------------------------------------------------------------------

export interface AuditFilters {
  q?: string | undefined;
  actorId?: string | undefined;
  recordType?: string | undefined;
  action?: string | undefined;
  /** From this instant (inclusive) … */
  from?: Date | undefined;
  /** … up to this one (exclusive). */
  until?: Date | undefined;
  dir: SortDirection;
}

/** A position in the log: `at` as Postgres prints it (microseconds kept) and the id. */
export interface AuditCursor {
  at: string;
  id: string;
}

export interface AuditLogRow {
  id: string;
  at: Date;
  /** `at` with full precision, for the keyset cursor. */
  atKey: string;
  actorId: string | null;
  actorEmail: string | null;
  actorName: string | null;
  action: string;
  recordType: string;
  recordId: string | null;
  before: unknown;
  after: unknown;
  ipAddress: string | null;
  /** The record's document number (orders, transfers, reports, batches, entries), when it has one. */
  recordNumber: number | null;
  /** An inventory entry's kind (its number's prefix). */
  recordKind: string | null;
  /** The record's name or title as its screen shows it (a partner, a factory, a category…). */
  recordName: string | null;
  /** A day that names the record with `recordName` (a daily report's date, a target's start). */
  recordDay: string | null;
}

/**
 * What names an entry's record, read from the record itself for the page of entries: each branch
 * runs only for its record type, and only on a record id shaped as a uuid (ids of other shapes,
 * such as a stove ID's code, are named by the id itself).
 */
const RECORD_ID_IS_UUID = sql`${auditLog.recordId} ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'`;
const NUMBERED: Readonly<Record<string, string>> = {
  sales_order: 'sales_orders',
  sales_return: 'sales_returns',
  stove_transfer: 'stove_transfers',
  stove_report: 'stove_reports',
  ckd_transfer: 'ckd_transfers',
  ckd_produced_record: 'ckd_produced_records',
  stove_id_batch: 'stove_id_batches',
  inventory_entry: 'inventory_entries',
};
/** The records named by a column of their own table: the table and the name as its screen shows it. */
const NAMED: Readonly<Record<string, { table: string; name: string }>> = {
  partner: { table: 'partners', name: 'name' },
  factory: { table: 'factories', name: "name || ' (' || code || ')'" },
  sales_category: { table: 'sales_categories', name: "name || ' (' || code || ')'" },
  sales_package: { table: 'sales_packages', name: "name || ' (' || code || ')'" },
  ckd_category: { table: 'ckd_categories', name: "name || ' (' || code || ')'" },
  steel_category: { table: 'steel_categories', name: 'name' },
  inventory_category: { table: 'inventory_categories', name: 'name' },
  inventory_item: { table: 'inventory_items', name: 'name' },
  inventory_unit: { table: 'inventory_units', name: "name || ' (' || symbol || ')'" },
  calendar_event: { table: 'calendar_events', name: 'title' },
  announcement: { table: 'announcements', name: 'title' },
  'doc-page': { table: 'doc_pages', name: 'title' },
};
/** The records whose id is a user's: named by the person. */
const PEOPLE = ['user', 'profile', 'sign_in'];
const recordUuid = sql`${auditLog.recordId}::uuid`;
const whenUuid = (branches: SQL[]) =>
  sql`case when ${RECORD_ID_IS_UUID} then case ${auditLog.recordType} ${sql.join(branches, sql` `)} end end`;
const RECORD_NUMBER = whenUuid(
  Object.entries(NUMBERED).map(
    ([type, table]) => sql`when ${type} then (select number from ${sql.raw(table)} where id = ${recordUuid})`,
  ),
);
const RECORD_KIND = whenUuid([
  sql`when 'inventory_entry' then (select kind::text from inventory_entries where id = ${recordUuid})`,
]);
const RECORD_NAME = whenUuid([
  ...Object.entries(NAMED).map(
    ([type, { table, name }]) =>
      sql`when ${type} then (select ${sql.raw(name)} from ${sql.raw(table)} where id = ${recordUuid})`,
  ),
  ...PEOPLE.map(
    (type) =>
      sql`when ${type} then (select coalesce(p.name, u.name) from users u left join profiles p on p.id = u.id where u.id = ${recordUuid})`,
  ),
  sql`when 'daily_production_report' then (select f.code from daily_production_reports d join factories f on f.id = d.factory_id where d.id = ${recordUuid})`,
  sql`when 'productivity_target' then (select coalesce(f.code, 'every factory') from productivity_targets t left join factories f on f.id = t.factory_id where t.id = ${recordUuid})`,
]);
const RECORD_DAY = whenUuid([
  sql`when 'daily_production_report' then (select date::text from daily_production_reports where id = ${recordUuid})`,
  sql`when 'productivity_target' then (select effective_from::text from productivity_targets where id = ${recordUuid})`,
]);

function auditWhere(f: AuditFilters): SQL | undefined {
  return whereAll(
    f.q ? ilike(auditLog.recordId, containsPattern(f.q)) : undefined,
    f.actorId ? eq(auditLog.actorId, f.actorId) : undefined,
    f.recordType ? eq(auditLog.recordType, f.recordType) : undefined,
    f.action ? eq(auditLog.action, f.action) : undefined,
    f.from ? gte(auditLog.at, f.from) : undefined,
    f.until ? lt(auditLog.at, f.until) : undefined,
  );
}

function afterAuditCursor(dir: SortDirection, cursor: AuditCursor | null): SQL | undefined {
  if (!cursor) return undefined;
  const position = sql`(${cursor.at}::timestamptz, ${cursor.id}::bigint)`;
  return dir === 'asc'
    ? sql`(${auditLog.at}, ${auditLog.id}) > ${position}`
    : sql`(${auditLog.at}, ${auditLog.id}) < ${position}`;
}

export async function listAuditRows(
  db: Executor,
  f: AuditFilters,
  cursor: AuditCursor | null,
  limit: number,
): Promise<AuditLogRow[]> {
  const order = f.dir === 'asc' ? [asc(auditLog.at), asc(auditLog.id)] : [desc(auditLog.at), desc(auditLog.id)];
  return db
    .select({
      id: sql<string>`${auditLog.id}::text`,
      at: auditLog.at,
      atKey: sql<string>`${auditLog.at}::text`,
      actorId: auditLog.actorId,
      actorEmail: users.email,
      actorName: sql<string | null>`coalesce(${profiles.name}, ${users.name})`,
      action: auditLog.action,
      recordType: auditLog.recordType,
      recordId: auditLog.recordId,
      before: auditLog.before,
      after: auditLog.after,
      ipAddress: auditLog.ipAddress,
      recordNumber: sql<number | null>`(${RECORD_NUMBER})::int`,
      recordKind: sql<string | null>`${RECORD_KIND}`,
      recordName: sql<string | null>`${RECORD_NAME}`,
      recordDay: sql<string | null>`${RECORD_DAY}`,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .leftJoin(profiles, eq(profiles.id, auditLog.actorId))
    .where(whereAll(auditWhere(f), afterAuditCursor(f.dir, cursor)))
    .orderBy(...order)
    .limit(limit);
}

export function countAuditRows(db: Executor, f: AuditFilters) {
  return countCapped(db, sql`${auditLog}`, auditWhere(f), auditLog);
}

export async function listAuditRecordTypes(db: Executor): Promise<string[]> {
  const rows = await db.selectDistinct({ v: auditLog.recordType }).from(auditLog).orderBy(asc(auditLog.recordType));
  return rows.map((r) => r.v);
}

export async function listAuditActions(db: Executor): Promise<string[]> {
  const rows = await db.selectDistinct({ v: auditLog.action }).from(auditLog).orderBy(asc(auditLog.action));
  return rows.map((r) => r.v);
}

/** Users who appear as the actor of at least one entry (one index probe per user). */
export async function listAuditActorRows(db: Executor) {
  return db
    .select({ id: users.id, email: users.email, name: sql<string | null>`coalesce(${profiles.name}, ${users.name})` })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(
      exists(
        db
          .select({ one: sql`1` })
          .from(auditLog)
          .where(eq(auditLog.actorId, users.id)),
      ),
    )
    .orderBy(asc(users.email));
}
