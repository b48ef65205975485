CREATE TABLE "remote_budgets" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"max_requests" integer DEFAULT 500 NOT NULL,
	"window_ms" integer DEFAULT 61000 NOT NULL,
	"max_concurrent" integer DEFAULT 10 NOT NULL,
	"paused_until" timestamp with time zone,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remote_budgets_positive" CHECK (max_requests > 0 and max_concurrent > 0 and window_ms > 0)
);
--> statement-breakpoint
CREATE TABLE "remote_request_slots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"holder" varchar(100) NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "remote_budgets" ADD CONSTRAINT "remote_budgets_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_request_slots" ADD CONSTRAINT "remote_request_slots_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "remote_request_slots_org_started" ON "remote_request_slots" USING btree ("org_id","started_at");--> statement-breakpoint
CREATE INDEX "remote_request_slots_holder_open" ON "remote_request_slots" USING btree ("holder") WHERE "remote_request_slots"."finished_at" is null;