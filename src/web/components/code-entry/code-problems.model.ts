/** The codes a refused all-or-nothing request names (409 `details.problems`). */
import { z } from 'zod';
import { codeProblemSchema, type CodeProblem } from '@common/contracts/stove-ids';
import { isApiRequestError } from '@web/lib/api-client';

const problemsDetailsSchema = z.object({ problems: z.array(codeProblemSchema) });

/** The problems of a refused request, or null when the error is not about particular codes. */
export function problemsOf(error: unknown): CodeProblem[] | null {
  if (!isApiRequestError(error)) return null;
  const parsed = problemsDetailsSchema.safeParse(error.details);
  return parsed.success && parsed.data.problems.length > 0 ? parsed.data.problems : null;
}
