import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client';

export interface ActorRow {
  name: string | null;
  active: boolean;
  factory: { id: string; name: string; code: string; kind: 'plant' | 'assembly' | 'both' } | null;
  groups: string[];
  components: string[];
}

/** Profile, factory, groups and base components of one user, in one round trip. */
export async function findActorRow(db: Executor, userId: string): Promise<ActorRow | null> {
  const rows = await queryRows<ActorRow>(
    db,
    sql`
    select p.name,
           coalesce(p.active, false) as active,
           case when f.id is null then null
                else json_build_object('id', f.id, 'name', f.name, 'code', f.code, 'kind', f.kind) end as factory,
           coalesce((select json_agg(ug.group_name order by ug.group_name) from user_groups ug where ug.user_id = u.id), '[]'::json) as groups,
           coalesce((select json_agg(distinct gp.component)
                       from group_permissions gp
                       join user_groups ug on ug.group_name = gp.group_name
                      where ug.user_id = u.id), '[]'::json) as components
      from users u
      left join profiles p on p.id = u.id
      left join factories f on f.id = p.factory_id
     where u.id = ${userId}`,
  );
  return rows[0] ?? null;
}
