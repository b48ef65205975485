CREATE TABLE "ledger_month_totals" (
	"org_id" uuid NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"month" date NOT NULL,
	"scope" varchar(80) NOT NULL,
	"client_id" uuid,
	"matter_id" uuid,
	"received_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	"returned_cents" bigint DEFAULT 0 NOT NULL,
	"voided_cents" bigint DEFAULT 0 NOT NULL,
	"charged_back_cents" bigint DEFAULT 0 NOT NULL,
	"manual_cents" bigint DEFAULT 0 NOT NULL,
	"balance_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_month_totals_org_id_bank_account_id_month_scope_pk" PRIMARY KEY("org_id","bank_account_id","month","scope")
);
--> statement-breakpoint
-- A page of entries, newest first, is read by the (org, account[, client[, matter]], seq) indexes:
-- with seq alone indexed the planner walked back through other organizations' newer entries.
DROP INDEX "ledger_entries_seq";--> statement-breakpoint
ALTER TABLE "ledger_month_totals" ADD CONSTRAINT "ledger_month_totals_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The entries already posted, summed per account, client/matter line and month of their date (UTC),
-- exactly as server/domain/ledger/post.ts adds each new one.
INSERT INTO "ledger_month_totals" ("org_id", "bank_account_id", "month", "scope", "client_id", "matter_id",
	"received_cents", "refunded_cents", "returned_cents", "voided_cents", "charged_back_cents",
	"manual_cents", "balance_cents")
SELECT "org_id", "bank_account_id", date_trunc('month', "date" AT TIME ZONE 'UTC')::date,
	'm:' || coalesce("client_id"::text, '-') || ':' || coalesce("matter_id"::text, '-'),
	"client_id", "matter_id",
	sum(CASE WHEN "kind" = 'received' THEN "amount_cents" ELSE 0 END),
	sum(CASE WHEN "kind" = 'refunded' THEN "amount_cents" ELSE 0 END),
	sum(CASE WHEN "kind" = 'returned' THEN "amount_cents" ELSE 0 END),
	sum(CASE WHEN "kind" = 'voided' THEN "amount_cents" ELSE 0 END),
	sum(CASE WHEN "kind" = 'charged_back' THEN "amount_cents" ELSE 0 END),
	sum(CASE WHEN "kind" = 'manual' THEN "amount_cents" ELSE 0 END),
	sum("amount_cents")
FROM "ledger_entries"
GROUP BY 1, 2, 3, 4, 5, 6;
