import { TransactionRollbackError } from 'drizzle-orm';
import type { Database } from './index.js';

/**
 * `db`, for statements whose effects must never be kept: each runs in a transaction of its own
 * that is rolled back once its rows are read (the webhook receiver's warm-up runs its real inbox
 * write this way, warming every layer without storing or counting anything).
 */
export function rolledBack(db: Database): Pick<Database, 'execute'> {
  const execute = async (query: Parameters<Database['execute']>[0]) => {
    let result: Awaited<ReturnType<Database['execute']>> | undefined;
    try {
      await db.transaction(async (tx) => {
        result = await tx.execute(query);
        tx.rollback();
      });
    } catch (error) {
      if (!(error instanceof TransactionRollbackError)) throw error;
    }
    return result!;
  };
  return { execute: execute as Database['execute'] };
}
