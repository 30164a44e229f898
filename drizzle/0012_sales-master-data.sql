CREATE TABLE "sales_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "sales_categories_code_format" CHECK ("sales_categories"."code" ~ '^[A-Z0-9-]{2,16}$')
);
--> statement-breakpoint
CREATE TABLE "sales_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"ckd_category_id" uuid NOT NULL,
	"stoves_per_package" integer DEFAULT 1 NOT NULL,
	"extra_items" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "sales_packages_code_format" CHECK ("sales_packages"."code" ~ '^[A-Z0-9-]{2,16}$'),
	CONSTRAINT "sales_packages_stoves" CHECK ("sales_packages"."stoves_per_package" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "sales_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"effective_from" date NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "sales_prices_unit_price" CHECK ("sales_prices"."unit_price" >= 0),
	CONSTRAINT "sales_prices_currency" CHECK ("sales_prices"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
ALTER TABLE "sales_categories" ADD CONSTRAINT "sales_categories_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_categories" ADD CONSTRAINT "sales_categories_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_packages" ADD CONSTRAINT "sales_packages_ckd_category_id_ckd_categories_id_fk" FOREIGN KEY ("ckd_category_id") REFERENCES "public"."ckd_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_packages" ADD CONSTRAINT "sales_packages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_packages" ADD CONSTRAINT "sales_packages_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_prices" ADD CONSTRAINT "sales_prices_package_id_sales_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."sales_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_prices" ADD CONSTRAINT "sales_prices_category_id_sales_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."sales_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_prices" ADD CONSTRAINT "sales_prices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_categories_name_key" ON "sales_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "sales_categories_code_key" ON "sales_categories" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_packages_name_key" ON "sales_packages" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "sales_packages_code_key" ON "sales_packages" USING btree ("code");--> statement-breakpoint
CREATE INDEX "sales_packages_ckd_category_idx" ON "sales_packages" USING btree ("ckd_category_id");--> statement-breakpoint
CREATE INDEX "sales_prices_cell_idx" ON "sales_prices" USING btree ("package_id","category_id","effective_from","created_at");--> statement-breakpoint
CREATE INDEX "sales_prices_category_idx" ON "sales_prices" USING btree ("category_id");