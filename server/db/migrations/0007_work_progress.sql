ALTER TABLE "integration_state" ADD COLUMN "bank_accounts_progress" jsonb;--> statement-breakpoint
ALTER TABLE "integration_state" ADD COLUMN "reconcile_progress" jsonb;--> statement-breakpoint
ALTER TABLE "integration_state" ADD COLUMN "retry_progress" jsonb;