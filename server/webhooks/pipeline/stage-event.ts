import { sql } from 'drizzle-orm';
import type { Database } from '../../db/index.js';
import type { HistoryKey } from '../../book/history/history.js';
import type { Job } from '../../queue/queue.js';
import type { JobHandler } from '../../queue/worker.js';
import type { RemoteApi, RemoteTransaction } from '../../remote/index.js';
import { Batcher } from '../../db/batcher.js';
import { markEventsFailed } from './inbox.js';
import type { EventJobPayload } from '../jobs.js';
import { enqueueTransactionUpserts } from './upsert-jobs.js';
import { findReversals } from './reversals.js';
import { paymentSiblings } from './payment-siblings.js';
import { completeNamedRequests } from './money-out-results.js';
import { readEventRefs } from '../receiver/events.js';
import { fetchNamedStatements } from './statements.js';
import { rowList } from '../../db/sql-lists.js';
import { orgKey } from '../../org-key.js';

// Stage 1 (the spec's WebhookPayload__e): an event names transactions by id only, so fetch their
// current state from the remote, then hand each one to stage 2. Refunds, voids and returns name
// the NEW transaction (the payment it reverses, its originalTransactionId, changed too and is
// fetched in a second round) or the payment (its reversing transactions are then looked up:
// reversals.ts). Nothing is written locally here except the hand-over, so a retried
// or replayed attempt simply fetches again.

export interface PipelineContext {
  db: Database;
  /** Keys the history chain the stored transactions and ledger entries are recorded in. */
  historyKey: HistoryKey;
  remote: RemoteApi;
  /** Wakes this process's worker: the upserts just enqueued can start at once. */
  kick(): void;
}

/**
 * The transactions, fetched concurrently with `batch: true`: one aliased request carries all the
 * ids of this event AND those of the other events the worker is running in the same tick, so a
 * burst of 10,000 events costs about 10,000 / 50 requests of the remote's 500 per minute rather
 * than 10,000. Any failure fails the attempt (the worker retries with backoff).
 */
async function fetchTransactions(
  remote: RemoteApi,
  orgId: string,
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<RemoteTransaction[]> {
  return Promise.all(
    [...new Set(ids)].map((id) => remote.getTransaction(orgId, id, { batch: true, signal })),
  );
}

/** The named transactions and the originals they reverse, as of `fetchedAt` or later. */
async function fetchWithOriginals(
  remote: RemoteApi,
  orgId: string,
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<RemoteTransaction[]> {
  const fetched = await fetchTransactions(remote, orgId, ids, signal);
  const known = new Set(fetched.map((t) => t.id));
  const originals = [
    ...new Set(
      fetched
        .map((t) => t.originalTransactionId)
        .filter((id): id is string => !!id && !known.has(id)),
    ),
  ];
  if (originals.length === 0) return fetched;
  return [...fetched, ...(await fetchTransactions(remote, orgId, originals, signal))];
}

interface HandOver {
  orgId: string;
  eventRowId: string;
  transactions: readonly RemoteTransaction[];
  fetchedAt: Date;
  attempts: number;
}

/**
 * Enqueues one upsert per transaction and records which jobs each event now waits for: for all
 * the events whose fetches came back together, in one transaction of three statements.
 */
async function handOver(db: Database, items: HandOver[]): Promise<void[]> {
  await db.transaction(async (tx) => {
    const jobIds = await enqueueTransactionUpserts(
      tx,
      items.flatMap((i) =>
        i.transactions.map((transaction) => ({
          orgId: i.orgId,
          transaction,
          fetchedAt: i.fetchedAt,
        })),
      ),
    );
    const links = items.flatMap((i) =>
      i.transactions.map(
        (t) => sql`(${i.eventRowId}::uuid, ${i.orgId}::uuid, ${t.id}::varchar,
          ${jobIds.get(orgKey(i.orgId, t.id))}::uuid, 'pending')`,
      ),
    );
    if (links.length > 0) {
      await tx.execute(sql`
        insert into webhook_event_transactions
          (webhook_event_id, org_id, transaction_service_id, job_id, outcome)
        values ${rowList(links)}
        on conflict (webhook_event_id, transaction_service_id)
        do update set job_id = excluded.job_id, outcome = 'pending'`);
    }
    await tx.execute(sql`
      update webhook_events e
      set transaction_ids = v.ids, status = 'received', error = null, attempts = v.attempts,
          updated_at = now()
      from (values ${rowList(
        items.map(
          (i) => sql`(${i.eventRowId}::uuid, ${i.orgId}::uuid,
            ${JSON.stringify(i.transactions.map((t) => t.id))}::jsonb, ${i.attempts}::int)`,
        ),
      )}) as v(id, org_id, ids, attempts)
      where e.id = v.id and e.org_id = v.org_id`);
    // An event whose requests moved nothing (a refund that failed): done with what it named.
    const empty = items.filter((i) => i.transactions.length === 0);
    if (empty.length > 0) {
      await tx.execute(sql`
        update webhook_events set status = 'processed', processed_at = now(), updated_at = now()
        where id in (${rowList(empty.map((i) => sql`${i.eventRowId}::uuid`))})`);
    }
  });
  return items.map(() => undefined);
}

export function eventStage(ctx: PipelineContext): JobHandler {
  // Stage-1 jobs fetch together (one aliased request), so they reach here together too.
  const batcher = new Batcher<HandOver, void>((items) => handOver(ctx.db, items), {
    maxItems: 200,
    splitOnFailure: true,
  });
  return {
    async run(job: Job, signal: AbortSignal) {
      const payload = job.payload as EventJobPayload;
      // Taken before the request leaves: the answer reflects the remote at this time or later.
      const fetchedAt = new Date();
      const refs = readEventRefs(payload.transactionIds);
      // A statement: fetched and stored here (it is no transaction to hand over).
      await fetchNamedStatements(ctx, job.orgId, refs.statements, fetchedAt, signal);
      // A refund or void request's completion: the request and the transactions it moved.
      const completed = await completeNamedRequests(
        ctx,
        job.orgId,
        refs.requests,
        fetchedAt,
        signal,
      );
      const first = await fetchWithOriginals(ctx.remote, job.orgId, refs.transactions, signal);
      // The other parts of a split payment, whether or not their own events come.
      const siblings = await fetchTransactions(
        ctx.remote,
        job.orgId,
        paymentSiblings(first),
        signal,
      );
      const named = [...first, ...siblings];
      // An event that named the reversed payment, not its refund / return / void: find those.
      const found = [
        ...named,
        ...(await findReversals(ctx, job.orgId, { kind: payload.type, fetched: named }, signal)),
      ];
      const transactions = [...new Map([...completed, ...found].map((t) => [t.id, t])).values()];
      await batcher.submit({
        orgId: job.orgId,
        eventRowId: payload.eventRowId,
        transactions,
        fetchedAt,
        attempts: job.attempts,
      });
      ctx.kick();
    },
    async failed(job, outcome) {
      const payload = job.payload as EventJobPayload;
      await markEventsFailed(ctx.db, [payload.eventRowId], job.attempts, outcome);
    },
  };
}
