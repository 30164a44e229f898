/**
 * What the productivity tracker reads: the factories shown, their daily reports, and the stoves
 * coupled per coupler, factory and day (submitted stove reports; voided ones do not count).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';
import { sqlTextArray } from '../stove-ids/stove-id-status.repository';
import type { FactoryInfo } from './productivity.model';

/**
 * The factories of the tracker: the one asked for (or a scoped user's own); otherwise every active
 * factory that assembles stoves, and any other factory with reports in the range.
 */
export function trackerFactories(
  db: Executor,
  factoryId: string | undefined,
  from: string,
  to: string,
): Promise<FactoryInfo[]> {
  if (factoryId) {
    return queryRows<FactoryInfo>(db, sql`select id, name, code from factories where id = ${factoryId}`);
  }
  return queryRows<FactoryInfo>(
    db,
    sql`select f.id, f.name, f.code
          from factories f
         where (f.active and f.kind in ('assembly', 'both'))
            or exists (select 1 from daily_production_reports d
                        where d.factory_id = f.id and d.date between ${from}::date and ${to}::date)
            or exists (select 1 from stove_reports s
                        where s.factory_id = f.id and s.status = 'submitted'
                          and s.date between ${from}::date and ${to}::date)
         order by f.name, f.code`,
  );
}

export async function dailyReportsBetween(db: Executor, factoryIds: readonly string[], from: string, to: string) {
  if (factoryIds.length === 0) return [];
  const rows = await queryRows<{ factoryId: string; date: string; couplersPresent: number; hoursWorked: string }>(
    db,
    sql`select factory_id as "factoryId", date::text as date, couplers_present as "couplersPresent",
               hours_worked::text as "hoursWorked"
          from daily_production_reports
         where factory_id = any(${sqlTextArray(factoryIds)}::uuid[])
           and date between ${from}::date and ${to}::date`,
  );
  return rows.map((r) => ({ ...r, hoursWorked: Number(r.hoursWorked) }));
}

/** Stoves coupled per coupler (the report's author), factory and day. */
export async function coupledBetween(db: Executor, factoryIds: readonly string[], from: string, to: string) {
  if (factoryIds.length === 0) return [];
  const rows = await queryRows<{ couplerId: string | null; factoryId: string; date: string; stoves: number | string }>(
    db,
    sql`select created_by as "couplerId", factory_id as "factoryId", date::text as date,
               sum(stove_count)::int as stoves
          from stove_reports
         where status = 'submitted'
           and factory_id = any(${sqlTextArray(factoryIds)}::uuid[])
           and date between ${from}::date and ${to}::date
         group by created_by, factory_id, date`,
  );
  return rows.map((r) => ({ ...r, stoves: Number(r.stoves) }));
}

/** Names and emails of users, by id. */
export async function peopleByIds(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, { name: string | null; email: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: string; name: string | null; email: string }>(
    db,
    sql`select u.id, coalesce(p.name, u.name) as name, u.email
          from users u left join profiles p on p.id = u.id
         where u.id = any(${sqlTextArray(ids)}::uuid[])`,
  );
  return new Map(rows.map((r) => [r.id, { name: r.name, email: r.email }]));
}
