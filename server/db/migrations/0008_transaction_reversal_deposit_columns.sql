ALTER TABLE "bank_accounts" ADD COLUMN "is_fee_account" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "is_chargeback_account" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "original_service_id" varchar(36);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "original_transaction_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "deposit_id" varchar(255);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "settled_on" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "surcharge_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_original_transaction_id_transactions_id_fk" FOREIGN KEY ("original_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;