CREATE TABLE "payment_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"client_id" uuid NOT NULL,
	"matter_id" uuid,
	"amount" numeric(14, 2) NOT NULL,
	"bank_account_id" uuid,
	"frequency" text NOT NULL,
	"ends" jsonb NOT NULL,
	"start_date" date NOT NULL,
	"payment_methods" jsonb,
	"service_id" varchar(36),
	"url" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"paid_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"outstanding_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"upcoming_payments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cancel_requested_at" timestamp (3) with time zone,
	"sync_error_message" text,
	"sync_status" text DEFAULT 'pending' NOT NULL,
	"last_synced_at" timestamp (3) with time zone,
	"sync_attempts" integer DEFAULT 0 NOT NULL,
	"next_sync_at" timestamp (3) with time zone,
	CONSTRAINT "payment_plans_sync_status" CHECK (sync_status IN ('pending', 'synced', 'retrying', 'error')),
	CONSTRAINT "payment_plans_status" CHECK (status IN ('pending', 'active', 'payment_failed', 'needs_attention', 'fulfilled', 'canceled')),
	CONSTRAINT "payment_plans_frequency" CHECK (frequency IN ('weekly', 'biweekly', 'monthly', 'yearly'))
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "payment_plan_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_matter_id_matters_id_fk" FOREIGN KEY ("matter_id") REFERENCES "public"."matters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_plans_org_service_id" ON "payment_plans" USING btree ("org_id","service_id");--> statement-breakpoint
CREATE INDEX "payment_plans_org_created_id" ON "payment_plans" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payment_plans_org_sync_problems" ON "payment_plans" USING btree ("org_id","updated_at","id") WHERE sync_status in ('error', 'retrying');--> statement-breakpoint
CREATE INDEX "payment_plans_org_client_created_id" ON "payment_plans" USING btree ("org_id","client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payment_plans_client" ON "payment_plans" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "payment_plans_matter" ON "payment_plans" USING btree ("matter_id");--> statement-breakpoint
CREATE INDEX "payment_plans_bank_account" ON "payment_plans" USING btree ("bank_account_id");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_payment_plan_id_payment_plans_id_fk" FOREIGN KEY ("payment_plan_id") REFERENCES "public"."payment_plans"("id") ON DELETE set null ON UPDATE no action;