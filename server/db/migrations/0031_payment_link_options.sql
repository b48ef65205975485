CREATE TABLE "payment_link_amounts" (
	"org_id" uuid NOT NULL,
	"payment_link_id" uuid NOT NULL,
	"category" text NOT NULL,
	"position" smallint NOT NULL,
	"bank_account_id" uuid,
	"amount" numeric(14, 2) NOT NULL,
	"outstanding_amount" numeric(14, 2) NOT NULL,
	"paid_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "payment_link_amounts_payment_link_id_category_pk" PRIMARY KEY("payment_link_id","category"),
	CONSTRAINT "payment_link_amounts_category" CHECK (category IN ('operating', 'trust'))
);
--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "memo" text;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "payment_methods_allowed" text[];--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "partial_payment_allowed" boolean;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "surcharge_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "send_receipts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_link_amounts" ADD CONSTRAINT "payment_link_amounts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_link_amounts" ADD CONSTRAINT "payment_link_amounts_payment_link_id_payment_links_id_fk" FOREIGN KEY ("payment_link_id") REFERENCES "public"."payment_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_link_amounts" ADD CONSTRAINT "payment_link_amounts_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_link_amounts_bank_account" ON "payment_link_amounts" USING btree ("bank_account_id");