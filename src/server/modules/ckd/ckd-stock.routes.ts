import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ckdStockQuerySchema, ckdStockSchema } from '../../../common/contracts/ckd';
import type { Database } from '../../db/client';
import { actorOf } from '../../http/guard';
import { getCkdStock } from './ckd-stock.service';

export async function ckdStockRoutes(app: FastifyInstance, opts: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/api/ckd/stock',
    {
      config: { permission: 'ckd-management' },
      schema: {
        tags: ['ckd'],
        summary: 'Kits in stock per factory × category, with totals (factory-scoped users: their factory)',
        description:
          "Kits in stock per factory × CKD category (`factoryId` for one factory), from the kit ledger's " +
          'balances: the active factories and categories and any other that holds kits, with totals per ' +
          'factory, per category and overall. Factory-scoped users get their own factory.',
        querystring: ckdStockQuerySchema,
        response: { 200: ckdStockSchema },
      },
    },
    async (request) => getCkdStock(db, actorOf(request), request.query),
  );
}
