/**
 * What the API tests of one screen share: requests as one signed-in user unless told otherwise,
 * the error body they read, random names, and an id no record has.
 *
 *   const { send, get } = apiRequests({ ctx: () => ctx, cookie: () => adminCookie });
 *   const res = await send('PATCH', `/api/steel/categories/${id}`, { name: `${letters()} Sheet` });
 *   expect(res.json<ErrorBody>().error.details?.fieldErrors).toEqual({ … });
 */
import { randomBytes } from 'node:crypto';
import type { TestContext } from './test-app';

/** The body of a 4xx answer. */
export interface ErrorBody {
  error: { code: string; message: string; details?: { fieldErrors?: Record<string, string[]> } };
}

/** Upper-case letters only, so text order is the same under every collation. */
export const letters = (n = 8) => Array.from(randomBytes(n), (b) => String.fromCharCode(65 + (b % 26))).join('');

/** A well-formed id no record has. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/**
 * send (a write, with a JSON payload when given) and get, with `cookie()`'s session unless another
 * cookie is passed; null sends none (signed out). The context and the cookie are read at each
 * request, since a test file's beforeAll sets them.
 */
export function apiRequests({ ctx, cookie }: { ctx: () => TestContext; cookie: () => string }) {
  const as = (chosen: string | null) => (chosen ? { cookie: chosen } : {});
  return {
    send: (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, user: string | null = cookie()) =>
      ctx().request({
        method,
        url,
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
        ...as(user),
      }),
    get: (url: string, user: string | null = cookie()) => ctx().request({ method: 'GET', url, ...as(user) }),
  };
}
