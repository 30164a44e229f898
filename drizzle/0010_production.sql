CREATE TYPE "public"."ckd_movement_kind" AS ENUM('produced', 'transfer_in', 'transfer_out', 'consumed', 'consumption_reversed', 'adjustment');--> statement-breakpoint
CREATE TYPE "public"."steel_record_kind" AS ENUM('received', 'used', 'scrap', 'adjustment', 'ckd_production');--> statement-breakpoint
CREATE TYPE "public"."steel_unit" AS ENUM('kg', 'sheet');--> statement-breakpoint
CREATE TYPE "public"."stove_report_status" AS ENUM('submitted', 'voided');--> statement-breakpoint
CREATE TABLE "ckd_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"stove_model" text NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "ckd_categories_code_format" CHECK ("ckd_categories"."code" ~ '^[A-Z0-9-]{2,16}$')
);
--> statement-breakpoint
CREATE TABLE "ckd_category_steel" (
	"ckd_category_id" uuid NOT NULL,
	"steel_category_id" uuid NOT NULL,
	"quantity_per_kit" numeric(14, 3) NOT NULL,
	CONSTRAINT "ckd_category_steel_ckd_category_id_steel_category_id_pk" PRIMARY KEY("ckd_category_id","steel_category_id"),
	CONSTRAINT "ckd_category_steel_quantity" CHECK ("ckd_category_steel"."quantity_per_kit" > 0)
);
--> statement-breakpoint
CREATE TABLE "ckd_daily" (
	"factory_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"day" date NOT NULL,
	"produced" integer DEFAULT 0 NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"consumed" integer DEFAULT 0 NOT NULL,
	"adjusted" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ckd_daily_day_factory_id_category_id_pk" PRIMARY KEY("day","factory_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "ckd_movements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ckd_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"date" date NOT NULL,
	"factory_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"kind" "ckd_movement_kind" NOT NULL,
	"delta" integer NOT NULL,
	"produced_record_id" uuid,
	"transfer_id" uuid,
	"stove_report_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "ckd_movements_delta" CHECK ("ckd_movements"."delta" <> 0),
	CONSTRAINT "ckd_movements_sign" CHECK (case "ckd_movements"."kind" when 'produced' then "ckd_movements"."delta" > 0 when 'transfer_in' then "ckd_movements"."delta" > 0
          when 'consumption_reversed' then "ckd_movements"."delta" > 0 when 'transfer_out' then "ckd_movements"."delta" < 0
          when 'consumed' then "ckd_movements"."delta" < 0 else true end)
);
--> statement-breakpoint
CREATE TABLE "ckd_produced_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint GENERATED ALWAYS AS IDENTITY (sequence name "ckd_produced_records_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"date" date NOT NULL,
	"factory_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "ckd_produced_records_number_unique" UNIQUE("number"),
	CONSTRAINT "ckd_produced_records_quantity" CHECK ("ckd_produced_records"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "ckd_stock" (
	"factory_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ckd_stock_factory_id_category_id_pk" PRIMARY KEY("factory_id","category_id"),
	CONSTRAINT "ckd_stock_quantity" CHECK ("ckd_stock"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ckd_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint GENERATED ALWAYS AS IDENTITY (sequence name "ckd_transfers_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"date" date NOT NULL,
	"from_factory_id" uuid NOT NULL,
	"to_factory_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "ckd_transfers_number_unique" UNIQUE("number"),
	CONSTRAINT "ckd_transfers_sides" CHECK ("ckd_transfers"."from_factory_id" <> "ckd_transfers"."to_factory_id"),
	CONSTRAINT "ckd_transfers_quantity" CHECK ("ckd_transfers"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "daily_production_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"date" date NOT NULL,
	"factory_id" uuid NOT NULL,
	"couplers_present" integer NOT NULL,
	"hours_worked" numeric(5, 2) NOT NULL,
	"defects" integer DEFAULT 0 NOT NULL,
	"downtime_minutes" integer DEFAULT 0 NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "daily_production_reports_values" CHECK ("daily_production_reports"."couplers_present" >= 0 and "daily_production_reports"."hours_worked" >= 0 and "daily_production_reports"."hours_worked" <= 24
          and "daily_production_reports"."defects" >= 0 and "daily_production_reports"."downtime_minutes" >= 0 and "daily_production_reports"."downtime_minutes" <= 1440)
);
--> statement-breakpoint
CREATE TABLE "productivity_targets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"factory_id" uuid,
	"effective_from" date NOT NULL,
	"stoves_per_coupler_per_day" numeric(7, 2) NOT NULL,
	"hours_per_day" numeric(4, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "productivity_targets_values" CHECK ("productivity_targets"."stoves_per_coupler_per_day" > 0 and "productivity_targets"."hours_per_day" > 0 and "productivity_targets"."hours_per_day" <= 24)
);
--> statement-breakpoint
CREATE TABLE "steel_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"grade" text,
	"unit" "steel_unit" NOT NULL,
	"reorder_level" numeric(14, 3) DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "steel_categories_reorder_level" CHECK ("steel_categories"."reorder_level" >= 0)
);
--> statement-breakpoint
CREATE TABLE "steel_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "steel_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"date" date NOT NULL,
	"factory_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"kind" "steel_record_kind" NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"delta" numeric(14, 3) NOT NULL,
	"supplier" text,
	"unit_cost" numeric(14, 2),
	"reference" text,
	"note" text,
	"produced_record_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "steel_records_quantity" CHECK ("steel_records"."quantity" <> 0 and ("steel_records"."kind" = 'adjustment' or "steel_records"."quantity" > 0)),
	CONSTRAINT "steel_records_delta" CHECK ("steel_records"."delta" = case when "steel_records"."kind" = 'received' or "steel_records"."kind" = 'adjustment' then "steel_records"."quantity" else -"steel_records"."quantity" end),
	CONSTRAINT "steel_records_ckd" CHECK (("steel_records"."kind" = 'ckd_production') = ("steel_records"."produced_record_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "steel_stock" (
	"factory_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"quantity" numeric(14, 3) DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "steel_stock_factory_id_category_id_pk" PRIMARY KEY("factory_id","category_id"),
	CONSTRAINT "steel_stock_quantity" CHECK ("steel_stock"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stove_report_items" (
	"report_id" uuid NOT NULL,
	"stove_id_id" bigint NOT NULL,
	CONSTRAINT "stove_report_items_report_id_stove_id_id_pk" PRIMARY KEY("report_id","stove_id_id")
);
--> statement-breakpoint
CREATE TABLE "stove_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint GENERATED ALWAYS AS IDENTITY (sequence name "stove_reports_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"date" date NOT NULL,
	"factory_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"stove_count" integer NOT NULL,
	"status" "stove_report_status" DEFAULT 'submitted' NOT NULL,
	"note" text,
	"void_reason" text,
	"voided_at" timestamp with time zone,
	"voided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "stove_reports_number_unique" UNIQUE("number"),
	CONSTRAINT "stove_reports_count" CHECK ("stove_reports"."stove_count" > 0),
	CONSTRAINT "stove_reports_voided" CHECK (("stove_reports"."status" = 'voided') = ("stove_reports"."voided_at" is not null) and ("stove_reports"."status" = 'voided') = ("stove_reports"."void_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "ckd_categories" ADD CONSTRAINT "ckd_categories_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ckd_categories" ADD CONSTRAINT "ckd_categories_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ckd_category_steel" ADD CONSTRAINT "ckd_category_steel_ckd_category_id_ckd_categories_id_fk" FOREIGN KEY ("ckd_category_id") REFERENCES "public"."ckd_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ckd_category_steel" ADD CONSTRAINT "ckd_category_steel_steel_category_id_steel_categories_id_fk" FOREIGN KEY ("steel_category_id") REFERENCES "public"."steel_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ckd_daily" ADD CONSTRAINT "ckd_daily_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ckd_daily" ADD CONSTRAINT "ckd_daily_category_id_ckd_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."ckd_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ckd_movements" ADD CONSTRAINT "ckd_movements_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ckd_movements" ADD CONSTRAINT "ckd_movements_category_id_ckd_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."ckd_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ckd_movements" ADD CONSTRAINT "ckd_movements_produced_record_id_ckd_produced_records_id_fk" FOREIGN KEY ("produced_record_id") REFERENCES "public"."ckd_produced_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ckd_movements" ADD CONSTRAINT "ckd_movements_transfer_id_ckd_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ckd_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ckd_movements" ADD CONSTRAINT "ckd_movements_stove_report_id_stove_reports_id_fk" FOREIGN KEY ("stove_report_id") REFERENCES "public"."stove_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ckd_movements" ADD CONSTRAINT "ckd_movements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ckd_produced_records" ADD CONSTRAINT "ckd_produced_records_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ckd_produced_records" ADD CONSTRAINT "ckd_produced_records_category_id_ckd_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."ckd_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ckd_produced_records" ADD CONSTRAINT "ckd_produced_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ckd_produced_records" ADD CONSTRAINT "ckd_produced_records_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ckd_stock" ADD CONSTRAINT "ckd_stock_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ckd_stock" ADD CONSTRAINT "ckd_stock_category_id_ckd_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."ckd_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ckd_transfers" ADD CONSTRAINT "ckd_transfers_from_factory_id_factories_id_fk" FOREIGN KEY ("from_factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ckd_transfers" ADD CONSTRAINT "ckd_transfers_to_factory_id_factories_id_fk" FOREIGN KEY ("to_factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ckd_transfers" ADD CONSTRAINT "ckd_transfers_category_id_ckd_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."ckd_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ckd_transfers" ADD CONSTRAINT "ckd_transfers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ckd_transfers" ADD CONSTRAINT "ckd_transfers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_production_reports" ADD CONSTRAINT "daily_production_reports_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_production_reports" ADD CONSTRAINT "daily_production_reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_production_reports" ADD CONSTRAINT "daily_production_reports_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "productivity_targets" ADD CONSTRAINT "productivity_targets_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "productivity_targets" ADD CONSTRAINT "productivity_targets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "productivity_targets" ADD CONSTRAINT "productivity_targets_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steel_categories" ADD CONSTRAINT "steel_categories_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steel_categories" ADD CONSTRAINT "steel_categories_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steel_records" ADD CONSTRAINT "steel_records_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steel_records" ADD CONSTRAINT "steel_records_category_id_steel_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."steel_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steel_records" ADD CONSTRAINT "steel_records_produced_record_id_ckd_produced_records_id_fk" FOREIGN KEY ("produced_record_id") REFERENCES "public"."ckd_produced_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steel_records" ADD CONSTRAINT "steel_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steel_stock" ADD CONSTRAINT "steel_stock_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steel_stock" ADD CONSTRAINT "steel_stock_category_id_steel_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."steel_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stove_report_items" ADD CONSTRAINT "stove_report_items_report_id_stove_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."stove_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stove_report_items" ADD CONSTRAINT "stove_report_items_stove_id_id_stove_ids_id_fk" FOREIGN KEY ("stove_id_id") REFERENCES "public"."stove_ids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stove_reports" ADD CONSTRAINT "stove_reports_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stove_reports" ADD CONSTRAINT "stove_reports_category_id_ckd_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."ckd_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stove_reports" ADD CONSTRAINT "stove_reports_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stove_reports" ADD CONSTRAINT "stove_reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stove_reports" ADD CONSTRAINT "stove_reports_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ckd_categories_code_key" ON "ckd_categories" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "ckd_categories_name_key" ON "ckd_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "ckd_movements_factory_date_idx" ON "ckd_movements" USING btree ("factory_id","date","id");--> statement-breakpoint
CREATE INDEX "ckd_movements_date_idx" ON "ckd_movements" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "ckd_produced_records_date_idx" ON "ckd_produced_records" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "ckd_produced_records_factory_date_idx" ON "ckd_produced_records" USING btree ("factory_id","date");--> statement-breakpoint
CREATE INDEX "ckd_transfers_date_idx" ON "ckd_transfers" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "ckd_transfers_from_idx" ON "ckd_transfers" USING btree ("from_factory_id","date");--> statement-breakpoint
CREATE INDEX "ckd_transfers_to_idx" ON "ckd_transfers" USING btree ("to_factory_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "daily_production_reports_factory_day_key" ON "daily_production_reports" USING btree ("factory_id","date");--> statement-breakpoint
CREATE INDEX "daily_production_reports_date_idx" ON "daily_production_reports" USING btree ("date");--> statement-breakpoint
CREATE UNIQUE INDEX "productivity_targets_scope_from_key" ON "productivity_targets" USING btree (coalesce("factory_id", '00000000-0000-0000-0000-000000000000'::uuid),"effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "steel_categories_name_key" ON "steel_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "steel_records_date_idx" ON "steel_records" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "steel_records_factory_date_idx" ON "steel_records" USING btree ("factory_id","date","id");--> statement-breakpoint
CREATE INDEX "steel_records_category_idx" ON "steel_records" USING btree ("category_id","date");--> statement-breakpoint
CREATE INDEX "steel_records_produced_idx" ON "steel_records" USING btree ("produced_record_id") WHERE "steel_records"."produced_record_id" is not null;--> statement-breakpoint
CREATE INDEX "stove_report_items_stove_idx" ON "stove_report_items" USING btree ("stove_id_id");--> statement-breakpoint
CREATE INDEX "stove_reports_date_idx" ON "stove_reports" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "stove_reports_factory_date_idx" ON "stove_reports" USING btree ("factory_id","date");--> statement-breakpoint
CREATE INDEX "stove_reports_coupler_date_idx" ON "stove_reports" USING btree ("created_by","date");