ALTER TABLE "approvals" DROP CONSTRAINT "approvals_kind";--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "what_sentence" jsonb;--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "refusal_sentence" jsonb;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "sent_by_id" varchar(255);--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "sent_by_name" varchar(255);--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "stopped_by_id" varchar(255);--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "stopped_by_name" varchar(255);--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_kind" CHECK (kind IN ('money_out', 'transfer', 'disbursement', 'reversal'));