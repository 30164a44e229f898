/**
 * The limits on guessing passwords and two-factor codes (decision 0012): they lock the guessing,
 * not the person.
 *
 * - **Per address**: SIGN_IN_RATE_LIMIT_PER_MINUTE failed attempts from one address in a minute, on
 *   any accounts, and it waits a minute. Sign-ins that succeed are not counted (a shift behind one
 *   router signs in at once).
 * - **Per account and client**: after SIGN_IN_FAILURES_PER_EMAIL failures of an account from one
 *   client in 15 minutes, that client waits before its next try, 1 minute doubling with each further
 *   failure up to 15. The client is the browser when the account signed in on it before (its
 *   device cookie: a trusted browser), else the address. The person, at another address or on
 *   their own browser, still signs in.
 * - **Per account, from everywhere**: guessing spread over many addresses, four times that many
 *   failures in 15 minutes, makes every browser the account has not signed in on wait the same way;
 *   its trusted browsers still sign in.
 *
 * Each attempt is recorded before its password or code is checked, under advisory locks of the
 * address and the account, so parallel guesses are counted one after the other.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { plural } from '../../../common/counted';
import { DEVICE_COOKIE } from '../../auth/auth';
import type { Database } from '../../db/client';
import {
  countAttempts,
  insertAttempt,
  lockAttemptKey,
  pruneAttempts,
  type AttemptCounts,
  type AttemptKey,
  type Failures,
  type SignInStep,
} from './sign-in-attempts.repository';

const MINUTE_MS = 60 * 1000;
const ADDRESS_WINDOW_MS = MINUTE_MS;
const ACCOUNT_WINDOW_MS = 15 * MINUTE_MS;
/** The first wait once a client used up its failures; it doubles with each further failure. */
const FIRST_WAIT_MS = MINUTE_MS;
const LONGEST_WAIT_MS = 15 * MINUTE_MS;
/** Failures of an account from everywhere, as a multiple of the per-client allowance. */
const SPREAD_GUESSING_FACTOR = 4;
/** How long a browser stays trusted for an account after it last signed in there. */
const DEVICE_TRUST_MS = 90 * 24 * 60 * MINUTE_MS;

export interface SignInLimits {
  /** Failed attempts from one address in a minute (SIGN_IN_RATE_LIMIT_PER_MINUTE). */
  perAddressPerMinute: number;
  /** Failed attempts of one account from one client before it waits (SIGN_IN_FAILURES_PER_EMAIL). */
  perAccount: number;
}

export type Refusal = { scope: 'address' | 'account'; retryAfterMs: number };

/** How long after its newest failure a client with `failures` failures waits (0: it need not). */
export function waitAfterFailures(failures: number, allowed: number): number {
  if (failures < allowed) return 0;
  const doublings = Math.min(failures - allowed, 10);
  return Math.min(FIRST_WAIT_MS * 2 ** doublings, LONGEST_WAIT_MS);
}

function remainingWait(failures: Failures, allowed: number, now: Date): number {
  const wait = waitAfterFailures(failures.count, allowed);
  if (wait === 0 || !failures.newest) return 0;
  return Math.max(0, failures.newest.getTime() + wait - now.getTime());
}

/** Whether this attempt may be checked, from what the limits weigh; the refusal says how long to wait. */
export function judgeAttempt(counts: AttemptCounts, limits: SignInLimits): Refusal | null {
  if (counts.addressFailures >= limits.perAddressPerMinute) return { scope: 'address', retryAfterMs: MINUTE_MS };
  const client = remainingWait(counts.clientFailures, limits.perAccount, counts.now);
  if (client > 0) return { scope: 'account', retryAfterMs: client };
  if (!counts.trusted) {
    const spread = remainingWait(counts.accountFailures, limits.perAccount * SPREAD_GUESSING_FACTOR, counts.now);
    if (spread > 0) return { scope: 'account', retryAfterMs: spread };
  }
  return null;
}

/**
 * Records a pending attempt of `step` when the limits let it be checked (its id, to settle it), or
 * says why not. One transaction under the address's and the account's locks.
 */
export function beginAttempt(
  db: Database,
  key: AttemptKey,
  step: SignInStep,
  limits: SignInLimits,
): Promise<{ id: string } | Refusal> {
  return db.transaction(async (tx) => {
    await lockAttemptKey(tx, key);
    const counts = await countAttempts(tx, key, {
      addressMs: ADDRESS_WINDOW_MS,
      accountMs: ACCOUNT_WINDOW_MS,
      trustMs: DEVICE_TRUST_MS,
    });
    const refusal = judgeAttempt(counts, limits);
    if (refusal) return refusal;
    await pruneAttempts(tx, key, DEVICE_TRUST_MS);
    return { id: await insertAttempt(tx, key, step) };
  });
}

/** The refusal's wait in words: "a minute", "2 minutes". */
export function waitInWords(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE_MS));
  return plural(minutes, 'a minute', `${minutes} minutes`);
}

// The device cookie: a random id signed with the server's secret, so a browser cannot claim
// another's trust. It names no account: one browser may be trusted by several (a shared desk).

const DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;

function signature(secret: string, id: string): string {
  return createHmac('sha256', secret).update(`device:${id}`).digest('base64url');
}

/** The device id of a cookie value this server signed; null for anything else. */
export function readDeviceCookie(secret: string, value: string | undefined): string | null {
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return null;
  const id = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(signature(secret, id));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/** A new device id and its Set-Cookie header, for a browser that signed in without one. */
export function newDeviceCookie(secret: string, secure: boolean): { id: string; header: string } {
  const id = randomUUID();
  const attributes = [
    `${DEVICE_COOKIE}=${id}.${signature(secret, id)}`,
    'Path=/api/auth',
    `Max-Age=${DEVICE_COOKIE_MAX_AGE_S}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ];
  return { id, header: attributes.join('; ') };
}
