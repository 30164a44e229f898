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
      schema: { tags, summary: 'The CKD report as CSV, with a totals line', querystring: ckdReportQuerySchema },
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
      config: { permission: 'factory-ckd-report' },
      schema: {
        tags,
        summary: "One factory's kit stock day by day (one category or all)",
        querystring: factoryCkdReportQuerySchema,
        response: { 200: factoryCkdReportSchema },
      },
    },
    async (request) => factoryCkdReport(db, actorOf(request), request.query),
  );

  r.get(
    '/api/ckd/factory-report/export.csv',
    {
      config: { permission: 'factory-ckd-report' },
      schema: {
        tags,
        summary: 'The factory CKD report as CSV, with a totals line',
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
