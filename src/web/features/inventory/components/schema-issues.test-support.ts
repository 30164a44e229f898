/** For the form model tests: what a form would show next to each field. */
import type { z } from 'zod';

/** The message of each issue by its field's path ("lines.0.quantity"); {} when the values pass. */
export function issuesByField(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}
