/**
 * Inventory entries (DOMAIN.md §4 "Inventory"): an input (stock received at a factory), a removal
 * (stock taken out, each line with its reason) or a transfer (stock moved between factories at
 * once), each of several lines saved together. One transaction checks the factories (existing,
 * active, in the user's scope: a factory-scoped user receives and removes at their own factory and
 * sends only from it) and the items (existing, active, each quantity fitting the item's unit), then
 * writes the entry, its movements and the balance changes through the ledger, or refuses the whole
 * entry: 400/403 for bad input, 409 naming each item short of stock. Nothing is written then.
 */
import type { z } from 'zod';
import {
  formatInventoryQuantity,
  inventoryEntryNumberLabel,
  parseInventoryEntryNumber,
  unitQuantityProblem,
  type createInventoryInputSchema,
  type createInventoryRemovalSchema,
  type createInventoryTransferSchema,
  type InventoryEntry,
  type InventoryEntryLine,
  type InventoryEntrySummary,
  type ListInventoryEntriesQuery,
} from '../../../common/contracts/inventory';
import type { ListResponse } from '../../../common/contracts/list';
import type { Actor } from '../../auth/actor';
import { actingFactory, inScope, NO_FACTORY, scopedFactoryFilter } from '../../auth/scope';
import type { Database, Executor } from '../../db/client';
import { errors, type FieldErrors } from '../../http/errors';
import { allPages, decodeCursor, toPage } from '../../http/list';
import { insertAudit } from '../audit/audit.repository';
import { lockFactoryShared } from '../steel/steel-records.repository';
import {
  countInventoryEntries,
  findInventoryEntryRow,
  INVENTORY_ENTRY_SORT_VALUES,
  listInventoryEntryLineRows,
  listInventoryEntryRows,
  type InventoryEntryFilters,
  type InventoryEntryLineRow,
  type InventoryEntryRow,
} from './inventory-entries.repository';
import { lockInventoryItemsShared } from './inventory-items.repository';
import { decodeDayCursor } from './inventory-movements.service';
import {
  describeInventoryShortages,
  recordInventoryEntry,
  type NewInventoryEntry,
  type NewInventoryMovement,
} from './inventory-ledger.repository';
import { refuseFutureDay } from '../factories/factory-days';

type ValidInput = z.output<typeof createInventoryInputSchema>;
type ValidRemoval = z.output<typeof createInventoryRemovalSchema>;
type ValidTransfer = z.output<typeof createInventoryTransferSchema>;
type EntryQuery = Omit<ListInventoryEntriesQuery, 'limit' | 'cursor'>;

const RECORD_TYPE = 'inventory_entry';
const NOT_FOUND = 'No inventory entry with this id.';

/** "Paint (20 l), Gloves (50 pcs) and 3 more": the lines in brief (all of them up to three). */
export function entryBrief(row: Pick<InventoryEntryRow, 'lineCount' | 'firstLines'>): string {
  const shown = row.lineCount > 3 ? row.firstLines.slice(0, 2) : row.firstLines;
  const parts = shown.map((l) => `${l.name} (${formatInventoryQuantity(l.quantity, l.symbol)})`);
  if (row.lineCount > shown.length) parts.push(`${(row.lineCount - shown.length).toLocaleString('en-US')} more`);
  const last = parts.pop() ?? '';
  return parts.length > 0 ? `${parts.join(', ')} and ${last}` : last;
}

export function presentInventoryEntrySummary(row: InventoryEntryRow): InventoryEntrySummary {
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    date: row.date,
    factory: { id: row.factoryId, name: row.factoryName, code: row.factoryCode },
    toFactory:
      row.toFactoryId && row.toFactoryName !== null && row.toFactoryCode !== null
        ? { id: row.toFactoryId, name: row.toFactoryName, code: row.toFactoryCode }
        : null,
    supplier: row.supplier,
    reference: row.reference,
    note: row.note,
    lineCount: row.lineCount,
    summary: entryBrief(row),
    createdAt: row.createdAt,
    createdBy:
      row.createdById && row.createdByEmail
        ? { id: row.createdById, name: row.createdByName, email: row.createdByEmail }
        : null,
  };
}

function presentLine(row: InventoryEntryLineRow): InventoryEntryLine {
  return {
    line: row.line,
    item: { id: row.itemId, name: row.itemName },
    unit: { id: row.unitId, name: row.unitName, symbol: row.unitSymbol, decimals: row.unitDecimals },
    quantity: row.quantity,
    unitCost: row.unitCost,
    reason: row.reason,
  };
}

