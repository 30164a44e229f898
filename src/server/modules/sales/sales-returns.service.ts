/**
 * Return notes (DOMAIN.md §4 "Sales"): some IDs of a completed order returned with a reason on a
 * return note (credit note RN-000123). One transaction: the order is locked FOR UPDATE (a second
 * return, or a cancel, of the same order waits for it), then its IDs in id order; every code must
 * be one of the order's IDs, still sold on it and not returned yet, else nothing is returned (409
 * naming each). The IDs go back to validated with a sale_returned event naming the note; each is
 * credited its line's price per stove (./sales-return-rules.ts). Returning every ID leaves the
 * order completed, fully returned. Same permission and scope as canceling (sales-management; a
 * factory-scoped user returns only their own factory's orders).
 */
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { counted } from '../../../common/counted';
import { parseDocumentNumber, personRef } from '../../../common/contracts/fields';
import type { ListResponse } from '../../../common/contracts/list';
import { formatMoney } from '../../../common/contracts/sales';
import {
  parseSalesOrderNumber,
  salesOrderNumberLabel,
  salesReturnNumberLabel,
  type createSalesReturnSchema,
  type ListSalesReturnsQuery,
  type SalesReturn,
  type SalesReturnDetail,
} from '../../../common/contracts/sales-orders';
import { normalizeCode } from '../../../common/stove-codes';
import type { Actor } from '../../auth/actor';
import { inScope, scopedFactoryFilter } from '../../auth/scope';
import type { Database, Executor } from '../../db/client';
import { errors, type ItemProblem } from '../../http/errors';
import { endStoveRegistrations } from '../carbon/end-users.service';
import { allPages, listPage } from '../../http/list';
import { publishLive } from '../../live/publish-live';
import { insertAudit } from '../audit/audit.repository';
import { lockDocumentStoveIds } from '../stove-ids/document-stove-ids.repository';
import { changeStoveIdStatuses } from '../stove-ids/stove-id-status.repository';
import { findOrderRow, lockOrder, stoveModelsByCode } from './sales-orders.repository';
import { linesOfIds, stoveCredits } from '../../../common/sales-return-rules';
import {
  countReturns,
  findReturnRow,
  insertReturn,
  listReturnRows,
  orderLinesForReturn,
  RETURN_SORT_VALUES,
  returnedIdsOfOrder,
  returnItemRows,
  type NewReturn,
  orderStoveIds,
  type ReturnFilters,
  type ReturnLineRow,
  type ReturnRow,
} from './sales-returns.repository';
import { factoryToday } from '../factories/time-zones.repository';

type ReturnInput = z.output<typeof createSalesReturnSchema>;

export function presentReturn(row: ReturnRow): SalesReturn {
  return {
    id: row.id,
    number: row.number,
    date: row.date,
    order: { id: row.orderId, number: row.orderNumber, date: row.orderDate },
    factory: { id: row.factoryId, name: row.factoryName, code: row.factoryCode },
    customer: { id: row.customerId, name: row.customerName },
    reason: row.reason,
    stoveCount: row.stoveCount,
    credit: row.credit,
    currency: row.currency,
    returnedAt: row.returnedAt.toISOString(),
    returnedBy: personRef(row.returnedById, row.returnedByName, row.returnedByEmail),
  };
}

/** The line (position) each of an order's IDs came from, by stove_ids id (see sales-return-rules). */
async function allocateLines(
  db: Executor,
  ids: readonly { id: number; code: string }[],
  lines: readonly ReturnLineRow[],
): Promise<Map<number, number>> {
  const models = await stoveModelsByCode(
    db,
    ids.map((i) => i.code),
  );
  return linesOfIds(
    [...ids].sort((a, b) => a.id - b.id).map((i) => ({ id: i.id, modelId: models.get(i.code)?.id ?? null })),
    lines.map((l) => ({ position: l.position, modelId: l.modelId, stoves: l.stoves })),
  );
}

/**
 * An order's IDs that can still be returned (sold there, not returned yet), each with its line's
 * position, by code; and the stoves returned from each line, by position.
 */
export async function returnableIds(
  db: Executor,
  order: { id: string; factoryId: string },
): Promise<{ returnable: { code: string; position: number }[]; returnedByLine: Map<number, number> }> {
  const [ids, returned, lines] = await Promise.all([
    orderStoveIds(db, order.id),
    returnedIdsOfOrder(db, order.id),
    orderLinesForReturn(db, order.id),
  ]);
  const lineOf = await allocateLines(db, ids, lines);
  const returnable = ids
    .filter((i) => !returned.has(i.id) && i.status === 'sold' && i.factoryId === order.factoryId)
    .map((i) => ({ code: i.code, position: lineOf.get(i.id) ?? 0 }))
    .sort((a, b) => a.code.localeCompare(b.code));
  return { returnable, returnedByLine: new Map(lines.map((l) => [l.position, l.returned])) };
}

const orderNotFound = () => errors.notFound('No such sales order (or it is not one of your factory’s).');
const returnNotFound = () => errors.notFound('No such return note (or it is not one of your factory’s).');
const cents = (amount: number) => Math.round(amount * 100);

/**
 * POST /api/sales/orders/:id/returns: one transaction, all or nothing (see the file's comment).
 * 404 for an order out of scope; 409 for a canceled order or naming each code that cannot be returned.
 */
