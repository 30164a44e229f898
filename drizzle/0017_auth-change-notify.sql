-- Every write to what a session's actor is made of (sessions, users, profiles, groups, group
-- permissions, factories) sends a notification on the auth_change channel, and only to a session
-- that listens to it. An embedded (PGlite) server listens on its one session and empties its cache
-- of resolved sessions when it hears one (src/server/auth/session.ts); PostgreSQL's pooled
-- sessions never listen, so there this costs one look at the session's own channel list.
-- Replaces the auth_epoch sequence of 0007, which the cache had to read on every request.
create function notify_auth_change() returns trigger language plpgsql as $$
begin
  if 'auth_change' = any (array(select pg_listening_channels())) then
    perform pg_notify('auth_change', '');
  end if;
  return null;
end
$$;
--> statement-breakpoint
drop trigger sessions_auth_epoch on sessions;
--> statement-breakpoint
drop trigger users_auth_epoch on users;
--> statement-breakpoint
drop trigger profiles_auth_epoch on profiles;
--> statement-breakpoint
drop trigger user_groups_auth_epoch on user_groups;
--> statement-breakpoint
drop trigger group_permissions_auth_epoch on group_permissions;
--> statement-breakpoint
drop trigger factories_auth_epoch on factories;
--> statement-breakpoint
drop function bump_auth_epoch();
--> statement-breakpoint
drop sequence auth_epoch;
--> statement-breakpoint
create trigger sessions_auth_change after insert or update or delete or truncate on sessions
  for each statement execute function notify_auth_change();
--> statement-breakpoint
create trigger users_auth_change after insert or update or delete or truncate on users
  for each statement execute function notify_auth_change();
--> statement-breakpoint
create trigger profiles_auth_change after insert or update or delete or truncate on profiles
  for each statement execute function notify_auth_change();
--> statement-breakpoint
create trigger user_groups_auth_change after insert or update or delete or truncate on user_groups
  for each statement execute function notify_auth_change();
--> statement-breakpoint
create trigger group_permissions_auth_change after insert or update or delete or truncate on group_permissions
  for each statement execute function notify_auth_change();
--> statement-breakpoint
create trigger factories_auth_change after insert or update or delete or truncate on factories
  for each statement execute function notify_auth_change();
