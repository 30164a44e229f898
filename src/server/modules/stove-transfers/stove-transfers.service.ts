/**
 * Two-step stove ID transfers (DOMAIN.md §4 "Stove IDs"): the sender sends IDs (in_stock, coupled
 * or validated, at its factory) to another active factory; they are in_transit on a pending
 * transfer until the destination confirms all or part (the rest return) or rejects, or the sender
 * cancels. Every step runs in one transaction that locks what it checks: the IDs (send) or the
 * transfer row and then its IDs (confirm, reject, cancel); each step applies once.
 */
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { plural } from '../../../common/counted';
import { personRef } from '../../../common/contracts/fields';
import { ERROR_CODES } from '../../../common/contracts/errors';
import type { ListResponse } from '../../../common/contracts/list';
import {
  parseTransferNumber,
  STOVE_ID_STATUS_LABELS,
  STOVE_TRANSFER_STATUS_LABELS,
  TRANSFERABLE_STATUSES,
  transferNumberLabel,
  type ListStoveTransfersQuery,
  type sendStoveTransferSchema,
  type StoveIdStatus,
  type StoveTransfer,
  type StoveTransferDetail,
  type TransferCheck,
} from '../../../common/contracts/stove-ids';
import { distinctWellFormedCodes, normalizeCode, STOVE_CODE_PATTERN } from '../../../common/stove-codes';
import type { Actor } from '../../auth/actor';
import { actingFactory, NO_FACTORY } from '../../auth/scope';
import type { Database, Executor } from '../../db/client';
import { AppError, errors, type ItemProblem } from '../../http/errors';
import { allPages, listPage } from '../../http/list';
import { insertAudit } from '../audit/audit.repository';
import {
  queueIncomingTransferMails,
  queueTransferOutcomeMail,
  type Mailing,
} from '../notifications/notifications.service';
import {
  changeStoveIdStatuses,
  lockStoveIdsByCodes,
  lockStoveIdsOfTransfer,
  type LockedStoveId,
} from '../stove-ids/stove-id-status.repository';
import {
  countPendingTransfers,
  countTransfers,
  decideTransfer,
  findFactories,
  findTransferCandidates,
  findTransferRow,
  insertTransfer,
  insertTransferItems,
  listTransferRows,
  lockTransfer,
  setItemOutcomes,
  settlePendingItems,
  TRANSFER_SORT_VALUES,
  transferItemRows,
  transferNumbers,
  type FactoryRow,
  type LockedTransfer,
  type TransferFilters,
  type TransferRow,
} from './stove-transfers.repository';
import { violatedUniqueIndex } from '../../db/database-errors';
import { publishLive } from '../../live/publish-live';
import { addDays, isIsoDay } from '../../../common/calendar-days';
import { instantInZone } from '../../../common/time-zones';

type SendInput = z.output<typeof sendStoveTransferSchema>;
type TransferQuery = Omit<ListStoveTransfersQuery, 'limit' | 'cursor'>;

const RECORD_TYPE = 'stove_transfer';

// ---------------------------------------------------------------------------------------------
// Presenting

export function presentTransfer(row: TransferRow): StoveTransfer {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    from: { id: row.fromId, name: row.fromName, code: row.fromCode },
    to: { id: row.toId, name: row.toName, code: row.toCode },
    idCount: row.idCount,
    receivedCount: row.receivedCount,
    note: row.note,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    createdBy: personRef(row.createdById, row.createdByName, row.createdByEmail),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
    decidedBy: personRef(row.decidedById, row.decidedByName, row.decidedByEmail),
  };
}

async function readTransfer(db: Executor, id: string): Promise<StoveTransfer> {
  const row = await findTransferRow(db, id);
  if (!row) throw new Error(`transfer ${id} vanished`);
  return presentTransfer(row);
}

/** Tells both factories' open pages (confirmations badge, dashboards) that the transfer changed. */
function publishTransfer(tx: Executor, transfer: StoveTransfer): Promise<void> {
  return publishLive(tx, {
    kind: 'transfer',
    factoryIds: [transfer.from.id, transfer.to.id],
    transferId: transfer.id,
    number: transfer.number,
    status: transfer.status,
    fromFactoryId: transfer.from.id,
    toFactoryId: transfer.to.id,
    fromFactoryName: transfer.from.name,
  });
}

// ---------------------------------------------------------------------------------------------
// Scope: who sees a transfer, who may act on it