export async function createSalesReturn(
  db: Database,
  actor: Actor,
  orderId: string,
  input: ReturnInput,
): Promise<SalesReturnDetail> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order || !inScope(actor, order.factoryId)) throw orderNotFound();
    const label = salesOrderNumberLabel(order.number);
    if (order.status === 'canceled')
      throw errors.conflict(`${label} is canceled: its stove IDs went back to validated when it was canceled.`);
    const ids = await lockDocumentStoveIds(tx, { type: 'sales_order', id: order.id });
    const returned = await returnedIdsOfOrder(tx, order.id);

    const byCode = new Map(ids.map((i) => [i.code, i]));
    const chosen = new Set<number>();
    const seen = new Set<string>();
    const problems: ItemProblem[] = [];
    for (const raw of input.codes) {
      const code = normalizeCode(raw);
      const id = byCode.get(code);
      const earlier = id ? returned.get(id.id) : undefined;
      let reason: string | null = null;
      if (seen.has(code)) reason = 'Duplicate in the list';
      else if (!id) reason = `Not on ${label}`;
      else if (earlier !== undefined) reason = `Already returned on ${salesReturnNumberLabel(earlier)}`;
      else if (id.status !== 'sold' || id.factoryId !== order.factoryId) reason = `No longer sold on ${label}`;
      seen.add(code);
      if (reason) problems.push({ code: code || raw, reason });
      else if (id) chosen.add(id.id);
    }
    if (problems.length > 0)
      throw errors.itemProblems(
        `Nothing was returned: ${problems.length.toLocaleString('en-US')} of ${counted(input.codes.length, 'stove ID')} cannot be returned from ${label}.`,
        problems,
      );

    const lines = await orderLinesForReturn(tx, order.id);
    const lineOf = await allocateLines(tx, ids, lines);
    const items: NewReturn['items'] = [];
    for (const line of lines) {
      const mine = ids.filter((i) => chosen.has(i.id) && lineOf.get(i.id) === line.position);
      const credits = stoveCredits(cents(line.unitPrice), line.stovesPerPackage, line.returned, mine.length);
      mine.forEach((i, n) =>
        items.push({
          stoveIdId: i.id,
          orderLineId: line.id,
          packageId: line.packageId,
          credit: (credits[n] ?? 0) / 100,
        }),
      );
    }
    if (items.length !== chosen.size) throw new Error(`sales order ${order.id}: some of its IDs fit none of its lines`);

    const note = await insertReturn(tx, {
      order,
      // The credit note's day: today at the order's factory (its time zone, else the company's).
      date: await factoryToday(tx, order.factoryId),
      reason: input.reason,
      currency: order.currency,
      actorId: actor.userId,
      items,
    });
    const number = salesReturnNumberLabel(note.number);
    await changeStoveIdStatuses(tx, {
      ids: [...chosen],
      kind: 'sale_returned',
      set: sql`status = 'validated'`,
      document: { type: 'sales_order', id: order.id },
      note: `${number}: ${input.reason}`,
      actorId: actor.userId,
    });
    await endStoveRegistrations(tx, [...chosen], `stove returned (${number})`, actor.userId);
    const detail = await readReturn(tx, actor, note.id);
    await insertAudit(tx, {
      actorId: actor.userId,
      action: 'return',
      recordType: 'sales_return',
      recordId: note.id,
      after: {
        number: note.number,
        order: label,
        reason: input.reason,
        stoves: items.length,
        credit: formatMoney(detail.credit, detail.currency),
        codes: detail.items.map((i) => i.code),
      },
    });
    await publishLive(tx, { kind: 'sales', factoryIds: [order.factoryId] });
    return detail;
  });
}

async function readReturn(db: Executor, actor: Actor, id: string): Promise<SalesReturnDetail> {
  const row = await findReturnRow(db, id);
  if (!row || !inScope(actor, row.factoryId)) throw returnNotFound();
  const [order, items] = await Promise.all([findOrderRow(db, row.orderId), returnItemRows(db, id)]);
  if (!order) throw new Error(`return note ${id}: its order is gone`);
  return {
    ...presentReturn(row),
    buyer: { name: order.buyerName, phone: order.buyerPhone, location: order.buyerLocation },
    category: { id: order.categoryId, name: order.categoryName, code: order.categoryCode },
    items: items.map((i) => ({
      code: i.code,
      position: i.position,
      package: { id: i.packageId, name: i.packageName, code: i.packageCode },
      credit: i.credit,
    })),
  };
}

/** GET /api/sales/returns/:id */
export function getSalesReturn(db: Database, actor: Actor, id: string): Promise<SalesReturnDetail> {
  return readReturn(db, actor, id);
}

type ReturnQuery = Omit<ListSalesReturnsQuery, 'limit' | 'cursor'>;

function resolveFilters(actor: Actor, query: ReturnQuery): ReturnFilters {
  return {
    factoryId: scopedFactoryFilter(actor, query.factoryId),
    from: query.from,
    to: query.to,
    text: query.q,
    number: query.q ? (parseDocumentNumber('RN', query.q) ?? undefined) : undefined,
    orderNumber: query.q ? (parseSalesOrderNumber(query.q) ?? undefined) : undefined,
    sort: query.sort,
    dir: query.dir,
  };
}

/** GET /api/sales/returns: a page of the filtered return notes and their count. */
export function listSalesReturns(
  db: Database,
  actor: Actor,
  query: ListSalesReturnsQuery,
): Promise<ListResponse<SalesReturn>> {
  const filters = resolveFilters(actor, query);
  return listPage(query, {
    rows: (cursor, limit) => listReturnRows(db, filters, cursor, limit),
    count: () => countReturns(db, filters),
    sortValue: RETURN_SORT_VALUES[query.sort],
    present: presentReturn,
  });
}

/** Every page of the filtered return notes, for the CSV export. */
export function exportSalesReturns(db: Database, actor: Actor, query: ReturnQuery) {
  const filters = resolveFilters(actor, query);
  return allPages((cursor, limit) => listReturnRows(db, filters, cursor, limit), RETURN_SORT_VALUES[query.sort]);
}
