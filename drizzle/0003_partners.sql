CREATE TYPE "public"."partner_type" AS ENUM('distributor', 'retailer', 'institution', 'ngo', 'individual');--> statement-breakpoint
CREATE TABLE "partners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" "partner_type" NOT NULL,
	"contact_person" text,
	"phone" text,
	"email" text,
	"region" text DEFAULT '' NOT NULL,
	"address" text,
	"notes" text,
	"active" boolean DEFAULT true NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(name || ' ' || coalesce(contact_person, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(email, '') || ' ' || region)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partners_name_idx" ON "partners" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "partners_created_idx" ON "partners" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "partners_region_idx" ON "partners" USING btree ("region","id");--> statement-breakpoint
CREATE INDEX "partners_type_name_idx" ON "partners" USING btree ("type","name","id");--> statement-breakpoint
CREATE INDEX "partners_search_trgm_idx" ON "partners" USING gin ("search" gin_trgm_ops);