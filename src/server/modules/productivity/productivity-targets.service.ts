/**
 * Productivity targets (DOMAIN.md §4 "Production"): stoves per coupler per day and working hours
 * per day, for every factory (the default) or one factory (an override), each from an effective
 * day on. A factory's own target beats the default; within a scope the latest that has started is
 * in force. One target per scope and day. Only a target that has not started yet may be deleted:
 * the others are history the tracker's past figures rest on. Creates and deletes are audited.
 */
import type { z } from 'zod';
import { dayLabel } from '../../../common/calendar-days';
import { dayInZone } from '../../../common/time-zones';
import type {
  createProductivityTargetSchema,
  ProductivityTarget,
  ProductivityTargetList,
  TargetState,
} from '../../../common/contracts/productivity';
import type { Actor } from '../../auth/actor';
import { actingFactory, NO_FACTORY } from '../../auth/scope';
import type { Database, Executor } from '../../db/client';
import { errors } from '../../http/errors';
import { insertAudit } from '../audit/audit.repository';
import { findFactoryById } from '../factories/factories.repository';
import { targetStates } from './productivity.model';
import {
  deleteTargetRow,
  findTargetId,
  findTargetRow,
  insertTarget,
  listTargetRows,
  lockTargetRow,
  type TargetRow,
} from './productivity-targets.repository';
import { violatedUniqueIndex } from '../../db/database-errors';
import { factoryToday } from '../factories/time-zones.repository';

type CreateInput = z.output<typeof createProductivityTargetSchema>;

const RECORD_TYPE = 'productivity_target';
const UNIQUE_INDEX = 'productivity_targets_scope_from_key';

function presentTarget(row: TargetRow, state: TargetState): ProductivityTarget {
  return {
    id: row.id,
    factory:
      row.factoryId && row.factoryName && row.factoryCode
        ? { id: row.factoryId, name: row.factoryName, code: row.factoryCode }
        : null,
    effectiveFrom: row.effectiveFrom,
    stovesPerCouplerPerDay: Number(row.stovesPerCouplerPerDay),
    hoursPerDay: Number(row.hoursPerDay),
    state,
    createdAt: row.createdAt.toISOString(),
    createdBy:
      row.createdById && row.createdByEmail
        ? { id: row.createdById, name: row.createdByName, email: row.createdByEmail }
        : null,
  };
}

/** The factory whose overrides the actor sees besides the default: undefined = every factory. */
function visibleFactory(actor: Actor): string | undefined {
  return actor.isGlobal ? undefined : (actor.factory?.id ?? NO_FACTORY);
}

/** GET /api/productivity/targets: the default's targets, then each factory's (a scoped user: their own). */
export async function listTargets(db: Database, actor: Actor, now = new Date()): Promise<ProductivityTargetList> {
  const today = dayInZone(now, actor.timeZone);
  const rows = await listTargetRows(db, visibleFactory(actor));
  const states = targetStates(rows, today);
  return { items: rows.map((row) => presentTarget(row, states.get(row.id) ?? 'past')), today };
}

/** The target as it stands today among its scope's targets. */
async function readTarget(db: Executor, id: string, today: string): Promise<ProductivityTarget> {
  const row = await findTargetRow(db, id);
  if (!row) throw new Error(`productivity target ${id} vanished`);
  const scope = (await listTargetRows(db, row.factoryId ?? NO_FACTORY)).filter((r) => r.factoryId === row.factoryId);
  return presentTarget(row, targetStates(scope, today).get(id) ?? 'past');
}

function onlyGlobalDefault(actor: Actor): void {
  if (!actor.isGlobal)
    throw errors.forbidden(
      'The default target applies to every factory: only users who see every factory may change it.',
    );
}

function duplicate(scope: string, day: string) {
  const message = `${scope} already has a target from ${dayLabel(day)}: choose another effective date, or delete that target first if it has not started.`;
  return errors.conflict(message, { effectiveFrom: [message] });
}

/** The unique index on (scope, day) refused an insert: another request created the target first. */
function isDuplicateTarget(error: unknown): boolean {
  return violatedUniqueIndex(error) === UNIQUE_INDEX;
}

/**
 * POST /api/productivity/targets: 400 for an unknown or deactivated factory; 409 when the scope
 * already has a target from that day (also when a concurrent request wrote it first).
 */
export async function createTarget(
  db: Database,
  actor: Actor,
  input: CreateInput,
  now = new Date(),
): Promise<ProductivityTarget> {
  let scope = 'The default';
  if (input.factoryId === null) onlyGlobalDefault(actor);
  else {
    const factory = await findFactoryById(db, actingFactory(actor, input.factoryId));
    if (!factory)
      throw errors.validation('No such factory: choose one from the list.', { factoryId: ['No such factory'] });
    if (!factory.active) {
      const message = `${factory.name} is deactivated: choose an active factory.`;
      throw errors.validation(message, { factoryId: [message] });
    }
    scope = factory.name;
  }
  try {
    return await db.transaction(async (tx) => {
      if (await findTargetId(tx, input.factoryId, input.effectiveFrom)) throw duplicate(scope, input.effectiveFrom);
      const id = await insertTarget(tx, {
        factoryId: input.factoryId,
        effectiveFrom: input.effectiveFrom,
        stovesPerCouplerPerDay: input.stovesPerCouplerPerDay,
        hoursPerDay: input.hoursPerDay,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      });
      const target = await readTarget(tx, id, await factoryToday(tx, input.factoryId, now));
      await insertAudit(tx, {
        actorId: actor.userId,
        action: 'create',
        recordType: RECORD_TYPE,
        recordId: id,
        after: target,
      });
      return target;
    });
  } catch (error) {
    if (isDuplicateTarget(error)) throw duplicate(scope, input.effectiveFrom);
    throw error;
  }
}

/**
 * DELETE /api/productivity/targets/:id: only a target that starts after today (409 otherwise: it
 * is history); 404 for another factory's target than a scoped user's own.
 */
export async function deleteTarget(db: Database, actor: Actor, id: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockTargetRow(tx, id);
    if (!row || (row.factoryId !== null && !actor.isGlobal && actor.factory?.id !== row.factoryId))
      throw errors.notFound('No such target (or it is not one of your factory’s).');
    if (row.factoryId === null) onlyGlobalDefault(actor);
    // A factory's target starts at its midnight; the default one at the company's.
    const today = await factoryToday(tx, row.factoryId, now);
    if (row.effectiveFrom <= today) {
      throw errors.conflict(
        `This target took effect on ${dayLabel(row.effectiveFrom)}: targets that have started are history and stay. To change the target, add a new one from a later date.`,
      );
    }
    await deleteTargetRow(tx, id);
    await insertAudit(tx, {
      actorId: actor.userId,
      action: 'delete',
      recordType: RECORD_TYPE,
      recordId: id,
      before: presentTarget(row, 'scheduled'),
    });
  });
}
