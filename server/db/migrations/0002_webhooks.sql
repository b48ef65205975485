CREATE TABLE "webhook_event_transactions" (
	"webhook_event_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"transaction_service_id" varchar(36) NOT NULL,
	"job_id" uuid,
	"outcome" text DEFAULT 'pending' NOT NULL,
	CONSTRAINT "webhook_event_transactions_pk" PRIMARY KEY("webhook_event_id","transaction_service_id"),
	CONSTRAINT "webhook_event_transactions_outcome" CHECK (outcome IN ('pending', 'upserted', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"event_id" varchar(100) NOT NULL,
	"type" varchar(100) NOT NULL,
	"payload" jsonb NOT NULL,
	"transaction_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"received_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_events_status" CHECK (status IN ('received', 'processed', 'ignored', 'skipped', 'failed', 'dead'))
);
--> statement-breakpoint
CREATE TABLE "webhook_receipts" (
	"org_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	"verified" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"last_received_at" timestamp (3) with time zone,
	"last_verified_at" timestamp (3) with time zone,
	CONSTRAINT "webhook_receipts_pk" PRIMARY KEY("org_id","hour")
);
--> statement-breakpoint
CREATE TABLE "integration_state" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"bank_accounts_synced_at" timestamp (3) with time zone,
	"reconcile_watermark" timestamp (3) with time zone,
	"reconcile_started_at" timestamp (3) with time zone,
	"reconcile_finished_at" timestamp (3) with time zone,
	"reconcile_error" text,
	"reconcile_result" jsonb,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "webhook_secret_previous_ciphertext" text;--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "webhook_secret_previous_last4" varchar(4);--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "webhook_secret_previous_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "remote_fetched_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "webhook_event_transactions" ADD CONSTRAINT "webhook_event_transactions_webhook_event_id_webhook_events_id_fk" FOREIGN KEY ("webhook_event_id") REFERENCES "public"."webhook_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_event_transactions" ADD CONSTRAINT "webhook_event_transactions_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_receipts" ADD CONSTRAINT "webhook_receipts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_state" ADD CONSTRAINT "integration_state_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_event_transactions_job" ON "webhook_event_transactions" USING btree ("job_id") WHERE "webhook_event_transactions"."outcome" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_events_org_event_id" ON "webhook_events" USING btree ("org_id","event_id");--> statement-breakpoint
CREATE INDEX "webhook_events_org_received" ON "webhook_events" USING btree ("org_id","received_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhook_events_org_status" ON "webhook_events" USING btree ("org_id","status","received_at" DESC NULLS LAST,"id" DESC NULLS LAST);