interface Sides {
  fromFactoryId: string;
  toFactoryId: string;
}

function canSee(actor: Actor, t: Sides): boolean {
  const mine = actor.factory?.id;
  return actor.isGlobal || mine === t.fromFactoryId || mine === t.toFactoryId;
}

/** The destination side confirms and rejects; the sending side cancels; global users may do both. */
function onSide(actor: Actor, t: Sides, side: 'destination' | 'sender'): boolean {
  return actor.isGlobal || actor.factory?.id === (side === 'destination' ? t.toFactoryId : t.fromFactoryId);
}

const notFound = () => errors.notFound('No such transfer (or it is not one of your factory’s).');

// ---------------------------------------------------------------------------------------------
// Eligibility (check and send use the same rules)

interface Candidate {
  status: StoveIdStatus;
  factoryId: string;
  pendingTransferNumber: number | null;
}

type Assessment = TransferCheck['items'][number];

const TRANSFERABLE = new Set<StoveIdStatus>(TRANSFERABLE_STATUSES);

/**
 * Each code's eligibility, in the order given: malformed, repeated, unknown, not at the sending
 * factory, already on a pending transfer, a status that cannot be sent, or a destination problem.
 */
function assess(
  rawCodes: readonly string[],
  found: ReadonlyMap<string, Candidate>,
  from: FactoryRow,
  destinationProblem: string | null,
): Assessment[] {
  const seen = new Set<string>();
  return rawCodes.map((raw) => {
    const code = normalizeCode(raw);
    const no = (reason: string, status: StoveIdStatus | null = null): Assessment => ({
      code,
      eligible: false,
      status,
      reason,
    });
    if (!STOVE_CODE_PATTERN.test(code)) return no('Not a stove ID (4-32 characters of A-Z, 0-9 and -)');
    if (seen.has(code)) return no('Duplicate in the list');
    seen.add(code);
    const id = found.get(code);
    if (!id) return no('Unknown stove ID');
    if (id.factoryId !== from.id) return no(`Not at the sending factory (${from.code})`);
    if (id.status === 'in_transit')
      return no(
        id.pendingTransferNumber === null
          ? 'Already on a pending transfer'
          : `Already on pending transfer ${transferNumberLabel(id.pendingTransferNumber)}`,
        id.status,
      );
    if (!TRANSFERABLE.has(id.status))
      return no(`${STOVE_ID_STATUS_LABELS[id.status]}: only In stock, Coupled or Validated IDs can be sent`, id.status);
    if (destinationProblem) return no(destinationProblem, id.status);
    return { code, eligible: true, status: id.status, reason: null };
  });
}

/** The two sides of a transfer: the sender in the actor's scope (403), both existing (400). */
async function resolveSides(
  db: Executor,
  actor: Actor,
  input: { fromFactoryId: string; toFactoryId: string },
): Promise<{ from: FactoryRow; to: FactoryRow; destinationProblem: string | null }> {
  const fromId = actingFactory(actor, input.fromFactoryId);
  const found = await findFactories(db, [fromId, input.toFactoryId]);
  const from = found.get(fromId);
  const to = found.get(input.toFactoryId);
  if (!from)
    throw errors.validation('The sending factory does not exist.', {
      fromFactoryId: ['The sending factory does not exist.'],
    });
  if (!to)
    throw errors.validation('The destination factory does not exist.', {
      toFactoryId: ['The destination factory does not exist.'],
    });
  const destinationProblem =
    from.id === to.id
      ? 'The destination is the sending factory'
      : !to.active
        ? `The destination factory (${to.code}) is inactive`
        : null;
  return { from, to, destinationProblem };
}

/** POST /api/stove-transfers/check: each code's eligibility; changes nothing (one query for the IDs). */
export async function checkTransfer(db: Database, actor: Actor, input: SendInput): Promise<TransferCheck> {
  const { from, destinationProblem } = await resolveSides(db, actor, input);
  const candidates = await findTransferCandidates(db, distinctWellFormedCodes(input.codes));
  const items = assess(input.codes, new Map(candidates.map((c) => [c.code, c])), from, destinationProblem);
  const eligible = items.filter((i) => i.eligible).length;
  return { items, eligible, ineligible: items.length - eligible };
}

const refusal = (problems: ItemProblem[], total: number) =>
  errors.itemProblems(
    `Nothing was sent: ${problems.length.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} stove IDs cannot be transferred.`,
    problems,
  );

