/** SQL of end user registrations (issue 26). */
import { sql, type SQL } from 'drizzle-orm';
import type { EndUserKind, EndUserSource, EndUserStatus } from '../../../common/contracts/carbon';
import type { PartnerType } from '../../../common/contracts/partners';
import type { StoveIdStatus } from '../../../common/contracts/stove-ids';
import { queryRows, type Executor } from '../../db/client';
import { containsPattern, type Cursor, whereAll } from '../../http/list';
import { sqlBigintArray, sqlTextArray } from '../stove-ids/stove-id-status.repository';
import type { StoveForEndUser } from '../../../common/end-user-rules';

export interface StoveRow extends StoveForEndUser {
  id: number;
}

/**
 * The stoves of `codes` as the registration check sees them: status, factory, the order each is
 * sold on now (its last sold event's) with its partner, and its open registration. `lock`: their
 * orders FOR KEY SHARE, then the stove IDs FOR UPDATE, so a return or a cancellation of one of
 * them waits for the registration (or it for them). The orders come first, as a return locks them
 * (its order, then its IDs): taken the other way round, the two deadlocked.
 */
export async function stovesForEndUser(
  db: Executor,
  codes: readonly string[],
  lock: boolean,
): Promise<Map<string, StoveRow>> {
  if (codes.length === 0) return new Map();
  if (lock) {
    const orders = [...(await readStoves(db, codes, false)).values()].flatMap((s) => (s.sale ? [s.sale.orderId] : []));
    if (orders.length > 0)
      await db.execute(
        sql`select id from sales_orders where id = any(${sqlTextArray([...new Set(orders)])}::uuid[]) order by id for key share`,
      );
  }
  return readStoves(db, codes, lock);
}

async function readStoves(db: Executor, codes: readonly string[], lock: boolean): Promise<Map<string, StoveRow>> {
  const rows = await queryRows<{
    id: number | string;
    code: string;
    status: StoveIdStatus;
    factoryId: string;
    orderId: string | null;
    saleDate: string | null;
    partnerId: string | null;
    partnerName: string | null;
    registeredTo: string | null;
  }>(
    db,
    sql`select si.id, si.code, si.status, si.factory_id as "factoryId",
               so.id as "orderId", so.date::text as "saleDate", p.id as "partnerId", p.name as "partnerName",
               (select r.name from end_user_registrations r
                 where r.stove_id_id = si.id and r.ended_at is null) as "registeredTo"
          from stove_ids si
          left join lateral (
                select e.document_id from stove_id_events e
                 where e.stove_id_id = si.id and e.kind = 'sold' and si.status = 'sold'
                 order by e.id desc limit 1) sold on true
          left join sales_orders so on so.id = sold.document_id
          left join partners p on p.id = so.customer_id
         where si.code = any(${sqlTextArray(codes)})
         order by si.id
         ${lock ? sql`for update of si` : sql``}`,
  );
  return new Map(
    rows.map((r) => [
      r.code,
      {
        id: Number(r.id),
        code: r.code,
        status: r.status,
        factoryId: r.factoryId,
        sale:
          r.orderId && r.saleDate && r.partnerId && r.partnerName
            ? { orderId: r.orderId, date: r.saleDate, partnerId: r.partnerId, partnerName: r.partnerName }
            : null,
        registeredTo: r.registeredTo,
      },
    ]),
  );
}

/** Who a registration names and where and when the stove was handed over: written and listed alike. */
interface EndUserDetails {
  kind: EndUserKind;
  name: string;
  phone: string | null;
  county: string | null;
  subCounty: string | null;
  village: string | null;
  latitude: number | null;
  longitude: number | null;
  handoverDate: string;
  source: EndUserSource;
}

export interface NewRegistration extends EndUserDetails {
  stoveIdId: number;
  orderId: string;
  /** The history event's note: "Handed over to … at …". */
  note: string;
}

/**
 * Writes the registrations and an end_user_registered event for each stove (its status and
 * factory unchanged, naming the order), in one statement. A stove with an open registration
 * already fails the whole statement (the partial unique index). Returns the new ids.
 */
export async function insertRegistrations(
  tx: Executor,
  rows: readonly NewRegistration[],
  actorId: string | null,
): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await queryRows<{ id: string }>(
    tx,
    sql`with input as (
          select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(
            "stoveIdId" bigint, "orderId" uuid, kind end_user_kind, name text, phone text, county text,
            "subCounty" text, village text, latitude double precision, longitude double precision,
            "handoverDate" date, source end_user_source, note text)
        ), registered as (
          insert into end_user_registrations
                 (stove_id_id, order_id, kind, name, phone, county, sub_county, village, latitude, longitude,
                  handover_date, source, created_by)
          select "stoveIdId", "orderId", kind, name, phone, county, "subCounty", village, latitude, longitude,
                 "handoverDate", source, ${actorId}
            from input
          returning id
        ), events as (
          insert into stove_id_events (stove_id_id, kind, from_status, to_status, factory_id, document_type, document_id, note, actor_id)
          select si.id, 'end_user_registered', si.status, si.status, si.factory_id, 'sales_order', i."orderId", i.note, ${actorId}
            from input i join stove_ids si on si.id = i."stoveIdId"
        )
        select id from registered`,
  );
  return inserted.map((r) => r.id);
}

/**
 * Ends the open registrations of these stoves (returned or their order canceled), with an
 * end_user_ended event on each one's history. Returns how many ended.
 */
