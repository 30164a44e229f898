CREATE TYPE "public"."sales_order_status" AS ENUM('completed', 'canceled');--> statement-breakpoint
CREATE TABLE "sales_order_items" (
	"order_id" uuid NOT NULL,
	"stove_id_id" bigint NOT NULL,
	CONSTRAINT "sales_order_items_order_id_stove_id_id_pk" PRIMARY KEY("order_id","stove_id_id")
);
--> statement-breakpoint
CREATE TABLE "sales_order_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_order_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"package_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"stoves_per_package" integer NOT NULL,
	"price_id" uuid NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"line_total" numeric(14, 2) NOT NULL,
	"date" date NOT NULL,
	"factory_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"seller_id" uuid,
	"currency" text NOT NULL,
	"canceled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_order_lines_quantity" CHECK ("sales_order_lines"."quantity" > 0 and "sales_order_lines"."stoves_per_package" > 0),
	CONSTRAINT "sales_order_lines_total" CHECK ("sales_order_lines"."line_total" = "sales_order_lines"."quantity" * "sales_order_lines"."unit_price")
);
--> statement-breakpoint
CREATE TABLE "sales_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sales_orders_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"date" date NOT NULL,
	"factory_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"package_count" integer NOT NULL,
	"stove_count" integer NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_phone" text,
	"buyer_location" text,
	"note" text,
	"status" "sales_order_status" DEFAULT 'completed' NOT NULL,
	"cancel_reason" text,
	"canceled_at" timestamp with time zone,
	"canceled_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "sales_orders_number_unique" UNIQUE("number"),
	CONSTRAINT "sales_orders_counts" CHECK ("sales_orders"."package_count" > 0 and "sales_orders"."stove_count" > 0 and "sales_orders"."total" >= 0),
	CONSTRAINT "sales_orders_currency" CHECK ("sales_orders"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "sales_orders_canceled" CHECK (("sales_orders"."status" = 'canceled') = ("sales_orders"."canceled_at" is not null) and ("sales_orders"."status" = 'canceled') = ("sales_orders"."cancel_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "sales_order_items" ADD CONSTRAINT "sales_order_items_order_id_sales_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sales_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_items" ADD CONSTRAINT "sales_order_items_stove_id_id_stove_ids_id_fk" FOREIGN KEY ("stove_id_id") REFERENCES "public"."stove_ids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_lines" ADD CONSTRAINT "sales_order_lines_order_id_sales_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sales_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_lines" ADD CONSTRAINT "sales_order_lines_package_id_sales_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."sales_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_lines" ADD CONSTRAINT "sales_order_lines_price_id_sales_prices_id_fk" FOREIGN KEY ("price_id") REFERENCES "public"."sales_prices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_lines" ADD CONSTRAINT "sales_order_lines_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_lines" ADD CONSTRAINT "sales_order_lines_customer_id_partners_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_lines" ADD CONSTRAINT "sales_order_lines_category_id_sales_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."sales_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_lines" ADD CONSTRAINT "sales_order_lines_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_customer_id_partners_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_category_id_sales_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."sales_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_canceled_by_users_id_fk" FOREIGN KEY ("canceled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_order_items_stove_idx" ON "sales_order_items" USING btree ("stove_id_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_order_lines_order_position_key" ON "sales_order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "sales_order_lines_date_idx" ON "sales_order_lines" USING btree ("date");--> statement-breakpoint
CREATE INDEX "sales_order_lines_package_idx" ON "sales_order_lines" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "sales_order_lines_price_idx" ON "sales_order_lines" USING btree ("price_id");--> statement-breakpoint
CREATE INDEX "sales_orders_date_idx" ON "sales_orders" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "sales_orders_factory_date_idx" ON "sales_orders" USING btree ("factory_id","date");--> statement-breakpoint
CREATE INDEX "sales_orders_customer_date_idx" ON "sales_orders" USING btree ("customer_id","date");--> statement-breakpoint
CREATE INDEX "sales_orders_seller_date_idx" ON "sales_orders" USING btree ("created_by","date");--> statement-breakpoint
CREATE INDEX "sales_orders_canceled_idx" ON "sales_orders" USING btree ("canceled_at","id") WHERE "sales_orders"."status" = 'canceled';