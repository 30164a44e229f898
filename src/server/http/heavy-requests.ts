/**
 * Large requests take turns per user (issue 21): a request carrying more than HEAVY_REQUEST_CODES
 * stove codes (a check, a transfer or a void of thousands of IDs) costs the server seconds, and ten
 * at once from one user delayed everyone's pages. Each user may have HEAVY_REQUESTS_PER_USER of
 * them running in this server process; one more gets 429 with a message, and nothing else is
 * limited: a day's scanning sends far fewer codes at a time.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errors } from './errors';

export const HEAVY_REQUEST_CODES = 1_000;
export const HEAVY_REQUESTS_PER_USER = 2;

function isHeavy(request: FastifyRequest): boolean {
  const body = request.body;
  if (!body || typeof body !== 'object') return false;
  const codes = (body as { codes?: unknown }).codes;
  return Array.isArray(codes) && codes.length > HEAVY_REQUEST_CODES;
}

async function heavyRequestsPlugin(app: FastifyInstance) {
  /** Large requests running, by user id. */
  const running = new Map<string, number>();
  /** The requests holding a turn, so that each gives it back once. */
  const holding = new WeakSet<FastifyRequest>();

  const release = async (request: FastifyRequest) => {
    if (!holding.has(request) || !request.actor) return;
    holding.delete(request);
    const left = (running.get(request.actor.userId) ?? 1) - 1;
    if (left > 0) running.set(request.actor.userId, left);
    else running.delete(request.actor.userId);
  };

  // After validation: the body is known to be the route's shape, and a refused one never counts.
  app.addHook('preHandler', async (request) => {
    const userId = request.actor?.userId;
    if (!userId || !isHeavy(request)) return;
    const now = running.get(userId) ?? 0;
    if (now >= HEAVY_REQUESTS_PER_USER) {
      throw errors.rateLimited(
        `You already have ${HEAVY_REQUESTS_PER_USER} large requests running (over ` +
          `${HEAVY_REQUEST_CODES.toLocaleString('en-US')} stove IDs each). Wait for them to finish, then try again.`,
      );
    }
    running.set(userId, now + 1);
    holding.add(request);
  });
  // Given back when the handler has its answer (onSend runs even if the client left meanwhile, while
  // the work it started went on), or at the latest once the answer is written.
  app.addHook('onSend', async (request) => release(request));
  app.addHook('onResponse', release);
}

export const heavyRequests = fp(heavyRequestsPlugin, { name: 'heavy-requests' });
