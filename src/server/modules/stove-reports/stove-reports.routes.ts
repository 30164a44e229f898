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
const NOT_FOUND = "No such stove report, or it is not one of the caller's factory.";
const FACTORY = {
  400: 'An unknown factory, or an unknown stove model (`details.fieldErrors.factoryId` or `categoryId`).',
  403: 'A factory-scoped user naming another factory than their own (or having none).',
};

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
        description:
          'Stove reports (SR-000123), newest first (or by number), keyset paged. `q` is a report number or ' +
          'a stove ID on it; filters `factoryId`, `categoryId`, `status`, `couplerId` (who submitted) and ' +
          'the days `from` and `to`. Every page carries `summary`, the totals of the filtered reports: ' +
          'reports, voided, stoves coupled, and reports and stoves per stove model. Factory-scoped users ' +
          "see their own factory's.",
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
      schema: {
        tags,
        summary: 'Export the filtered stove reports as CSV',
        description:
          'The reports of `GET /api/stove-reports` with the same search and filters, as CSV: number, date, ' +
          'status, factory and its code, stove model, CKD category, stoves, coupler, submitted at, note, ' +
          'voided at and by, and void reason.',
        querystring: exportStoveReportsQuerySchema,
      },
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
        description:
          'Everyone who submitted stove reports the caller may see (at `factoryId`, when given), for the ' +
          'coupler filter.',
        querystring: stoveReportCouplersQuerySchema,
        response: { 200: stoveReportCouplersSchema },
      },
    },
    async (request) => listCouplers(db, actorOf(request), request.query.factoryId),
  );

  r.post(
    '/api/stove-reports/check',
    {
      config: { ...config, errors: FACTORY },
      schema: {
        tags,
        summary: "Each code's eligibility for a stove report, and the kits available (changes nothing)",
        description:
          'Checks the codes for a stove report at a factory, changing nothing: each code, in order, gets a ' +
          'verdict: ok (in stock there), unknown, malformed, bad check digit, duplicate in the list, wrong ' +
          'factory, or its status (coupled, validated, sold, in transit, void), with the reason; the ' +
          'counts; and, with `categoryId`, the kits of that stove model in stock at the factory.',
        body: checkStoveReportSchema,
        response: { 200: stoveReportCheckSchema },
      },
    },
    async (request) => checkReport(db, actorOf(request), request.body),
  );

  r.post(
    '/api/stove-reports',
    {
      config: {
        ...config,
        errors: {
          400: [FACTORY[400], 'An inactive factory or stove model.'],
          403: FACTORY[403],
          409: [
            'Some IDs cannot be reported: `details.problems` names each with the reason.',
            'Not enough kits: `details.problems` names the stove model and factory ("Not enough kits: N in stock, M needed.").',
          ],
        },
      },
      schema: {
        tags,
        summary: 'Submit a stove report: the IDs become coupled, one kit per stove is consumed (all or nothing)',
        description:
          'Reports the stoves coupled at a factory on a day (not in the future) from 1 to 1,000 IDs of one ' +
          'stove model (an active CKD category), in one transaction: the IDs become `coupled` with the ' +
          "report (SR-000123) as their document, and one kit per stove is consumed from the factory's kit " +
          'stock. All or nothing: when any ID is not in stock at that factory, or the kits are too few, ' +
          'nothing is written. Factory-scoped users report for their own factory. Audited.',
        body: submitStoveReportSchema,
        response: { 201: stoveReportSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await submitReport(db, actorOf(request), request.body)),
  );

  r.get(
    '/api/stove-reports/:id',
    {
      config: { ...config, errors: { 404: NOT_FOUND } },
      schema: {
        tags,
        summary: 'A stove report with its stove IDs and what I may do with it',
        description:
          'One report with its stove IDs and the status of each now, and `can.void`: whether the caller may ' +
          'void it.',
        params,
        response: { 200: stoveReportDetailSchema },
      },
    },
    async (request) => getReport(db, actorOf(request), request.params.id),
  );

  r.post(
    '/api/stove-reports/:id/void',
    {
      config: {
        ...config,
        errors: {
          403: 'The caller is not an Admin, a Senior Production Manager, a Production Manager or a Factory Manager.',
          404: NOT_FOUND,
          409: [
            'The report is already voided.',
            'Some of its IDs are no longer coupled at its factory: `details.problems` names each (nothing changes).',
          ],
        },
      },
      // Refused before the body is read: only some holders of production-management may void.
      onRequest: async (request) => assertMayVoid(actorOf(request)),
      schema: {
        tags,
        summary: 'Void a stove report with a reason: its IDs return to stock and its kits to the factory',
        description:
          "Voids a report with a reason, while every one of its IDs is still coupled at the report's factory: " +
          'the IDs return to stock (a `report_voided` history event) and the kits return to the factory on the ' +
          "report's date. Only an Admin, a Senior Production Manager, a Production Manager or a Factory Manager " +
          '(for their own factory) may void, checked before the body is read. Audited.',
        params,
        body: voidStoveReportSchema,
        response: { 200: stoveReportSchema },
      },
    },
    async (request) => voidReport(db, actorOf(request), request.params.id, request.body.reason),
  );
}
