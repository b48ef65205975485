CREATE TABLE "payment_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"payment_link_id" uuid,
	"aggregate_link_id" uuid,
	"emails" text[] NOT NULL,
	"cc_emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"subject" varchar(255) NOT NULL,
	"message" text NOT NULL,
	"reminder_days" integer[] NOT NULL,
	"sent_by" varchar(255) NOT NULL,
	"sent_at" timestamp (3) with time zone,
	"steps_sent" integer DEFAULT 0 NOT NULL,
	"claimed_step" integer,
	"unconfirmed_steps" integer DEFAULT 0 NOT NULL,
	"last_sent_at" timestamp (3) with time zone,
	"next_reminder_at" timestamp (3) with time zone,
	"stopped_at" timestamp (3) with time zone,
	"stopped_reason" text,
	"stopped_by" varchar(255),
	"error_message" text,
	CONSTRAINT "payment_requests_one_link" CHECK ("payment_requests"."payment_link_id" is null or "payment_requests"."aggregate_link_id" is null)
);
--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "reminder_days" integer[] DEFAULT '{3,7,14}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "pay_request_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_payment_link_id_payment_links_id_fk" FOREIGN KEY ("payment_link_id") REFERENCES "public"."payment_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_aggregate_link_id_aggregate_links_id_fk" FOREIGN KEY ("aggregate_link_id") REFERENCES "public"."aggregate_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_requests_org_payment_link" ON "payment_requests" USING btree ("org_id","payment_link_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_requests_org_aggregate_link" ON "payment_requests" USING btree ("org_id","aggregate_link_id","created_at");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_pay_request_id_payment_requests_id_fk" FOREIGN KEY ("pay_request_id") REFERENCES "public"."payment_requests"("id") ON DELETE set null ON UPDATE no action;