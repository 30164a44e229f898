/**
 * The name of the unique index a write ran into (PostgreSQL error 23505, on the error or one of
 * its causes: drizzle wraps the driver's error), or null for any other error. Services turn it
 * into the 409 their own check gives, when a concurrent write won the race after that check.
 */
export function violatedUniqueIndex(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505' && typeof constraint === 'string') return constraint;
  }
  return null;
}
