import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * A timestamptz as the API writes times: ISO 8601 in UTC with milliseconds, like JavaScript's
 * toISOString (the same text on PGlite and PostgreSQL, whatever the session's time zone).
 */
export function isoTime(column: SQLWrapper): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
