CREATE TYPE "public"."backup_status" AS ENUM('running', 'succeeded', 'failed');--> statement-breakpoint
CREATE TYPE "public"."backup_trigger" AS ENUM('scheduled', 'manual', 'before-upgrade', 'command');--> statement-breakpoint
CREATE TABLE "backup_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trigger" "backup_trigger" NOT NULL,
	"status" "backup_status" DEFAULT 'running' NOT NULL,
	"file_name" text NOT NULL,
	"engine" text NOT NULL,
	"schema_version" bigint NOT NULL,
	"size_bytes" bigint,
	"progress" real DEFAULT 0 NOT NULL,
	"step" text,
	"error" text,
	"instance" text NOT NULL,
	"started_by" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "backup_runs_file_name_unique" UNIQUE("file_name")
);
--> statement-breakpoint
CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "backup_runs" ADD CONSTRAINT "backup_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "backup_runs_one_running" ON "backup_runs" USING btree ("status") WHERE status = 'running';--> statement-breakpoint
CREATE INDEX "backup_runs_started_at" ON "backup_runs" USING btree ("started_at");