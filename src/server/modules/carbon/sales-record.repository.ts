/**
 * SQL of the carbon programme's records (issue 26): the sales record of a period and the age
 * cohorts. A stove's first handover is its first completed sale (earliest day, then order number):
 * the period's orders are read by day (sales_orders_date_idx) and each of their stoves kept when no
 * completed order of it comes before (sales_order_items_stove_idx).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { EndUserKind, EndUserSource } from '../../../common/contracts/carbon';
import type { SalesRecordMissing } from '../../../common/contracts/carbon-records';
import type { StoveIdStatus } from '../../../common/contracts/stove-ids';
import { queryRows, type Executor } from '../../db/client';
import { containsPattern, queryJsonPage, type Cursor, whereAll } from '../../http/list';
import { STOVE_MODEL_SQL, type SoldStoveRow } from './end-users.repository';

export interface SalesRecordFilters {
  from: string;
  to: string;
  factoryId?: string | undefined;
  q?: string | undefined;
  missing?: SalesRecordMissing | undefined;
}

export interface SalesRecordRow extends SoldStoveRow {
  status: StoveIdStatus;
  returned: boolean;
  endUserKind: EndUserKind | null;
  endUserName: string | null;
  phone: string | null;
  county: string | null;
  subCounty: string | null;
  village: string | null;
  latitude: number | null;
  longitude: number | null;
  handoverDate: string | null;
  source: EndUserSource | null;
}

const STOVES = sql`sales_orders so
  join sales_order_items soi on soi.order_id = so.id
  join stove_ids si on si.id = soi.stove_id_id`;

/** The period's sales and their stoves, first handovers only (no period: all of them). */
function firstHandoverWhere(filters: { from?: string; to?: string; factoryId?: string | undefined }): SQL {
  return sql`so.status = 'completed'
     ${filters.from ? sql`and so.date >= ${filters.from}::date` : sql``}
     ${filters.to ? sql`and so.date <= ${filters.to}::date` : sql``}
     ${filters.factoryId ? sql`and so.factory_id = ${filters.factoryId}` : sql``}
     and not exists (
           select 1 from sales_order_items e join sales_orders eo on eo.id = e.order_id
            where e.stove_id_id = si.id and eo.status = 'completed' and (eo.date, eo.number) < (so.date, so.number))`;
}

/** The end user registered under this sale: the open one, else the one that ended last. */
const END_USER = sql`left join lateral (
      select r.kind, r.name, r.phone, r.county, r.sub_county, r.village, r.latitude, r.longitude, r.handover_date, r.source
        from end_user_registrations r
       where r.stove_id_id = si.id and r.order_id = so.id
       order by r.ended_at desc nulls first, r.created_at desc
       limit 1) eu on true`;

/** Returned from this sale on a return note. */
const RETURNED = sql`exists (select 1 from sales_return_items x where x.order_id = so.id and x.stove_id_id = si.id)`;

/**
 * What is missing, of a stove still with the buyer of its first sale: a returned stove is not, as
 * nothing can be registered under a sale it was returned from.
 */
const NO_END_USER = sql`(eu.name is null and not ${RETURNED})`;
const NO_LOCATION = sql`((eu.name is null
  or (eu.county is null and eu.sub_county is null and eu.village is null and eu.latitude is null))
  and not ${RETURNED})`;

export const SALES_RECORD_SORT_SQL = {
  saleDate: sql`so.date`,
  code: sql`si.code`,
} as const;

function extraWhere(filters: SalesRecordFilters): SQL | undefined {
  const pattern = filters.q ? containsPattern(filters.q.toLowerCase()) : undefined;
  return whereAll(
    pattern ? sql`(si.code ilike ${pattern} or lower(coalesce(eu.name, '')) like ${pattern})` : undefined,
    filters.missing === 'endUser' ? NO_END_USER : undefined,
    filters.missing === 'location' ? NO_LOCATION : undefined,
  );
}

/**
 * A page of the sales record in (sort, stove) order after `cursor`. The stove's record id orders
 * rows of one sort value (ids are bigint: compared as numbers).
 */
