CREATE TABLE "attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"record_kind" text NOT NULL,
	"record_id" text NOT NULL,
	"file_hash" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"size" bigint NOT NULL,
	"thumbnail_hash" text,
	"uploaded_by" uuid,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attachments_hash_check" CHECK ("attachments"."file_hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "attachments_size_check" CHECK ("attachments"."size" >= 0)
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_record_idx" ON "attachments" USING btree ("record_kind","record_id","name");--> statement-breakpoint
CREATE INDEX "attachments_file_hash_idx" ON "attachments" USING btree ("file_hash");--> statement-breakpoint
CREATE INDEX "attachments_thumbnail_hash_idx" ON "attachments" USING btree ("thumbnail_hash");