/** The one-pending-item-per-ID unique index refused an insert (a race the locks should already prevent). */
function isPendingItemConflict(error: unknown): boolean {
  return violatedUniqueIndex(error) === 'stove_transfer_items_one_pending_idx';
}

/**
 * POST /api/stove-transfers: all or nothing. Locks the IDs (in id order), refuses every one when
 * any is ineligible (409, each offending code with its reason), else writes the transfer, its
 * items and the IDs' 'sent' change (in_transit, holding their status), and one audit row.
 */
export async function sendTransfer(
  db: Database,
  actor: Actor,
  input: SendInput,
  mailing?: Mailing,
): Promise<StoveTransfer> {
  const { from, to, destinationProblem } = await resolveSides(db, actor, input);
  if (destinationProblem)
    throw errors.validation(`${destinationProblem}.`, { toFactoryId: [`${destinationProblem}.`] });
  try {
    return await db.transaction(async (tx) => {
      const locked = await lockStoveIdsByCodes(tx, distinctWellFormedCodes(input.codes));
      const numbers = await transferNumbers(tx, [
        ...new Set(locked.flatMap((l) => (l.pendingTransferId ? [l.pendingTransferId] : []))),
      ]);
      const found = new Map(
        locked.map((l) => [
          l.code,
          {
            status: l.status,
            factoryId: l.factoryId,
            pendingTransferNumber: l.pendingTransferId ? (numbers.get(l.pendingTransferId) ?? null) : null,
          },
        ]),
      );
      const problems = assess(input.codes, found, from, null).flatMap((a) =>
        a.eligible ? [] : [{ code: a.code, reason: a.reason ?? 'Not eligible' }],
      );
      if (problems.length > 0) throw refusal(problems, input.codes.length);

      const ids = locked.map((l) => l.id);
      const transfer = await insertTransfer(tx, {
        fromFactoryId: from.id,
        toFactoryId: to.id,
        idCount: ids.length,
        note: input.note,
        actorId: actor.userId,
      });
      await insertTransferItems(tx, transfer.id, locked);
      const changed = await changeStoveIdStatuses(tx, {
        ids,
        kind: 'sent',
        set: sql`status = 'in_transit', held_status = s.status, pending_transfer_id = ${transfer.id}`,
        document: { type: 'transfer', id: transfer.id },
        note: input.note,
        actorId: actor.userId,
      });
      if (changed !== ids.length) throw new Error(`sent ${changed} of ${ids.length} IDs`);
      const presented = await readTransfer(tx, transfer.id);
      await insertAudit(tx, {
        actorId: actor.userId,
        action: 'send',
        recordType: RECORD_TYPE,
        recordId: transfer.id,
        after: { number: presented.number, from: from.code, to: to.code, idCount: ids.length, note: input.note },
      });
      await publishTransfer(tx, presented);
      if (mailing) await queueIncomingTransferMails(tx, mailing, presented, actor);
      return presented;
    });
  } catch (error) {
    if (!isPendingItemConflict(error)) throw error;
    const check = await checkTransfer(db, actor, input);
    const problems = check.items.flatMap((a) => (a.eligible ? [] : [{ code: a.code, reason: a.reason ?? '' }]));
    throw problems.length > 0
      ? refusal(problems, input.codes.length)
      : errors.conflict('Some of these stove IDs were just put on another transfer. Check them and try again.');
  }
}

// ---------------------------------------------------------------------------------------------
// Confirm, reject, cancel: lock the transfer, then its IDs; pending only; apply once.

interface Decision {
  action: 'confirm' | 'partially_confirm' | 'reject' | 'cancel';
  audit: Record<string, unknown>;
}

async function decide(
  db: Database,
  actor: Actor,
  id: string,
  side: 'destination' | 'sender',
  verb: string,
  apply: (tx: Executor, transfer: LockedTransfer, ids: LockedStoveId[]) => Promise<Decision>,
  mailing?: Mailing,
): Promise<StoveTransfer> {
  return db.transaction(async (tx) => {
    const transfer = await lockTransfer(tx, id);
    if (!transfer || !canSee(actor, transfer)) throw notFound();
    if (!onSide(actor, transfer, side))
      throw errors.forbidden(
        side === 'destination'
          ? `Only the destination factory can ${verb} this transfer.`
          : `Only the sending factory can ${verb} this transfer.`,
      );
    if (transfer.status !== 'pending')
      throw errors.conflict(`This transfer is already ${STOVE_TRANSFER_STATUS_LABELS[transfer.status].toLowerCase()}.`);
    const ids = await lockStoveIdsOfTransfer(tx, transfer.id);
    if (ids.length !== transfer.idCount)
      throw new Error(`transfer ${transfer.id} holds ${ids.length} of its ${transfer.idCount} IDs`);
    const decision = await apply(tx, transfer, ids);
    await insertAudit(tx, {
      actorId: actor.userId,
      action: decision.action,
      recordType: RECORD_TYPE,
      recordId: transfer.id,
      before: { number: transfer.number, status: 'pending' },
      after: { number: transfer.number, ...decision.audit },
    });
    const decided = await readTransfer(tx, transfer.id);
    await publishTransfer(tx, decided);
    if (mailing) await queueTransferOutcomeMail(tx, mailing, decided, actor);
    return decided;
  });
}

