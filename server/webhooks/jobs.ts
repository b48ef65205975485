import type { RemoteTransaction } from '../remote/index.js';

// The job kinds of the webhook pipeline, in the one durable queue the runtime's worker runs:
// what the receiver enqueues (stage 1), the pipeline hands over (stage 2) and reconciliation runs.

export const WEBHOOK_JOB = {
  /** Stage 1 (the spec's WebhookPayload__e): fetch the transactions an event names. */
  event: 'webhook.event',
  /** Stage 2 (the spec's TransactionPayload__e): upsert one transaction, keyed by its remote id. */
  transaction: 'webhook.transaction',
  /** Pull what webhooks missed; one per organization. */
  reconcile: 'webhook.reconcile',
} as const;

export interface EventJobPayload {
  /** The inbox row (webhook_events.id). */
  eventRowId: string;
  type: string;
  /** Read from the event at receipt, so the job can fetch without reading the inbox first. */
  transactionIds: string[];
}

export interface TransactionJobPayload {
  /** The remote's state of the transaction, fetched at `fetchedAt`. */
  transaction: RemoteTransaction;
  fetchedAt: string;
}

export const RECONCILE_JOB_KEY = 'reconcile';
