/**
 * Field rules and reference shapes that several areas' contracts share: one definition each, so a
 * date, a note or a factory reads and validates the same on every screen.
 */
import { z } from 'zod';
import { isIsoDay, latestDayOnEarth } from '../calendar-days';

/** Optional free text: trimmed, at most `max` characters; empty becomes null. */
export function optionalText(max: number, label: string) {
  return z
    .string()
    .trim()
    .max(max, `${label} is limited to ${max.toLocaleString('en-US')} characters`)
    .nullish()
    .transform((v) => (v ? v : null));
}

/** Half of a UTF-16 surrogate pair without its other half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why a text cannot be stored, or null when it can: PostgreSQL's text holds no NUL character, and
 * a lone half of a UTF-16 surrogate pair is no character at all (a paste from a broken source).
 * The server refuses either anywhere in a request (src/server/http/input-guard.ts).
 */
export function unstorableTextProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'Remove the invisible control character (NUL) from this text';
  if (LONE_SURROGATE.test(text)) return 'This text has a broken character (half of a pair); type it again';
  return null;
}

/** True when `value` has at most `places` decimals (floating-point noise aside). */
export function hasAtMostDecimals(value: number, places: number): boolean {
  const scaled = value * 10 ** places;
  const whole = Math.round(scaled);
  // A value closer to zero than the last place (5e-324) has more decimals, though it rounds to 0.
  if (whole === 0 && value !== 0) return false;
  return Math.abs(scaled - whole) < 1e-6;
}

/** The earliest date a record (a movement, a document) may carry. */
export const EARLIEST_RECORD_DAY = '2000-01-01';

/** A record's date: a real day, not before 2000, not in the future (anywhere on earth). */
export const recordDaySchema = z
  .string({ error: 'Date is required' })
  .trim()
  .min(1, { message: 'Date is required', abort: true })
  .refine(isIsoDay, { message: 'Use a date like 2026-01-31', abort: true })
  .refine((d) => d >= EARLIEST_RECORD_DAY, 'The date is too far in the past')
  .refine((d) => d <= latestDayOnEarth(new Date()), 'The date cannot be in the future');

/** A record's status among `statuses` (an enum of the database). */
export function statusSchema<const S extends readonly [string, ...string[]]>(statuses: S) {
  return z.enum(statuses, { message: `Status must be one of: ${statuses.join(', ')}` });
}

/** Whether `value` is an ISO date-time with its offset on a real day that isIsoDay accepts. */
export function isIsoInstant(value: string): boolean {
  return z.iso.datetime({ offset: true }).safeParse(value).success && isIsoDay(value.slice(0, 10));
}

/**
 * An ISO instant with its offset, e.g. 2026-11-05T09:00:00.000Z or 2026-11-05T12:00:00+03:00, on a
 * real day (not 2026-02-30) between 1900 and 2999.
 */
export function instantSchema(label: string) {
  return z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required`, abort: true })
    .refine(isIsoInstant, { message: `${label} must be a date and time like 2026-11-05T09:00:00Z` });
}

/** Why something is voided, rejected or undone: required, at most 1,000 characters. */
export const reasonSchema = z
  .string()
  .trim()
  .min(1, 'A reason is required')
  .max(1000, 'A reason is limited to 1,000 characters');

/** An optional day filter of a list (from, to). */
export const dayFilterSchema = z.string().refine(isIsoDay, 'Use a date like 2026-01-31').optional();

/** A factory as lists and documents show it. */
export const factoryRefSchema = z.object({ id: z.string(), name: z.string(), code: z.string() });

/** Who did something (null when the user no longer exists). */
export const personRefSchema = z.object({ id: z.string(), name: z.string().nullable(), email: z.string() }).nullable();
export type PersonRef = z.infer<typeof personRefSchema>;

/** A person as records show them, from a joined user's columns (null when the user is gone). */
export function personRef(id: string | null, name: string | null, email: string | null): PersonRef {
  return id && email ? { id, name, email } : null;
}

/** A document's number as people see it: prefix and six digits, e.g. SR-000123. */
export function documentNumberLabel(prefix: string, number: number): string {
  return `${prefix}-${String(number).padStart(6, '0')}`;
}

/** A document number typed in a search ("SR-000012", "sr12", "12"), or null. */
export function parseDocumentNumber(prefix: string, text: string): number | null {
  const m = new RegExp(`^(?:${prefix}-?)?0*(\\d{1,15})$`, 'i').exec(text.trim());
  return m?.[1] ? Number(m[1]) : null;
}
