ALTER TABLE "two_factors" ADD COLUMN "last_sign_in_code" text;--> statement-breakpoint
ALTER TABLE "two_factors" ADD COLUMN "last_sign_in_code_at" timestamp with time zone;