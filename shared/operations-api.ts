// The admin API behind the operations widgets (<service-sync-problems>, <service-webhook-events>):
// sync problems, the webhook event log, reconciliation and the long work's progress. Functions
// over the typed ApiClient rather than methods of it, so the eight core elements' bundle does not
// carry them (see vite.config.ts). Types only, like the client: no zod reaches a bundle. Checked
// against the OpenAPI document by server/http/api-client-contract.db.test.ts.
import { getOne, getPage, type ApiClient, type ListOptions } from './api-client.js';
import type { WorkProgressReport } from './progress.js';
import type { SyncProblemRecord } from './sync-problems.js';
import type {
  ReconcileResult,
  ReplayResult,
  WebhookEventRecord,
  WebhookEventStatus,
} from './webhooks.js';

export const listSyncProblems = (api: ApiClient, query: ListOptions = {}, signal?: AbortSignal) =>
  getPage<SyncProblemRecord>(api, '/api/admin/sync-problems', query, signal);

/** Puts one problem (its `id`) or, without one, every problem back in line. */
export const retrySyncProblems = (api: ApiClient, id?: string, signal?: AbortSignal) =>
  api.request<{ retried: number }>('POST', '/api/admin/sync-problems/retry', {
    body: id ? { id } : {},
    signal,
  });

export const listWebhookEvents = (
  api: ApiClient,
  query: ListOptions & { status?: WebhookEventStatus } = {},
  signal?: AbortSignal,
) => getPage<WebhookEventRecord>(api, '/api/admin/webhook-events', query, signal);

export const getWebhookEvent = (api: ApiClient, id: string, signal?: AbortSignal) =>
  getOne<WebhookEventRecord>(api, '/api/admin/webhook-events', id, signal);

/** Replays one dead event (its `id`) or, without one, every dead event. */
export const replayWebhookEvents = (api: ApiClient, id?: string, signal?: AbortSignal) =>
  api.request<ReplayResult>(
    'POST',
    id
      ? `/api/admin/webhook-events/${encodeURIComponent(id)}/replay`
      : '/api/admin/webhook-events/replay',
    { signal },
  );

/** Reconciles now and waits for the run; 409 when one is already running (follow its progress). */
export const reconcileNow = (api: ApiClient, signal?: AbortSignal) =>
  api.request<ReconcileResult>('POST', '/api/admin/reconcile', { signal });

/** The progress of the long work (bank account sync, reconciliation, "Retry all"). */
export const getWorkProgress = (api: ApiClient, signal?: AbortSignal) =>
  api.request<WorkProgressReport>('GET', '/api/admin/progress', { signal });
