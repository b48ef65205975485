import { z } from 'zod';
import { StartupError } from './errors.js';

/** `https://portal.example.com`: a scheme and a host, with no path, as browsers send `Origin`. */
function isOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return /^https?:$/.test(url.protocol) && url.origin === text;
  } catch {
    return false;
  }
}

// Every environment variable the server reads, parsed once at start: a wrong value stops the
// process with a message naming the variable, instead of failing later at first use.
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
    .optional(),
  DATA_DIR: z.string().min(1).default('./.data'),
  ADMIN_API_KEY: z.string().min(24, 'must be at least 24 characters').optional(),
  SECRETS_KEY: z.string().optional(),
  OPERATOR_API_KEY: z.string().min(24, 'must be at least 24 characters').optional(),
  SERVICE_PRODUCTION_URL: z.url().default('https://api.gravity-legal.com/'),
  SERVICE_SANDBOX_URL: z.url().default('https://api.sandbox.gravity-legal.com/'),
  DEMO: z.enum(['auto', '0', '1'], { error: 'must be auto, 0 or 1' }).default('auto'),
  WORKERS: z
    .enum(['0', '1'], { error: 'must be 0 (no sync workers in this process) or 1' })
    .default('1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((text) =>
      text
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.string().refine(isOrigin, {
          error: 'must be comma-separated origins such as https://portal.example.com (no path)',
        }),
      ),
    ),
  RECONCILE_INTERVAL_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(0)
    .default(15 * 60_000),
  JOB_LEASE_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(1_000)
    .default(10_000),
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  METRICS_ORG_LABELS: z.enum(['0', '1'], { error: 'must be 0 or 1' }).default('0'),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  BACKUP_INTERVAL_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .positive('must be more than 0 hours')
    // A timer waits at most 2^31 ms (24.8 days).
    .max(576, 'must be at most 576 hours (24 days)')
    .optional(),
  BACKUP_DIR: z.string().min(1).default('./backups'),
  BACKUP_KEEP: z.coerce
    .number({ error: 'must be a number of backups' })
    .int()
    .min(1, 'must keep at least 1 backup')
    .default(7),
  TRUST_PROXY: z.enum(['0', '1'], { error: 'must be 0 or 1' }).default('0'),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(1_000)
    .default(65_000),
  WEBHOOK_EVENTS_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .int()
    .min(1)
    .default(90),
});

export interface Config {
  port: number;
  host: string;
  publicUrl: string | undefined;
  databaseUrl: string | undefined;
  dataDir: string;
  adminApiKey: string | undefined;
  secretsKey: string | undefined;
  /** Guards the operator API (/api/operator): organizations; without it that API is off. */
  operatorApiKey: string | undefined;
  serviceUrls: { production: string; sandbox: string };
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  /** Demo mode (the simulator mounted as the sandbox): on, off, or auto (when no API token). */
  demo: 'auto' | 'on' | 'off';
  /** Pages on other origins allowed to call the API from a browser (CORS); same-origin needs none. */
  corsOrigins: string[];
  /** Whether the API process also runs the queue worker (WORKERS=0 leaves it to `npm run worker`). */
  workers: boolean;
  /** How often each organization is reconciled with the remote service (0: never). */
  reconcileIntervalMs: number;
  /** How long a worker holds a claimed job before another may take it over (crash recovery). */
  jobLeaseMs: number;
  /** Bearer token of GET /metrics; without it /metrics answers only on a loopback HOST. */
  metricsToken: string | undefined;
  /** Label the remote budget's series by organization id (METRICS_ORG_LABELS=1). */
  metricsOrgLabels: boolean;
  /** Where `npm run worker` serves its own /metrics (on HOST); none without it. */
  metricsPort: number | undefined;
  /** Scheduled backups of the embedded database: every so many hours (none without it). */
  backupIntervalHours: number | undefined;
  /** Where scheduled backups go (and the working copy every online backup makes). */
  backupDir: string;
  /** How many scheduled backups to keep: the oldest beyond it are removed. */
  backupKeep: number;
  /**
   * Behind a proxy (TRUST_PROXY=1): the client's address is the last of X-Forwarded-For (the
   * failed-authentication throttle counts per address).
   */
  trustProxy: boolean;
  /**
   * How long an idle keep-alive connection stays open: longer than the proxy's own idle timeout
   * (60 s for most), so the proxy closes first and never sends on a connection we closed.
   */
  httpKeepAliveTimeoutMs: number;
  /** Processed, ignored and skipped webhook events older than this are deleted (dead ones stay). */
  webhookEventsRetentionDays: number;
}

export class ConfigError extends StartupError {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty variables count as unset, the way shells and .env files usually mean them.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.BACKUP_INTERVAL_HOURS !== undefined && e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  BACKUP_INTERVAL_HOURS: backs up the embedded database; on PostgreSQL (DATABASE_URL) back up with pg_dump',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    adminApiKey: e.ADMIN_API_KEY,
    secretsKey: e.SECRETS_KEY,
    operatorApiKey: e.OPERATOR_API_KEY,
    serviceUrls: { production: e.SERVICE_PRODUCTION_URL, sandbox: e.SERVICE_SANDBOX_URL },
    logLevel: e.LOG_LEVEL,
    corsOrigins: e.CORS_ORIGINS,
    workers: e.WORKERS === '1',
    reconcileIntervalMs: e.RECONCILE_INTERVAL_MS,
    jobLeaseMs: e.JOB_LEASE_MS,
    metricsToken: e.METRICS_TOKEN,
    metricsOrgLabels: e.METRICS_ORG_LABELS === '1',
    metricsPort: e.METRICS_PORT,
    backupIntervalHours: e.BACKUP_INTERVAL_HOURS,
    backupDir: e.BACKUP_DIR,
    backupKeep: e.BACKUP_KEEP,
    trustProxy: e.TRUST_PROXY === '1',
    httpKeepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    webhookEventsRetentionDays: e.WEBHOOK_EVENTS_RETENTION_DAYS,
    demo: e.DEMO === '1' ? 'on' : e.DEMO === '0' ? 'off' : 'auto',
  };
}
