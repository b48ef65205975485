CREATE TABLE "audit_heads" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"last_hash" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_history" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"content" text NOT NULL,
	"prev_hash" varchar(64) NOT NULL,
	"hash" varchar(64) NOT NULL,
	"recorded_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_heads" ADD CONSTRAINT "audit_heads_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_history" ADD CONSTRAINT "audit_history_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_history_org_seq" ON "audit_history" USING btree ("org_id","seq");--> statement-breakpoint
CREATE INDEX "audit_history_subject" ON "audit_history" USING btree ("org_id","subject_id","seq");