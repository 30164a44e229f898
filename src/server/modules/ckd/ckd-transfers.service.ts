/**
 * Kit transfers (DOMAIN.md §4 "CKD kits"): kits of one or more categories move from one factory to
 * another at once, on one KT- document. One transaction writes the transfer and, per line, the
 * sender's transfer_out and the receiver's transfer_in; the kit ledger locks the balances, so two
 * transfers racing for the last kits cannot both take them, and a line short of kits refuses all.
 * A factory-scoped user sends only from their own factory (to any active factory) and sees the
 * transfers their factory is a side of.
 */
import type { z } from 'zod';
import {
  ckdTransferNumberLabel,
  parseCkdTransferNumber,
  type CkdTransfer,
  type createCkdTransferSchema,
  type ListCkdTransfersQuery,
} from '../../../common/contracts/ckd';
import { personRef } from '../../../common/contracts/fields';
import type { ListResponse } from '../../../common/contracts/list';
import type { Actor } from '../../auth/actor';
import { actingFactory, NO_FACTORY } from '../../auth/scope';
import type { Database } from '../../db/client';
import { errors } from '../../http/errors';
import { allPages, listPage } from '../../http/list';
import { insertAudit } from '../audit/audit.repository';
import { describeKitShortages, recordKitMovements } from './ckd-ledger.repository';
import { lockCategory } from './ckd-categories.repository';
import { findCkdFactories } from './ckd-factories.repository';
import {
  CKD_TRANSFER_SORT_VALUES,
  countCkdTransfers,
  findCkdTransferRow,
  insertCkdTransfer,
  listCkdTransferRows,
  type CkdTransferFilters,
  type CkdTransferRow,
} from './ckd-transfers.repository';
import { refuseFutureDay } from '../factories/factory-days';

type CreateInput = z.output<typeof createCkdTransferSchema>;
type TransferQuery = Omit<ListCkdTransfersQuery, 'limit' | 'cursor'>;

const RECORD_TYPE = 'ckd_transfer';

export function presentCkdTransfer(row: CkdTransferRow): CkdTransfer {
  return {
    id: row.id,
    number: Number(row.number),
    date: row.date,
    from: { id: row.fromId, name: row.fromName, code: row.fromCode },
    to: { id: row.toId, name: row.toName, code: row.toCode },
    lines: row.lines.map((l) => ({ category: { id: l.id, name: l.name, code: l.code }, quantity: l.quantity })),
    quantity: row.quantity,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    createdBy: personRef(row.createdById, row.createdByName, row.createdByEmail),
  };
}

const invalid = (field: string, message: string) => errors.validation(message, { [field]: [message] });

/** POST /api/ckd/transfers: all or nothing (see the file comment). */
export async function createCkdTransfer(db: Database, actor: Actor, input: CreateInput): Promise<CkdTransfer> {
  const fromId = actingFactory(actor, input.fromFactoryId);
  return db.transaction(async (tx) => {
    const found = await findCkdFactories(tx, [fromId, input.toFactoryId]);
    const from = found.get(fromId);
    const to = found.get(input.toFactoryId);
    if (!from) throw invalid('fromFactoryId', 'The sending factory does not exist. Choose another one.');
    if (!to) throw invalid('toFactoryId', 'The receiving factory does not exist. Choose another one.');
    if (!to.active) throw invalid('toFactoryId', `${to.name} is deactivated. Choose an active factory.`);
    await refuseFutureDay(tx, fromId, input.date);
    for (const [i, line] of input.lines.entries()) {
      if (!(await lockCategory(tx, line.categoryId, 'share')))
        throw invalid(`lines.${i}.categoryId`, 'This CKD category does not exist. Choose another one.');
    }

    const transfer = await insertCkdTransfer(tx, {
      date: input.date,
      fromFactoryId: from.id,
      toFactoryId: to.id,
      quantity: input.lines.reduce((n, l) => n + l.quantity, 0),
      note: input.note,
      actorId: actor.userId,
    });
    const posted = await recordKitMovements(
      tx,
      input.lines.flatMap((line) => {
        const movement = {
          date: input.date,
          categoryId: line.categoryId,
          transferId: transfer.id,
          note: input.note,
          createdBy: actor.userId,
        };
        return [
          { ...movement, factoryId: from.id, kind: 'transfer_out' as const, delta: -line.quantity },
          { ...movement, factoryId: to.id, kind: 'transfer_in' as const, delta: line.quantity },
        ];
      }),
    );
    if (!posted.ok) {
      const [shortage] = posted.shortages;
      throw errors.itemProblems(
        posted.shortages.length === 1 && shortage
          ? `Not enough kits: ${shortage.available.toLocaleString('en-US')} in stock, ${shortage.needed.toLocaleString('en-US')} needed. Nothing was sent.`
          : `Not enough kits of ${posted.shortages.length} categories: see each. Nothing was sent.`,
        await describeKitShortages(tx, posted.shortages),
      );
    }
    const row = await findCkdTransferRow(tx, transfer.id);
    if (!row) throw new Error(`kit transfer ${transfer.id} vanished`);
    const presented = presentCkdTransfer(row);
    await insertAudit(tx, {
      actorId: actor.userId,
      action: 'create',
      recordType: RECORD_TYPE,
      recordId: transfer.id,
      after: { ...presented, label: ckdTransferNumberLabel(presented.number) },
    });
    return presented;
  });
}

/** The list's filters with the actor's scope: factory-scoped users see transfers their factory is a side of. */
function resolveFilters(actor: Actor, query: TransferQuery): CkdTransferFilters {
  const number = query.q ? parseCkdTransferNumber(query.q) : null;
  return {
    sideFactoryId: actor.isGlobal ? undefined : (actor.factory?.id ?? NO_FACTORY),
    fromFactoryId: query.fromFactoryId,
    toFactoryId: query.toFactoryId,
    categoryId: query.categoryId,
    from: query.from,
    to: query.to,
    number: number ?? undefined,
    noMatch: query.q !== undefined && number === null,
    sort: query.sort,
    dir: query.dir,
  };
}

export function listCkdTransfers(
  db: Database,
  actor: Actor,
  query: ListCkdTransfersQuery,
): Promise<ListResponse<CkdTransfer>> {
  const filters = resolveFilters(actor, query);
  return listPage(query, {
    rows: (cursor, limit) => listCkdTransferRows(db, filters, cursor, limit),
    count: () => countCkdTransfers(db, filters),
    sortValue: CKD_TRANSFER_SORT_VALUES[query.sort],
    present: presentCkdTransfer,
  });
}

export function exportCkdTransfers(db: Database, actor: Actor, query: TransferQuery) {
  const filters = resolveFilters(actor, query);
  return allPages(
    (cursor, limit) => listCkdTransferRows(db, filters, cursor, limit),
    CKD_TRANSFER_SORT_VALUES[query.sort],
  );
}
