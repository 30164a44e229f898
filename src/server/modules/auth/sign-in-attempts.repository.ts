/**
 * The sign-in attempts the limits on guessing count (decision 0012): written before a password or
 * a code is checked, under advisory locks of the address and the account, so that attempts racing
 * for one account or one address are counted one after the other.
 */
import { and, count, eq, gt, inArray, max, sql } from 'drizzle-orm';
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

/** An attempt being checked counts as a failure until it is known: a guess in flight is a guess. */
const FAILING: SignInOutcome[] = ['failed', 'pending'];

/**
 * Takes the transaction's advisory locks of the address and of the account, in that order in every
 * transaction (no deadlock); they are released at its end.
 */
export async function lockAttemptKey(tx: Executor, key: AttemptKey): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sign-in address ${key.address}`}, 0))`);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sign-in account ${key.account}`}, 0))`);
}

export async function countAttempts(
  tx: Executor,
  key: AttemptKey,
  windows: { addressMs: number; accountMs: number; trustMs: number },
): Promise<AttemptCounts> {
  const [clock] = await queryRows<{ now: Date | string }>(tx, sql`select now() as now`);
  const now = new Date(clock?.now ?? Date.now());
  const since = (ms: number) => new Date(now.getTime() - ms);
  const failures = async (...where: ReturnType<typeof eq>[]): Promise<Failures> => {
    const [row] = await tx
      .select({ count: count(), newest: max(signInAttempts.at) })
      .from(signInAttempts)
      .where(and(inArray(signInAttempts.outcome, FAILING), gt(signInAttempts.at, since(windows.accountMs)), ...where));
    return { count: row?.count ?? 0, newest: row?.newest ? new Date(row.newest) : null };
  };

  const [address] = await tx
    .select({ n: count() })
    .from(signInAttempts)
    .where(
      and(
        eq(signInAttempts.address, key.address),
        inArray(signInAttempts.outcome, FAILING),
        gt(signInAttempts.at, since(windows.addressMs)),
      ),
    );
  const trusted =
    key.device !== null &&
    (
      await tx
        .select({ id: signInAttempts.id })
        .from(signInAttempts)
        .where(
          and(
            eq(signInAttempts.device, key.device),
            eq(signInAttempts.account, key.account),
            eq(signInAttempts.outcome, 'signed_in'),
            gt(signInAttempts.at, since(windows.trustMs)),
          ),
        )
        .limit(1)
    ).length > 0;
  const account = eq(signInAttempts.account, key.account);
  return {
    now,
    addressFailures: address?.n ?? 0,
    trusted,
    clientFailures: await failures(
      account,
      trusted && key.device !== null ? eq(signInAttempts.device, key.device) : eq(signInAttempts.address, key.address),
    ),
    accountFailures: await failures(account),
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