/** Entries with their lines (one query for the lines of all). */
async function withLines(db: Executor, rows: readonly InventoryEntryRow[]): Promise<InventoryEntry[]> {
  const lines = await listInventoryEntryLineRows(
    db,
    rows.map((r) => r.id),
  );
  const byEntry = new Map<string, InventoryEntryLine[]>();
  for (const line of lines) {
    const list = byEntry.get(line.entryId) ?? [];
    list.push(presentLine(line));
    byEntry.set(line.entryId, list);
  }
  return rows.map((row) => ({ ...presentInventoryEntrySummary(row), lines: byEntry.get(row.id) ?? [] }));
}

// ---------------------------------------------------------------------------------------------
// Writing

interface EntryDraft {
  entry: NewInventoryEntry;
  /** The field naming each side in a 400: factoryId, or fromFactoryId and toFactoryId. */
  sides: { field: string; factoryId: string }[];
  lines: { itemId: string; quantity: number; movements: NewInventoryMovement[] }[];
}

const fieldError = (field: string, message: string) => errors.validation(message, { [field]: [message] });

/** The factories of the entry, locked against deactivation until it is written; 400 when missing or inactive. */
async function lockSides(tx: Executor, sides: EntryDraft['sides']): Promise<void> {
  for (const side of sides) {
    const factory = await lockFactoryShared(tx, side.factoryId);
    if (!factory) throw fieldError(side.field, 'This factory does not exist. Choose another factory.');
    if (!factory.active)
      throw fieldError(side.field, `${factory.name} (${factory.code}) is deactivated: choose an active factory.`);
  }
}

/**
 * The items of the lines, locked against change until the entry is written; 400 naming each line
 * whose item is missing or deactivated, or whose quantity does not fit the item's unit.
 */
async function lockLineItems(tx: Executor, lines: EntryDraft['lines']): Promise<void> {
  const items = await lockInventoryItemsShared(
    tx,
    lines.map((l) => l.itemId),
  );
  const fieldErrors: FieldErrors = {};
  const messages: string[] = [];
  lines.forEach((line, i) => {
    const item = items.get(line.itemId);
    const problem = !item
      ? (['itemId', 'This item does not exist. Choose another one.'] as const)
      : !item.active
        ? (['itemId', `${item.name} is deactivated: reactivate it on Names or choose another item.`] as const)
        : null;
    const quantityProblem = item ? unitQuantityProblem(line.quantity, item.unit) : null;
    const [field, message] = problem ?? (quantityProblem ? (['quantity', quantityProblem] as const) : [null, null]);
    if (!field) return;
    fieldErrors[`lines.${i}.${field}`] = [message];
    messages.push(`Line ${i + 1}: ${message}.`);
  });
  if (messages.length > 0) throw errors.validation(messages.join(' '), fieldErrors);
}

/**
 * Checks, writes and audits an entry in one transaction (see the file comment); returns it as the
 * POSTs answer it.
 */
function postEntry(db: Database, actor: Actor, draft: EntryDraft): Promise<InventoryEntry> {
  return db.transaction(async (tx) => {
    await lockSides(tx, draft.sides);
    await refuseFutureDay(tx, draft.entry.factoryId, draft.entry.date);
    await lockLineItems(tx, draft.lines);
    const posted = await recordInventoryEntry(
      tx,
      draft.entry,
      draft.lines.flatMap((l) => l.movements),
    );
    if (!posted.ok) {
      // In the order of the lines.
      const order = new Map(draft.lines.map((l, i) => [l.itemId, i]));
      const shortages = [...posted.shortages].sort(
        (a, b) => (order.get(a.categoryId) ?? 0) - (order.get(b.categoryId) ?? 0),
      );
      const { message, problems } = await describeInventoryShortages(tx, shortages);
      throw errors.itemProblems(`${message} Nothing was recorded.`, problems);
    }
    const row = await findInventoryEntryRow(tx, posted.id);
    if (!row) throw new Error(`inventory entry ${posted.id} vanished`);
    const [entry] = await withLines(tx, [row]);
    if (!entry) throw new Error(`inventory entry ${posted.id} vanished`);
    await insertAudit(tx, {
      actorId: actor.userId,
      action: 'create',
      recordType: RECORD_TYPE,
      recordId: entry.id,
      after: { ...entry, label: inventoryEntryNumberLabel(entry.kind, entry.number) },
    });
    return entry;
  });
}

/** POST /api/inventory/inputs: stock received at a factory (the user's own when factory-scoped). */
export async function createInventoryInput(db: Database, actor: Actor, input: ValidInput): Promise<InventoryEntry> {
  const factoryId = actingFactory(actor, input.factoryId);
  return postEntry(db, actor, {
    entry: {
      kind: 'input',
      date: input.date,
      factoryId,
      toFactoryId: null,
      supplier: input.supplier,
      reference: input.reference,
      note: input.note,
      createdBy: actor.userId,
    },
    sides: [{ field: 'factoryId', factoryId }],
    lines: input.lines.map((l, i) => ({
      itemId: l.itemId,
      quantity: l.quantity,
      movements: [
        { line: i + 1, factoryId, itemId: l.itemId, kind: 'input', quantity: l.quantity, unitCost: l.unitCost },
      ],
    })),
  });
}

