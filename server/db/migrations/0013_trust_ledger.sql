CREATE TABLE "ledger_balances" (
	"org_id" uuid NOT NULL,
	"bank_account_id" uuid NOT NULL,
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
	"negative_since" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_balances_org_id_bank_account_id_scope_pk" PRIMARY KEY("org_id","bank_account_id","scope")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"org_id" uuid NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"client_id" uuid,
	"matter_id" uuid,
	"transaction_id" uuid,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"date" timestamp (3) with time zone NOT NULL,
	"memo" varchar(255),
	"reverses_entry_id" uuid,
	"reason" varchar(255),
	"created_by" varchar(255) NOT NULL,
	"account_balance_cents" bigint NOT NULL,
	"client_balance_cents" bigint NOT NULL,
	"matter_balance_cents" bigint NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_kind" CHECK (kind IN ('received', 'refunded', 'returned', 'voided', 'charged_back', 'manual'))
);
--> statement-breakpoint
ALTER TABLE "ledger_balances" ADD CONSTRAINT "ledger_balances_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_seq" ON "ledger_entries" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_seq" ON "ledger_entries" USING btree ("org_id","bank_account_id","seq");--> statement-breakpoint
CREATE INDEX "ledger_entries_client_seq" ON "ledger_entries" USING btree ("org_id","bank_account_id","client_id","seq");--> statement-breakpoint
CREATE INDEX "ledger_entries_matter_seq" ON "ledger_entries" USING btree ("org_id","bank_account_id","client_id","matter_id","seq");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction" ON "ledger_entries" USING btree ("org_id","transaction_id") WHERE transaction_id is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_account_date" ON "ledger_entries" USING btree ("org_id","bank_account_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_reverses" ON "ledger_entries" USING btree ("reverses_entry_id");