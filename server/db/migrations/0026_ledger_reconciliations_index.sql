CREATE INDEX CONCURRENTLY IF NOT EXISTS "ledger_reconciliations_account_as_of" ON "ledger_reconciliations" USING btree ("org_id","bank_account_id","as_of");
