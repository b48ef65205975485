CREATE TABLE "trust_findings_backfills" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"stage" text DEFAULT 'accounts' NOT NULL,
	"after_transaction_id" uuid,
	"after_bank_account_id" uuid,
	"after_scope" varchar(80),
	"transactions_evaluated" bigint DEFAULT 0 NOT NULL,
	"completed_at" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trust_findings_backfills_stage" CHECK (stage IN ('accounts', 'transactions', 'balances'))
);
--> statement-breakpoint
ALTER TABLE "trust_findings_backfills" ADD CONSTRAINT "trust_findings_backfills_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every organization at the upgrade has the causes it already holds evaluated once, in the
-- background (server/domain/trust-findings/backfill.ts); findings are upserted by cause, so none twice.
INSERT INTO "trust_findings_backfills" ("org_id") SELECT "id" FROM "organizations";
