CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "clients_org_created_id" ON "clients" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "clients_name_trgm" ON "clients" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "matters_org_created_id" ON "matters" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "matters_org_client_created_id" ON "matters" USING btree ("org_id","client_id","created_at","id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "bank_accounts_org_created_id" ON "bank_accounts" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "payment_links_org_created_id" ON "payment_links" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "payment_links_org_client_created_id" ON "payment_links" USING btree ("org_id","client_id","created_at","id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "payment_links_org_matter_created_id" ON "payment_links" USING btree ("org_id","matter_id","created_at","id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "aggregate_links_org_created_id" ON "aggregate_links" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "transactions_org_created_on_id" ON "transactions" USING btree ("org_id","created_on","id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "transactions_org_client_created_on_id" ON "transactions" USING btree ("org_id","client_id","created_on","id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "transactions_org_payment_link_created_on_id" ON "transactions" USING btree ("org_id","payment_link_id","created_on","id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "transactions_org_non_final" ON "transactions" USING btree ("org_id","service_id") WHERE status IN ('PENDING', 'FUNDS_IN_TRANSIT', 'HELD');--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "webhook_events_org_received_id" ON "webhook_events" USING btree ("org_id","received_at","id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "webhook_events_org_status_received_id" ON "webhook_events" USING btree ("org_id","status","received_at","id");--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "clients_org_created";--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "matters_org_created";--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "bank_accounts_org_created";--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "payment_links_org_created";--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "aggregate_links_org_created";--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "transactions_org_created_on";--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "webhook_events_org_received";--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "webhook_events_org_status";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "transactions_payment_link_client" (dependencies) ON "payment_link_id", "client_id" FROM "transactions";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "payment_links_matter_client" (dependencies) ON "matter_id", "client_id" FROM "payment_links";
