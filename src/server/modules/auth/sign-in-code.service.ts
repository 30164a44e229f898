/**
 * Sign-in with a code by mail (issue 25; the authentication service's /otp and /verify).
 *
 * Asking for a code answers the same whether or not the address has an account, and is limited as
 * password recovery is (per client address and per email). For an active account it stores a
 * 6-digit code valid 10 minutes (as a keyed hash; a new code replaces the old one) and queues its
 * mail in the same transaction. Entering it: 5 wrong tries end the code; the right one is consumed
 * at once (single use), and the session starts as after a password, or the second step of
 * two-factor sign-in does (auth/sign-in-code-plugin.ts).
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  SIGN_IN_CODE_INVALID,
  SIGN_IN_CODE_MINUTES,
  SIGN_IN_CODE_SENT_MESSAGE,
  SIGN_IN_CODE_TOO_MANY_TRIES,
  SIGN_IN_CODE_TRIES,
  type RequestSignInCode,
  type SignInWithCode,
} from '../../../common/contracts/sign-in-code';
import type { Database } from '../../db/client';
import { AppError, errors } from '../../http/errors';
import { countAuditSince, insertAudit } from '../audit/audit.repository';
import { insertMail } from '../mail/mail.repository';
import type { Mailer } from '../mail/mail.service';
import { findSignInState } from '../users/users.repository';
import { countAuditFromAddressSince } from './recovery.repository';
import { RECOVERY_LIMITS, type RequestContext } from './recovery.service';
import { deleteSignInCode, lockSignInCode, replaceSignInCode, updateSignInCodeTries } from './sign-in-code.repository';

export const SIGN_IN_CODE_AUDIT_ACTIONS = {
  /** Every request, known address or not (the limits count them). */
  requested: 'sign_in_code_requested',
} as const;

/** The same limits as password recovery: per client address in 15 minutes, per email in an hour. */
export const SIGN_IN_CODE_LIMITS = RECOVERY_LIMITS;

/** The code's keyed hash: a stolen table does not give the codes back (a million tries would). */
export function signInCodeHash(secret: string, email: string, code: string): string {
  return createHmac('sha256', secret).update(`sign-in-code:${email}:${code}`).digest('base64url');
}

function signInCodeMail(code: string) {
  return {
    subject: `${code} is your sign-in code for the Stove Back Office`,
    body: [
      'Hello,',
      '',
      'Someone, we hope you, asked to sign in to the Stove Back Office with a code by mail.',
      `Your sign-in code is: ${code}`,
      '',
      `Type it on the sign-in page. It works once, within ${SIGN_IN_CODE_MINUTES} minutes.`,
      '',
      'If you did not ask for this, ignore this mail: nobody can sign in without the code.',
    ].join('\n'),
  };
}

export async function requestSignInCode(
  db: Database,
  mail: Mailer,
  secret: string,
  input: RequestSignInCode,
  context: RequestContext,
): Promise<string> {
  const now = Date.now();
  const queued = await db.transaction(async (tx) => {
    // Requests of one email are counted one after the other.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sign_in_code:${input.email}`}))`);
    const fromAddress = await countAuditFromAddressSince(
      tx,
      SIGN_IN_CODE_AUDIT_ACTIONS.requested,
      context.ipAddress,
      new Date(now - SIGN_IN_CODE_LIMITS.perAddressWindowMs),
    );
    if (fromAddress >= SIGN_IN_CODE_LIMITS.perAddress) {
      throw errors.rateLimited('Too many sign-in codes asked from this address. Please wait 15 minutes and try again.');
    }
    const forEmail = await countAuditSince(
      tx,
      SIGN_IN_CODE_AUDIT_ACTIONS.requested,
      input.email,
      new Date(now - SIGN_IN_CODE_LIMITS.perEmailWindowMs),
    );
    if (forEmail >= SIGN_IN_CODE_LIMITS.perEmail) {
      throw errors.rateLimited(
        'A sign-in code was asked for this email several times in the last hour. Please check your mail, or wait an hour and try again.',
      );
    }
    await insertAudit(tx, {
      actorId: null,
      action: SIGN_IN_CODE_AUDIT_ACTIONS.requested,
      recordType: 'sign_in',
      recordId: input.email,
      ...context,
    });
    const account = await findSignInState(tx, input.email);
    // Nothing for an unknown or deactivated account, and the same answer.
    if (!account?.active) return false;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await replaceSignInCode(
      tx,
      input.email,
      { userId: account.userId, codeHash: signInCodeHash(secret, input.email, code), tries: 0 },
      new Date(now + SIGN_IN_CODE_MINUTES * 60_000),
    );
    await insertMail(tx, { to: input.email, ...signInCodeMail(code) });
    return true;
  });
  if (queued) mail.wake();
  return SIGN_IN_CODE_SENT_MESSAGE;
}

type Checked =
  | { outcome: 'right'; userId: string }
  | { outcome: 'wrong'; triesLeft: number }
  | { outcome: 'too-many' | 'none' | 'deactivated' };

/**
 * Checks the code of the email, once: the right code is consumed, a wrong one counts a try (the
 * fifth ends the code) and is audited as a failed sign-in. Throws the refusal; the user's id when right.
 */
export async function checkSignInCode(
  db: Database,
  secret: string,
  input: SignInWithCode,
  context: RequestContext,
): Promise<string> {
  const checked = await db.transaction(async (tx): Promise<Checked> => {
    const stored = await lockSignInCode(tx, input.email);
    if (!stored) return { outcome: 'none' };
    const given = Buffer.from(signInCodeHash(secret, input.email, input.code));
    const expected = Buffer.from(stored.codeHash);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      const tries = stored.tries + 1;
      if (tries >= SIGN_IN_CODE_TRIES) await deleteSignInCode(tx, stored.id);
      else await updateSignInCodeTries(tx, stored.id, { ...stored, tries });
      await insertAudit(tx, {
        actorId: null,
        action: 'sign_in_failed',
        recordType: 'sign_in',
        recordId: input.email,
        after: { method: 'email_code', tries },
        ...context,
      });
      return tries >= SIGN_IN_CODE_TRIES
        ? { outcome: 'too-many' }
        : { outcome: 'wrong', triesLeft: SIGN_IN_CODE_TRIES - tries };
    }
    await deleteSignInCode(tx, stored.id);
    const account = await findSignInState(tx, input.email);
    if (!account?.active || account.userId !== stored.userId) return { outcome: 'deactivated' };
    return { outcome: 'right', userId: stored.userId };
  });
  const codeError = (code: string, message: string) =>
    new AppError(400, code, message, { fieldErrors: { code: [message] } });
  switch (checked.outcome) {
    case 'right':
      return checked.userId;
    case 'none':
      throw codeError('INVALID_CODE', SIGN_IN_CODE_INVALID);
    case 'too-many':
      throw codeError('TOO_MANY_ATTEMPTS', SIGN_IN_CODE_TOO_MANY_TRIES);
    case 'deactivated':
      throw new AppError(403, 'ACCOUNT_DEACTIVATED', 'This account is deactivated. Please contact your administrator.');
    case 'wrong': {
      const left = checked.triesLeft === 1 ? '1 more try' : `${checked.triesLeft} more tries`;
      throw codeError('INVALID_CODE', `The code is not correct. Check the mail and try again (${left}).`);
    }
  }
}
