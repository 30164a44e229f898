ALTER TABLE "factories" ADD COLUMN "time_zone" text;
--> statement-breakpoint
-- The company time zone (app_settings 'time_zone') is part of every actor, like the factory's: a
-- change to it tells the embedded session cache to forget (see 0017).
create trigger app_settings_auth_change after insert or update or delete or truncate on app_settings
  for each statement execute function notify_auth_change();
