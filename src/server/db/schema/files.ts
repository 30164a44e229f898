/**
 * Files on documents (issue 25): a row per file attached to a record. The bytes are in the file
 * store (modules/attachments/file-store.ts), content-addressed by their SHA-256: two records with
 * the same file share one blob, removed when the last row using it goes.
 */
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './auth';

export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The record kind (ATTACHMENT_KINDS: stove-transfer, sales-order…). */
    recordKind: text('record_kind').notNull(),
    /** The record's id as text (uuids, and steel records' integers). */
    recordId: text('record_id').notNull(),
    /** SHA-256 of the bytes, hex: the blob's name in the file store. */
    fileHash: text('file_hash').notNull(),
    name: text('name').notNull(),
    /** The type detected from the bytes. */
    type: text('type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** An image's 320 px WebP thumbnail, also in the file store. */
    thumbnailHash: text('thumbnail_hash'),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('attachments_record_idx').on(t.recordKind, t.recordId, t.name),
    index('attachments_file_hash_idx').on(t.fileHash),
    index('attachments_thumbnail_hash_idx').on(t.thumbnailHash),
    check('attachments_hash_check', sql`${t.fileHash} ~ '^[0-9a-f]{64}$'`),
    check('attachments_size_check', sql`${t.size} >= 0`),
  ],
);
