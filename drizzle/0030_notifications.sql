CREATE TABLE "notification_digest_days" (
	"day" date PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mails" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"incoming_transfers" boolean DEFAULT true NOT NULL,
	"transfer_outcomes" boolean DEFAULT true NOT NULL,
	"low_stock_digest" boolean DEFAULT false NOT NULL,
	"announcements" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written: begin
-- Announcements published before notifications existed are not mailed now.
UPDATE "announcements" SET "mailed_at" = "publish_at" WHERE "publish_at" <= now();
-- hand-written: end
