/**
 * SQL of cohorts (issue 26). A stove's handover date is the day of its first completed sale (the
 * earliest sales order day, then order number, that sold it: sales orders carry the company's
 * day); its cohort is that day's year. A direct sale registers its buyer handed over on that day
 * (end-users.service.ts registerBuyerAtSale).
 *
 * The survey population: the stoves handed over in a period that have an open end user
 * registration now (a registered end user, not returned since: a return ends the registration).
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';

export interface CohortFilters {
  from: string;
  to: string;
  /** The factory of the first sale; undefined: every factory. */
  factoryId?: string | undefined;
}

/** The first completed sale of each stove, within the filters, with the stove's open registration. */
function surveyable(filters: CohortFilters): SQL {
  return sql`sales_orders so
          join sales_order_items soi on soi.order_id = so.id
          join stove_ids si on si.id = soi.stove_id_id
          join end_user_registrations r on r.stove_id_id = si.id and r.ended_at is null
         where so.status = 'completed'
           and so.date between ${filters.from}::date and ${filters.to}::date
           ${filters.factoryId ? sql`and so.factory_id = ${filters.factoryId}` : sql``}
           and si.status = 'sold'
           and not exists (
                 select 1 from sales_order_items e join sales_orders eo on eo.id = e.order_id
                  where e.stove_id_id = si.id and eo.status = 'completed' and (eo.date, eo.number) < (so.date, so.number))`;
}

/** The surveyable stoves handed over in the period, by cohort (year of handover), oldest first. */
export function handoverCohorts(db: Executor, filters: CohortFilters): Promise<{ year: number; population: number }[]> {
  return queryRows(
    db,
    sql`select extract(year from so.date)::int as year, count(*)::int as population
          from ${surveyable(filters)}
         group by 1
         order by 1`,
  );
}

export interface SurveyableStove {
  stoveIdId: number;
  code: string;
  registrationId: string;
  /** Its place (0-based) among the cohort's surveyable stoves in stove ID order. */
  position: number;
}

/**
 * The surveyable stoves of one cohort at these places in stove ID order (only those are read out:
 * a draw of 68 stoves from a million reads 68 rows). The order is byte by byte (collation "C"), the
 * same on every database whatever its locale, so the draw can be redone anywhere from its seed.
 */
export async function surveyableStovesAt(
  db: Executor,
  filters: CohortFilters,
  year: number,
  positions: readonly number[],
): Promise<SurveyableStove[]> {
  if (positions.length === 0) return [];
  const rows = await queryRows<{ stoveIdId: number | string; code: string; registrationId: string; position: number }>(
    db,
    sql`select x."stoveIdId", x.code, x."registrationId", x.position
          from (select si.id as "stoveIdId", si.code, r.id as "registrationId",
                       (row_number() over (order by si.code collate "C") - 1)::int as position
                  from ${surveyable(filters)}
                   and so.date >= make_date(${year}, 1, 1) and so.date < make_date(${year} + 1, 1, 1)) x
         where x.position = any(array(select jsonb_array_elements_text(${JSON.stringify(positions)}::jsonb)::int))`,
  );
  return rows.map((r) => ({ ...r, stoveIdId: Number(r.stoveIdId) }));
}
