import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminDashboardQuerySchema, dashboardSchema } from '../../../common/contracts/dashboards';
import type { Database } from '../../db/client';
import { actorOf } from '../../http/guard';
import { adminDashboard, factoryDashboard } from './dashboards.service';

const tags = ['dashboards'];
/** What both dashboards answer. */
const FIGURES =
  "Stoves coupled (submitted stove reports) and sold (completed orders' lines) today and this month " +
  "(UTC days, as the sales overview), orders today and this month, this month's revenue per " +
  'currency (never converted), pending stove transfers (the total, `toConfirm` and the 5 latest), ' +
  'kit stock per factory × CKD category (as `GET /api/ckd/stock`), steel and inventory balances ' +
  'below their reorder level (active ones: the count and the 10 lowest), and 30 days of stoves ' +
  'coupled and of stoves sold and orders per day.';

export async function dashboardRoutes(app: FastifyInstance, opts: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/api/dashboards/admin',
    {
      config: {
        permission: 'admin-dashboard',
        errors: { 400: 'An unknown factory (`details.fieldErrors.factoryId`).' },
      },
      schema: {
        tags,
        summary: 'The admin dashboard: every factory or one (factoryId); a factory-scoped user gets their own factory',
        description: `Every factory, or one (\`factoryId\`); a factory-scoped holder gets their own factory whatever is asked. ${FIGURES}`,
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
        description: `The caller's own factory; a caller without one gets 200 with \`scope: 'none'\`, every figure empty and a \`notice\`. ${FIGURES}`,
        response: { 200: dashboardSchema },
      },
    },
    async (request) => factoryDashboard(db, actorOf(request)),
  );
}
