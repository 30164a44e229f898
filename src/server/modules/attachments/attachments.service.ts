/**
 * Files on documents: what may be attached (the type from the bytes, the size, the count), the
 * record's scope check (as the record's own page would answer), uploads and deletions with their
 * audit rows, and the blobs they add and remove.
 */
import { isUtf8 } from 'node:buffer';
import type { Readable } from 'node:stream';
import { fileTypeFromFile } from 'file-type';
import sharp from 'sharp';
import {
  ATTACHMENT_KIND_INFO,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MESSAGES,
  ATTACHMENT_TYPES,
  ATTACHMENTS_PER_RECORD,
  THUMBNAIL_SIZE,
  type Attachment,
  type AttachmentKind,
  type AttachmentList,
  type AttachmentType,
  type ListAttachmentsQuery,
} from '../../../common/contracts/attachments';
import { ERROR_CODES } from '../../../common/contracts/errors';
import { personRef } from '../../../common/contracts/fields';
import type { Actor } from '../../auth/actor';
import { inScope } from '../../auth/scope';
import type { Database } from '../../db/client';
import { AppError, errors } from '../../http/errors';
import { holdsRoutePermission } from '../../http/guard';
import { announcementAccess } from '../announcements/announcements.service';
import { insertAudit } from '../audit/audit.repository';
import { getInventoryEntry } from '../inventory/inventory-entries.service';
import { getSalesOrder } from '../sales/sales-orders.service';
import { getSalesReturn } from '../sales/sales-returns.service';
import { getReport } from '../stove-reports/stove-reports.service';
import { getTransfer } from '../stove-transfers/stove-transfers.service';
import {
  blobInUse,
  ckdTransferFactories,
  countRecordFiles,
  deleteAttachmentRow,
  findAttachmentRow,
  insertAttachmentRows,
  listAttachmentRows,
  lockBlob,
  lockRecordFiles,
  partnerExists,
  steelRecordFactory,
  type AttachmentRow,
} from './attachments.repository';
import { sha256, type FileStore, type StagedFile } from './file-store';

/** The audit log's record type of each kind (the record's own, so its entries name the record). */
const AUDIT_RECORD_TYPE: Readonly<Record<AttachmentKind, string>> = {
  'stove-transfer': 'stove_transfer',
  'stove-report': 'stove_report',
  'sales-order': 'sales_order',
  'sales-return': 'sales_return',
  'ckd-transfer': 'ckd_transfer',
  'inventory-entry': 'inventory_entry',
  'steel-record': 'steel_record',
  partner: 'partner',
  announcement: 'announcement',
};

const notFound = (kind: AttachmentKind) =>
  errors.notFound(`No such ${ATTACHMENT_KIND_INFO[kind].noun}, or it is not one you can see.`);

/**
 * Throws as the record's own page would: 404 when it does not exist or is another factory's
 * (the record kinds with a service getter answer through it). Answers whether the actor may
 * change its files: the kind's edit permission, and for an announcement, managing it (its
 * readers only list and download).
 */
export async function recordAccess(
  db: Database,
  actor: Actor,
  kind: AttachmentKind,
  id: string,
): Promise<{ canEdit: boolean }> {
  const canEdit = holdsRoutePermission(actor.permissions, ATTACHMENT_KIND_INFO[kind].edit);
  switch (kind) {
    case 'stove-transfer':
      await getTransfer(db, actor, id);
      break;
    case 'stove-report':
      await getReport(db, actor, id);
      break;
    case 'sales-order':
      await getSalesOrder(db, actor, id);
      break;
    case 'sales-return':
      await getSalesReturn(db, actor, id);
      break;
    case 'inventory-entry':
      await getInventoryEntry(db, actor, id);
      break;
    case 'announcement': {
      const access = await announcementAccess(db, actor, id);
      return { canEdit: canEdit && access === 'manage' };
    }
    case 'ckd-transfer': {
      const factories = await ckdTransferFactories(db, id);
      if (!factories?.some((f) => inScope(actor, f))) throw notFound(kind);
      break;
    }
    case 'steel-record': {
      const factoryId = await steelRecordFactory(db, Number(id));
      if (!factoryId || !inScope(actor, factoryId)) throw notFound(kind);
      break;
    }
    case 'partner':
      // Partners are the company's, not a factory's.
      if (!(await partnerExists(db, id))) throw notFound(kind);
      break;
  }
  return { canEdit };
}