export async function endRegistrations(
  tx: Executor,
  stoveIdIds: readonly number[],
  reason: string,
  actorId: string | null,
): Promise<number> {
  if (stoveIdIds.length === 0) return 0;
  const rows = await queryRows<{ n: number | string }>(
    tx,
    sql`with ended as (
          update end_user_registrations
             set ended_at = now(), end_reason = ${reason}, ended_by = ${actorId}
           where stove_id_id = any(${sqlBigintArray(stoveIdIds)}) and ended_at is null
          returning stove_id_id, order_id
        ), events as (
          insert into stove_id_events (stove_id_id, kind, from_status, to_status, factory_id, document_type, document_id, note, actor_id)
          select si.id, 'end_user_ended', si.status, si.status, si.factory_id, 'sales_order', e.order_id,
                 ${`End user registration ended: ${reason}`}, ${actorId}
            from ended e join stove_ids si on si.id = e.stove_id_id
        )
        select count(*)::int as n from ended`,
  );
  return Number(rows[0]?.n ?? 0);
}

// ---------------------------------------------------------------------------------------------
// The list

/**
 * The model the stove was coupled as (its last submitted stove report's CKD category); for a stove
 * without one (carried over from the previous system), its sale's model when every package of the
 * order is of one model. Over `si` (stove_ids) and `so` (its sales order).
 */
export const STOVE_MODEL_SQL = sql`coalesce(
  (select c.name from stove_report_items ri
     join stove_reports sr on sr.id = ri.report_id
     join ckd_categories c on c.id = sr.category_id
    where ri.stove_id_id = si.id and sr.status = 'submitted'
    order by sr.created_at desc limit 1),
  (select min(c.name) from sales_order_lines l
     join sales_packages pk on pk.id = l.package_id
     join ckd_categories c on c.id = pk.ckd_category_id
    where l.order_id = so.id
   having count(distinct pk.ckd_category_id) = 1))`;

/** A sold stove as the carbon programme's lists read it: the stove, its factory, its sale and partner. */
export interface SoldStoveRow {
  id: string;
  code: string;
  model: string | null;
  factoryId: string;
  factoryName: string;
  factoryCode: string;
  orderId: string;
  orderNumber: number;
  saleDate: string;
  partnerId: string;
  partnerName: string;
  partnerType: PartnerType;
}

export interface EndUserRow extends EndUserDetails, SoldStoveRow {
  endedAt: string | null;
  endReason: string | null;
}

export interface EndUserFilters {
  q?: string | undefined;
  status?: EndUserStatus | undefined;
  partnerId?: string | undefined;
  factoryId?: string | undefined;
  ids?: readonly string[];
}

export const END_USER_SORT_SQL = {
  handoverDate: sql`r.handover_date`,
  code: sql`si.code`,
  name: sql`r.name`,
  saleDate: sql`so.date`,
} as const;

const FROM = sql`end_user_registrations r
  join stove_ids si on si.id = r.stove_id_id
  join sales_orders so on so.id = r.order_id
  join partners p on p.id = so.customer_id
  join factories f on f.id = so.factory_id`;

export function endUserWhere(filters: EndUserFilters): SQL | undefined {
  const pattern = filters.q ? containsPattern(filters.q.toLowerCase()) : undefined;
  return whereAll(
    pattern
      ? sql`(si.code ilike ${pattern} or lower(r.name) like ${pattern} or coalesce(r.phone, '') ilike ${pattern}
             or lower(concat_ws(' ', r.county, r.sub_county, r.village)) like ${pattern})`
      : undefined,
    filters.status === 'open' ? sql`r.ended_at is null` : undefined,
    filters.status === 'ended' ? sql`r.ended_at is not null` : undefined,
    filters.partnerId ? sql`so.customer_id = ${filters.partnerId}` : undefined,
    filters.factoryId ? sql`so.factory_id = ${filters.factoryId}` : undefined,
    filters.ids ? sql`r.id = any(${sqlTextArray(filters.ids)}::uuid[])` : undefined,
  );
}

export async function endUserRows(
  db: Executor,
  filters: EndUserFilters,
  sort: keyof typeof END_USER_SORT_SQL,
  dir: 'asc' | 'desc',
  cursor: Cursor | null,
  limit: number,
): Promise<EndUserRow[]> {
  const by = END_USER_SORT_SQL[sort];
  const after = cursor
    ? dir === 'asc'
      ? sql`(${by}, r.id) > (${cursor.v}, ${cursor.id}::uuid)`
      : sql`(${by}, r.id) < (${cursor.v}, ${cursor.id}::uuid)`
    : undefined;
  const where = whereAll(endUserWhere(filters), after);
  const direction = dir === 'asc' ? sql`asc` : sql`desc`;
  return queryRows<EndUserRow>(
    db,
    sql`select r.id, si.code,
               ${STOVE_MODEL_SQL} as model,
               f.id as "factoryId", f.name as "factoryName", f.code as "factoryCode",
               so.id as "orderId", so.number::int as "orderNumber", so.date::text as "saleDate",
               p.id as "partnerId", p.name as "partnerName", p.type as "partnerType",
               r.kind, r.name, r.phone, r.county, r.sub_county as "subCounty", r.village, r.latitude, r.longitude,
               r.handover_date::text as "handoverDate", r.source,
               to_char(r.ended_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "endedAt", r.end_reason as "endReason"
          from ${FROM}
         ${where ? sql`where ${where}` : sql``}
         order by ${by} ${direction}, r.id ${direction}
         limit ${limit}`,
  );
}

export function endUserFrom(): SQL {
  return FROM;
}

/** The distributors and retailers, active first, by name. */
export function resellerRows(
  db: Executor,
): Promise<{ id: string; name: string; type: PartnerType; active: boolean }[]> {
  return queryRows(
    db,
    sql`select id, name, type, active from partners
         where type in ('distributor', 'retailer') order by active desc, name, id`,
  );
}