/** Back to the sender with the status each had when sent. */
const BACK_TO_SENDER = sql`status = held_status, held_status = null, pending_transfer_id = null`;

/**
 * POST /api/stove-transfers/:id/confirm: all IDs are received at the destination, or only `codes`
 * (a strict subset of the transfer's IDs) and the rest return to the sender.
 */
export function confirmTransfer(
  db: Database,
  actor: Actor,
  id: string,
  codes: readonly string[] | undefined,
  mailing?: Mailing,
): Promise<StoveTransfer> {
  return decide(
    db,
    actor,
    id,
    'destination',
    'confirm',
    async (tx, transfer, ids) => {
      let received = ids;
      let returned: LockedStoveId[] = [];
      if (codes) {
        const picked = new Set(codes.map(normalizeCode));
        const onTransfer = new Set(ids.map((i) => i.code));
        const strangers = [...picked].filter((c) => !onTransfer.has(c));
        if (strangers.length > 0) {
          const shown = strangers.slice(0, 10).join(', ');
          throw new AppError(
            400,
            ERROR_CODES.validation,
            `${strangers.length.toLocaleString('en-US')} of the picked stove IDs ${plural(strangers.length, 'is', 'are')} not on this transfer: ${shown}${strangers.length > 10 ? '…' : ''}`,
            { problems: strangers.map((code) => ({ code, reason: 'Not on this transfer' })) },
          );
        }
        received = ids.filter((i) => picked.has(i.code));
        returned = ids.filter((i) => !picked.has(i.code));
      }
      const document = { type: 'transfer', id: transfer.id } as const;
      await changeStoveIdStatuses(tx, {
        ids: received.map((i) => i.id),
        kind: 'received',
        set: sql`status = held_status, held_status = null, pending_transfer_id = null, factory_id = ${transfer.toFactoryId}`,
        document,
        actorId: actor.userId,
      });
      if (returned.length === 0) {
        await settlePendingItems(tx, transfer.id, 'received');
      } else {
        await changeStoveIdStatuses(tx, {
          ids: returned.map((i) => i.id),
          kind: 'returned',
          set: BACK_TO_SENDER,
          document,
          note: 'Not received: left out of a partial confirmation',
          actorId: actor.userId,
        });
        await setItemOutcomes(
          tx,
          transfer.id,
          received.map((i) => i.id),
          'received',
        );
        await settlePendingItems(tx, transfer.id, 'returned');
      }
      const status = returned.length === 0 ? 'confirmed' : 'partially_confirmed';
      await decideTransfer(tx, transfer.id, {
        status,
        receivedCount: received.length,
        reason: null,
        actorId: actor.userId,
      });
      return {
        action: returned.length === 0 ? 'confirm' : 'partially_confirm',
        audit: { status, receivedCount: received.length, returnedCount: returned.length },
      };
    },
    mailing,
  );
}

/** POST /api/stove-transfers/:id/reject: every ID back to the sender, with the reason. */
export function rejectTransfer(
  db: Database,
  actor: Actor,
  id: string,
  reason: string,
  mailing?: Mailing,
): Promise<StoveTransfer> {
  return decide(
    db,
    actor,
    id,
    'destination',
    'reject',
    async (tx, transfer, ids) => {
      await changeStoveIdStatuses(tx, {
        ids: ids.map((i) => i.id),
        kind: 'rejected',
        set: BACK_TO_SENDER,
        document: { type: 'transfer', id: transfer.id },
        note: reason,
        actorId: actor.userId,
      });
      await settlePendingItems(tx, transfer.id, 'returned');
      await decideTransfer(tx, transfer.id, { status: 'rejected', receivedCount: null, reason, actorId: actor.userId });
      return { action: 'reject', audit: { status: 'rejected', reason } };
    },
    mailing,
  );
}

