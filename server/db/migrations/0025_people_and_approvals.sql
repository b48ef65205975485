CREATE TABLE "approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"key" varchar(255),
	"payload" jsonb NOT NULL,
	"what" varchar(500) NOT NULL,
	"amount_cents" bigint,
	"reason" text NOT NULL,
	"refusal" text NOT NULL,
	"subject_id" varchar(255),
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by_id" varchar(255),
	"requested_by_name" varchar(255),
	"expires_at" timestamp (3) with time zone NOT NULL,
	"decided_by_id" varchar(255),
	"decided_by_name" varchar(255),
	"decided_at" timestamp (3) with time zone,
	"result" jsonb,
	CONSTRAINT "approvals_kind" CHECK (kind IN ('money_out', 'transfer', 'disbursement')),
	CONSTRAINT "approvals_status" CHECK (status IN ('pending', 'approved', 'rejected')),
	CONSTRAINT "approvals_requested_by" CHECK (requested_by_id is not null and requested_by_name is not null)
);
--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "require_second_approver" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "created_by_id" varchar(255);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "created_by_name" varchar(255);--> statement-breakpoint
ALTER TABLE "ledger_reconciliations" ADD COLUMN "created_by_id" varchar(255);--> statement-breakpoint
ALTER TABLE "ledger_reconciliations" ADD COLUMN "created_by_name" varchar(255);--> statement-breakpoint
ALTER TABLE "money_out_requests" ADD COLUMN "requested_by_id" varchar(255);--> statement-breakpoint
ALTER TABLE "money_out_requests" ADD COLUMN "requested_by_name" varchar(255);--> statement-breakpoint
ALTER TABLE "money_out_requests" ADD COLUMN "approved_by_id" varchar(255);--> statement-breakpoint
ALTER TABLE "money_out_requests" ADD COLUMN "approved_by_name" varchar(255);--> statement-breakpoint
ALTER TABLE "trust_findings" ADD COLUMN "acknowledged_by_id" varchar(255);--> statement-breakpoint
ALTER TABLE "trust_findings" ADD COLUMN "acknowledged_by_name" varchar(255);--> statement-breakpoint
ALTER TABLE "trust_findings" ADD COLUMN "acknowledgements" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approvals_org_kind_key" ON "approvals" USING btree ("org_id","kind","key") WHERE key is not null;--> statement-breakpoint
CREATE INDEX "approvals_org_status_created" ON "approvals" USING btree ("org_id","status","created_at");--> statement-breakpoint
-- hand-written
-- An acknowledgement made before notes were kept becomes a finding's first note (nobody was
-- named then: `by` is null, `actor` the key it was made with). Idempotent: only empty lists.
UPDATE "trust_findings" SET "acknowledgements" = jsonb_build_array(jsonb_build_object(
  'note', coalesce("acknowledgement_note", ''),
  'by', null,
  'actor', coalesce("acknowledged_by", ''),
  'at', to_char("acknowledged_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
WHERE "acknowledged_at" IS NOT NULL AND "acknowledgements" = '[]'::jsonb;