/** As recordAccess, and 403 when the actor may see the record but not change its files (an announcement's reader). */
async function assertMayChangeFiles(db: Database, actor: Actor, kind: AttachmentKind, id: string): Promise<void> {
  const { canEdit } = await recordAccess(db, actor, kind, id);
  if (!canEdit)
    throw errors.forbidden(`Only those who manage this ${ATTACHMENT_KIND_INFO[kind].noun} can change its files.`);
}

export function presentAttachment(row: AttachmentRow): Attachment {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    size: row.size,
    hasThumbnail: row.thumbnailHash !== null,
    uploadedBy: personRef(row.uploadedById, row.uploadedByName, row.uploadedByEmail),
    uploadedAt: row.uploadedAt,
  };
}

export async function listAttachments(
  db: Database,
  actor: Actor,
  kind: AttachmentKind,
  recordId: string,
  query: ListAttachmentsQuery,
): Promise<AttachmentList> {
  const { canEdit } = await recordAccess(db, actor, kind, recordId);
  const { rows, total } = await listAttachmentRows(db, kind, recordId, query);
  return { items: rows.map(presentAttachment), total, canEdit };
}

/** A name safe to keep and to send back: no folders, no control characters, at most 200 characters. */
export function cleanFileName(raw: string, type: AttachmentType | null): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // oxlint-disable-next-line no-control-regex -- control characters are what is removed
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const name = cleaned.length > 200 ? cleaned.slice(cleaned.length - 200) : cleaned;
  return name || `file.${type ? ATTACHMENT_TYPES[type].extension : 'bin'}`;
}

const isAllowed = (mime: string): mime is AttachmentType => Object.hasOwn(ATTACHMENT_TYPES, mime);

/** The type of the staged bytes, from the bytes (CSV: UTF-8 text without NUL bytes and a .csv name); null: refused. */
export async function detectType(store: FileStore, staged: StagedFile, name: string): Promise<AttachmentType | null> {
  if (staged.size === 0) return null;
  const found = await fileTypeFromFile(staged.path);
  if (found) return isAllowed(found.mime) ? found.mime : null;
  if (!name.toLowerCase().endsWith('.csv')) return null;
  const bytes = await store.head(staged, staged.size);
  return !bytes.includes(0) && isUtf8(bytes) ? 'text/csv' : null;
}

const IMAGE_TYPES: ReadonlySet<AttachmentType> = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** A 320 px WebP of an image (turned upright by its EXIF orientation); null for other types. */
export async function thumbnailOf(staged: StagedFile, type: AttachmentType): Promise<Buffer | null> {
  if (!IMAGE_TYPES.has(type)) return null;
  return sharp(staged.path, { limitInputPixels: 100_000_000 })
    .rotate()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer();
}

export const refusals = {
  tooBig: (name: string) => new AppError(413, ERROR_CODES.validation, ATTACHMENT_MESSAGES.tooBig(name)),
  wrongType: (name: string) => new AppError(415, ERROR_CODES.validation, ATTACHMENT_MESSAGES.wrongType(name)),
  tooMany: (left: number) => errors.conflict(ATTACHMENT_MESSAGES.tooMany(Math.max(0, left))),
  noFile: () => errors.validation(ATTACHMENT_MESSAGES.noFile),
};

/** One part of an upload: its name as sent and its bytes. */
export interface IncomingFile {
  filename: string;
  file: Readable & { truncated?: boolean };
}

interface CheckedFile {
  staged: StagedFile;
  name: string;
  type: AttachmentType;
  thumbnail: Buffer | null;
}

/**
 * Attaches every file of an upload, or none: each is streamed to a temporary file, checked (size,
 * type from the bytes), given a thumbnail when it is an image, and then, in one transaction with
 * the record's files locked, counted against the limit, stored under its hash and audited.
 */
