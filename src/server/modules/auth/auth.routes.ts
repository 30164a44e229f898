/**
 * better-auth mounted at /api/auth/*, wrapped for the rules it does not have:
 * a per-email limit on failed sign-ins, a clear 429 message, audit rows for
 * sign-in, failed sign-in and sign-out, and the inactivity rule.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Auth } from '../../auth/auth';
import { resolveSession } from '../../auth/session';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { errors } from '../../http/errors';
import { webHeaders, webRequest } from '../../http/web-request';
import { countAuditSince, insertAudit } from '../audit/audit.repository';

const FAILED_SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
const signInBodySchema = z.object({ email: z.string() }).passthrough();
const signInResultSchema = z.object({ user: z.object({ id: z.string(), email: z.string() }) });

export async function authRoutes(app: FastifyInstance, opts: { auth: Auth; db: Database; config: Config }) {
  const { auth, db, config } = opts;

  async function forward(request: FastifyRequest, reply: FastifyReply) {
    const response = await auth.handler(webRequest(request, config.publicUrl));
    reply.status(response.status);
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    const text = await response.text();
    return { status: response.status, text, reply };
  }

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    config: { permission: 'public' },
    handler: async (request, reply) => {
      const path = new URL(request.url, config.publicUrl).pathname;
      const audit = { ipAddress: request.ip, userAgent: request.headers['user-agent'] ?? null };

      if (path === '/api/auth/sign-in/email' && request.method === 'POST') {
        const body = signInBodySchema.safeParse(request.body);
        const email = body.success ? body.data.email.trim().toLowerCase() : '';
        if (email) {
          const since = new Date(Date.now() - FAILED_SIGN_IN_WINDOW_MS);
          const failures = await countAuditSince(db, 'sign_in_failed', email, since);
          if (failures >= config.signInFailuresPerEmail) {
            throw errors.rateLimited(
              'Too many failed sign-in attempts for this account. Please wait 15 minutes and try again.',
            );
          }
        }
        const result = await forward(request, reply);
        if (result.status === 429) {
          throw errors.rateLimited('Too many sign-in attempts from this address. Please wait a minute and try again.');
        }
        if (result.status === 200) {
          const signedIn = JSON.parse(result.text) as Record<string, unknown>;
          // The session lives in the httpOnly cookie; the browser never needs the raw token.
          delete signedIn.token;
          const parsed = signInResultSchema.safeParse(signedIn);
          if (parsed.success) {
            await insertAudit(db, {
              actorId: parsed.data.user.id,
              action: 'sign_in',
              recordType: 'user',
              recordId: parsed.data.user.id,
              ...audit,
            });
          }
          return reply.type('application/json').send(JSON.stringify(signedIn));
        }
        if (result.status === 401 && email) {
          await insertAudit(db, { actorId: null, action: 'sign_in_failed', recordType: 'sign_in', recordId: email, ...audit });
        }
        return reply.type('application/json').send(result.text);
      }

      // Every other auth endpoint sees an idle session as gone.
      const session = await resolveSession(auth, db, webHeaders(request));
      if (path === '/api/auth/sign-out' && session.status === 'active') {
        await insertAudit(db, {
          actorId: session.value.user.id,
          action: 'sign_out',
          recordType: 'user',
          recordId: session.value.user.id,
          ...audit,
        });
      }
      const result = await forward(request, reply);
      if (result.status === 429) throw errors.rateLimited('Too many requests. Please wait a minute and try again.');
      return reply.send(result.text);
    },
  });
}
