import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { salesReportQuerySchema, salesReportSchema, type SalesReport } from '../../../common/contracts/sales-orders';
import type { Database } from '../../db/client';
import { actorOf } from '../../http/guard';
import { sendCsv } from '../../http/list';
import { salesReport } from './sales-report.service';

const tags = ['sales'];
const report = { permission: 'sales-report' } as const;
/** CSV lines per chunk written to the response. */
const CSV_CHUNK = 2_000;

type CsvLine = SalesReport['rows'][number] & { label: string; code: string | null };

/** The report's cells with their group's name, a chunk at a time. */
async function* csvChunks(data: SalesReport): AsyncGenerator<CsvLine[]> {
  const groups = new Map(data.groups.map((g) => [g.key, g]));
  for (let i = 0; i < data.rows.length; i += CSV_CHUNK) {
    yield data.rows.slice(i, i + CSV_CHUNK).map((row) => {
      const group = groups.get(row.key);
      return { ...row, label: group?.label ?? row.key, code: group?.code ?? null };
    });
  }
}

export async function salesReportRoutes(app: FastifyInstance, opts: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/api/sales/report',
    {
      config: report,
      schema: {
        tags,
        summary:
          'Packages, stoves and revenue (per currency) of completed orders by day, week or month and by package, category, factory, customer or seller',
        description:
          "The completed orders' packages, stoves and revenue per currency (canceled orders left out) from " +
          '`from` to `to` by `period` (`day`, `week` or `month`) and by one grouping (`groupBy`: package, ' +
          'category, factory, customer or seller): every period start listed, the groups biggest first, and ' +
          'the totals. Filters `factoryId`, `packageId`, `categoryId`, `customerId` and `sellerId`. At most ' +
          '3 years (a year by day), 400 otherwise. Factory-scoped users get their own factory.',
        querystring: salesReportQuerySchema,
        response: { 200: salesReportSchema },
      },
    },
    async (request) => salesReport(db, actorOf(request), request.query),
  );

  r.get(
    '/api/sales/report/export.csv',
    {
      config: report,
      schema: {
        tags,
        summary: 'The sales report as CSV: one line per period × group × currency',
        description:
          'The report of `GET /api/sales/report` for the same query as CSV, one line per period × group × ' +
          'currency: period, group, code, currency, packages, stoves and revenue.',
        querystring: salesReportQuerySchema,
      },
    },
    async (request, reply) => {
      const data = await salesReport(db, actorOf(request), request.query);
      return sendCsv<CsvLine>(
        reply,
        `sales-report-${data.groupBy}-by-${data.period}-${data.from}-to-${data.to}.csv`,
        [
          { header: 'Period', value: (l) => l.period },
          { header: 'Group', value: (l) => l.label },
          { header: 'Code', value: (l) => l.code },
          { header: 'Currency', value: (l) => l.currency },
          { header: 'Packages', value: (l) => l.packages },
          { header: 'Stoves', value: (l) => l.stoves },
          { header: 'Revenue', value: (l) => l.revenue.toFixed(2) },
        ],
        csvChunks(data),
      );
    },
  );
}
