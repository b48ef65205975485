import type { ActingPerson } from '../../shared/people.js';
import type { Role } from '../../shared/records.js';
import type { BackupService } from '../backup/service.js';
import type { Config } from '../config.js';
import type { Database, DatabaseHandle } from '../db/index.js';
import type { HistoryKey } from '../book/history/history.js';
import type { Logger } from '../logger.js';
import type { Metrics } from '../metrics/metrics.js';
import type { Worker } from '../queue/worker.js';
import type { RemoteApi } from '../remote/index.js';
import type { SecretBox } from '../security/secret-box.js';
import type { WidgetTokenSigner } from '../security/widget-tokens.js';
import type { SyncService } from '../sync/service.js';
import type { Demo } from '../demo.js';
import type { AuthThrottle } from './auth-throttle.js';
import type { WebhookReceiverState } from '../webhooks/receiver/receiver-state.js';

/**
 * What the app is built from: openRuntime (server/runtime.ts) makes these, once per process, for
 * main.ts, the worker, tests and benches alike; handlers only read them. Whatever a service keeps
 * between requests (caches, counters, signers) is one of these, never a module-level variable.
 */
export interface AppDeps {
  database: DatabaseHandle;
  logger: Logger;
  config: Config;
  secretBox: SecretBox;
  /** The process's client of the remote service, shared by the sync and the webhook pipeline. */
  remote: RemoteApi;
  /** The process's queue worker: it runs the jobs of both pipelines (started where workers run). */
  worker: Worker;
  /** The outbound sync: a record's job run now (`syncNow`), the healing of failed syncs. */
  sync: SyncService;
  // --- The process's services, built by openRuntime: add new ones (e.g. metrics) here. ---
  /** The webhook receiver's secrets cache, inbox writer and rejection counter. */
  webhooks: WebhookReceiverState;
  /** Keys the tamper-evident history chain (HMAC, derived from the secrets key). */
  historyKey: HistoryKey;
  /** Issues and verifies widget tokens with the key derived from the secrets key. */
  widgetTokens: WidgetTokenSigner;
  /** This runtime's metrics (GET /metrics, and a worker's METRICS_PORT). */
  metrics: Metrics;
  /** Online backups of the embedded database (POST /api/operator/backup, the schedule). */
  backups: BackupService;
  /** Failed authentications per client address (429 past the limit). */
  authThrottle: AuthThrottle;
  // --- End of the process's services. ---
  /** Present in demo mode: the simulator mounted as the sandbox. */
  demo?: Demo;
}

export interface Caller {
  orgId: string;
  role: Role;
  /** The API key presented, or the one that issued the widget token (null: issued by the server). */
  keyId: string | null;
  /** Widget tokens may not manage API keys or issue further tokens; the operator only reads. */
  kind: 'api-key' | 'widget-token' | 'operator';
  /**
   * The person acting (docs/api.md#people-and-approvals): a widget token's user, an admin key's
   * X-Acting-User, else the key's label; null where none is known (a server-issued token, the
   * operator). Read it with personOf() (http/people.ts).
   */
  person: ActingPerson | null;
}

/** Who did it, as stored beside what they did (a ledger entry, an acknowledgement): `api-key:<id>`. */
export const actorOf = (caller: Caller): string => `${caller.kind}:${caller.keyId ?? 'server'}`;

export interface AppEnv {
  Variables: {
    db: Database;
    deps: AppDeps;
    requestId: string;
    caller: Caller;
  };
}
