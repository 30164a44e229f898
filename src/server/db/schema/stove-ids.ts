/**
 * Stove IDs (DOMAIN.md §4 "Stove IDs"): the registry of label codes, the batches that created
 * them, their append-only history, and two-step transfers between factories.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  STOVE_BATCH_KINDS,
  STOVE_DOCUMENT_TYPES,
  STOVE_EVENT_KINDS,
  STOVE_ID_STATUSES,
  STOVE_TRANSFER_ITEM_OUTCOMES,
  STOVE_TRANSFER_STATUSES,
} from '../../../common/contracts/stove-ids';
import { users } from './auth';
import { factories, recordStamps, recordStampsCheckedPerStatement } from './core';

/** Text compared byte by byte: codes sort and prefix-match the same on every server. */
const codeText = customType<{ data: string }>({ dataType: () => 'text collate "C"' });

export const stoveIdStatusEnum = pgEnum('stove_id_status', STOVE_ID_STATUSES);
export const stoveBatchKindEnum = pgEnum('stove_batch_kind', STOVE_BATCH_KINDS);
export const stoveEventKindEnum = pgEnum('stove_event_kind', STOVE_EVENT_KINDS);
export const stoveDocumentTypeEnum = pgEnum('stove_document_type', STOVE_DOCUMENT_TYPES);
export const stoveTransferStatusEnum = pgEnum('stove_transfer_status', STOVE_TRANSFER_STATUSES);
export const stoveTransferItemOutcomeEnum = pgEnum('stove_transfer_item_outcome', STOVE_TRANSFER_ITEM_OUTCOMES);

/** A generation batch (prefix, first number, count, width) or an import (a list of codes). */
export const stoveIdBatches = pgTable(
  'stove_id_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Shown as B-000123. */
    number: bigint('number', { mode: 'number' }).generatedAlwaysAsIdentity().notNull().unique(),
    kind: stoveBatchKindEnum('kind').notNull(),
    factoryId: uuid('factory_id')
      .notNull()
      .references(() => factories.id),
    prefix: text('prefix'),
    firstNumber: bigint('first_number', { mode: 'number' }),
    width: integer('width'),
    count: integer('count').notNull(),
    firstCode: codeText('first_code').notNull(),
    lastCode: codeText('last_code').notNull(),
    note: text('note'),
    ...recordStamps,
  },
  (t) => [
    index('stove_id_batches_created_idx').on(t.createdAt, t.id),
    check('stove_id_batches_count', sql`${t.count} > 0`),
  ],
);

export const stoveTransfers = pgTable(
  'stove_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Shown as TR-000123. */
    number: bigint('number', { mode: 'number' }).generatedAlwaysAsIdentity().notNull().unique(),
    fromFactoryId: uuid('from_factory_id')
      .notNull()
      .references(() => factories.id),
    toFactoryId: uuid('to_factory_id')
      .notNull()
      .references(() => factories.id),
    status: stoveTransferStatusEnum('status').notNull().default('pending'),
    idCount: integer('id_count').notNull(),
    /** IDs received by the destination (set when confirmed, fully or in part). */
    receivedCount: integer('received_count'),
    note: text('note'),
    /** The rejection's reason. */
    reason: text('reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id),
    ...recordStamps,
  },
  (t) => [
    check('stove_transfers_sides', sql`${t.fromFactoryId} <> ${t.toFactoryId}`),
    check('stove_transfers_count', sql`${t.idCount} > 0`),
    check(
      'stove_transfers_decided',
      sql`(${t.status} = 'pending') = (${t.decidedAt} is null) and (${t.status} <> 'rejected' or ${t.reason} is not null)`,
    ),
    index('stove_transfers_to_status_idx').on(t.toFactoryId, t.status, t.createdAt),
    index('stove_transfers_from_status_idx').on(t.fromFactoryId, t.status, t.createdAt),
    index('stove_transfers_created_idx').on(t.createdAt, t.id),
  ],
);

