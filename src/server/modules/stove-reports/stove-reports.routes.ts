import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkStoveReportSchema,
  exportStoveReportsQuerySchema,
  listStoveReportsQuerySchema,
  STOVE_REPORT_STATUS_LABELS,
  stoveReportCheckSchema,
  stoveReportCouplersQuerySchema,
  stoveReportCouplersSchema,
  stoveReportDetailSchema,
  stoveReportListSchema,
  stoveReportNumberLabel,
  stoveReportSchema,
  submitStoveReportSchema,
  voidStoveReportSchema,
  type StoveReport,
} from '../../../common/contracts/production';
import type { Database } from '../../db/client';
import { actorOf } from '../../http/guard';
import { sendCsv } from '../../http/list';
import {
  assertMayVoid,
  checkReport,
  exportReports,
  getReport,
  listCouplers,
  listReports,
  presentReport,
  submitReport,
  voidReport,
} from './stove-reports.service';

const tags = ['stove reports'];
const params = z.object({ id: z.string().uuid('Not a stove report id') });
const config = { permission: 'production-management' } as const;

const personName = (p: StoveReport['createdBy']) => (p ? (p.name ?? p.email) : null);

export async function stoveReportRoutes(app: FastifyInstance, opts: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/api/stove-reports',
    {
      config,
      schema: {
        tags,
        summary: 'List stove reports with their totals (q: a report number or a stove ID on it)',
        querystring: listStoveReportsQuerySchema,
        response: { 200: stoveReportListSchema },
      },
    },
    async (request) => listReports(db, actorOf(request), request.query),
  );

  r.get(
    '/api/stove-reports/export.csv',
    {
      config,
      schema: { tags, summary: 'Export the filtered stove reports as CSV', querystring: exportStoveReportsQuerySchema },
    },
    async (request, reply) => {
      const pages = async function* () {
        for await (const page of exportReports(db, actorOf(request), request.query)) yield page.map(presentReport);
      };
      return sendCsv<StoveReport>(
        reply,
        'stove-reports.csv',
        [
          { header: 'Number', value: (s) => stoveReportNumberLabel(s.number) },
          { header: 'Date', value: (s) => s.date },
          { header: 'Status', value: (s) => STOVE_REPORT_STATUS_LABELS[s.status] },
          { header: 'Factory', value: (s) => s.factory.name },
          { header: 'Factory code', value: (s) => s.factory.code },
          { header: 'Stove model', value: (s) => s.category.stoveModel },
          { header: 'CKD category', value: (s) => s.category.name },
          { header: 'Stoves', value: (s) => s.stoveCount },
          { header: 'Coupler', value: (s) => personName(s.createdBy) },
          { header: 'Submitted at', value: (s) => s.createdAt },
          { header: 'Note', value: (s) => s.note },
          { header: 'Voided at', value: (s) => s.voidedAt },
          { header: 'Voided by', value: (s) => personName(s.voidedBy) },
          { header: 'Void reason', value: (s) => s.voidReason },
        ],
        pages(),
      );
    },
  );

  r.get(
    '/api/stove-reports/couplers',
    {
      config,
      schema: {
        tags,
        summary: 'The people who submitted stove reports (for the coupler filter)',
        querystring: stoveReportCouplersQuerySchema,
        response: { 200: stoveReportCouplersSchema },
      },
    },
    async (request) => listCouplers(db, actorOf(request), request.query.factoryId),
  );

  r.post(
    '/api/stove-reports/check',
    {
      config,
      schema: {
        tags,
        summary: "Each code's eligibility for a stove report, and the kits available (changes nothing)",
        body: checkStoveReportSchema,
        response: { 200: stoveReportCheckSchema },
      },
    },
    async (request) => checkReport(db, actorOf(request), request.body),
  );

  r.post(
    '/api/stove-reports',
    {
      config,
      schema: {
        tags,
        summary: 'Submit a stove report: the IDs become coupled, one kit per stove is consumed (all or nothing)',
        body: submitStoveReportSchema,
        response: { 201: stoveReportSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await submitReport(db, actorOf(request), request.body)),
  );

  r.get(
    '/api/stove-reports/:id',
    {
      config,
      schema: {
        tags,
        summary: 'A stove report with its stove IDs and what I may do with it',
        params,
        response: { 200: stoveReportDetailSchema },
      },
    },
    async (request) => getReport(db, actorOf(request), request.params.id),
  );

  r.post(
    '/api/stove-reports/:id/void',
    {
      config,
      // Refused before the body is read: only some holders of production-management may void.
      onRequest: async (request) => assertMayVoid(actorOf(request)),
      schema: {
        tags,
        summary:
          'Void a stove report with a reason: its IDs return to stock and its kits to the factory (Admin, Senior Production Manager, Production Manager, Factory Manager)',
        params,
        body: voidStoveReportSchema,
        response: { 200: stoveReportSchema },
      },
    },
    async (request) => voidReport(db, actorOf(request), request.params.id, request.body.reason),
  );
}
