import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createDailyProductionReportSchema,
  dailyProductionReportListSchema,
  dailyProductionReportSchema,
  exportDailyProductionReportsQuerySchema,
  listDailyProductionReportsQuerySchema,
  updateDailyProductionReportSchema,
  type DailyProductionReport,
} from '../../../common/contracts/productivity';
import type { Database } from '../../db/client';
import { actorOf } from '../../http/guard';
import { sendCsv } from '../../http/list';
import {
  createDailyReport,
  exportDailyReports,
  getDailyReport,
  listDailyReports,
  presentDailyReport,
  updateDailyReport,
} from './daily-production-reports.service';

const tags = ['daily production reports'];
const params = z.object({ id: z.string().uuid('Not a daily report id') });
const config = { permission: 'production-management' } as const;

const personName = (p: DailyProductionReport['createdBy']) => (p ? (p.name ?? p.email) : null);

export async function dailyProductionReportRoutes(app: FastifyInstance, opts: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/api/daily-production-reports',
    {
      config,
      schema: {
        tags,
        summary: 'List daily production reports, newest day first (q: words in the notes)',
        querystring: listDailyProductionReportsQuerySchema,
        response: { 200: dailyProductionReportListSchema },
      },
    },
    async (request) => listDailyReports(db, actorOf(request), request.query),
  );

  r.get(
    '/api/daily-production-reports/export.csv',
    {
      config,
      schema: {
        tags,
        summary: 'Export the filtered daily production reports as CSV',
        querystring: exportDailyProductionReportsQuerySchema,
      },
    },
    async (request, reply) => {
      const pages = async function* () {
        for await (const page of exportDailyReports(db, actorOf(request), request.query))
          yield page.map(presentDailyReport);
      };
      return sendCsv<DailyProductionReport>(
        reply,
        'daily-production-reports.csv',
        [
          { header: 'Date', value: (d) => d.date },
          { header: 'Factory', value: (d) => d.factory.name },
          { header: 'Factory code', value: (d) => d.factory.code },
          { header: 'Couplers present', value: (d) => d.couplersPresent },
          { header: 'Hours worked', value: (d) => d.hoursWorked },
          { header: 'Worker-hours', value: (d) => d.workerHours },
          { header: 'Defects/rework', value: (d) => d.defects },
          { header: 'Downtime minutes', value: (d) => d.downtimeMinutes },
          { header: 'Notes', value: (d) => d.notes },
          { header: 'Reported by', value: (d) => personName(d.createdBy) },
          { header: 'Last changed', value: (d) => d.updatedAt },
          { header: 'Last changed by', value: (d) => personName(d.updatedBy) },
        ],
        pages(),
      );
    },
  );

  r.get(
    '/api/daily-production-reports/:id',
    {
      config,
      schema: { tags, summary: 'One daily production report', params, response: { 200: dailyProductionReportSchema } },
    },
    async (request) => getDailyReport(db, actorOf(request), request.params.id),
  );

  r.post(
    '/api/daily-production-reports',
    {
      config,
      schema: {
        tags,
        summary: "Report a factory's day (one report per factory and day: 409 when it exists)",
        body: createDailyProductionReportSchema,
        response: { 201: dailyProductionReportSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createDailyReport(db, actorOf(request), request.body)),
  );

  r.patch(
    '/api/daily-production-reports/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Change the figures or notes of a daily production report',
        params,
        body: updateDailyProductionReportSchema,
        response: { 200: dailyProductionReportSchema },
      },
    },
    async (request) => updateDailyReport(db, actorOf(request), request.params.id, request.body),
  );
}