export const stoveIds = pgTable(
  'stove_ids',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    code: codeText('code').notNull(),
    // References of this table and of stove_id_events are checked once per statement by a trigger
    // (check_references_per_statement, migration 0016), not per row by foreign keys: a batch of
    // 100,000 IDs would otherwise look up the same batch, factory and user 800,000 times. The rows
    // they name can never be deleted (refuse_removal), so none is ever left pointing nowhere.
    /** References stove_id_batches (checked per statement). */
    batchId: uuid('batch_id').notNull(),
    /** Where the label is; stays the sender's while a transfer is pending. References factories (per statement). */
    factoryId: uuid('factory_id').notNull(),
    status: stoveIdStatusEnum('status').notNull().default('in_stock'),
    /** While in_transit: the status to restore when the transfer ends. */
    heldStatus: stoveIdStatusEnum('held_status'),
    /** The one pending transfer this ID is on (DOMAIN.md: at most one). References stove_transfers (per statement). */
    pendingTransferId: uuid('pending_transfer_id'),
    voidReason: text('void_reason'),
    ...recordStampsCheckedPerStatement,
  },
  (t) => [
    uniqueIndex('stove_ids_code_key').on(t.code),
    // ^[A-Z0-9-]{4,32}$ said as a length and a character class: PostgreSQL's regex engine expands
    // the {4,32} repetition, which cost 2.9 µs an ID on PGlite, 9% of a batch of 100,000.
    check('stove_ids_code_format', sql`char_length(${t.code}) between 4 and 32 and ${t.code} !~ '[^A-Z0-9-]'`),
    check(
      'stove_ids_transit',
      sql`(${t.status} = 'in_transit') = (${t.pendingTransferId} is not null)
          and (${t.status} = 'in_transit') = (${t.heldStatus} is not null)
          and (${t.heldStatus} is null or ${t.heldStatus} in ('in_stock', 'coupled', 'validated'))`,
    ),
    check('stove_ids_void_reason', sql`(${t.status} = 'void') = (${t.voidReason} is not null)`),
    index('stove_ids_factory_status_code_idx').on(t.factoryId, t.status, t.code),
    // No (status, code) index: a status across factories is read factory by factory (stove-ids.repository).
    index('stove_ids_batch_code_idx').on(t.batchId, t.code),
    index('stove_ids_created_idx').on(t.createdAt, t.id),
    index('stove_ids_pending_transfer_idx')
      .on(t.pendingTransferId)
      .where(sql`${t.pendingTransferId} is not null`),
  ],
);

/** The IDs of a transfer and what became of each. */
export const stoveTransferItems = pgTable(
  'stove_transfer_items',
  {
    // Both references are checked once per statement by a trigger, as stove_ids' are (migration
    // 0021): a transfer of 5,000 IDs made 10,000 foreign key look-ups, a fifth of its time. Neither
    // can change after the insert, and what they name is never deleted (migration 0016).
    /** References stove_transfers (checked per statement). */
    transferId: uuid('transfer_id').notNull(),
    /** References stove_ids (checked per statement). */
    stoveIdId: bigint('stove_id_id', { mode: 'number' }).notNull(),
    outcome: stoveTransferItemOutcomeEnum('outcome').notNull().default('pending'),
    /** The status the ID had when sent, restored when it arrives or returns. */
    heldStatus: stoveIdStatusEnum('held_status').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.transferId, t.stoveIdId] }),
    // Belt and braces for "one pending transfer per ID" beside stove_ids.pending_transfer_id.
    uniqueIndex('stove_transfer_items_one_pending_idx')
      .on(t.stoveIdId)
      .where(sql`${t.outcome} = 'pending'`),
    index('stove_transfer_items_stove_idx').on(t.stoveIdId),
  ],
);

/** Append-only: a trigger (migration) refuses UPDATE and DELETE. */
export const stoveIdEvents = pgTable(
  'stove_id_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    // References checked once per statement, as stove_ids' (migration 0016).
    /** References stove_ids. */
    stoveIdId: bigint('stove_id_id', { mode: 'number' }).notNull(),
    kind: stoveEventKindEnum('kind').notNull(),
    fromStatus: stoveIdStatusEnum('from_status'),
    toStatus: stoveIdStatusEnum('to_status').notNull(),
    /** The factory the ID is at after the event. References factories. */
    factoryId: uuid('factory_id').notNull(),
    documentType: stoveDocumentTypeEnum('document_type'),
    documentId: uuid('document_id'),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** References users. */
    actorId: uuid('actor_id'),
  },
  (t) => [index('stove_id_events_stove_idx').on(t.stoveIdId, t.id)],
);
