// The webhook pipeline's records as the admin API answers them: the inbox of received events,
// integration health and reconciliation. The database constraints, the server's validation and
// the settings widget share these lists and types.
import { z } from 'zod';
import { listQuery } from './schemas.js';
import { trustFindingCounts } from './trust-findings.js';

/**
 * Where a received event stands: `received` (stored, not processed yet), `processed` (its
 * transactions are upserted), `ignored` (a kind we do not handle), `skipped` (all its
 * transactions are payouts or zero amounts), `failed` (an attempt failed; it will be retried),
 * `dead` (no more attempts: an admin may replay it).
 */
export const WEBHOOK_EVENT_STATUSES = [
  'received',
  'processed',
  'ignored',
  'skipped',
  'failed',
  'dead',
] as const;
export type WebhookEventStatus = (typeof WEBHOOK_EVENT_STATUSES)[number];

/**
 * The kinds the pipeline turns into transactions (the spec's Events, chargebacks, and the
 * completion of the refund and void requests we make) or statements (`statement.created`);
 * others are ignored. The remote documents no chargeback kind: any other `transaction.*` kind
 * that names a transaction is fetched too (server/webhooks/receiver/events.ts).
 */
export const SUPPORTED_WEBHOOK_KINDS = [
  'transaction.created',
  'transaction.deposited',
  'transaction.funds_in_transit',
  'transaction.ach_returned',
  'transaction.refunded',
  'transaction.partially_refunded',
  'transaction.voided',
  'refund_request.completed',
  'void_request.completed',
  'transaction.charged_back',
  'transaction.chargeback_reversed',
  'statement.created',
] as const;
export type SupportedWebhookKind = (typeof SUPPORTED_WEBHOOK_KINDS)[number];

export const webhookEventRecord = z.object({
  id: z.uuid(),
  eventId: z.string(),
  type: z.string(),
  status: z.enum(WEBHOOK_EVENT_STATUSES),
  error: z.string().nullable(),
  attempts: z.number().int(),
  /** The remote transaction ids the event named (and the originals they reverse). */
  transactionIds: z.array(z.string()),
  receivedAt: z.iso.datetime(),
  processedAt: z.iso.datetime().nullable(),
  /**
   * When an admin acknowledged it (a dead event not to be replayed; it then ages out with the
   * retention). The server always sends it; optional for readers of older servers.
   */
  acknowledgedAt: z.iso.datetime().nullable().optional(),
  updatedAt: z.iso.datetime(),
});
export type WebhookEventRecord = z.infer<typeof webhookEventRecord>;

export const acknowledgeResult = z.object({ acknowledgedAt: z.iso.datetime() });

export const webhookEventListQuery = listQuery.extend({
  status: z.enum(WEBHOOK_EVENT_STATUSES, { error: 'must be one of the event statuses' }).optional(),
});
export type WebhookEventListQuery = z.infer<typeof webhookEventListQuery>;

export const replayResult = z.object({ replayed: z.number().int() });
export type ReplayResult = z.infer<typeof replayResult>;

export const reconcileResult = z.object({
  /** Remote transactions created since the watermark (pulled with transactionsList). */
  pulled: z.number().int(),
  /** Local transactions that were not final, fetched again. */
  refreshed: z.number().int(),
  /** Upserts handed to the transaction stage. */
  enqueued: z.number().int(),
  /** Statements of the previous and current month that were new or corrected, stored. */
  statementsStored: z.number().int().default(0),
  /** Everything created before this is known. */
  watermark: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime(),
});
export type ReconcileResult = z.infer<typeof reconcileResult>;

export const integrationHealth = z.object({
  environment: z.enum(['production', 'sandbox']),
  /** Whether the API key works (`me`): the firm behind it, or the remote's message. */
  apiKey: z.object({
    isSet: z.boolean(),
    ok: z.boolean(),
    firm: z.object({ id: z.string(), name: z.string() }).nullable(),
    role: z.string().nullable(),
    error: z.string().nullable(),
  }),
  webhookSecret: z.object({
    isSet: z.boolean(),
    /** A replaced secret still accepted until this time (rotation), or null. */
    previousValidUntil: z.iso.datetime().nullable(),
  }),
  webhooks: z.object({
    lastReceivedAt: z.iso.datetime().nullable(),
    lastVerifiedAt: z.iso.datetime().nullable(),
    /** Requests whose signature was missing or wrong, in the last 24 hours (whole hours). */
    failedVerifications24h: z.number().int(),
    deadEvents: z.number().int(),
    /** The URLs registered with the remote service (webhookUrlsList), or null if unknown. */
    urls: z
      .array(
        z.object({
          url: z.string(),
          disabled: z.boolean(),
          enabledWebhooks: z.array(z.string()),
        }),
      )
      .nullable(),
    /** Whether the remote service disabled one of them (no 2xx for a day). */
    urlDisabled: z.boolean().nullable(),
    urlsError: z.string().nullable(),
    /**
     * The endpoint this server manages at the service (registered on save, at start and
     * periodically): what the last check found and did, or null before the first check.
     */
    endpoint: z
      .object({
        registered: z.boolean(),
        url: z.string().nullable(),
        disabled: z.boolean().nullable(),
        action: z.string().nullable(),
        checkedAt: z.iso.datetime().nullable(),
        error: z.string().nullable(),
      })
      .nullable()
      .optional(),
  }),
  bankAccounts: z.object({ lastSyncedAt: z.iso.datetime().nullable() }),
  reconciliation: z.object({
    lastStartedAt: z.iso.datetime().nullable(),
    lastFinishedAt: z.iso.datetime().nullable(),
    lastError: z.string().nullable(),
    watermark: z.iso.datetime().nullable(),
  }),
  /** Records whose sync is failing and dead removals (GET /api/admin/sync-problems). */
  sync: z.object({ problems: z.number().int() }),
  /**
   * Unresolved trust-safety findings (GET /api/admin/trust-findings). The server always sends
   * it; optional for readers of older servers.
   */
  trustFindings: trustFindingCounts.optional(),
  /**
   * Online backups of the embedded database (npm run backup, BACKUP_INTERVAL_HOURS), in the
   * default organization's health; null elsewhere and on PostgreSQL (pg_dump's).
   */
  backups: z
    .object({
      /** Scheduled every `intervalHours` (BACKUP_INTERVAL_HOURS), or on demand only. */
      scheduled: z.boolean(),
      intervalHours: z.number().nullable(),
      running: z.boolean(),
      lastBackupAt: z.iso.datetime().nullable(),
      /** Bytes of the last backup (compressed); null when not known. */
      lastSizeBytes: z.number().int().nullable(),
      lastDurationSeconds: z.number().nullable(),
      /** Failures since the last success. */
      failures: z.number().int(),
      lastFailureAt: z.iso.datetime().nullable(),
      lastError: z.string().nullable(),
      nextAt: z.iso.datetime().nullable(),
    })
    .nullable()
    .optional(),
});
export type IntegrationHealth = z.infer<typeof integrationHealth>;
