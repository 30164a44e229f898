import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { monthName } from '../../../common/carbon-record-rules';
import { END_USER_KIND_LABELS } from '../../../common/contracts/carbon';
import {
  carbonCohortsQuerySchema,
  carbonCohortsSchema,
  exportSalesRecordQuerySchema,
  listSalesRecordQuerySchema,
  salesRecordListSchema,
  salesRecordSummaryQuerySchema,
  salesRecordSummarySchema,
  type SalesRecordItem,
} from '../../../common/contracts/carbon-records';
import { STOVE_ID_STATUS_LABELS } from '../../../common/contracts/stove-ids';
import type { Database } from '../../db/client';
import { actorOf } from '../../http/guard';
import { sendCsv } from '../../http/list';
import { sendXlsx, type XlsxColumn } from '../../http/xlsx';
import { carbonCohorts, exportSalesRecord, listSalesRecord, salesRecordSummary } from './sales-record.service';

const tags = ['carbon'];
const config = { permission: 'carbon-programme' } as const;

const PERIOD_ERRORS = {
  400: 'A day is missing or not a date, the last day is before the first, or the period spans more than ten years.',
} as const;

/** The columns of both exports of the sales record, in order. */
const SALES_RECORD_COLUMNS: XlsxColumn<SalesRecordItem>[] = [
  { header: 'Stove ID', value: (s) => s.code, width: 14 },
  { header: 'Model', value: (s) => s.model, width: 18 },
  { header: 'Factory', value: (s) => s.factory.code, width: 9 },
  { header: 'Sale date', value: (s) => s.saleDate, width: 11 },
  { header: 'Order', value: (s) => s.order.label, width: 11 },
  { header: 'Partner', value: (s) => s.partner.name, width: 24 },
  { header: 'End user type', value: (s) => (s.endUser ? END_USER_KIND_LABELS[s.endUser.kind] : null), width: 11 },
  { header: 'End user', value: (s) => s.endUser?.name, width: 24 },
  { header: 'Phone', value: (s) => s.endUser?.phone, width: 16 },
  { header: 'County', value: (s) => s.endUser?.county, width: 14 },
  { header: 'Sub-county', value: (s) => s.endUser?.subCounty, width: 14 },
  { header: 'Village', value: (s) => s.endUser?.village, width: 14 },
  { header: 'Latitude', value: (s) => s.endUser?.latitude, width: 10 },
  { header: 'Longitude', value: (s) => s.endUser?.longitude, width: 10 },
  { header: 'Handover date', value: (s) => s.endUser?.handoverDate, width: 11 },
  { header: 'Status now', value: (s) => STOVE_ID_STATUS_LABELS[s.status], width: 10 },
  { header: 'Returned', value: (s) => (s.returned ? 'Yes' : 'No'), width: 9 },
];

const EXPORT_DESCRIPTION =
  'The stoves of `GET /api/carbon/sales-record` with the same period, search, filters and sort, read from ' +
  'the database 5,000 at a time and streamed as they are written: stove ID, model, factory, sale date, order, ' +
  'partner, end user type, end user, phone, county, sub-county, village, latitude, longitude, handover date, ' +
  'status now and whether the stove was returned.';

