import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/index.js';
import { HistoryKey } from '../book/history/history.js';
import { SecretBox } from '../security/secret-box.js';

/** A history chain key for tests and seeds: the fixed secrets key of createTestApp (server/testing/app.ts), or the one given. */
export const testHistoryKey = (box = new SecretBox(Buffer.alloc(32, 42))) => new HistoryKey(box);

/**
 * Runs `statement` on audit_history as someone with SQL access would: the append-only trigger
 * (migration 0023) is dropped for it and put back, in one transaction.
 */
export async function tamperWithHistory(db: Database, statement: SQL): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_history disable trigger audit_history_no_update_delete`);
    await tx.execute(statement);
    await tx.execute(sql`alter table audit_history enable trigger audit_history_no_update_delete`);
  });
}
