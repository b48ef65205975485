import { boolean, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { at, orgKey, updatedAt } from './columns.js';

/** A run of long work as stored; times are ISO strings (it is jsonb). */
export interface StoredProgress {
  done: number;
  total: number;
  startedAt: string;
  finishedAt: string | null;
  /** "Retry all" only: the jobs it put back in line, while they drain. */
  jobIds?: string[];
}

/**
 * What an organization's integration did last, for the health check: the last successful bank
 * account sync and the reconciliation's watermark and last run. One row per organization,
 * created on first write.
 */
export const integrationState = pgTable('integration_state', {
  orgId: orgKey(),
  bankAccountsSyncedAt: at('bank_accounts_synced_at'),
  /** Remote transactions created before this have been pulled. */
  reconcileWatermark: at('reconcile_watermark'),
  reconcileStartedAt: at('reconcile_started_at'),
  reconcileFinishedAt: at('reconcile_finished_at'),
  reconcileError: text('reconcile_error'),
  reconcileResult: jsonb('reconcile_result'),
  /** The webhook endpoint at the remote service, as the last check left it. */
  webhookEndpointId: text('webhook_endpoint_id'),
  webhookEndpointUrl: text('webhook_endpoint_url'),
  webhookEndpointDisabled: boolean('webhook_endpoint_disabled'),
  /** What the last check did (`created`, `updated`, `re-enabled`, `unchanged`, `skipped`). */
  webhookEndpointAction: text('webhook_endpoint_action'),
  webhookEndpointCheckedAt: at('webhook_endpoint_checked_at'),
  webhookEndpointError: text('webhook_endpoint_error'),
  /**
   * A process checking the endpoint holds this lease, so processes starting together (or a save
   * during a periodic check) never both create one: the others wait for it to end.
   */
  webhookEndpointLeaseUntil: at('webhook_endpoint_lease_until'),
  /**
   * How far the long work got, for the widgets' progress (GET /api/admin/progress): the last run
   * of each, `{ done, total, startedAt, finishedAt }` (finishedAt null while it runs; a run cut
   * short keeps what it did). "Retry all" also keeps the ids of the jobs it put back in line:
   * its `done` is counted from the queue as the workers drain them.
   */
  bankAccountsProgress: jsonb('bank_accounts_progress').$type<StoredProgress>(),
  reconcileProgress: jsonb('reconcile_progress').$type<StoredProgress>(),
  retryProgress: jsonb('retry_progress').$type<StoredProgress>(),
  updatedAt: updatedAt(),
});
