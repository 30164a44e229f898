import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminDashboardQuerySchema, dashboardSchema } from '../../../common/contracts/dashboards';
import type { Database } from '../../db/client';
import { actorOf } from '../../http/guard';
import { adminDashboard, factoryDashboard } from './dashboards.service';

const tags = ['dashboards'];

export async function dashboardRoutes(app: FastifyInstance, opts: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/api/dashboards/admin',
    {
      config: { permission: 'admin-dashboard' },
      schema: {
        tags,
        summary: 'The admin dashboard: every factory or one (factoryId); a factory-scoped user gets their own factory',
        querystring: adminDashboardQuerySchema,
        response: { 200: dashboardSchema },
      },
    },
    async (request) => adminDashboard(db, actorOf(request), request.query),
  );

  r.get(
    '/api/dashboards/factory',
    {
      config: { permission: 'factory-dashboard' },
      schema: {
        tags,
        summary: "The factory dashboard: the caller's own factory (empty, with a notice, without one)",
        response: { 200: dashboardSchema },
      },
    },
    async (request) => factoryDashboard(db, actorOf(request)),
  );
}
