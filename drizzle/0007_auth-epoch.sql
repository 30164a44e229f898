-- Every write to what a session's actor is made of (sessions, users, profiles, groups, group
-- permissions, factories) advances auth_epoch. An embedded (PGlite) server caches resolved sessions
-- and trusts an entry only while the epoch is unchanged (src/server/auth/session.ts).
create sequence auth_epoch;
--> statement-breakpoint
create function bump_auth_epoch() returns trigger language plpgsql as $$
begin
  perform nextval('auth_epoch');
  return null;
end
$$;
--> statement-breakpoint
create trigger sessions_auth_epoch after insert or update or delete or truncate on sessions
  for each statement execute function bump_auth_epoch();
--> statement-breakpoint
create trigger users_auth_epoch after insert or update or delete or truncate on users
  for each statement execute function bump_auth_epoch();
--> statement-breakpoint
create trigger profiles_auth_epoch after insert or update or delete or truncate on profiles
  for each statement execute function bump_auth_epoch();
--> statement-breakpoint
create trigger user_groups_auth_epoch after insert or update or delete or truncate on user_groups
  for each statement execute function bump_auth_epoch();
--> statement-breakpoint
create trigger group_permissions_auth_epoch after insert or update or delete or truncate on group_permissions
  for each statement execute function bump_auth_epoch();
--> statement-breakpoint
create trigger factories_auth_epoch after insert or update or delete or truncate on factories
  for each statement execute function bump_auth_epoch();