export function salesRecordRows(
  db: Executor,
  filters: SalesRecordFilters,
  sort: keyof typeof SALES_RECORD_SORT_SQL,
  dir: 'asc' | 'desc',
  cursor: Cursor | null,
  limit: number,
): Promise<SalesRecordRow[]> {
  const by = SALES_RECORD_SORT_SQL[sort];
  const cast = sort === 'saleDate' ? sql`::date` : sql`::text`;
  // The sort column's own bound beside the row comparison: the planner starts its index scan there
  // (of sales_orders by day, of stove_ids by code), so a page reads from the cursor on, not the
  // whole period again (an export of a million stoves would be quadratic).
  const after = cursor
    ? dir === 'asc'
      ? sql`${by} >= ${cursor.v}${cast} and (${by}, si.id) > (${cursor.v}${cast}, ${cursor.id}::bigint)`
      : sql`${by} <= ${cursor.v}${cast} and (${by}, si.id) < (${cursor.v}${cast}, ${cursor.id}::bigint)`
    : undefined;
  const extra = whereAll(extraWhere(filters), after);
  const direction = dir === 'asc' ? sql`asc` : sql`desc`;
  const items = sql`select json_build_object(
               'id', si.id::text, 'code', si.code, 'model', ${STOVE_MODEL_SQL},
               'factoryId', f.id, 'factoryName', f.name, 'factoryCode', f.code,
               'orderId', so.id, 'orderNumber', so.number, 'saleDate', so.date,
               'partnerId', p.id, 'partnerName', p.name, 'partnerType', p.type, 'status', si.status,
               'returned', ${RETURNED},
               'endUserKind', eu.kind, 'endUserName', eu.name, 'phone', eu.phone, 'county', eu.county,
               'subCounty', eu.sub_county, 'village', eu.village, 'latitude', eu.latitude, 'longitude', eu.longitude,
               'handoverDate', eu.handover_date, 'source', eu.source) as item
          from ${STOVES}
          join partners p on p.id = so.customer_id
          join factories f on f.id = so.factory_id
          ${END_USER}
         where ${firstHandoverWhere(filters)} ${extra ? sql`and ${extra}` : sql``}
         order by ${by} ${direction}, si.id ${direction}
         limit ${limit}`;
  // The page as one JSON value (queryJsonPage).
  return withoutJit(db, async (tx) => (await queryJsonPage<SalesRecordRow>(tx, { items })).items);
}

/**
 * Runs the queries without PostgreSQL's JIT, whose compiling took longer than the queries
 * themselves (a page of 5,000 stoves: ~100 ms of compiling for ~100 ms of work; the planner's cost
 * counts the whole period a page might read). PGlite has no JIT: the setting changes nothing there.
 */
function withoutJit<T>(db: Executor, run: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return run(tx);
  });
}

/** Counts for the period: by month, model and what is missing, in one pass. */
export function salesRecordCounts(
  db: Executor,
  filters: Pick<SalesRecordFilters, 'from' | 'to' | 'factoryId'>,
): Promise<
  { month: string; model: string | null; returned: boolean; noEndUser: boolean; noLocation: boolean; n: number }[]
> {
  return withoutJit(db, (tx) =>
    queryRows(
      tx,
      sql`select to_char(so.date, 'YYYY-MM') as month, ${STOVE_MODEL_SQL} as model,
               ${RETURNED} as returned, ${NO_END_USER} as "noEndUser", ${NO_LOCATION} as "noLocation",
               count(*)::int as n
          from ${STOVES} ${END_USER}
         where ${firstHandoverWhere(filters)}
         group by 1, 2, 3, 4, 5
         order by 1`,
    ),
  );
}

/** The filtered record's rows (without the partner and the factory), for the list's capped count. */
export function salesRecordFrom(): SQL {
  return sql`${STOVES} ${END_USER}`;
}

export function salesRecordWhere(filters: SalesRecordFilters): SQL | undefined {
  return whereAll(firstHandoverWhere(filters), extraWhere(filters));
}

/**
 * First handovers by month, over all time: how many, and how many of those stoves are back with
 * us now (not sold: returned from that sale or another and not sold again).
 */
export function cohortCounts(
  db: Executor,
  factoryId: string | undefined,
): Promise<{ year: number; month: number; handedOver: number; returned: number }[]> {
  return withoutJit(db, (tx) =>
    queryRows(
      tx,
      sql`select extract(year from so.date)::int as year, extract(month from so.date)::int as month,
               count(*)::int as "handedOver", count(*) filter (where si.status <> 'sold')::int as returned
          from ${STOVES}
         where ${firstHandoverWhere({ factoryId })}
         group by 1, 2
         order by 1, 2`,
    ),
  );
}
