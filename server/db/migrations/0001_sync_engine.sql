CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"kind" varchar(64) NOT NULL,
	"key" varchar(200) NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 8 NOT NULL,
	"run_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp (3) with time zone,
	"locked_by" varchar(100),
	"last_error" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_state" CHECK (state IN ('queued', 'running', 'dead'))
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "sync_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "last_synced_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "sync_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "next_sync_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "matters" ADD COLUMN "sync_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "matters" ADD COLUMN "last_synced_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "matters" ADD COLUMN "sync_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "matters" ADD COLUMN "next_sync_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "sync_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "last_synced_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "sync_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "next_sync_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "aggregate_links" ADD COLUMN "sync_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "aggregate_links" ADD COLUMN "last_synced_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "aggregate_links" ADD COLUMN "sync_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "aggregate_links" ADD COLUMN "next_sync_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_waiting_key" ON "jobs" USING btree ("org_id","kind","key") WHERE "jobs"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_claimable" ON "jobs" USING btree ("run_at") WHERE "jobs"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_running_key" ON "jobs" USING btree ("org_id","kind","key") WHERE "jobs"."state" = 'running';--> statement-breakpoint
CREATE INDEX "jobs_org_state" ON "jobs" USING btree ("org_id","state");--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_sync_status" CHECK (sync_status IN ('pending', 'synced', 'retrying', 'error'));--> statement-breakpoint
ALTER TABLE "matters" ADD CONSTRAINT "matters_sync_status" CHECK (sync_status IN ('pending', 'synced', 'retrying', 'error'));--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_sync_status" CHECK (sync_status IN ('pending', 'synced', 'retrying', 'error'));--> statement-breakpoint
ALTER TABLE "aggregate_links" ADD CONSTRAINT "aggregate_links_sync_status" CHECK (sync_status IN ('pending', 'synced', 'retrying', 'error'));