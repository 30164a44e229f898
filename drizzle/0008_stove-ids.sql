CREATE TYPE "public"."stove_batch_kind" AS ENUM('generated', 'imported');--> statement-breakpoint
CREATE TYPE "public"."stove_document_type" AS ENUM('batch', 'transfer', 'stove_report', 'sales_order');--> statement-breakpoint
CREATE TYPE "public"."stove_event_kind" AS ENUM('created', 'sent', 'received', 'returned', 'rejected', 'canceled', 'coupled', 'report_voided', 'validated', 'sold', 'sale_canceled', 'voided', 'migrated');--> statement-breakpoint
CREATE TYPE "public"."stove_id_status" AS ENUM('in_stock', 'coupled', 'validated', 'sold', 'in_transit', 'void');--> statement-breakpoint
CREATE TYPE "public"."stove_transfer_item_outcome" AS ENUM('pending', 'received', 'returned');--> statement-breakpoint
CREATE TYPE "public"."stove_transfer_status" AS ENUM('pending', 'confirmed', 'partially_confirmed', 'rejected', 'canceled');--> statement-breakpoint
CREATE TABLE "stove_id_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint GENERATED ALWAYS AS IDENTITY (sequence name "stove_id_batches_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" "stove_batch_kind" NOT NULL,
	"factory_id" uuid NOT NULL,
	"prefix" text,
	"first_number" bigint,
	"width" integer,
	"count" integer NOT NULL,
	"first_code" text collate "C" NOT NULL,
	"last_code" text collate "C" NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "stove_id_batches_number_unique" UNIQUE("number"),
	CONSTRAINT "stove_id_batches_count" CHECK ("stove_id_batches"."count" > 0)
);
--> statement-breakpoint
CREATE TABLE "stove_id_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stove_id_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"stove_id_id" bigint NOT NULL,
	"kind" "stove_event_kind" NOT NULL,
	"from_status" "stove_id_status",
	"to_status" "stove_id_status" NOT NULL,
	"factory_id" uuid NOT NULL,
	"document_type" "stove_document_type",
	"document_id" uuid,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid
);
--> statement-breakpoint
CREATE TABLE "stove_ids" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stove_ids_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text collate "C" NOT NULL,
	"batch_id" uuid NOT NULL,
	"factory_id" uuid NOT NULL,
	"status" "stove_id_status" DEFAULT 'in_stock' NOT NULL,
	"held_status" "stove_id_status",
	"pending_transfer_id" uuid,
	"void_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "stove_ids_code_format" CHECK ("stove_ids"."code" ~ '^[A-Z0-9-]{4,32}$'),
	CONSTRAINT "stove_ids_transit" CHECK (("stove_ids"."status" = 'in_transit') = ("stove_ids"."pending_transfer_id" is not null)
          and ("stove_ids"."status" = 'in_transit') = ("stove_ids"."held_status" is not null)
          and ("stove_ids"."held_status" is null or "stove_ids"."held_status" in ('in_stock', 'coupled', 'validated'))),
	CONSTRAINT "stove_ids_void_reason" CHECK (("stove_ids"."status" = 'void') = ("stove_ids"."void_reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "stove_transfer_items" (
	"transfer_id" uuid NOT NULL,
	"stove_id_id" bigint NOT NULL,
	"outcome" "stove_transfer_item_outcome" DEFAULT 'pending' NOT NULL,
	"held_status" "stove_id_status" NOT NULL,
	CONSTRAINT "stove_transfer_items_transfer_id_stove_id_id_pk" PRIMARY KEY("transfer_id","stove_id_id")
);
--> statement-breakpoint
CREATE TABLE "stove_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint GENERATED ALWAYS AS IDENTITY (sequence name "stove_transfers_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"from_factory_id" uuid NOT NULL,
	"to_factory_id" uuid NOT NULL,
	"status" "stove_transfer_status" DEFAULT 'pending' NOT NULL,
	"id_count" integer NOT NULL,
	"received_count" integer,
	"note" text,
	"reason" text,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "stove_transfers_number_unique" UNIQUE("number"),
	CONSTRAINT "stove_transfers_sides" CHECK ("stove_transfers"."from_factory_id" <> "stove_transfers"."to_factory_id"),
	CONSTRAINT "stove_transfers_count" CHECK ("stove_transfers"."id_count" > 0),
	CONSTRAINT "stove_transfers_decided" CHECK (("stove_transfers"."status" = 'pending') = ("stove_transfers"."decided_at" is null) and ("stove_transfers"."status" <> 'rejected' or "stove_transfers"."reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "stove_id_batches" ADD CONSTRAINT "stove_id_batches_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stove_id_batches" ADD CONSTRAINT "stove_id_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stove_id_batches" ADD CONSTRAINT "stove_id_batches_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stove_id_events" ADD CONSTRAINT "stove_id_events_stove_id_id_stove_ids_id_fk" FOREIGN KEY ("stove_id_id") REFERENCES "public"."stove_ids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stove_id_events" ADD CONSTRAINT "stove_id_events_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stove_id_events" ADD CONSTRAINT "stove_id_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stove_ids" ADD CONSTRAINT "stove_ids_batch_id_stove_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."stove_id_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stove_ids" ADD CONSTRAINT "stove_ids_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stove_ids" ADD CONSTRAINT "stove_ids_pending_transfer_id_stove_transfers_id_fk" FOREIGN KEY ("pending_transfer_id") REFERENCES "public"."stove_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stove_ids" ADD CONSTRAINT "stove_ids_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stove_ids" ADD CONSTRAINT "stove_ids_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stove_transfer_items" ADD CONSTRAINT "stove_transfer_items_transfer_id_stove_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."stove_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stove_transfer_items" ADD CONSTRAINT "stove_transfer_items_stove_id_id_stove_ids_id_fk" FOREIGN KEY ("stove_id_id") REFERENCES "public"."stove_ids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stove_transfers" ADD CONSTRAINT "stove_transfers_from_factory_id_factories_id_fk" FOREIGN KEY ("from_factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stove_transfers" ADD CONSTRAINT "stove_transfers_to_factory_id_factories_id_fk" FOREIGN KEY ("to_factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stove_transfers" ADD CONSTRAINT "stove_transfers_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stove_transfers" ADD CONSTRAINT "stove_transfers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stove_transfers" ADD CONSTRAINT "stove_transfers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stove_id_batches_created_idx" ON "stove_id_batches" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "stove_id_events_stove_idx" ON "stove_id_events" USING btree ("stove_id_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "stove_ids_code_key" ON "stove_ids" USING btree ("code");--> statement-breakpoint
CREATE INDEX "stove_ids_factory_status_code_idx" ON "stove_ids" USING btree ("factory_id","status","code");--> statement-breakpoint
CREATE INDEX "stove_ids_status_code_idx" ON "stove_ids" USING btree ("status","code");--> statement-breakpoint
CREATE INDEX "stove_ids_batch_code_idx" ON "stove_ids" USING btree ("batch_id","code");--> statement-breakpoint
CREATE INDEX "stove_ids_created_idx" ON "stove_ids" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "stove_ids_pending_transfer_idx" ON "stove_ids" USING btree ("pending_transfer_id") WHERE "stove_ids"."pending_transfer_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "stove_transfer_items_one_pending_idx" ON "stove_transfer_items" USING btree ("stove_id_id") WHERE "stove_transfer_items"."outcome" = 'pending';--> statement-breakpoint
CREATE INDEX "stove_transfer_items_stove_idx" ON "stove_transfer_items" USING btree ("stove_id_id");--> statement-breakpoint
CREATE INDEX "stove_transfers_to_status_idx" ON "stove_transfers" USING btree ("to_factory_id","status","created_at");--> statement-breakpoint
CREATE INDEX "stove_transfers_from_status_idx" ON "stove_transfers" USING btree ("from_factory_id","status","created_at");--> statement-breakpoint
CREATE INDEX "stove_transfers_created_idx" ON "stove_transfers" USING btree ("created_at","id");