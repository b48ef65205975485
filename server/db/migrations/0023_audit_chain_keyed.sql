ALTER TABLE "ledger_reconciliations" ADD COLUMN "history_seq" bigint;--> statement-breakpoint
ALTER TABLE "ledger_reconciliations" ADD COLUMN "history_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "audit_history" ADD COLUMN "hash_version" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
-- History rows are never changed: UPDATE, DELETE and TRUNCATE of audit_history are refused (an
-- edit through SQL must drop this trigger first, which a migration check would show).
CREATE FUNCTION "audit_history_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_history is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_history_no_update_delete" BEFORE UPDATE OR DELETE ON "audit_history"
  FOR EACH ROW EXECUTE FUNCTION "audit_history_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_history_no_truncate" BEFORE TRUNCATE ON "audit_history"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_history_append_only"();
