CREATE TABLE "sign_in_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account" text NOT NULL,
	"address" text NOT NULL,
	"device" text,
	"step" text NOT NULL,
	"outcome" text DEFAULT 'pending' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sign_in_attempts_account_at_idx" ON "sign_in_attempts" USING btree ("account","at");--> statement-breakpoint
CREATE INDEX "sign_in_attempts_address_at_idx" ON "sign_in_attempts" USING btree ("address","at");--> statement-breakpoint
CREATE INDEX "sign_in_attempts_device_account_idx" ON "sign_in_attempts" USING btree ("device","account");