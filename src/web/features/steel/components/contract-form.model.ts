/** Forms whose fields are text: the typed values are turned into the request, then checked by the endpoint's contract. */
import { z } from 'zod';

/**
 * A transform that checks the request with the endpoint's own contract and reports each of its
 * issues at the field it names, so the form shows the server's rules next to the fields.
 */
export function checkedBy<T extends z.ZodType>(contract: T) {
  return (request: unknown, ctx: z.RefinementCtx): z.output<T> => {
    const result = contract.safeParse(request);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path, input: request });
    }
    return z.NEVER;
  };
}
