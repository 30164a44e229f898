ALTER TYPE "public"."stove_event_kind" ADD VALUE 'sale_returned' BEFORE 'voided';--> statement-breakpoint
CREATE TABLE "sales_return_items" (
	"return_id" uuid NOT NULL,
	"stove_id_id" bigint NOT NULL,
	"order_id" uuid NOT NULL,
	"order_line_id" bigint NOT NULL,
	"credit" numeric(14, 2) NOT NULL,
	"date" date NOT NULL,
	"factory_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"seller_id" uuid,
	"package_id" uuid NOT NULL,
	"currency" text NOT NULL,
	CONSTRAINT "sales_return_items_return_id_stove_id_id_pk" PRIMARY KEY("return_id","stove_id_id"),
	CONSTRAINT "sales_return_items_credit" CHECK ("sales_return_items"."credit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sales_returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sales_returns_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"factory_id" uuid NOT NULL,
	"date" date NOT NULL,
	"reason" text NOT NULL,
	"stove_count" integer NOT NULL,
	"credit" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"returned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"returned_by" uuid,
	CONSTRAINT "sales_returns_number_unique" UNIQUE("number"),
	CONSTRAINT "sales_returns_counts" CHECK ("sales_returns"."stove_count" > 0 and "sales_returns"."credit" >= 0)
);
--> statement-breakpoint
ALTER TABLE "sales_return_items" ADD CONSTRAINT "sales_return_items_return_id_sales_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."sales_returns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_return_items" ADD CONSTRAINT "sales_return_items_stove_id_id_stove_ids_id_fk" FOREIGN KEY ("stove_id_id") REFERENCES "public"."stove_ids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_return_items" ADD CONSTRAINT "sales_return_items_order_id_sales_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sales_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_return_items" ADD CONSTRAINT "sales_return_items_order_line_id_sales_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."sales_order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_return_items" ADD CONSTRAINT "sales_return_items_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_return_items" ADD CONSTRAINT "sales_return_items_customer_id_partners_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_return_items" ADD CONSTRAINT "sales_return_items_category_id_sales_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."sales_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_return_items" ADD CONSTRAINT "sales_return_items_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_return_items" ADD CONSTRAINT "sales_return_items_package_id_sales_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."sales_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_returns" ADD CONSTRAINT "sales_returns_order_id_sales_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sales_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_returns" ADD CONSTRAINT "sales_returns_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_returns" ADD CONSTRAINT "sales_returns_returned_by_users_id_fk" FOREIGN KEY ("returned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_return_items_order_stove_key" ON "sales_return_items" USING btree ("order_id","stove_id_id");--> statement-breakpoint
CREATE INDEX "sales_return_items_date_idx" ON "sales_return_items" USING btree ("date");--> statement-breakpoint
CREATE INDEX "sales_return_items_stove_idx" ON "sales_return_items" USING btree ("stove_id_id");--> statement-breakpoint
CREATE INDEX "sales_returns_order_idx" ON "sales_returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "sales_returns_returned_at_idx" ON "sales_returns" USING btree ("returned_at","id");--> statement-breakpoint
CREATE INDEX "sales_returns_factory_date_idx" ON "sales_returns" USING btree ("factory_id","date");