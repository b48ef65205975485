CREATE TABLE "ledger_reconciliations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"as_of" timestamp (3) with time zone NOT NULL,
	"status" text NOT NULL,
	"statement_balance_cents" bigint NOT NULL,
	"book_balance_cents" bigint NOT NULL,
	"client_ledger_total_cents" bigint NOT NULL,
	"variance_cents" bigint NOT NULL,
	"result" jsonb NOT NULL,
	"created_by" varchar(255) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_reconciliations" ADD CONSTRAINT "ledger_reconciliations_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_reconciliations_org_created" ON "ledger_reconciliations" USING btree ("org_id","created_at","id");