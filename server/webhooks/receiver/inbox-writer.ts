import { sql, type SQL } from 'drizzle-orm';
import { isDataRefusal } from '../../db/errors.js';
import { rowsOf, type Database } from '../../db/index.js';
import { invalidInput } from '../../errors.js';
import { enqueueFromSelect } from '../../queue/enqueue-many.js';
import type { WebhookEventStatus } from '../../../shared/webhooks.js';
import { completionKindOf, isSupportedKind, type ReceivedEvent } from './events.js';
import { WEBHOOK_JOB } from '../jobs.js';
import { Batcher } from '../../db/batcher.js';
import { receiptUpsert } from './receipts.js';
import { orgKey } from '../../org-key.js';

// Durable acknowledgement of verified webhooks with group commit (batcher.ts): requests that
// arrive while a write is in flight are written together by the next one, in ONE statement that inserts the
// events into the inbox (a redelivered eventId is skipped by the unique index), enqueues a stage-1
// job for each new event and counts the receipts. A request is answered only once its events are
// committed, so an acknowledged event is never lost; under load a write carries hundreds of
// them, which is what keeps the durable route close to a route that only checks signatures.

export interface StoreResult {
  /** Events new to the inbox. */
  stored: number;
  /** Events whose eventId the organization had already received. */
  duplicates: number;
}

interface Pending {
  orgId: string;
  events: ReceivedEvent[];
}

/**
 * Requests per write. A request carries at most 1 MB of events; the statement's parameters stay
 * bounded because each event costs seven.
 */
const MAX_REQUESTS_PER_WRITE = 500;

/** What the inbox row says at once: kinds we ignore are done; an event naming nothing is dead. */
function initialState(event: ReceivedEvent): { status: WebhookEventStatus; error: string | null } {
  if (!isSupportedKind(event.type)) return { status: 'ignored', error: null };
  if (event.transactionIds.length === 0) {
    const kind = completionKindOf(event.type);
    return {
      status: 'dead',
      error: kind
        ? `The event names no ${kind} request (data.${kind}Request, data.request, data.id or data.externalId) and no transaction (data.transaction.id)`
        : 'The event names no transaction (data.transaction.id)',
    };
  }
  return { status: 'received', error: null };
}

function insertStatement(batch: Pending[]): SQL {
  // All rows travel as ONE json parameter: a statement takes at most 65,535 parameters, and a
  // 1 MB body of tiny events could otherwise need more.
  const rows = batch.flatMap((p) =>
    p.events.map((event) => ({
      org_id: p.orgId,
      event_id: event.eventId,
      type: event.type,
      payload: event.payload,
      transaction_ids: event.transactionIds,
      ...initialState(event),
    })),
  );
  const perOrg = new Map<string, number>();
  for (const p of batch) perOrg.set(p.orgId, (perOrg.get(p.orgId) ?? 0) + 1);
  const receipts = [...perOrg].map(
    ([orgId, requests], i) =>
      sql`, receipts_${sql.raw(String(i))} as (${receiptUpsert(orgId, {
        received: requests,
        verified: requests,
        rejected: 0,
      })})`,
  );
  if (rows.length === 0) {
    // Verified requests with no events (an empty array) still count as received.
    return sql`with noop as (select 1) ${sql.join(receipts, sql``)}
      select null::uuid as org_id, null::varchar as event_id where false`;
  }
  return sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(
        org_id uuid, event_id varchar, type varchar, payload jsonb, transaction_ids jsonb,
        status text, error text)
    ),
    inserted as (
      insert into webhook_events
        (org_id, event_id, type, payload, transaction_ids, status, error, processed_at)
      select org_id, event_id, type, payload, transaction_ids, status, error,
             case when status = 'received' then null else now() end
      from input
      on conflict (org_id, event_id) do nothing
      returning id, org_id, event_id, type, transaction_ids, status
    ),
    queued as (${enqueueFromSelect(sql`
      select org_id, ${WEBHOOK_JOB.event}, id::text,
             jsonb_build_object('eventRowId', id, 'type', type, 'transactionIds', transaction_ids)
      from inserted where status = 'received'`)})
    ${sql.join(receipts, sql``)}
    select org_id, event_id from inserted`;
}

/** Stores the verified events of concurrent requests, one statement per batch of them. */
export class InboxWriter {
  // Split on failure: a write that fails is retried request by request, so a row the database
  // refuses (text it cannot store that slipped past parsing) fails only its own request.
  readonly #batcher: Batcher<Pending, StoreResult>;

  constructor(db: Pick<Database, 'execute'>) {
    this.#batcher = new Batcher(
      async (batch) => {
        try {
          const inserted = rowsOf<{ org_id: string; event_id: string }>(
            await db.execute(insertStatement(batch)),
          );
          return settle(batch, inserted);
        } catch (error) {
          // Alone and refused for its content: bad input (4xx), which a retry cannot fix; a
          // 503 would make the sender retry it, and the rest of a batch is retried alone anyway.
          if (batch.length === 1 && isDataRefusal(error)) {
            throw invalidInput('The webhook body holds data that cannot be stored');
          }
          throw error;
        }
      },
      { maxItems: MAX_REQUESTS_PER_WRITE, splitOnFailure: true },
    );
  }

  /** Stores the verified events of one request; resolves once they are committed. */
  store(orgId: string, events: ReceivedEvent[]): Promise<StoreResult> {
    return this.#batcher.submit({ orgId, events });
  }
}

/** Tells each request how many of its events were new; the first claimant of an eventId wins. */
function settle(batch: Pending[], inserted: { org_id: string; event_id: string }[]): StoreResult[] {
  const fresh = new Set(inserted.map((r) => orgKey(r.org_id, r.event_id)));
  return batch.map((p) => {
    let stored = 0;
    for (const event of p.events) {
      if (fresh.delete(orgKey(p.orgId, event.eventId))) stored++;
    }
    return { stored, duplicates: p.events.length - stored };
  });
}
