/**
 * Passwords a guesser tries first are refused (issue 22): the 49,000 most common passwords of
 * leaked lists (zxcvbn-ts's common dictionary, shipped with the app), and a password that contains
 * the user's email name ("grace" in grace.wanjiku@…). Length rules stay in the contracts
 * (`passwordSchema`); this runs on the server, where every password is set.
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN_LENGTH } from '../../common/constants';
import { errors } from '../http/errors';

/** Only those long enough to pass the length rule can reach this check. */
const COMMON = new Set(dictionary['passwords-common'].filter((p) => p.length >= PASSWORD_MIN_LENGTH));

/** The shortest email name the rule looks for: shorter ones ("tom", "e2e") are parts of ordinary words. */
const EMAIL_NAME_MIN = 4;

/** Why `password` is too easy to guess for the account `email`, or null. */
export function weakPasswordProblem(password: string, email: string): string | null {
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) {
    return 'This password is one of the most common passwords, which are tried first. Choose another.';
  }
  const name = email.split('@')[0]?.toLowerCase() ?? '';
  const parts = [name, ...name.split(/[._+-]/)].filter((part) => part.length >= EMAIL_NAME_MIN);
  const found = parts.find((part) => lower.includes(part));
  if (found) return `The password must not contain your email name ("${found}"). Choose another.`;
  return null;
}

/** A 400 on `field` for a password a guesser tries first. */
export function refuseWeakPassword(password: string, email: string, field: string): void {
  const problem = weakPasswordProblem(password, email);
  if (problem) throw errors.validation(problem, { [field]: [problem] });
}
