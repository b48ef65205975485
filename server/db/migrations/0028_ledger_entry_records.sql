ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind";--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "time_zone" varchar(64);--> statement-breakpoint
ALTER TABLE "ledger_balances" ADD COLUMN "bank_charge_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_balances" ADD COLUMN "interest_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_balances" ADD COLUMN "firm_funds_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_balances" ADD COLUMN "service_fee_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "payer" varchar(255);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "payee" varchar(255);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "reference" varchar(100);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "purpose" varchar(255);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "override_reason" varchar(255);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "transfer_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_month_totals" ADD COLUMN "bank_charge_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_month_totals" ADD COLUMN "interest_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_month_totals" ADD COLUMN "firm_funds_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_month_totals" ADD COLUMN "service_fee_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_method" CHECK (method is null or method IN ('check', 'wire', 'ach', 'transfer'));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind" CHECK (kind IN ('received', 'refunded', 'returned', 'voided', 'charged_back', 'manual', 'bank_charge', 'interest', 'firm_funds', 'service_fee'));