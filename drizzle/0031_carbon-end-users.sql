CREATE TYPE "public"."end_user_kind" AS ENUM('household', 'institution');--> statement-breakpoint
CREATE TYPE "public"."end_user_source" AS ENUM('sale', 'import', 'form');--> statement-breakpoint
ALTER TYPE "public"."component" ADD VALUE 'carbon-programme' BEFORE 'announcement-management';--> statement-breakpoint
ALTER TYPE "public"."stove_event_kind" ADD VALUE 'end_user_registered';--> statement-breakpoint
ALTER TYPE "public"."stove_event_kind" ADD VALUE 'end_user_ended';--> statement-breakpoint
CREATE TABLE "end_user_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stove_id_id" bigint NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" "end_user_kind" NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"county" text,
	"sub_county" text,
	"village" text,
	"latitude" double precision,
	"longitude" double precision,
	"handover_date" date NOT NULL,
	"source" "end_user_source" NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"ended_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "end_user_registrations_ended" CHECK (("end_user_registrations"."ended_at" is null) = ("end_user_registrations"."end_reason" is null)),
	CONSTRAINT "end_user_registrations_gps" CHECK (("end_user_registrations"."latitude" is null) = ("end_user_registrations"."longitude" is null)
          and ("end_user_registrations"."latitude" is null or "end_user_registrations"."latitude" between -90 and 90)
          and ("end_user_registrations"."longitude" is null or "end_user_registrations"."longitude" between -180 and 180))
);
--> statement-breakpoint
ALTER TABLE "end_user_registrations" ADD CONSTRAINT "end_user_registrations_stove_id_id_stove_ids_id_fk" FOREIGN KEY ("stove_id_id") REFERENCES "public"."stove_ids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "end_user_registrations" ADD CONSTRAINT "end_user_registrations_order_id_sales_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sales_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "end_user_registrations" ADD CONSTRAINT "end_user_registrations_ended_by_users_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "end_user_registrations" ADD CONSTRAINT "end_user_registrations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "end_user_registrations_one_open_idx" ON "end_user_registrations" USING btree ("stove_id_id") WHERE "end_user_registrations"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "end_user_registrations_stove_idx" ON "end_user_registrations" USING btree ("stove_id_id");--> statement-breakpoint
CREATE INDEX "end_user_registrations_order_idx" ON "end_user_registrations" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "end_user_registrations_handover_idx" ON "end_user_registrations" USING btree ("handover_date","id");--> statement-breakpoint
-- hand-written: begin
-- Default base access of the new component (Admin and Senior Sales Manager, DOMAIN.md §3 and
-- issue 26). The migrations run in one transaction, in which a value ADD VALUE just added cannot be
-- used; a type created in the same transaction can. So the component type is rebuilt with the
-- new value (same values, same order) and the table's column moved onto it, then the rows added.
CREATE TYPE "public"."component_v2" AS ENUM('dashboard', 'user-management', 'customer-management', 'factory-management', 'stove-id-management', 'production-management', 'productivity-settings', 'productivity-tracker', 'ckd-management', 'ckd-categories', 'produced-ckd-records', 'steel-management', 'steel-categories', 'steel-records', 'inventory-management', 'sales-management', 'sales-packages', 'sales-categories', 'price-allocation', 'sales-order', 'sales-report', 'carbon-programme', 'announcement-management', 'calendar-management', 'system-documentation', 'app-doc');--> statement-breakpoint
ALTER TABLE "group_permissions" ALTER COLUMN "component" TYPE "public"."component_v2" USING "component"::text::"public"."component_v2";--> statement-breakpoint
DROP TYPE "public"."component";--> statement-breakpoint
ALTER TYPE "public"."component_v2" RENAME TO "component";--> statement-breakpoint
INSERT INTO "group_permissions" ("group_name", "component") VALUES
  ('Admin', 'carbon-programme'),
  ('Senior Sales Manager', 'carbon-programme')
ON CONFLICT DO NOTHING;
-- hand-written: end
