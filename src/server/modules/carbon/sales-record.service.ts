/**
 * The carbon programme's records (issue 26, DOMAIN.md §4 "Carbon programme"): the sales record of a
 * monitoring period, its counts and completeness, its exports (streamed page by page, never the
 * whole record in memory), and the age cohorts. Factory scope: a factory-scoped user sees the sales
 * of their own factory only.
 */
import { cohortTable } from '../../../common/carbon-record-rules';
import type {
  CarbonCohorts,
  ExportSalesRecordQuery,
  ListSalesRecordQuery,
  SalesRecordItem,
  SalesRecordSummary,
  SalesRecordSummaryQuery,
} from '../../../common/contracts/carbon-records';
import type { ListResponse } from '../../../common/contracts/list';
import { salesOrderNumberLabel } from '../../../common/contracts/sales-orders';
import type { Actor } from '../../auth/actor';
import { scopedFactoryFilter } from '../../auth/scope';
import type { Database } from '../../db/client';
import { allPages, countCapped, decodeCursor, toPage, type Cursor } from '../../http/list';
import {
  cohortCounts,
  salesRecordCounts,
  salesRecordFrom,
  salesRecordRows,
  salesRecordWhere,
  type SALES_RECORD_SORT_SQL,
  type SalesRecordFilters,
  type SalesRecordRow,
} from './sales-record.repository';

/** A stove's record id (bigint), the cursor's id. */
const STOVE_RECORD_ID = /^\d{1,19}$/;

/** Rows per page of an export: a page is written out while the next is read. */
const EXPORT_PAGE_ROWS = 5_000;

function present(row: SalesRecordRow): SalesRecordItem {
  return {
    id: row.id,
    code: row.code,
    model: row.model,
    factory: { id: row.factoryId, name: row.factoryName, code: row.factoryCode },
    saleDate: row.saleDate,
    order: { id: row.orderId, label: salesOrderNumberLabel(row.orderNumber) },
    partner: { id: row.partnerId, name: row.partnerName, type: row.partnerType },
    endUser:
      row.endUserName !== null && row.endUserKind !== null && row.handoverDate !== null
        ? {
            kind: row.endUserKind,
            name: row.endUserName,
            phone: row.phone,
            county: row.county,
            subCounty: row.subCounty,
            village: row.village,
            latitude: row.latitude === null ? null : Number(row.latitude),
            longitude: row.longitude === null ? null : Number(row.longitude),
            handoverDate: row.handoverDate,
          }
        : null,
    status: row.status,
    returned: row.returned,
  };
}

type SortKey = keyof typeof SALES_RECORD_SORT_SQL;

const SORT_VALUE: Record<SortKey, (item: SalesRecordItem) => string> = {
  saleDate: (i) => i.saleDate,
  code: (i) => i.code,
};

function filtersOf(actor: Actor, query: ExportSalesRecordQuery): SalesRecordFilters {
  return {
    from: query.from,
    to: query.to,
    q: query.q,
    missing: query.missing,
    factoryId: scopedFactoryFilter(actor, query.factoryId),
  };
}

async function rows(
  db: Database,
  filters: SalesRecordFilters,
  query: ExportSalesRecordQuery,
  cursor: Cursor | null,
  limit: number,
): Promise<SalesRecordItem[]> {
  return (await salesRecordRows(db, filters, query.sort, query.dir, cursor, limit)).map(present);
}

/** GET /api/carbon/sales-record */
export async function listSalesRecord(
  db: Database,
  actor: Actor,
  query: ListSalesRecordQuery,
): Promise<ListResponse<SalesRecordItem>> {
  const filters = filtersOf(actor, query);
  const [items, total] = await Promise.all([
    rows(db, filters, query, decodeCursor(query.cursor, STOVE_RECORD_ID), query.limit + 1),
    countCapped(db, salesRecordFrom(), salesRecordWhere(filters)),
  ]);
  const page = toPage(items, query.limit, SORT_VALUE[query.sort]);
  return { items: page.items, nextCursor: page.nextCursor, ...total };
}

/** The exports: the whole filtered record in the list's order, 5,000 stoves at a time. */
export function exportSalesRecord(
  db: Database,
  actor: Actor,
  query: ExportSalesRecordQuery,
): AsyncGenerator<SalesRecordItem[]> {
  const filters = filtersOf(actor, query);
  return allPages((cursor, limit) => rows(db, filters, query, cursor, limit), SORT_VALUE[query.sort], EXPORT_PAGE_ROWS);
}

/** GET /api/carbon/sales-record/summary */
export async function salesRecordSummary(
  db: Database,
  actor: Actor,
  query: SalesRecordSummaryQuery,
): Promise<SalesRecordSummary> {
  const counts = await salesRecordCounts(db, {
    from: query.from,
    to: query.to,
    factoryId: scopedFactoryFilter(actor, query.factoryId),
  });
  const byMonth = new Map<string, number>();
  const byModel = new Map<string | null, number>();
  const summary = { total: 0, returned: 0, missingEndUser: 0, missingLocation: 0 };
  for (const c of counts) {
    const n = Number(c.n);
    summary.total += n;
    if (c.returned) summary.returned += n;
    if (c.noEndUser) summary.missingEndUser += n;
    if (c.noLocation) summary.missingLocation += n;
    byMonth.set(c.month, (byMonth.get(c.month) ?? 0) + n);
    byModel.set(c.model, (byModel.get(c.model) ?? 0) + n);
  }
  return {
    ...summary,
    byMonth: [...byMonth].map(([month, quantity]) => ({ month, quantity })),
    byModel: [...byModel]
      .map(([model, quantity]) => ({ model, quantity }))
      .sort(
        (a, b) =>
          Number(a.model === null) - Number(b.model === null) ||
          b.quantity - a.quantity ||
          (a.model ?? '').localeCompare(b.model ?? ''),
      ),
  };
}

/** GET /api/carbon/cohorts */
export async function carbonCohorts(
  db: Database,
  actor: Actor,
  query: { factoryId?: string | undefined },
): Promise<CarbonCohorts> {
  const counts = await cohortCounts(db, scopedFactoryFilter(actor, query.factoryId));
  return cohortTable(
    counts.map((c) => ({
      year: Number(c.year),
      month: Number(c.month),
      handedOver: Number(c.handedOver),
      returned: Number(c.returned),
    })),
  );
}
