ALTER TABLE "trust_findings" DROP CONSTRAINT "trust_findings_kind";--> statement-breakpoint
ALTER TABLE "ledger_reconciliations" ADD COLUMN "opening_balance_cents" bigint;--> statement-breakpoint
ALTER TABLE "ledger_reconciliations" ADD COLUMN "adjusted_bank_balance_cents" bigint;--> statement-breakpoint
ALTER TABLE "ledger_reconciliations" ADD COLUMN "closed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "trust_findings" ADD CONSTRAINT "trust_findings_kind" CHECK (kind IN ('trust_fee_account', 'trust_chargeback_account', 'trust_statement_debit', 'trust_chargeback', 'trust_ach_return', 'negative_trust_balance', 'outside_refund', 'outside_void', 'unreconciled_month'));