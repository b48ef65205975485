import type { Role } from '../../shared/records.js';
import type { Config } from '../config.js';
import type { Database, DatabaseHandle } from '../db/index.js';
import type { Logger } from '../logger.js';
import type { Metrics } from '../metrics/metrics.js';
import type { SecretBox } from '../security/secret-box.js';
import type { SyncService } from '../sync/service.js';
import type { Demo } from '../demo.js';

/** What the app is built from: main.ts and tests make these, handlers only read them. */
export interface AppDeps {
  database: DatabaseHandle;
  logger: Logger;
  config: Config;
  secretBox: SecretBox;
  sync: SyncService;
  /** This runtime's metrics (GET /metrics); without them /metrics answers 404. */
  metrics?: Metrics;
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
}

export interface AppEnv {
  Variables: {
    db: Database;
    deps: AppDeps;
    requestId: string;
    caller: Caller;
  };
}
