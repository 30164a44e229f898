ALTER TABLE "stove_transfer_items" DROP CONSTRAINT "stove_transfer_items_transfer_id_stove_transfers_id_fk";
--> statement-breakpoint
ALTER TABLE "stove_transfer_items" DROP CONSTRAINT "stove_transfer_items_stove_id_id_stove_ids_id_fk";
--> statement-breakpoint
-- A transfer's items name the transfer and each ID. As for stove_ids (migration 0016), the foreign
-- keys become one check per statement: a transfer of 5,000 IDs made 10,000 look-ups, a fifth of
-- its time. A statement naming a missing transfer or ID is refused whole, with the foreign key's
-- error code. Transfers and IDs are never deleted nor re-keyed (0016), and an item's references
-- never change (refused below), so no item is ever left pointing nowhere.
create function check_stove_transfer_items_references() returns trigger language plpgsql as $$
declare
  missing text;
begin
  select m into missing from (
    select 'transfer_id=' || v || ' is not in stove_transfers' as m
      from (select distinct transfer_id as v from new_rows) n
     where not exists (select 1 from stove_transfers p where p.id = n.v)
    union all
    select 'stove_id_id=' || v || ' is not in stove_ids'
      from (select distinct stove_id_id as v from new_rows) n
     where not exists (select 1 from stove_ids p where p.id = n.v)
  ) problems limit 1;
  if missing is not null then
    raise exception 'insert or update on table "stove_transfer_items" violates a reference: %', missing
      using errcode = 'foreign_key_violation';
  end if;
  return null;
end
$$;
--> statement-breakpoint
create trigger stove_transfer_items_references_on_insert after insert on stove_transfer_items
  referencing new table as new_rows for each statement execute function check_stove_transfer_items_references();
--> statement-breakpoint
create function refuse_transfer_item_reference_change() returns trigger language plpgsql as $$
begin
  raise exception 'UPDATE of stove_transfer_items refused: an item''s transfer and stove ID never change'
    using errcode = 'restrict_violation';
end
$$;
--> statement-breakpoint
create trigger stove_transfer_items_references_kept before update of transfer_id, stove_id_id on stove_transfer_items
  for each row execute function refuse_transfer_item_reference_change();
