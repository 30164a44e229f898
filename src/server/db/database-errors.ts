/**
 * What a database error says, on the error or one of its causes (drizzle wraps the driver's error;
 * node-postgres and PGlite both carry PostgreSQL's SQLSTATE as `code`).
 */

interface DatabaseErrorFields {
  code: string;
  constraint?: string;
}

function databaseError(error: unknown): DatabaseErrorFields | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, ...(typeof constraint === 'string' ? { constraint } : {}) };
    }
  }
  return null;
}

/**
 * The name of the unique index a write ran into (PostgreSQL error 23505), or null for any other
 * error. Services turn it into the 409 their own check gives, when a concurrent write won the race
 * after that check.
 */
export function violatedUniqueIndex(error: unknown): string | null {
  const found = databaseError(error);
  return found?.code === '23505' && found.constraint ? found.constraint : null;
}

/**
 * What to tell the user when the database refused a value the contracts let through (a number past
 * its column's range, a date PostgreSQL cannot hold, a CHECK), or null for any other error. Its
 * transaction was rolled back, so nothing changed: the error handler answers 400 with this message
 * instead of a 500. The contracts' rules catch these first; this is the net under them (issue 21).
 */
export function refusedValueMessage(error: unknown): string | null {
  const code = databaseError(error)?.code;
  if (!code) return null;
  if (code === '22003') return 'A number is larger than can be recorded. Check the quantities and amounts.';
  if (code === '22007' || code === '22008') return 'A date is out of range. Use a date like 2026-01-31.';
  if (code === '22021' || code === '22P05')
    return 'A text has a character that cannot be stored. Remove it and try again.';
  if (code === '22001') return 'A text is longer than can be stored. Shorten it and try again.';
  if (code === '23514')
    return 'A value is outside what can be recorded (a quantity of 0, a date out of order). Check the values.';
  if (code.startsWith('22')) return 'A value cannot be recorded as given. Check the values and try again.';
  return null;
}
