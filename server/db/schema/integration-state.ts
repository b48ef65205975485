import { boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';

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
  orgId: uuid('org_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  bankAccountsSyncedAt: timestamp('bank_accounts_synced_at', { withTimezone: true, precision: 3 }),
  /** Remote transactions created before this have been pulled. */
  reconcileWatermark: timestamp('reconcile_watermark', { withTimezone: true, precision: 3 }),
  reconcileStartedAt: timestamp('reconcile_started_at', { withTimezone: true, precision: 3 }),
  reconcileFinishedAt: timestamp('reconcile_finished_at', { withTimezone: true, precision: 3 }),
  reconcileError: text('reconcile_error'),
  reconcileResult: jsonb('reconcile_result'),
  /** The webhook endpoint at the remote service, as the last check left it. */
  webhookEndpointId: text('webhook_endpoint_id'),
  webhookEndpointUrl: text('webhook_endpoint_url'),
  webhookEndpointDisabled: boolean('webhook_endpoint_disabled'),
  /** What the last check did (`created`, `updated`, `re-enabled`, `unchanged`, `skipped`). */
  webhookEndpointAction: text('webhook_endpoint_action'),
  webhookEndpointCheckedAt: timestamp('webhook_endpoint_checked_at', {
    withTimezone: true,
    precision: 3,
  }),
  webhookEndpointError: text('webhook_endpoint_error'),
  /**
   * A process checking the endpoint holds this lease, so processes starting together (or a save
   * during a periodic check) never both create one: the others wait for it to end.
   */
  webhookEndpointLeaseUntil: timestamp('webhook_endpoint_lease_until', {
    withTimezone: true,
    precision: 3,
  }),
  /**
   * How far the long work got, for the widgets' progress (GET /api/admin/progress): the last run
   * of each, `{ done, total, startedAt, finishedAt }` (finishedAt null while it runs; a run cut
   * short keeps what it did). "Retry all" also keeps the ids of the jobs it put back in line:
   * its `done` is counted from the queue as the workers drain them.
   */
  bankAccountsProgress: jsonb('bank_accounts_progress').$type<StoredProgress>(),
  reconcileProgress: jsonb('reconcile_progress').$type<StoredProgress>(),
  retryProgress: jsonb('retry_progress').$type<StoredProgress>(),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});
