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
const NOT_FOUND = "No such daily report, or it is not one of the caller's factory.";

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
        description:
          "Each factory's daily production reports, newest day first. `q` searches words in the notes; " +
          'filters `factoryId`, `from` and `to` (days, both included). Each with couplers present, hours ' +
          'worked, worker-hours (couplers × hours), defects, downtime, notes, who reported and who changed ' +
          "it last. Factory-scoped users see their own factory's reports.",
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
        description:
          'The reports of `GET /api/daily-production-reports` with the same search and filters, as CSV: ' +
          'date, factory and its code, couplers present, hours worked, worker-hours, defects/rework, ' +
          'downtime minutes, notes, reported by, last changed and by whom.',
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
      config: { ...config, errors: { 404: NOT_FOUND } },
      schema: {
        tags,
        summary: 'One daily production report',
        description: 'One report, as the list shows it.',
        params,
        response: { 200: dailyProductionReportSchema },
      },
    },
    async (request) => getDailyReport(db, actorOf(request), request.params.id),
  );

  r.post(
    '/api/daily-production-reports',
    {
      config: {
        ...config,
        errors: {
          400: 'An unknown or deactivated factory (`details.fieldErrors.factoryId`).',
          403: 'A factory-scoped user naming another factory than their own (or having none).',
          409: 'The factory already has a report for that day (`details.fieldErrors.date`).',
        },
      },
      schema: {
        tags,
        summary: "Report a factory's day (one report per factory and day: 409 when it exists)",
        description:
          'Reports one day of a factory: couplers present (0-10,000), hours worked (0-24), defects/rework ' +
          '(at least 0), downtime minutes (0-1,440) and notes; the day not in the future (each a 400 on its ' +
          'field). One report per factory and day. Factory-scoped users report for their own factory. ' +
          'Audited.',
        body: createDailyProductionReportSchema,
        response: { 201: dailyProductionReportSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createDailyReport(db, actorOf(request), request.body)),
  );

  r.patch(
    '/api/daily-production-reports/:id',
    {
      config: { ...config, errors: { 404: NOT_FOUND } },
      schema: {
        tags,
        summary: 'Change the figures or notes of a daily production report',
        description:
          'Changes any of the figures and the notes (the factory and the day stay), within the same limits. ' +
          'Audited with the report before and after.',
        params,
        body: updateDailyProductionReportSchema,
        response: { 200: dailyProductionReportSchema },
      },
    },
    async (request) => updateDailyReport(db, actorOf(request), request.params.id, request.body),
  );
}
