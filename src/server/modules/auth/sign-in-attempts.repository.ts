/**
 * The sign-in attempts the limits on guessing count (decision 0012): written before a password or
 * a code is checked, under advisory locks of the address and the account, so that attempts racing
 * for one account or one address are counted one after the other.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';
import { signInAttempts } from '../../db/schema/auth';

export type SignInStep = (typeof signInAttempts.step.enumValues)[number];
export type SignInOutcome = (typeof signInAttempts.outcome.enumValues)[number];

/** Who is attempting what: the account (the email as typed, lower-cased), from where, on which browser. */
export interface AttemptKey {
  account: string;
  address: string;
  /** The browser's device id from its signed device cookie; null without one. */
  device: string | null;
}

export interface Failures {
  count: number;
  newest: Date | null;
}

/** What the limits weigh, read under the locks. */
export interface AttemptCounts {
  now: Date;
  /** Failed (or still being checked) attempts from the address in the last minute, any account. */
  addressFailures: number;
  /** The account signed in on this browser within the trust period. */
  trusted: boolean;
  /** The account's failures from this client (the browser when trusted, else the address) in the window. */
  clientFailures: Failures;
  /** The account's failures from everywhere in the window. */
  accountFailures: Failures;
}

/**
 * Takes the transaction's advisory locks of the address and of the account, in that order in every
 * transaction (no deadlock); they are released at its end.
 */
export async function lockAttemptKey(tx: Executor, key: AttemptKey): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sign-in address ${key.address}`}, 0))`);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sign-in account ${key.account}`}, 0))`);
}

/** Rows of the table within `ms` of now, by their time (`at`). */
const within = (ms: number) => sql`${signInAttempts.at} > now() - make_interval(secs => ${ms / 1000})`;
/** An attempt being checked counts as a failure until it is known: a guess in flight is a guess. */
const failing = sql`${signInAttempts.outcome} in ('failed', 'pending')`;

/** What the limits weigh, in one statement (a sign-in waits on it under the locks). */
export async function countAttempts(
  tx: Executor,
  key: AttemptKey,
  windows: { addressMs: number; accountMs: number; trustMs: number },
): Promise<AttemptCounts> {
  const failures = (scope: SQL) =>
    sql`(select json_build_object('count', count(*), 'newest', max(${signInAttempts.at}))
           from ${signInAttempts} where ${scope} and ${failing} and ${within(windows.accountMs)})`;
  const account = sql`${signInAttempts.account} = ${key.account}`;
  const [row] = await queryRows<{
    now: Date | string;
    address_failures: number;
    trusted: boolean;
    by_device: { count: number; newest: string | null };
    by_address: { count: number; newest: string | null };
    by_account: { count: number; newest: string | null };
  }>(
    tx,
    sql`select now() as now,
      (select count(*)::int from ${signInAttempts}
        where ${signInAttempts.address} = ${key.address} and ${failing} and ${within(windows.addressMs)}) as address_failures,
      exists (select 1 from ${signInAttempts}
        where ${signInAttempts.device} = ${key.device} and ${account}
          and ${signInAttempts.outcome} = 'signed_in' and ${within(windows.trustMs)}) as trusted,
      ${failures(sql`${account} and ${signInAttempts.device} = ${key.device}`)} as by_device,
      ${failures(sql`${account} and ${signInAttempts.address} = ${key.address}`)} as by_address,
      ${failures(account)} as by_account`,
  );
  if (!row) throw new Error('The sign-in attempts could not be counted.');
  const asFailures = (f: { count: number; newest: string | null }): Failures => ({
    count: Number(f.count),
    newest: f.newest ? new Date(f.newest) : null,
  });
  return {
    now: new Date(row.now),
    addressFailures: row.address_failures,
    trusted: row.trusted,
    // A trusted browser is limited on its own failures; any other client by its address's.
    clientFailures: asFailures(row.trusted ? row.by_device : row.by_address),
    accountFailures: asFailures(row.by_account),
  };
}

/** A pending attempt; its id is handed to `settleAttempt` once the password or code is checked. */
export async function insertAttempt(tx: Executor, key: AttemptKey, step: SignInStep): Promise<string> {
  const [row] = await tx
    .insert(signInAttempts)
    .values({ account: key.account, address: key.address, device: key.device, step })
    .returning({ id: signInAttempts.id });
  if (!row) throw new Error('The sign-in attempt was not recorded.');
  return row.id;
}

/** What the check found; `device` is set when the browser got its device cookie at this sign-in. */
export async function settleAttempt(
  db: Executor,
  id: string,
  outcome: Exclude<SignInOutcome, 'pending'>,
  device?: string,
): Promise<void> {
  await db
    .update(signInAttempts)
    .set({ outcome, ...(device ? { device } : {}) })
    .where(eq(signInAttempts.id, id));
}

/** Forgets an attempt that was never checked (the server failed in between). */
export async function deleteAttempt(db: Executor, id: string): Promise<void> {
  await db.delete(signInAttempts).where(eq(signInAttempts.id, id));
}

/** Drops the account's and the address's attempts older than `keepMs` (the trust period): the table stays small. */
export async function pruneAttempts(tx: Executor, key: AttemptKey, keepMs: number): Promise<void> {
  await tx.execute(
    sql`delete from ${signInAttempts} where (${signInAttempts.account} = ${key.account} or ${signInAttempts.address} = ${key.address}) and ${signInAttempts.at} < now() - make_interval(secs => ${keepMs / 1000})`,
  );
}
