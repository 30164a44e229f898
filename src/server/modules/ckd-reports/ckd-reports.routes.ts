import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ckdReportQuerySchema,
  ckdReportSchema,
  factoryCkdReportQuerySchema,
  factoryCkdReportSchema,
  KIT_FIGURE_COLUMNS,
  type CkdReportRow,
  type FactoryCkdReportDay,
  type KitFigures,
} from '../../../common/contracts/ckd-reports';
import type { Database } from '../../db/client';
import { actorOf } from '../../http/guard';
import { sendCsv, type CsvColumn } from '../../http/list';
import { ckdReport, factoryCkdReport } from './ckd-reports.service';

const FACTORY_REPORT_ERRORS = {
  403: 'A factory-scoped user naming another factory than their own (or having none).',
  404: 'The factory or the category does not exist.',
};
const tags = ['ckd-reports'];

/** The figure columns of a CSV, read from a row or from the totals line. */
function figureColumns<Row>(figures: (row: Row) => KitFigures): CsvColumn<Row>[] {
  return KIT_FIGURE_COLUMNS.map((c) => ({ header: c.label, value: (row: Row) => figures(row)[c.key] }));
}

/** A CSV line of the report or the line of its totals (labels in the first columns). */
type Line<Row> = { row: Row } | { totals: KitFigures };
const figuresOfLine = <Row extends KitFigures>(line: Line<Row>): KitFigures => ('row' in line ? line.row : line.totals);

async function* once<T>(items: T[]): AsyncGenerator<T[]> {
  yield items;
}

export async function ckdReportRoutes(app: FastifyInstance, opts: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/api/ckd/report',
    {
      config: { permission: 'ckd-management' },
      schema: {
        tags,
        summary: 'Kit stock per factory × category for a date range: opening, movements, closing',
        description:
          'Per factory × CKD category that moved on or before `to`: the opening stock, then produced, ' +
          'received, sent, consumed (net of voided stove reports), adjusted, and the closing stock, for the ' +
          'days `from` to `to` (both included, at most 3 years); and the totals; read from the daily kit ' +
          'totals. Filters `factoryId` and `categoryId`. Lists the kit categories for the filter. ' +
          'Factory-scoped users get their own factory.',
        querystring: ckdReportQuerySchema,
        response: { 200: ckdReportSchema },
      },
    },
    async (request) => ckdReport(db, actorOf(request), request.query),
  );

  r.get(
    '/api/ckd/report/export.csv',
    {
      config: { permission: 'ckd-management' },
      schema: {
        tags,
        summary: 'The CKD report as CSV, with a totals line',
        description:
          'The rows of `GET /api/ckd/report` for the same query as CSV (factory and category codes and ' +
          'names, then the figures), ending with a totals line.',
        querystring: ckdReportQuerySchema,
      },
    },
    async (request, reply) => {
      const report = await ckdReport(db, actorOf(request), request.query);
      const label = (line: Line<CkdReportRow>, pick: (row: CkdReportRow) => string, total: string) =>
        'row' in line ? pick(line.row) : total;
      const columns: CsvColumn<Line<CkdReportRow>>[] = [
        { header: 'Factory code', value: (l) => label(l, (row) => row.factory.code, 'Total') },
        { header: 'Factory', value: (l) => label(l, (row) => row.factory.name, '') },
        { header: 'Category code', value: (l) => label(l, (row) => row.category.code, '') },
        { header: 'Category', value: (l) => label(l, (row) => row.category.name, '') },
        ...figureColumns<Line<CkdReportRow>>(figuresOfLine),
      ];
      const lines: Line<CkdReportRow>[] = [...report.rows.map((row) => ({ row })), { totals: report.totals }];
      return sendCsv(reply, `ckd-report-${report.from}-to-${report.to}.csv`, columns, once(lines));
    },
  );

  r.get(
    '/api/ckd/factory-report',
    {
      config: { errors: FACTORY_REPORT_ERRORS, permission: 'factory-ckd-report' },
      schema: {
        tags,
        summary: "One factory's kit stock day by day (one category or all)",
        description:
          'One factory (`factoryId`) day by day from `from` to `to` (both included, at most one year): ' +
          'every day of the range, stock carried over days without movement, for one category ' +
          '(`categoryId`) or all summed: opening, produced, received, sent, consumed, adjusted and closing, ' +
          'with totals. Lists the kit categories for the filter.',
        querystring: factoryCkdReportQuerySchema,
        response: { 200: factoryCkdReportSchema },
      },
    },
    async (request) => factoryCkdReport(db, actorOf(request), request.query),
  );

  r.get(
    '/api/ckd/factory-report/export.csv',
    {
      config: { errors: FACTORY_REPORT_ERRORS, permission: 'factory-ckd-report' },
      schema: {
        tags,
        summary: 'The factory CKD report as CSV, with a totals line',
        description: 'The days of `GET /api/ckd/factory-report` for the same query as CSV, ending with a totals line.',
        querystring: factoryCkdReportQuerySchema,
      },
    },
    async (request, reply) => {
      const report = await factoryCkdReport(db, actorOf(request), request.query);
      const columns: CsvColumn<Line<FactoryCkdReportDay>>[] = [
        { header: 'Date', value: (l) => ('row' in l ? l.row.day : 'Total') },
        ...figureColumns<Line<FactoryCkdReportDay>>(figuresOfLine),
      ];
      const lines: Line<FactoryCkdReportDay>[] = [...report.days.map((row) => ({ row })), { totals: report.totals }];
      const scope = report.category ? `${report.factory.code}-${report.category.code}` : report.factory.code;
      return sendCsv(reply, `ckd-factory-report-${scope}-${report.from}-to-${report.to}.csv`, columns, once(lines));
    },
  );
}