/** POST /api/stove-transfers/:id/cancel: the sender takes every ID back. */
export function cancelTransfer(db: Database, actor: Actor, id: string): Promise<StoveTransfer> {
  return decide(db, actor, id, 'sender', 'cancel', async (tx, transfer, ids) => {
    await changeStoveIdStatuses(tx, {
      ids: ids.map((i) => i.id),
      kind: 'canceled',
      set: BACK_TO_SENDER,
      document: { type: 'transfer', id: transfer.id },
      actorId: actor.userId,
    });
    await settlePendingItems(tx, transfer.id, 'returned');
    await decideTransfer(tx, transfer.id, {
      status: 'canceled',
      receivedCount: null,
      reason: null,
      actorId: actor.userId,
    });
    return { action: 'cancel', audit: { status: 'canceled' } };
  });
}

// ---------------------------------------------------------------------------------------------
// Reading

/**
 * The first instant of `day` (or of the day `after` days later) on the viewer's calendar: the days
 * a list filter means are theirs.
 */
function dayStart(day: string, zone: string, field: string, after = 0): Date {
  if (!isIsoDay(day)) throw errors.validation(`${day} is not a date.`, { [field]: ['Use a date like 2026-01-31'] });
  return instantInZone(addDays(day, after), zone);
}

/**
 * The list's filters with the actor's scope: factory-scoped users only see transfers their
 * factory is a side of, and `direction` picks incoming or outgoing ones; global users see every
 * transfer (direction does not narrow it: they filter by fromFactoryId / toFactoryId).
 */
function resolveFilters(actor: Actor, query: TransferQuery): TransferFilters {
  const scopeFactoryId = actor.isGlobal ? undefined : (actor.factory?.id ?? NO_FACTORY);
  const createdBefore = query.to ? dayStart(query.to, actor.timeZone, 'to', 1) : undefined;
  return {
    scopeFactoryId,
    direction: actor.isGlobal ? undefined : query.direction,
    status: query.status,
    fromFactoryId: query.fromFactoryId,
    toFactoryId: query.toFactoryId,
    createdFrom: query.from ? dayStart(query.from, actor.timeZone, 'from') : undefined,
    createdBefore,
    number: query.q ? (parseTransferNumber(query.q) ?? undefined) : undefined,
    code: query.q ? normalizeCode(query.q) : undefined,
    sort: query.sort,
    dir: query.dir,
  };
}

export function listTransfers(
  db: Database,
  actor: Actor,
  query: ListStoveTransfersQuery,
): Promise<ListResponse<StoveTransfer>> {
  const filters = resolveFilters(actor, query);
  return listPage(query, {
    rows: (cursor, limit) => listTransferRows(db, filters, cursor, limit),
    count: () => countTransfers(db, filters),
    sortValue: TRANSFER_SORT_VALUES[query.sort],
    present: presentTransfer,
  });
}

export function exportTransfers(db: Database, actor: Actor, query: TransferQuery) {
  const filters = resolveFilters(actor, query);
  return allPages((cursor, limit) => listTransferRows(db, filters, cursor, limit), TRANSFER_SORT_VALUES[query.sort]);
}

/** Incoming pending transfers: to my factory (global users: all pending ones). */
export async function pendingTransferCount(db: Database, actor: Actor): Promise<{ incoming: number }> {
  if (actor.isGlobal) return { incoming: await countPendingTransfers(db, undefined) };
  if (!actor.factory) return { incoming: 0 };
  return { incoming: await countPendingTransfers(db, actor.factory.id) };
}

/** GET /api/stove-transfers/:id: the transfer, each ID's outcome and what the actor may do now. */
export async function getTransfer(db: Database, actor: Actor, id: string): Promise<StoveTransferDetail> {
  const row = await findTransferRow(db, id);
  const sides = row ? { fromFactoryId: row.fromId, toFactoryId: row.toId } : null;
  if (!row || !sides || !canSee(actor, sides)) throw notFound();
  const items = await transferItemRows(db, id);
  const pending = row.status === 'pending';
  return {
    ...presentTransfer(row),
    items,
    can: {
      confirm: pending && onSide(actor, sides, 'destination'),
      reject: pending && onSide(actor, sides, 'destination'),
      cancel: pending && onSide(actor, sides, 'sender'),
    },
  };
}
