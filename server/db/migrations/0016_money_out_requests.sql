CREATE TABLE "money_out_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" varchar(255) NOT NULL,
	"external_id" varchar(36) NOT NULL,
	"fingerprint" varchar(64) NOT NULL,
	"amount" numeric(14, 2),
	"reason" text,
	"override_reason" text,
	"requested_by" uuid,
	"status" text DEFAULT 'SENDING' NOT NULL,
	"service_id" varchar(36),
	"error_message" varchar(255),
	"reversal_service_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "money_out_requests_kind" CHECK (kind IN ('refund', 'void')),
	CONSTRAINT "money_out_requests_status" CHECK (status IN ('SENDING', 'CREATED', 'REQUEST_PENDING', 'AWAITING_RESULT', 'PARTIAL_SUCCESS', 'SUCCESS', 'TXN_FAILED', 'ERROR'))
);
--> statement-breakpoint
ALTER TABLE "money_out_requests" ADD CONSTRAINT "money_out_requests_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_out_requests" ADD CONSTRAINT "money_out_requests_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "money_out_requests_org_transaction_key" ON "money_out_requests" USING btree ("org_id","transaction_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "money_out_requests_org_external_id" ON "money_out_requests" USING btree ("org_id","external_id");--> statement-breakpoint
CREATE INDEX "money_out_requests_org_transaction_created" ON "money_out_requests" USING btree ("org_id","transaction_id","created_at");--> statement-breakpoint
CREATE INDEX "money_out_requests_open" ON "money_out_requests" USING btree ("org_id","status") WHERE status IN ('SENDING', 'CREATED', 'REQUEST_PENDING', 'AWAITING_RESULT');