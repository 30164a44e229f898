import { sql } from 'drizzle-orm';

export interface ActorRow {
  name: string | null;
  active: boolean;
  factory: { id: string; name: string; code: string; kind: 'plant' | 'assembly' | 'both' } | null;
  /** The zone the user's days follow: their factory's, else the company's (DOMAIN.md; UTC before any is set). */
  timeZone: string;
  /** The company's zone (app_settings 'time_zone'; UTC before any is set). */
  companyTimeZone: string;
  groups: string[];
  components: string[];
}

/**
 * What the actor's columns read from, after `from users u` (or a join to it): the profile, its
 * factory and the company's time zone.
 */
export const ACTOR_JOINS = sql`
  left join profiles p on p.id = u.id
  left join factories f on f.id = p.factory_id
  cross join (select coalesce((select s.value from app_settings s where s.key = 'time_zone'), 'UTC') as zone) company`;

/**
 * The actor's columns over ACTOR_JOINS: profile, factory, time zones, groups and base components (session.ts reads them together with the session in one round trip).
 */
export const ACTOR_COLUMNS = sql`
  p.name,
  coalesce(p.active, false) as active,
  case when f.id is null then null
       else json_build_object('id', f.id, 'name', f.name, 'code', f.code, 'kind', f.kind) end as factory,
  coalesce(f.time_zone, company.zone) as "timeZone",
  company.zone as "companyTimeZone",
  coalesce((select json_agg(ug.group_name order by ug.group_name) from user_groups ug where ug.user_id = u.id), '[]'::json) as groups,
  coalesce((select json_agg(distinct gp.component)
              from group_permissions gp
              join user_groups ug on ug.group_name = gp.group_name
             where ug.user_id = u.id), '[]'::json) as components`;