export async function carbonRecordRoutes(app: FastifyInstance, opts: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/api/carbon/sales-record',
    {
      config: { ...config, errors: PERIOD_ERRORS },
      schema: {
        tags,
        summary: 'The sales record of a monitoring period',
        description:
          'Every stove whose first handover (its first sale that was not canceled) is from `from` to `to`, both ' +
          "included (the company's days, as the orders carry them): stove ID, model, factory, sale date, order, " +
          "partner, the end user registered under that sale and their location, the stove ID's status now and " +
          'whether it was returned. Sorted by `saleDate` (default) or `code`; `q` searches the stove ID and the end ' +
          "user's name; `missing` (endUser, location) lists the stoves to complete (returned ones are not); " +
          "`factoryId` the sale's factory. " +
          "A factory-scoped user sees their own factory's sales only.",
        querystring: listSalesRecordQuerySchema,
        response: { 200: salesRecordListSchema },
      },
    },
    async (request) => listSalesRecord(db, actorOf(request), request.query),
  );

  r.get(
    '/api/carbon/sales-record/summary',
    {
      config: { ...config, errors: PERIOD_ERRORS },
      schema: {
        tags,
        summary: 'The counts of a monitoring period’s sales record',
        description:
          'For the stoves of the sales record from `from` to `to` (and `factoryId`): how many, how many were ' +
          'returned, how many lack an end user and how many a location (no end user, or one with neither a place ' +
          'nor a GPS point), of the stoves not returned; and the counts by month of sale and by model.',
        querystring: salesRecordSummaryQuerySchema,
        response: { 200: salesRecordSummarySchema },
      },
    },
    async (request) => salesRecordSummary(db, actorOf(request), request.query),
  );

  r.get(
    '/api/carbon/sales-record/export.csv',
    {
      config: { ...config, errors: PERIOD_ERRORS },
      schema: {
        tags,
        summary: 'Export the sales record of a period as CSV',
        description: EXPORT_DESCRIPTION,
        querystring: exportSalesRecordQuerySchema,
      },
    },
    async (request, reply) =>
      sendCsv(reply, 'sales-record.csv', SALES_RECORD_COLUMNS, exportSalesRecord(db, actorOf(request), request.query)),
  );

  r.get(
    '/api/carbon/sales-record/export.xlsx',
    {
      config: {
        ...config,
        errors: PERIOD_ERRORS,
        success: {
          status: 200,
          mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          description: 'The whole filtered, sorted record as an Excel workbook of one sheet, streamed.',
        },
      },
      schema: {
        tags,
        summary: 'Export the sales record of a period as XLSX',
        description: `${EXPORT_DESCRIPTION} One sheet, the header row frozen.`,
        querystring: exportSalesRecordQuerySchema,
      },
    },
    async (request, reply) =>
      sendXlsx(
        reply,
        'sales-record.xlsx',
        'Sales record',
        SALES_RECORD_COLUMNS,
        exportSalesRecord(db, actorOf(request), request.query),
      ),
  );

  r.get(
    '/api/carbon/cohorts',
    {
      config,
      schema: {
        tags,
        summary: 'Stoves in the field by month of first handover (age cohorts)',
        description:
          'Every stove counted once, in the month of its first handover (its first sale that was not canceled): ' +
          'how many were handed over, how many of those are back with us now (returned and not sold again), the ' +
          'rest in the field, and the cumulative in the field; a row for every month from the first to the last, ' +
          'and the same by year. `factoryId`: the sales of one factory. A factory-scoped user gets their own ' +
          "factory's.",
        querystring: carbonCohortsQuerySchema,
        response: { 200: carbonCohortsSchema },
      },
    },
    async (request) => carbonCohorts(db, actorOf(request), request.query),
  );

  r.get(
    '/api/carbon/cohorts/export.csv',
    {
      config,
      schema: {
        tags,
        summary: 'Export the age cohorts as CSV',
        description:
          'The months of `GET /api/carbon/cohorts`: year, month, handed over, returned, in the field and cumulative.',
        querystring: carbonCohortsQuerySchema,
      },
    },
    async (request, reply) => {
      const { months } = await carbonCohorts(db, actorOf(request), request.query);
      return sendCsv(
        reply,
        'age-cohorts.csv',
        [
          { header: 'Year', value: (m) => m.year },
          { header: 'Month', value: (m) => monthName(m.month) },
          { header: 'Handed over', value: (m) => m.handedOver },
          { header: 'Returned', value: (m) => m.returned },
          { header: 'In the field', value: (m) => m.inField },
          { header: 'Cumulative in the field', value: (m) => m.cumulative },
        ],
        (async function* () {
          yield months;
        })(),
      );
    },
  );
}
