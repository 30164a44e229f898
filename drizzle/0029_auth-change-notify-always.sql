-- Custom SQL migration file, put your code below! --
-- hand-written: begin
-- Every write to what a session's actor is made of notifies auth_change, whoever wrote it: a
-- PostgreSQL server now caches resolved sessions too and listens on a connection of its own, so a
-- pooled session's write must reach it (decision 0014). Replaces 0017's "only to a session that
-- listens".
create or replace function notify_auth_change() returns trigger language plpgsql as $$
begin
  perform pg_notify('auth_change', '');
  return null;
end
$$;
-- hand-written: end
