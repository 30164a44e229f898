/** Session tracking of spec section 7: one record per signed-in tab. */
import type { PingActivitySession, UpsertActivitySession } from '../../../common/contracts/activity-sessions';
import type { Actor } from '../../auth/actor';
import { touchSession } from '../../auth/sessions.repository';
import type { Database } from '../../db/client';
import { errors } from '../../http/errors';
import { endActivitySession, pingActivitySession, upsertActivitySession } from './activity-sessions.repository';

function assertOwnId(actor: Actor, id: string) {
  if (!id.startsWith(`${actor.userId}-`)) {
    throw errors.validation('Session id must start with your user id.', {
      id: ['Session id must start with your user id.'],
    });
  }
}

export async function startActivitySession(db: Database, actor: Actor, input: UpsertActivitySession, serverIp: string) {
  assertOwnId(actor, input.id);
  await upsertActivitySession(
    db,
    {
      id: input.id,
      userId: actor.userId,
      authSessionId: actor.sessionId,
      userAgent: input.userAgent,
      ipAddress: input.ipAddress,
      serverIpAddress: serverIp,
    },
    new Date(),
  );
}

/** A ping keeps the tab's record alive; `active` (user activity since the last ping) also resets the idle timeout. */
export async function recordActivity(db: Database, actor: Actor, id: string, input: PingActivitySession) {
  assertOwnId(actor, id);
  const now = new Date();
  const found = await pingActivitySession(db, id, actor.userId, now);
  if (input.active) await touchSession(db, actor.sessionId, now);
  if (!found) throw errors.notFound('No open activity session with this id.');
}

export async function finishActivitySession(db: Database, actor: Actor, id: string) {
  assertOwnId(actor, id);
  const found = await endActivitySession(db, id, actor.userId, new Date());
  if (!found) throw errors.notFound('No open activity session with this id.');
}
