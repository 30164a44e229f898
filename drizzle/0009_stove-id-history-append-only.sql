-- A stove ID's history is append-only (DOMAIN.md §4 "Stove IDs"): no event is ever changed or removed.
create function refuse_stove_id_event_change() returns trigger language plpgsql as $$
begin
  raise exception 'stove ID history is append-only: % refused', tg_op using errcode = 'restrict_violation';
end
$$;
--> statement-breakpoint
create trigger stove_id_events_append_only before update or delete on stove_id_events
  for each row execute function refuse_stove_id_event_change();
--> statement-breakpoint
create trigger stove_id_events_no_truncate before truncate on stove_id_events
  for each statement execute function refuse_stove_id_event_change();
