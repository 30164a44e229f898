CREATE TYPE "public"."survey_fuel" AS ENUM('firewood', 'charcoal', 'kerosene', 'lpg', 'electricity', 'ethanol', 'biogas', 'other');--> statement-breakpoint
CREATE TYPE "public"."survey_method" AS ENUM('visit', 'call');--> statement-breakpoint
CREATE TABLE "survey_draw_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"draw_id" uuid NOT NULL,
	"stove_id_id" bigint NOT NULL,
	"registration_id" uuid NOT NULL,
	"cohort" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "survey_draw_members_stove_unique" UNIQUE("draw_id","stove_id_id")
);
--> statement-breakpoint
CREATE TABLE "survey_draws" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint GENERATED ALWAYS AS IDENTITY (sequence name "survey_draws_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"factory_id" uuid,
	"confidence" integer NOT NULL,
	"precision" integer NOT NULL,
	"seed" bigint NOT NULL,
	"cohorts" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "survey_draws_number_unique" UNIQUE("number"),
	CONSTRAINT "survey_draws_period" CHECK ("survey_draws"."period_from" <= "survey_draws"."period_to"),
	CONSTRAINT "survey_draws_confidence" CHECK ("survey_draws"."confidence" in (90, 95)),
	CONSTRAINT "survey_draws_precision" CHECK ("survey_draws"."precision" in (5, 10)),
	CONSTRAINT "survey_draws_seed" CHECK ("survey_draws"."seed" between 0 and 4294967295)
);
--> statement-breakpoint
CREATE TABLE "survey_results" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"method" "survey_method" NOT NULL,
	"surveyed_on" date NOT NULL,
	"reached" boolean NOT NULL,
	"in_use" boolean,
	"working" boolean,
	"fuel_before" "survey_fuel",
	"fuel_after" "survey_fuel",
	"surveyor" text NOT NULL,
	"note" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "survey_results_reached" CHECK ("survey_results"."reached" or ("survey_results"."in_use" is null and "survey_results"."working" is null and "survey_results"."fuel_before" is null and "survey_results"."fuel_after" is null)),
	CONSTRAINT "survey_results_answered" CHECK (not "survey_results"."reached" or ("survey_results"."in_use" is not null and "survey_results"."working" is not null))
);
--> statement-breakpoint
ALTER TABLE "survey_draw_members" ADD CONSTRAINT "survey_draw_members_draw_id_survey_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."survey_draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_draw_members" ADD CONSTRAINT "survey_draw_members_stove_id_id_stove_ids_id_fk" FOREIGN KEY ("stove_id_id") REFERENCES "public"."stove_ids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_draw_members" ADD CONSTRAINT "survey_draw_members_registration_id_end_user_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."end_user_registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_draws" ADD CONSTRAINT "survey_draws_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_draws" ADD CONSTRAINT "survey_draws_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_results" ADD CONSTRAINT "survey_results_member_id_survey_draw_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."survey_draw_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_results" ADD CONSTRAINT "survey_results_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "survey_draw_members_draw_idx" ON "survey_draw_members" USING btree ("draw_id","cohort","position");