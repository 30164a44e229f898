/**
 * GET /metrics in Prometheus's text format, behind `Authorization: Bearer <METRICS_TOKEN>`, and the
 * hook that counts every request by route pattern, method and status. Without METRICS_TOKEN no
 * metrics are kept and /metrics answers 404, as an unknown address does.
 *
 * A plugin of the app's own scope (fastify-plugin), so its hook sees every route; it is registered
 * after the guard, which lists /metrics in its route table (public: no session, the token instead).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errors } from '../../http/errors';
import { bearerMatches, type Metrics } from './metrics.service';

const PATH = '/metrics';

async function metricsPlugin(app: FastifyInstance, opts: { metrics: Metrics | null; token: string | undefined }) {
  const { metrics, token } = opts;
  if (metrics) {
    app.addHook('onResponse', async (request, reply) => {
      metrics.observeRequest(request.routeOptions.url, request.method, reply.statusCode, reply.elapsedTime / 1000);
    });
  }

  app.get(
    PATH,
    {
      config: {
        permission: 'public',
        errors: {
          401: 'No `Authorization: Bearer <METRICS_TOKEN>` header, or a wrong token.',
          404: 'METRICS_TOKEN is not set: the endpoint is off.',
        },
        success: {
          status: 200,
          mediaType: 'text/plain',
          description: "The metrics in Prometheus's text format (version 0.0.4).",
        },
      },
      schema: {
        tags: ['health'],
        summary: 'Metrics for Prometheus (needs the METRICS_TOKEN bearer token)',
        description:
          'For Prometheus to scrape, off unless the server has `METRICS_TOKEN`; it asks no session but ' +
          '`Authorization: Bearer <METRICS_TOKEN>`. Requests by route pattern, method and status with their ' +
          'durations (`stove_http_request_duration_seconds`), database statement durations ' +
          "(`stove_db_query_duration_seconds`), the embedded database's queue (`stove_db_queue_length`, PGlite " +
          'only), open live streams (`stove_live_streams`), signed-in sessions (`stove_active_sessions`), the ' +
          'last successful backup (`stove_last_backup_timestamp_seconds`, `stove_last_backup_age_seconds`), ' +
          'and the process: CPU, memory, event-loop lag (`nodejs_eventloop_lag_seconds`), garbage collection.',
        security: [{ metricsToken: [] }],
      },
    },
    async (request, reply) => {
      if (!metrics || token === undefined) throw errors.notFound(`No such endpoint: GET ${PATH}`);
      if (!bearerMatches(request.headers.authorization, token)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw errors.unauthenticated(`${PATH} needs the header Authorization: Bearer <METRICS_TOKEN>.`);
      }
      const text = await metrics.text();
      return reply.type(metrics.contentType).header('cache-control', 'no-store').send(text);
    },
  );
}

export const metricsRoutes = fp(metricsPlugin, { name: 'metrics' });