/** POST /api/inventory/removals: stock taken out at a factory (the user's own when factory-scoped). */
export async function createInventoryRemoval(db: Database, actor: Actor, input: ValidRemoval): Promise<InventoryEntry> {
  const factoryId = actingFactory(actor, input.factoryId);
  return postEntry(db, actor, {
    entry: {
      kind: 'removal',
      date: input.date,
      factoryId,
      toFactoryId: null,
      supplier: null,
      reference: input.reference,
      note: input.note,
      createdBy: actor.userId,
    },
    sides: [{ field: 'factoryId', factoryId }],
    lines: input.lines.map((l, i) => ({
      itemId: l.itemId,
      quantity: l.quantity,
      movements: [
        { line: i + 1, factoryId, itemId: l.itemId, kind: 'removal', quantity: l.quantity, reason: l.reason },
      ],
    })),
  });
}

/** POST /api/inventory/transfers: stock moved at once (a factory-scoped user sends from their own factory). */
export async function createInventoryTransfer(
  db: Database,
  actor: Actor,
  input: ValidTransfer,
): Promise<InventoryEntry> {
  const fromId = actingFactory(actor, input.fromFactoryId);
  const toId = input.toFactoryId;
  return postEntry(db, actor, {
    entry: {
      kind: 'transfer',
      date: input.date,
      factoryId: fromId,
      toFactoryId: toId,
      supplier: null,
      reference: input.reference,
      note: input.note,
      createdBy: actor.userId,
    },
    sides: [
      { field: 'fromFactoryId', factoryId: fromId },
      { field: 'toFactoryId', factoryId: toId },
    ],
    lines: input.lines.map((l, i) => ({
      itemId: l.itemId,
      quantity: l.quantity,
      movements: [
        { line: i + 1, factoryId: fromId, itemId: l.itemId, kind: 'transfer_out', quantity: l.quantity },
        { line: i + 1, factoryId: toId, itemId: l.itemId, kind: 'transfer_in', quantity: l.quantity },
      ],
    })),
  });
}

// ---------------------------------------------------------------------------------------------
// Reading

/** The list's filters with the actor's scope: factory-scoped users see the entries their factory is a side of. */
function resolveFilters(actor: Actor, query: EntryQuery): InventoryEntryFilters {
  return {
    kind: query.kind,
    scopeFactoryId: actor.isGlobal ? undefined : (actor.factory?.id ?? NO_FACTORY),
    sideFactoryId: query.factoryId === undefined ? undefined : scopedFactoryFilter(actor, query.factoryId),
    fromFactoryId: query.fromFactoryId,
    toFactoryId: query.toFactoryId,
    itemId: query.itemId,
    from: query.from,
    to: query.to,
    q: query.q,
    number: query.q ? (parseInventoryEntryNumber(query.q) ?? undefined) : undefined,
    sort: query.sort,
    dir: query.dir,
  };
}

export async function listInventoryEntries(
  db: Database,
  actor: Actor,
  query: ListInventoryEntriesQuery,
): Promise<ListResponse<InventoryEntrySummary>> {
  const filters = resolveFilters(actor, query);
  const [rows, count] = await Promise.all([
    listInventoryEntryRows(
      db,
      filters,
      query.sort === 'date' ? decodeDayCursor(query.cursor) : decodeCursor(query.cursor),
      query.limit + 1,
    ),
    countInventoryEntries(db, filters),
  ]);
  const page = toPage(rows, query.limit, INVENTORY_ENTRY_SORT_VALUES[query.sort]);
  return { items: page.items.map(presentInventoryEntrySummary), nextCursor: page.nextCursor, ...count };
}

/** The filtered entries with their lines, a page at a time (the CSV has a row per line). */
export async function* exportInventoryEntries(
  db: Database,
  actor: Actor,
  query: EntryQuery,
): AsyncGenerator<InventoryEntry[]> {
  const filters = resolveFilters(actor, query);
  const pages = allPages(
    (cursor, limit) => listInventoryEntryRows(db, filters, cursor, limit),
    INVENTORY_ENTRY_SORT_VALUES[query.sort],
    500,
  );
  for await (const page of pages) yield withLines(db, page);
}

/** GET /api/inventory/entries/:id: 404 also for an entry the user's factory is no side of. */
export async function getInventoryEntry(db: Database, actor: Actor, id: string): Promise<InventoryEntry> {
  const row = await findInventoryEntryRow(db, id);
  const visible =
    row && (inScope(actor, row.factoryId) || (row.toFactoryId !== null && inScope(actor, row.toFactoryId)));
  if (!row || !visible) throw errors.notFound(NOT_FOUND);
  const [entry] = await withLines(db, [row]);
  if (!entry) throw errors.notFound(NOT_FOUND);
  return entry;
}
