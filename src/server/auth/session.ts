/**
 * Resolves the request's session and its actor row in one query, and enforces the inactivity rule
 * of spec section 4 on the server: a session idle for 15 minutes is deleted and no longer accepted;
 * better-auth's absolute expiry caps every session at 12 hours.
 *
 * better-auth signs the session cookie (`<token>.<base64 HMAC-SHA256 of token>`); we check that
 * signature ourselves and read session, user, profile, factory, groups and components in one round
 * trip, instead of better-auth's getSession (session, then user) followed by an actor query.
 *
 * On an embedded (PGlite) database a SessionCache keeps resolved sessions. Every committed write to
 * the tables they are made of notifies the `auth_change` channel (migration 0017), and the cache,
 * listening, forgets everything, so a deactivation, a revoked session or a permission change applies
 * on the next request. This is exact there: one process owns the database, PGlite runs one
 * transaction at a time on its thread and posts the notification before the COMMIT's own answer
 * (pglite-thread.ts), so the cache has forgotten before the writer's request can answer; a lookup
 * that was reading while the change committed does not store what it read.
 *
 * On PostgreSQL (decision 0014) the cache forgets everything when this process's pool finishes any
 * statement that may write (every COMMIT among them), so a change made through this server applies
 * on the next request as on PGlite; and a dedicated connection listens on `auth_change` for changes
 * made elsewhere (another instance, psql, a script), which apply once the notification arrives. While
 * that connection is down, the cache is not used.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseCookies } from 'better-auth/cookies';
import { sql } from 'drizzle-orm';
import { INACTIVITY_TIMEOUT_MS } from '../../common/constants';
import { embeddedClient, queryRows, timeStatements, type Database } from '../db/client';
import { listenOnPostgres } from '../db/pg-listener';
import { ACTOR_COLUMNS, ACTOR_JOINS, type ActorRow } from './actor.repository';
import type { Auth } from './auth';
import { deleteSession } from './sessions.repository';

export interface ResolvedSession {
  user: { id: string; email: string };
  session: { id: string; lastActiveAt: Date; expiresAt: Date };
  actor: ActorRow;
}

export type SessionResult = { status: 'none' } | { status: 'expired' } | { status: 'active'; value: ResolvedSession };

/** What verifying a session cookie needs: its name and the key better-auth signs it with. */
export interface SessionCookie {
  name: string;
  secret: string;
}

export function isIdle(lastActiveAt: Date, now: number): boolean {
  return now - lastActiveAt.getTime() >= INACTIVITY_TIMEOUT_MS;
}

/** The session token of a correctly signed cookie; null when absent, malformed or forged. */
export function sessionTokenFrom(cookieHeader: string | null, cookie: SessionCookie): string | null {
  if (!cookieHeader) return null;
  const value = parseCookies(cookieHeader).get(cookie.name);
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', cookie.secret).update(token).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}

/** The channel the tables a session is made of notify on commit (migration 0017). */
export const AUTH_CHANGE_CHANNEL = 'auth_change';

/** Resolved sessions by token, forgotten at every auth change (embedded databases only; see above). */
export class SessionCache {
  static readonly MAX_ENTRIES = 10_000;
  private generation = 0;
  private readonly entries = new Map<string, ResolvedSession>();

  get(token: string): ResolvedSession | undefined {
    return this.entries.get(token);
  }

  /** Where a lookup starts: store() keeps its result only if no change came in meanwhile. */
  mark(): number {
    return this.generation;
  }

  store(token: string, session: ResolvedSession, mark: number): void {
    if (mark !== this.generation) return;
    if (this.entries.size >= SessionCache.MAX_ENTRIES) this.entries.clear();
    this.entries.set(token, session);
  }

  /** An auth change committed: every entry may be stale. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}

interface SessionActorRow extends ActorRow {
  sessionId: string;
  lastActiveAt: Date | string;
  expiresAt: Date | string;
  userId: string;
  email: string;
}

async function findSession(db: Database, token: string): Promise<ResolvedSession | null> {
  const [row] = await queryRows<SessionActorRow>(
    db,
    sql`
    select s.id as "sessionId", s.last_active_at as "lastActiveAt", s.expires_at as "expiresAt",
           u.id as "userId", u.email, ${ACTOR_COLUMNS}
      from sessions s
      join users u on u.id = s.user_id
      ${ACTOR_JOINS}
     where s.token = ${token}`,
  );
  if (!row) return null;
  const { sessionId, userId, email, lastActiveAt, expiresAt, ...actor } = row;
  return {
    user: { id: userId, email },
    session: { id: sessionId, lastActiveAt: new Date(lastActiveAt), expiresAt: new Date(expiresAt) },
    actor,
  };
}

export async function resolveSession(
  cookie: SessionCookie,
  db: Database,
  headers: Headers,
  cache: SessionCache | null,
): Promise<SessionResult> {
  const token = sessionTokenFrom(headers.get('cookie'), cookie);
  if (!token) return { status: 'none' };
  let found: ResolvedSession | null;
  if (cache) {
    found = cache.get(token) ?? null;
    if (!found) {
      const mark = cache.mark();
      found = await findSession(db, token);
      if (found) cache.store(token, found, mark);
    }
  } else {
    found = await findSession(db, token);
  }
  const now = Date.now();
  if (!found || found.session.expiresAt.getTime() <= now) return { status: 'none' };
  if (isIdle(found.session.lastActiveAt, now)) {
    await deleteSession(db, found.session.id);
    return { status: 'expired' };
  }
  return { status: 'active', value: found };
}

/** The request's session, as every route sees it. */
export type SessionResolver = (headers: Headers) => Promise<SessionResult>;

export interface SessionResolverHandle {
  resolveSession: SessionResolver;
  /** Stops listening for auth changes (embedded databases). */
  close: () => Promise<void>;
}

/** A statement that only reads: a SELECT or WITH naming no write (a function it calls writes no auth table). */
const READ_ONLY = /^\s*(select|with)\b/i;
const WRITES = /\b(insert|update|delete|truncate|merge)\b/i;

/** Whether a statement may change what a cached session is made of (see the header): anything but a plain read. */
export function mayWrite(statement: string): boolean {
  return !READ_ONLY.test(statement) || WRITES.test(statement);
}

/**
 * The app's resolver: better-auth's cookie name and secret, and a cache that forgets at every auth
 * change (see the header for how each engine hears of one).
 */
export async function createSessionResolver(auth: Auth, secret: string, db: Database): Promise<SessionResolverHandle> {
  const context = await auth.$context;
  const cookie: SessionCookie = { name: context.authCookies.sessionToken.name, secret };
  const cache = new SessionCache();
  const client = embeddedClient(db);
  if (client) {
    const unlisten = await client.listen(AUTH_CHANGE_CHANNEL, () => cache.clear());
    return { resolveSession: (headers) => resolveSession(cookie, db, headers, cache), close: () => unlisten() };
  }
  const stopWatching = timeStatements(db, (statement) => {
    if (mayWrite(statement)) cache.clear();
  });
  let listening = false;
  const listener = await listenOnPostgres(
    db,
    AUTH_CHANGE_CHANNEL,
    () => cache.clear(),
    (state) => {
      cache.clear();
      listening = state === 'up';
    },
  );
  return {
    resolveSession: (headers) => resolveSession(cookie, db, headers, listening ? cache : null),
    close: async () => {
      stopWatching();
      await listener.close();
    },
  };
}
