ALTER TABLE "stove_id_events" DROP CONSTRAINT "stove_id_events_stove_id_id_stove_ids_id_fk";
--> statement-breakpoint
ALTER TABLE "stove_id_events" DROP CONSTRAINT "stove_id_events_factory_id_factories_id_fk";
--> statement-breakpoint
ALTER TABLE "stove_id_events" DROP CONSTRAINT "stove_id_events_actor_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "stove_ids" DROP CONSTRAINT "stove_ids_batch_id_stove_id_batches_id_fk";
--> statement-breakpoint
ALTER TABLE "stove_ids" DROP CONSTRAINT "stove_ids_factory_id_factories_id_fk";
--> statement-breakpoint
ALTER TABLE "stove_ids" DROP CONSTRAINT "stove_ids_pending_transfer_id_stove_transfers_id_fk";
--> statement-breakpoint
ALTER TABLE "stove_ids" DROP CONSTRAINT "stove_ids_created_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "stove_ids" DROP CONSTRAINT "stove_ids_updated_by_users_id_fk";
--> statement-breakpoint
-- Stove IDs and their history name their batch, factory, pending transfer, ID and people. A foreign
-- key checks every row on its own: a batch of 100,000 IDs looked up the same batch, factory and user
-- 800,000 times, more than half the batch's time. These triggers check each distinct value once per
-- statement, after it, with the foreign key's error code, so a statement that names something missing
-- is refused whole. The rows they name can never be deleted (refuse_removal below), so no reference
-- is ever left pointing nowhere.
create function check_stove_ids_references() returns trigger language plpgsql as $$
declare
  missing text;
begin
  select m into missing from (
    select 'batch_id=' || v || ' is not in stove_id_batches' as m
      from (select distinct batch_id as v from new_rows) n
     where not exists (select 1 from stove_id_batches p where p.id = n.v)
    union all
    select 'factory_id=' || v || ' is not in factories'
      from (select distinct factory_id as v from new_rows) n
     where not exists (select 1 from factories p where p.id = n.v)
    union all
    select 'pending_transfer_id=' || v || ' is not in stove_transfers'
      from (select distinct pending_transfer_id as v from new_rows where pending_transfer_id is not null) n
     where not exists (select 1 from stove_transfers p where p.id = n.v)
    union all
    select 'created_by=' || v || ' is not in users'
      from (select distinct created_by as v from new_rows where created_by is not null) n
     where not exists (select 1 from users p where p.id = n.v)
    union all
    select 'updated_by=' || v || ' is not in users'
      from (select distinct updated_by as v from new_rows where updated_by is not null) n
     where not exists (select 1 from users p where p.id = n.v)
  ) problems limit 1;
  if missing is not null then
    raise exception 'insert or update on table "stove_ids" violates a reference: %', missing
      using errcode = 'foreign_key_violation';
  end if;
  return null;
end
$$;
--> statement-breakpoint
create function check_stove_id_events_references() returns trigger language plpgsql as $$
declare
  missing text;
begin
  select m into missing from (
    select 'stove_id_id=' || v || ' is not in stove_ids' as m
      from (select distinct stove_id_id as v from new_rows) n
     where not exists (select 1 from stove_ids p where p.id = n.v)
    union all
    select 'factory_id=' || v || ' is not in factories'
      from (select distinct factory_id as v from new_rows) n
     where not exists (select 1 from factories p where p.id = n.v)
    union all
    select 'actor_id=' || v || ' is not in users'
      from (select distinct actor_id as v from new_rows where actor_id is not null) n
     where not exists (select 1 from users p where p.id = n.v)
  ) problems limit 1;
  if missing is not null then
    raise exception 'insert or update on table "stove_id_events" violates a reference: %', missing
      using errcode = 'foreign_key_violation';
  end if;
  return null;
end
$$;
--> statement-breakpoint
create trigger stove_ids_references_on_insert after insert on stove_ids
  referencing new table as new_rows for each statement execute function check_stove_ids_references();
--> statement-breakpoint
create trigger stove_ids_references_on_update after update on stove_ids
  referencing new table as new_rows for each statement execute function check_stove_ids_references();
--> statement-breakpoint
create trigger stove_id_events_references_on_insert after insert on stove_id_events
  referencing new table as new_rows for each statement execute function check_stove_id_events_references();
--> statement-breakpoint
-- What stove IDs and their history name is kept for good: factories and users are deactivated,
-- batches, transfers and IDs stay (DOMAIN.md §4). Deleting one, changing its key or truncating is
-- refused.
create function refuse_removal() returns trigger language plpgsql as $$
begin
  raise exception '% of % refused: stove IDs and their history refer to it', tg_op, tg_table_name
    using errcode = 'restrict_violation';
end
$$;
--> statement-breakpoint
create trigger factories_kept before delete on factories for each row execute function refuse_removal();
--> statement-breakpoint
create trigger factories_key_kept before update of id on factories for each row
  when (old.id is distinct from new.id) execute function refuse_removal();
--> statement-breakpoint
create trigger factories_not_truncated before truncate on factories for each statement execute function refuse_removal();
--> statement-breakpoint
create trigger users_kept before delete on users for each row execute function refuse_removal();
--> statement-breakpoint
create trigger users_key_kept before update of id on users for each row
  when (old.id is distinct from new.id) execute function refuse_removal();
--> statement-breakpoint
create trigger users_not_truncated before truncate on users for each statement execute function refuse_removal();
--> statement-breakpoint
create trigger stove_id_batches_kept before delete on stove_id_batches for each row execute function refuse_removal();
--> statement-breakpoint
create trigger stove_id_batches_key_kept before update of id on stove_id_batches for each row
  when (old.id is distinct from new.id) execute function refuse_removal();
--> statement-breakpoint
create trigger stove_id_batches_not_truncated before truncate on stove_id_batches for each statement execute function refuse_removal();
--> statement-breakpoint
create trigger stove_transfers_kept before delete on stove_transfers for each row execute function refuse_removal();
--> statement-breakpoint
create trigger stove_transfers_key_kept before update of id on stove_transfers for each row
  when (old.id is distinct from new.id) execute function refuse_removal();
--> statement-breakpoint
create trigger stove_transfers_not_truncated before truncate on stove_transfers for each statement execute function refuse_removal();
--> statement-breakpoint
create trigger stove_ids_kept before delete on stove_ids for each row execute function refuse_removal();
--> statement-breakpoint
create trigger stove_ids_not_truncated before truncate on stove_ids for each statement execute function refuse_removal();
