CREATE TABLE "organizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(255) NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"name" varchar(100) NOT NULL,
	"role" text NOT NULL,
	"key_hash" varchar(64) NOT NULL,
	"key_prefix" varchar(16) NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_role" CHECK (role IN ('admin', 'staff', 'viewer'))
);
--> statement-breakpoint
CREATE TABLE "org_settings" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"api_token_ciphertext" text,
	"api_token_last4" varchar(4),
	"webhook_secret_ciphertext" text,
	"webhook_secret_last4" varchar(4),
	"production_environment" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remote_sites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"name" varchar(40) NOT NULL,
	"url" text,
	"builtin" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"name" varchar(255) NOT NULL,
	"service_id" varchar(36),
	"sync_error_message" text
);
--> statement-breakpoint
CREATE TABLE "matters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"name" varchar(255) NOT NULL,
	"client_id" uuid NOT NULL,
	"service_id" varchar(36),
	"sync_error_message" text
);
--> statement-breakpoint
CREATE TABLE "bank_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"name" varchar(255) NOT NULL,
	"category" text NOT NULL,
	"service_id" varchar(36) NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"last_four" varchar(255),
	CONSTRAINT "bank_accounts_category" CHECK (category IN ('operating', 'trust'))
);
--> statement-breakpoint
CREATE TABLE "payment_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"name" varchar(255),
	"amount" numeric(14, 2) NOT NULL,
	"bank_account_id" uuid,
	"client_id" uuid NOT NULL,
	"matter_id" uuid,
	"service_id" varchar(36),
	"outstanding_amount" numeric(14, 2) NOT NULL,
	"paid_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'unpaid' NOT NULL,
	"url" text,
	"sync_error_message" text,
	CONSTRAINT "payment_links_status" CHECK (status IN ('unpaid', 'partially_paid', 'paid', 'sealed'))
);
--> statement-breakpoint
CREATE TABLE "aggregate_link_payment_links" (
	"org_id" uuid NOT NULL,
	"aggregate_link_id" uuid NOT NULL,
	"payment_link_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "aggregate_link_payment_links_aggregate_link_id_payment_link_id_pk" PRIMARY KEY("aggregate_link_id","payment_link_id")
);
--> statement-breakpoint
CREATE TABLE "aggregate_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"name" varchar(255),
	"service_id" varchar(36),
	"url" text,
	"sync_error_message" text
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"amount_refunded" numeric(14, 2) DEFAULT '0' NOT NULL,
	"bank_account_id" uuid,
	"client_id" uuid,
	"matter_id" uuid,
	"payment_link_id" uuid,
	"service_id" varchar(36) NOT NULL,
	"created_on" timestamp (3) with time zone NOT NULL,
	"error_message" varchar(255),
	"last_four" varchar(255),
	"method" text,
	"payer_email" varchar(255),
	"payer_name" varchar(255),
	"status" text NOT NULL,
	"type" varchar(255),
	CONSTRAINT "transactions_status" CHECK (status IN ('PENDING', 'SUCCESSFUL', 'DEPOSITED', 'FUNDS_IN_TRANSIT', 'REFUNDED', 'PARTIALLY_REFUNDED', 'RETURNED', 'VOIDED', 'ERROR', 'CHARGED_BACK', 'HELD')),
	CONSTRAINT "transactions_method" CHECK (method IN ('ACH', 'CARD', 'CREDIT', 'DEBIT', 'MANUAL', 'PUSH_TO_CARD', 'PAYPAL', 'ZELLE'))
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_settings" ADD CONSTRAINT "org_settings_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_sites" ADD CONSTRAINT "remote_sites_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matters" ADD CONSTRAINT "matters_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matters" ADD CONSTRAINT "matters_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_matter_id_matters_id_fk" FOREIGN KEY ("matter_id") REFERENCES "public"."matters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aggregate_link_payment_links" ADD CONSTRAINT "aggregate_link_payment_links_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aggregate_link_payment_links" ADD CONSTRAINT "aggregate_link_payment_links_aggregate_link_id_aggregate_links_id_fk" FOREIGN KEY ("aggregate_link_id") REFERENCES "public"."aggregate_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aggregate_link_payment_links" ADD CONSTRAINT "aggregate_link_payment_links_payment_link_id_payment_links_id_fk" FOREIGN KEY ("payment_link_id") REFERENCES "public"."payment_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aggregate_links" ADD CONSTRAINT "aggregate_links_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_matter_id_matters_id_fk" FOREIGN KEY ("matter_id") REFERENCES "public"."matters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_payment_link_id_payment_links_id_fk" FOREIGN KEY ("payment_link_id") REFERENCES "public"."payment_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_one_default" ON "organizations" USING btree ("is_default") WHERE "organizations"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_key_hash" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_org_created" ON "api_keys" USING btree ("org_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "remote_sites_org_name" ON "remote_sites" USING btree ("org_id","name");--> statement-breakpoint
CREATE INDEX "remote_sites_org_created" ON "remote_sites" USING btree ("org_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "clients_org_service_id" ON "clients" USING btree ("org_id","service_id");--> statement-breakpoint
CREATE INDEX "clients_org_created" ON "clients" USING btree ("org_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "clients_org_name" ON "clients" USING btree ("org_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "matters_org_service_id" ON "matters" USING btree ("org_id","service_id");--> statement-breakpoint
CREATE INDEX "matters_org_created" ON "matters" USING btree ("org_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "matters_client" ON "matters" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_org_service_id" ON "bank_accounts" USING btree ("org_id","service_id");--> statement-breakpoint
CREATE INDEX "bank_accounts_org_created" ON "bank_accounts" USING btree ("org_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_org_service_id" ON "payment_links" USING btree ("org_id","service_id");--> statement-breakpoint
CREATE INDEX "payment_links_org_created" ON "payment_links" USING btree ("org_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_links_client" ON "payment_links" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "payment_links_matter" ON "payment_links" USING btree ("matter_id");--> statement-breakpoint
CREATE INDEX "payment_links_bank_account" ON "payment_links" USING btree ("bank_account_id");--> statement-breakpoint
CREATE INDEX "aggregate_link_payment_links_payment_link" ON "aggregate_link_payment_links" USING btree ("payment_link_id");--> statement-breakpoint
CREATE UNIQUE INDEX "aggregate_links_org_service_id" ON "aggregate_links" USING btree ("org_id","service_id");--> statement-breakpoint
CREATE INDEX "aggregate_links_org_created" ON "aggregate_links" USING btree ("org_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_org_service_id" ON "transactions" USING btree ("org_id","service_id");--> statement-breakpoint
CREATE INDEX "transactions_org_created_on" ON "transactions" USING btree ("org_id","created_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_payment_link" ON "transactions" USING btree ("payment_link_id");--> statement-breakpoint
CREATE INDEX "transactions_client" ON "transactions" USING btree ("client_id");