/**
 * GET /api/live: the live-update stream of the signed-in user (server-sent events).
 *
 * `ready` opens the stream ({ transport }), `live` carries each LiveEvent that reaches the user,
 * `signed-out` ends it when the session is gone: at once when the user is deactivated or the session
 * revoked (a SignedOutEvent), else at the next check. Every 25 s the stream sends a comment, which
 * keeps proxies from closing it, and checks the session again (a sign-out, idleness, a changed
 * factory or groups apply within that time). A client that does not accept text/event-stream gets
 * 406: the address is for EventSource only.
 */
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '../../common/contracts/errors';
import { actorOf as sessionActor, type Actor } from '../auth/actor';
import type { SessionResolver } from '../auth/session';
import { AppError, errors } from '../http/errors';
import { actorOf } from '../http/guard';
import { webHeaders } from '../http/web-request';
import { reachesViewer, type LiveViewer } from './live-audience';
import type { LiveHub } from './live-hub';

export const LIVE_HEARTBEAT_MS = 25_000;
/**
 * Open streams of one sign-in (a session) in this server process: one per open tab, so far more
 * than anyone works with. One more gets 429, and that tab polls instead (use-live-updates.ts).
 */
export const LIVE_STREAMS_PER_SESSION = 12;

function viewerOf(actor: Actor): LiveViewer {
  return { groups: actor.groups, factoryId: actor.factory?.id ?? null, isGlobal: actor.isGlobal };
}

export async function liveRoutes(
  app: FastifyInstance,
  opts: { hub: LiveHub; resolveSession: SessionResolver; heartbeatMs?: number },
) {
  const open = new Set<() => void>();
  /** Open streams by session id. */
  const perSession = new Map<string, number>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  app.get(
    '/api/live',
    {
      config: {
        permission: 'authenticated',
        errors: {
          406: 'The request does not accept `text/event-stream`: the address is for EventSource only.',
          429: `This sign-in already has ${LIVE_STREAMS_PER_SESSION} live streams open on this server (one per tab).`,
        },
        success: {
          status: 200,
          mediaType: 'text/event-stream',
          description: 'The event stream, open until the client leaves or the session ends.',
        },
      },
      schema: {
        tags: ['live'],
        summary: 'Live updates for the signed-in user (text/event-stream)',
        description:
          'Server-sent events that tell open pages what changed, so they refetch it (ask with `Accept: ' +
          'text/event-stream`). The stream opens with `ready` `{ transport }`; then each `live` event is a ' +
          '`{ kind, … }` with kind `stove-ids`, `stock`, `sales`, `transfer`, `announcement`, `calendar` or ' +
          '`resync` (the server lost events: refetch everything), naming what changed and the factories it ' +
          "touches. Factory-scoped users get only their factory's events and company-wide ones; an " +
          'announcement reaches only its audience. Every 25 s a comment keeps proxies from closing the ' +
          'stream and the session is checked again: `signed-out` ends the stream when the session is gone ' +
          '(signed out or idle), and a changed factory or groups apply from then on. A deactivated user or ' +
          'a revoked session gets `signed-out` at once.',
      },
    },
    async (request, reply) => {
      const me = actorOf(request);
      let viewer = viewerOf(me);
      if (!String(request.headers.accept ?? '').includes('text/event-stream')) {
        throw new AppError(
          406,
          ERROR_CODES.validation,
          'This address streams live updates to a browser: ask for text/event-stream.',
        );
      }
      const streams = perSession.get(me.sessionId) ?? 0;
      if (streams >= LIVE_STREAMS_PER_SESSION) {
        throw errors.rateLimited(
          `Live updates are open in ${LIVE_STREAMS_PER_SESSION} tabs of this sign-in already. ` +
            'This tab refreshes every 30 seconds instead; close some tabs to get live updates here.',
        );
      }
      perSession.set(me.sessionId, streams + 1);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const send = (name: string, data: unknown) => raw.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);

      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(end);
        const left = (perSession.get(me.sessionId) ?? 1) - 1;
        if (left > 0) perSession.set(me.sessionId, left);
        else perSession.delete(me.sessionId);
        raw.end();
      };
      const unsubscribe = opts.hub.subscribe((event) => {
        if (event.kind === 'signed-out') {
          if (event.userId === me.userId && (!event.sessionId || event.sessionId === me.sessionId)) {
            send('signed-out', {});
            end();
          }
          return;
        }
        if (reachesViewer(event, viewer)) send('live', event);
      });
      const heartbeat = setInterval(() => {
        void opts
          .resolveSession(webHeaders(request))
          .then((result) => (result.status === 'active' ? sessionActor(result.value) : null))
          .catch(() => null)
          .then((actor) => {
            if (ended) return;
            if (!actor) {
              send('signed-out', {});
              end();
              return;
            }
            viewer = viewerOf(actor);
            raw.write(': keep-alive\n\n');
          });
      }, opts.heartbeatMs ?? LIVE_HEARTBEAT_MS);
      open.add(end);
      request.raw.on('close', end);

      raw.write('retry: 1000\n\n');
      send('ready', { transport: opts.hub.state });
    },
  );
}
