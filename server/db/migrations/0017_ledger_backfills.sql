CREATE TABLE "ledger_backfills" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"after_transaction_id" uuid,
	"transactions_applied" bigint DEFAULT 0 NOT NULL,
	"entries_posted" bigint DEFAULT 0 NOT NULL,
	"completed_at" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_backfills" ADD CONSTRAINT "ledger_backfills_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every organization with stored transactions at the upgrade has them applied to the ledger once,
-- in the background (server/domain/ledger/backfill.ts); none is counted twice, as the ledger posts differences only.
INSERT INTO "ledger_backfills" ("org_id") SELECT DISTINCT "org_id" FROM "transactions";
