CREATE TYPE "public"."inventory_entry_kind" AS ENUM('input', 'removal', 'transfer');--> statement-breakpoint
CREATE TYPE "public"."inventory_movement_kind" AS ENUM('input', 'removal', 'transfer_out', 'transfer_in');--> statement-breakpoint
CREATE TYPE "public"."inventory_removal_reason" AS ENUM('used', 'damaged', 'lost', 'expired', 'other');--> statement-breakpoint
CREATE TABLE "inventory_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "inventory_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint GENERATED ALWAYS AS IDENTITY (sequence name "inventory_entries_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" "inventory_entry_kind" NOT NULL,
	"date" date NOT NULL,
	"factory_id" uuid NOT NULL,
	"to_factory_id" uuid,
	"supplier" text,
	"reference" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "inventory_entries_number_unique" UNIQUE("number"),
	CONSTRAINT "inventory_entries_transfer" CHECK (("inventory_entries"."kind" = 'transfer') = ("inventory_entries"."to_factory_id" is not null)),
	CONSTRAINT "inventory_entries_sides" CHECK ("inventory_entries"."to_factory_id" is null or "inventory_entries"."to_factory_id" <> "inventory_entries"."factory_id"),
	CONSTRAINT "inventory_entries_supplier" CHECK ("inventory_entries"."kind" = 'input' or "inventory_entries"."supplier" is null)
);
--> statement-breakpoint
CREATE TABLE "inventory_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"category_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"reorder_level" numeric(14, 3) DEFAULT 0 NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "inventory_items_reorder_level" CHECK ("inventory_items"."reorder_level" >= 0)
);
--> statement-breakpoint
CREATE TABLE "inventory_movements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inventory_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entry_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"date" date NOT NULL,
	"factory_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"kind" "inventory_movement_kind" NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"delta" numeric(14, 3) NOT NULL,
	"unit_cost" numeric(14, 2),
	"reason" "inventory_removal_reason",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "inventory_movements_quantity" CHECK ("inventory_movements"."quantity" > 0),
	CONSTRAINT "inventory_movements_delta" CHECK ("inventory_movements"."delta" = case when "inventory_movements"."kind" = 'input' or "inventory_movements"."kind" = 'transfer_in' then "inventory_movements"."quantity" else -"inventory_movements"."quantity" end),
	CONSTRAINT "inventory_movements_reason" CHECK (("inventory_movements"."kind" = 'removal') = ("inventory_movements"."reason" is not null)),
	CONSTRAINT "inventory_movements_unit_cost" CHECK ("inventory_movements"."kind" = 'input' or "inventory_movements"."unit_cost" is null)
);
--> statement-breakpoint
CREATE TABLE "inventory_stock" (
	"factory_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"quantity" numeric(14, 3) DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_stock_factory_id_item_id_pk" PRIMARY KEY("factory_id","item_id"),
	CONSTRAINT "inventory_stock_quantity" CHECK ("inventory_stock"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "inventory_units" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"symbol" text NOT NULL,
	"decimals" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "inventory_units_decimals" CHECK ("inventory_units"."decimals" between 0 and 3)
);
--> statement-breakpoint
ALTER TABLE "inventory_categories" ADD CONSTRAINT "inventory_categories_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_categories" ADD CONSTRAINT "inventory_categories_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_entries" ADD CONSTRAINT "inventory_entries_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_entries" ADD CONSTRAINT "inventory_entries_to_factory_id_factories_id_fk" FOREIGN KEY ("to_factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_entries" ADD CONSTRAINT "inventory_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_category_id_inventory_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."inventory_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_unit_id_inventory_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."inventory_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_entry_id_inventory_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."inventory_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_stock" ADD CONSTRAINT "inventory_stock_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_stock" ADD CONSTRAINT "inventory_stock_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_units" ADD CONSTRAINT "inventory_units_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_units" ADD CONSTRAINT "inventory_units_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_categories_name_key" ON "inventory_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "inventory_entries_kind_date_idx" ON "inventory_entries" USING btree ("kind","date","number");--> statement-breakpoint
CREATE INDEX "inventory_entries_factory_idx" ON "inventory_entries" USING btree ("factory_id","date");--> statement-breakpoint
CREATE INDEX "inventory_entries_to_factory_idx" ON "inventory_entries" USING btree ("to_factory_id","date") WHERE "inventory_entries"."to_factory_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_items_name_key" ON "inventory_items" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "inventory_items_category_idx" ON "inventory_items" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "inventory_items_unit_idx" ON "inventory_items" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "inventory_movements_entry_idx" ON "inventory_movements" USING btree ("entry_id","line");--> statement-breakpoint
CREATE INDEX "inventory_movements_item_idx" ON "inventory_movements" USING btree ("item_id","date","id");--> statement-breakpoint
CREATE INDEX "inventory_movements_factory_idx" ON "inventory_movements" USING btree ("factory_id","date","id");--> statement-breakpoint
CREATE INDEX "inventory_stock_item_idx" ON "inventory_stock" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_units_name_key" ON "inventory_units" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_units_symbol_key" ON "inventory_units" USING btree (lower("symbol"));