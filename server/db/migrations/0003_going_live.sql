ALTER TABLE "organizations" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "demo_service_url" text;--> statement-breakpoint
ALTER TABLE "integration_state" ADD COLUMN "webhook_endpoint_id" text;--> statement-breakpoint
ALTER TABLE "integration_state" ADD COLUMN "webhook_endpoint_url" text;--> statement-breakpoint
ALTER TABLE "integration_state" ADD COLUMN "webhook_endpoint_disabled" boolean;--> statement-breakpoint
ALTER TABLE "integration_state" ADD COLUMN "webhook_endpoint_action" text;--> statement-breakpoint
ALTER TABLE "integration_state" ADD COLUMN "webhook_endpoint_checked_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "integration_state" ADD COLUMN "webhook_endpoint_error" text;--> statement-breakpoint
ALTER TABLE "integration_state" ADD COLUMN "webhook_endpoint_lease_until" timestamp (3) with time zone;