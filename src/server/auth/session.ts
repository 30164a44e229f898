/**
 * Resolves the request's session and enforces the inactivity rule of spec
 * section 4 on the server: a session idle for 15 minutes is deleted and no
 * longer accepted; better-auth's absolute expiry caps every session at 12 hours.
 */
import { INACTIVITY_TIMEOUT_MS } from '../../common/constants';
import type { Database } from '../db/client';
import type { Auth } from './auth';
import { deleteSession } from './sessions.repository';

export interface ResolvedSession {
  user: { id: string; email: string };
  session: { id: string; lastActiveAt: Date };
}

export type SessionResult = { status: 'none' } | { status: 'expired' } | { status: 'active'; value: ResolvedSession };

export function isIdle(lastActiveAt: Date, now: number): boolean {
  return now - lastActiveAt.getTime() >= INACTIVITY_TIMEOUT_MS;
}

export async function resolveSession(auth: Auth, db: Database, headers: Headers): Promise<SessionResult> {
  const found = await auth.api.getSession({ headers, query: { disableCookieCache: true } });
  if (!found) return { status: 'none' };
  const lastActiveAt = new Date(found.session.lastActiveAt ?? found.session.createdAt);
  if (isIdle(lastActiveAt, Date.now())) {
    await deleteSession(db, found.session.id);
    return { status: 'expired' };
  }
  return {
    status: 'active',
    value: {
      user: { id: found.user.id, email: found.user.email },
      session: { id: found.session.id, lastActiveAt },
    },
  };
}
