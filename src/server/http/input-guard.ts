/**
 * Text that cannot be stored is refused where it enters: a NUL character or a lone surrogate
 * anywhere in a request's body, query or path parameters (a value or a key) gets a 400 naming the
 * field, before validation and before any handler, so no route can pass it to the database (issue
 * 21). The rule is the contracts' `unstorableTextProblem`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unstorableTextProblem } from '../../common/contracts/fields';
import { errors, type FieldErrors } from './errors';

/** Enough to name what to fix without walking a huge request to its end. */
const MAX_PROBLEMS = 20;

/** The unstorable texts in `value`, by their path (`lines.0.note`), at most MAX_PROBLEMS. */
export function unstorableTexts(value: unknown, path = '', found: FieldErrors = {}): FieldErrors {
  if (Object.keys(found).length >= MAX_PROBLEMS) return found;
  if (typeof value === 'string') {
    const problem = unstorableTextProblem(value);
    if (problem) found[path || '_'] = [problem];
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => unstorableTexts(item, path ? `${path}.${i}` : String(i), found));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      const keyProblem = unstorableTextProblem(key);
      if (keyProblem) found[at] = [keyProblem];
      else unstorableTexts(item, at, found);
    }
  }
  return found;
}

function refuseUnstorableText(request: FastifyRequest): void {
  const found = {
    ...unstorableTexts(request.params),
    ...unstorableTexts(request.query),
    ...unstorableTexts(request.body),
  };
  const [first] = Object.entries(found);
  if (!first) return;
  const [field, [problem] = []] = first;
  throw errors.validation(`${field === '_' ? '' : `${field}: `}${problem}`, found);
}

async function inputGuardPlugin(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => refuseUnstorableText(request));
}

export const inputGuard = fp(inputGuardPlugin, { name: 'input-guard' });
