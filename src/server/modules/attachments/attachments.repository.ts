/** The SQL of files on documents: the attachment rows, their locks, and the record lookups of the kinds without a service getter. */
import { and, asc, count, desc, eq, or, sql } from 'drizzle-orm';
import type { AttachmentKind, ListAttachmentsQuery } from '../../../common/contracts/attachments';
import { queryRows, type Executor } from '../../db/client';
import { isoTime } from '../../db/iso-time';
import { users } from '../../db/schema/auth';
import { attachments } from '../../db/schema/files';
import { partners } from '../../db/schema/partners';
import { ckdTransfers, steelRecords } from '../../db/schema/production';

export interface AttachmentRow {
  id: string;
  name: string;
  type: string;
  size: number;
  fileHash: string;
  thumbnailHash: string | null;
  uploadedById: string | null;
  uploadedByName: string | null;
  uploadedByEmail: string | null;
  uploadedAt: string;
}

const columns = {
  id: attachments.id,
  name: attachments.name,
  type: attachments.type,
  size: attachments.size,
  fileHash: attachments.fileHash,
  thumbnailHash: attachments.thumbnailHash,
  uploadedById: attachments.uploadedBy,
  uploadedByName: users.name,
  uploadedByEmail: users.email,
  uploadedAt: isoTime(attachments.uploadedAt).mapWith(String),
};

const ofRecord = (kind: AttachmentKind, recordId: string) =>
  and(eq(attachments.recordKind, kind), eq(attachments.recordId, recordId));

const SORT = { name: attachments.name, uploadedAt: attachments.uploadedAt, size: attachments.size } as const;

export async function listAttachmentRows(
  db: Executor,
  kind: AttachmentKind,
  recordId: string,
  query: ListAttachmentsQuery,
): Promise<{ rows: AttachmentRow[]; total: number }> {
  const order = query.dir === 'asc' ? asc : desc;
  const rows = await db
    .select(columns)
    .from(attachments)
    .leftJoin(users, eq(users.id, attachments.uploadedBy))
    .where(ofRecord(kind, recordId))
    .orderBy(order(SORT[query.sort]), order(attachments.uploadedAt), asc(attachments.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ n: count() }).from(attachments).where(ofRecord(kind, recordId));
  return { rows, total: total?.n ?? 0 };
}

export async function findAttachmentRow(
  db: Executor,
  kind: AttachmentKind,
  recordId: string,
  fileId: string,
  lock = false,
): Promise<AttachmentRow | null> {
  const query = db
    .select(columns)
    .from(attachments)
    .leftJoin(users, eq(users.id, attachments.uploadedBy))
    .where(and(ofRecord(kind, recordId), eq(attachments.id, fileId)));
  const [row] = lock ? await query.for('update', { of: attachments }) : await query;
  return row ?? null;
}

/** Serializes the uploads to one record (its count of files is checked under it). */
export async function lockRecordFiles(tx: Executor, kind: AttachmentKind, recordId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`attachments:${kind}:${recordId}`}, 0))`);
}

/** Serializes what adds and removes one blob, so a blob is never deleted while a row starts using it. */
export async function lockBlob(tx: Executor, hash: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`blob:${hash}`}, 0))`);
}

export async function countRecordFiles(tx: Executor, kind: AttachmentKind, recordId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(attachments).where(ofRecord(kind, recordId));
  return row?.n ?? 0;
}

export interface NewAttachment {
  recordKind: AttachmentKind;
  recordId: string;
  fileHash: string;
  name: string;
  type: string;
  size: number;
  thumbnailHash: string | null;
  uploadedBy: string;
}

export async function insertAttachmentRows(tx: Executor, rows: NewAttachment[]): Promise<string[]> {
  const inserted = await tx.insert(attachments).values(rows).returning({ id: attachments.id });
  return inserted.map((r) => r.id);
}

export async function deleteAttachmentRow(tx: Executor, fileId: string): Promise<void> {
  await tx.delete(attachments).where(eq(attachments.id, fileId));
}

/** Whether a row still uses the blob (as its file or its thumbnail). */
export async function blobInUse(tx: Executor, hash: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: attachments.id })
    .from(attachments)
    .where(or(eq(attachments.fileHash, hash), eq(attachments.thumbnailHash, hash)))
    .limit(1);
  return row !== undefined;
}

/** Every blob the attachment rows use (a backup copies them); none before the table exists. */
export async function usedBlobs(db: Executor): Promise<string[]> {
  // A backup before an upgrade may read a database older than the table.
  const [table] = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('public.attachments') is not null as present`,
  );
  if (!table?.present) return [];
  const rows = await queryRows<{ hash: string }>(
    db,
    sql`select file_hash as hash from attachments
        union select thumbnail_hash from attachments where thumbnail_hash is not null`,
  );
  return rows.map((r) => r.hash);
}

/** A kit transfer's two factories; null when there is no such transfer. */
export async function ckdTransferFactories(db: Executor, id: string): Promise<string[] | null> {
  const [row] = await db
    .select({ from: ckdTransfers.fromFactoryId, to: ckdTransfers.toFactoryId })
    .from(ckdTransfers)
    .where(eq(ckdTransfers.id, id));
  return row ? [row.from, row.to] : null;
}

/** A steel record's factory; null when there is no such record. */
export async function steelRecordFactory(db: Executor, id: number): Promise<string | null> {
  const [row] = await db
    .select({ factoryId: steelRecords.factoryId })
    .from(steelRecords)
    .where(eq(steelRecords.id, id));
  return row?.factoryId ?? null;
}

export async function partnerExists(db: Executor, id: string): Promise<boolean> {
  const [row] = await db.select({ id: partners.id }).from(partners).where(eq(partners.id, id));
  return row !== undefined;
}
