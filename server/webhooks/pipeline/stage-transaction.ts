import type { Database } from '../../db/index.js';
import type { HistoryKey } from '../../book/history/history.js';
import { removeDeadJobsFor, type Job } from '../../queue/queue.js';
import type { JobHandler } from '../../queue/worker.js';
import { Batcher } from '../../db/batcher.js';
import { eventsWaitingFor, markEventsFailed, settleUpsertJobs } from './inbox.js';
import { WEBHOOK_JOB, type TransactionJobPayload } from '../jobs.js';
import { orgKey } from '../../org-key.js';
import { storeRemoteTransactions, type StoreItem } from '../../book/transactions/store.js';

// Stage 2 (the spec's TransactionPayload__e): one job per remote transaction, keyed by its id so
// snapshots waiting for the same transaction merge. The jobs running at the same time are written
// together (see batcher.ts): the upserts, the events they settle and the removal of superseded
// dead jobs commit in one transaction. No remote call is made here.

interface Item extends StoreItem {
  jobId: string;
}

async function writeBatch(db: Database, historyKey: HistoryKey, items: Item[]): Promise<void[]> {
  await db.transaction(async (tx) => {
    const outcomes = await storeRemoteTransactions(tx, historyKey, items);
    const outcomeOf = new Map<string, 'upserted' | 'skipped'>();
    const settle = items.map((item, i) => {
      // A stale snapshot lost to a newer one already written: its events are done all the same.
      const outcome = outcomes[i] === 'skipped' ? 'skipped' : 'upserted';
      outcomeOf.set(orgKey(item.orgId, item.transaction.id), outcome);
      return { jobId: item.jobId, outcome } as const;
    });
    // Earlier upserts of these transactions that died are superseded, and so are the events they
    // left dead: the transaction they wait for now holds a newer state.
    const superseded = await removeDeadJobsFor(
      tx,
      WEBHOOK_JOB.transaction,
      items.map((i) => ({ orgId: i.orgId, key: i.transaction.id })),
    );
    for (const dead of superseded) {
      const outcome = outcomeOf.get(orgKey(dead.orgId, dead.key));
      if (outcome) settle.push({ jobId: dead.id, outcome });
    }
    await settleUpsertJobs(tx, settle);
  });
  return items.map(() => undefined);
}

export function transactionStage(db: Database, historyKey: HistoryKey): JobHandler {
  // A failing batch is written again item by item, so one bad transaction fails only its job.
  const batcher = new Batcher<Item, void>((items) => writeBatch(db, historyKey, items), {
    maxItems: 200,
    splitOnFailure: true,
  });
  return {
    async run(job: Job) {
      const payload = job.payload as unknown as TransactionJobPayload;
      await batcher.submit({
        orgId: job.orgId,
        jobId: job.id,
        transaction: payload.transaction,
        fetchedAt: new Date(payload.fetchedAt),
      });
    },
    async failed(job, outcome) {
      const events = await eventsWaitingFor(db, job.id);
      await markEventsFailed(db, events, job.attempts, outcome, `transaction ${job.key}: `);
    },
  };
}