export async function uploadAttachments(
  db: Database,
  store: FileStore,
  actor: Actor,
  kind: AttachmentKind,
  recordId: string,
  /** The file parts; null when the body is not multipart/form-data. */
  parts: AsyncIterable<IncomingFile> | null,
): Promise<Attachment[]> {
  await assertMayChangeFiles(db, actor, kind, recordId);
  if (!parts) throw errors.validation('Send the files as multipart/form-data.');
  const staged: StagedFile[] = [];
  try {
    const checked: CheckedFile[] = [];
    const existing = await countRecordFiles(db, kind, recordId);
    for await (const part of parts) {
      if (existing + checked.length >= ATTACHMENTS_PER_RECORD) {
        part.file.resume();
        throw refusals.tooMany(ATTACHMENTS_PER_RECORD - existing);
      }
      const name = part.filename;
      let file: StagedFile;
      try {
        file = await store.stage(part.file);
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw refusals.tooBig(cleanFileName(name, null));
        throw error;
      }
      staged.push(file);
      if (part.file.truncated || file.size > ATTACHMENT_MAX_BYTES) throw refusals.tooBig(cleanFileName(name, null));
      const type = await detectType(store, file, name);
      if (!type) throw refusals.wrongType(cleanFileName(name, null));
      let thumbnail: Buffer | null;
      try {
        thumbnail = await thumbnailOf(file, type);
      } catch {
        throw refusals.wrongType(cleanFileName(name, type));
      }
      checked.push({ staged: file, name: cleanFileName(name, type), type, thumbnail });
    }
    if (checked.length === 0) throw refusals.noFile();

    const ids = await db.transaction(async (tx) => {
      await lockRecordFiles(tx, kind, recordId);
      const count = await countRecordFiles(tx, kind, recordId);
      if (count + checked.length > ATTACHMENTS_PER_RECORD) throw refusals.tooMany(ATTACHMENTS_PER_RECORD - count);
      const rows = [];
      for (const f of checked) {
        await lockBlob(tx, f.staged.hash);
        await store.commit(f.staged);
        let thumbnailHash: string | null = null;
        if (f.thumbnail) {
          thumbnailHash = sha256(f.thumbnail);
          await lockBlob(tx, thumbnailHash);
          await store.put(f.thumbnail);
        }
        rows.push({
          recordKind: kind,
          recordId,
          fileHash: f.staged.hash,
          name: f.name,
          type: f.type,
          size: f.staged.size,
          thumbnailHash,
          uploadedBy: actor.userId,
        });
      }
      const inserted = await insertAttachmentRows(tx, rows);
      for (const f of checked) {
        await insertAudit(tx, {
          actorId: actor.userId,
          action: 'attach_file',
          recordType: AUDIT_RECORD_TYPE[kind],
          recordId,
          after: { file: f.name, type: f.type, size: f.staged.size },
        });
      }
      return inserted;
    });
    const result: Attachment[] = [];
    for (const id of ids) {
      const row = await findAttachmentRow(db, kind, recordId, id);
      if (row) result.push(presentAttachment(row));
    }
    return result;
  } finally {
    // Committed files were renamed away: this removes only what was not kept.
    await Promise.all(staged.map((f) => store.discard(f)));
  }
}

/** The file's row, when the record is visible to the actor; 404 otherwise. */
export async function findAttachment(
  db: Database,
  actor: Actor,
  kind: AttachmentKind,
  recordId: string,
  fileId: string,
): Promise<AttachmentRow> {
  await recordAccess(db, actor, kind, recordId);
  const row = await findAttachmentRow(db, kind, recordId, fileId);
  if (!row) throw errors.notFound(`No such file on this ${ATTACHMENT_KIND_INFO[kind].noun}: it may have been deleted.`);
  return row;
}

/** The bytes of a blob; 404 when the store lacks them (a restore without its files). */
export async function readBlob(store: FileStore, hash: string): Promise<Readable> {
  const stream = await store.get(hash);
  if (!stream)
    throw errors.notFound('The bytes of this file are missing from the file store: restore it from a backup.');
  return stream;
}

/** Deletes the file's row, audited; its blobs go too unless another row uses them. */
export async function deleteAttachment(
  db: Database,
  store: FileStore,
  actor: Actor,
  kind: AttachmentKind,
  recordId: string,
  fileId: string,
): Promise<void> {
  await assertMayChangeFiles(db, actor, kind, recordId);
  await db.transaction(async (tx) => {
    const row = await findAttachmentRow(tx, kind, recordId, fileId, true);
    if (!row)
      throw errors.notFound(`No such file on this ${ATTACHMENT_KIND_INFO[kind].noun}: it may have been deleted.`);
    await deleteAttachmentRow(tx, fileId);
    await insertAudit(tx, {
      actorId: actor.userId,
      action: 'delete_file',
      recordType: AUDIT_RECORD_TYPE[kind],
      recordId,
      before: { file: row.name, type: row.type, size: row.size },
    });
    for (const hash of [row.fileHash, row.thumbnailHash]) {
      if (!hash) continue;
      await lockBlob(tx, hash);
      if (!(await blobInUse(tx, hash))) await store.delete(hash);
    }
  });
}
