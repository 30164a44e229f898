/**
 * Forms whose fields are text: the typed values become the endpoint's request (numbers read from
 * the text), then the endpoint's own contract checks it and each problem is reported at the field
 * it names, so the browser shows the server's rules next to the fields.
 */
import { z } from 'zod';

/**
 * A number typed in a text field: null when empty, NaN when it is not a number. "1,250.5" and
 * "1 250" are 1250.5 and 1250 (comma or space between thousands); a lone comma is a decimal
 * point ("2,5" is 2.5).
 */
export function parseTypedNumber(text: string): number | null {
  let t = text.trim().replace(/[\s_]/g, '');
  if (t === '') return null;
  if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(t)) t = t.replace(/,/g, '');
  else if (/^-?\d*,\d+$/.test(t)) t = t.replace(',', '.');
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(t)) return Number.NaN;
  return Number(t);
}

/** Reads the number typed at `path`: null when empty; flags "<label> must be a number" for anything else. */
export type ReadNumber = (path: readonly (string | number)[], text: string, label: string) => number | null;

/**
 * A zod transform: `build` turns the form's values into the request, the `contract` checks it;
 * problems come back at the fields they name, text that is not a number first.
 */
export function requestFrom<V, C extends z.ZodType>(
  contract: C,
  build: (values: V, readNumber: ReadNumber) => unknown,
) {
  return (values: V, ctx: z.RefinementCtx): z.output<C> => {
    const flagged = new Set<string>();
    const readNumber: ReadNumber = (path, text, label) => {
      const n = parseTypedNumber(text);
      if (n === null || !Number.isNaN(n)) return n;
      flagged.add(path.join('.'));
      ctx.addIssue({ code: 'custom', path: [...path], message: `${label} must be a number`, input: text });
      return null;
    };
    const request = build(values, readNumber);
    const result = contract.safeParse(request);
    if (result.success && flagged.size === 0) return result.data;
    for (const issue of result.error?.issues ?? []) {
      if (flagged.has(issue.path.join('.'))) continue;
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path, input: request });
    }
    return z.NEVER;
  };
}

/**
 * The fields of `after` that differ from `before`: what a PATCH sends. Nothing changed gives {}.
 */
export function changesOf<T extends Record<string, unknown>>(before: T, after: T): Partial<T> {
  const changes: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (after[key] !== before[key]) changes[key] = after[key];
  }
  return changes;
}
