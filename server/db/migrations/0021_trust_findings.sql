CREATE TABLE "statement_debits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"statement_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"from_bank_account_category" varchar(255) NOT NULL,
	"from_bank_account_mask" varchar(255) NOT NULL,
	"from_bank_account_nickname" varchar(255) NOT NULL,
	"statement_descriptor" varchar(255) NOT NULL,
	"bank_account_id" uuid
);
--> statement-breakpoint
CREATE TABLE "statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"service_id" varchar(36) NOT NULL,
	"month" varchar(7) NOT NULL,
	"fetched_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trust_findings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"key" varchar(255) NOT NULL,
	"severity" text NOT NULL,
	"amount_cents" bigint,
	"bank_account_id" uuid,
	"client_id" uuid,
	"matter_id" uuid,
	"transaction_id" uuid,
	"statement_id" uuid,
	"details" jsonb NOT NULL,
	"resolved_at" timestamp (3) with time zone,
	"acknowledged_at" timestamp (3) with time zone,
	"acknowledged_by" varchar(255),
	"acknowledgement_note" text,
	CONSTRAINT "trust_findings_kind" CHECK (kind IN ('trust_fee_account', 'trust_chargeback_account', 'trust_statement_debit', 'trust_chargeback', 'trust_ach_return', 'negative_trust_balance', 'outside_refund', 'outside_void')),
	CONSTRAINT "trust_findings_severity" CHECK (severity IN ('high', 'medium', 'low'))
);
--> statement-breakpoint
ALTER TABLE "statement_debits" ADD CONSTRAINT "statement_debits_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_debits" ADD CONSTRAINT "statement_debits_statement_id_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_findings" ADD CONSTRAINT "trust_findings_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "statement_debits_statement_position" ON "statement_debits" USING btree ("statement_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "statements_org_service_id" ON "statements" USING btree ("org_id","service_id");--> statement-breakpoint
CREATE INDEX "statements_org_month" ON "statements" USING btree ("org_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "trust_findings_org_key_live" ON "trust_findings" USING btree ("org_id","key") WHERE resolved_at is null;--> statement-breakpoint
CREATE INDEX "trust_findings_org_created_id" ON "trust_findings" USING btree ("org_id","created_at","id");