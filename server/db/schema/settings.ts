import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { orgKey } from './columns.js';

/** The spec's Settings__c, one row per organization. Secrets are stored encrypted only. */
export const orgSettings = pgTable('org_settings', {
  orgId: orgKey(),
  apiTokenCiphertext: text('api_token_ciphertext'),
  apiTokenLast4: varchar('api_token_last4', { length: 4 }),
  webhookSecretCiphertext: text('webhook_secret_ciphertext'),
  webhookSecretLast4: varchar('webhook_secret_last4', { length: 4 }),
  // Rotation: the secret an admin replaced stays valid until its expiry, so webhooks the remote
  // already signed with it (or sends before its own secret is changed) are still accepted.
  webhookSecretPreviousCiphertext: text('webhook_secret_previous_ciphertext'),
  webhookSecretPreviousLast4: varchar('webhook_secret_previous_last4', { length: 4 }),
  webhookSecretPreviousExpiresAt: timestamp('webhook_secret_previous_expires_at', {
    withTimezone: true,
  }),
  productionEnvironment: boolean('production_environment').notNull().default(false),
  // Demo mode: the address of the simulator this organization's remote calls go to (the one
  // mounted in the API process). Stored, not configured, so every process (workers too) sends
  // the organization's calls to the same place, and saving a real token clears it at once.
  demoServiceUrl: text('demo_service_url'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  // The page origins (`https://portal.example.com`) whose pages may use this organization's
  // keys and widget tokens, besides CORS_ORIGINS. Read per request, so a change needs no restart.
  allowedOrigins: text('allowed_origins')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  // The firm's time zone (IANA, `America/New_York`): which day and month a payment, an entry or
  // an `asOf` belongs to. Null: the server's.
  timeZone: varchar('time_zone', { length: 64 }),
  // No index: one row per organization, and CORS asks "does any allow this origin?" only for
  // pages whose origin CORS_ORIGINS does not list.
  /** Money out beyond the trust guard (a refund, void, disbursement or transfer) waits for a second admin (server/book/approvals). */
  requireSecondApprover: boolean('require_second_approver').notNull().default(false),
  // Days after which a payment the service has not reported in transit or deposited counts as
  // collected trust money (available to the trust guard); null: never by time alone.
  collectedAfterDays: integer('collected_after_days').default(5),
  // The firm's reminder cadence of payment requests: days after the first email (server/money-in/).
  reminderDays: integer('reminder_days')
    .array()
    .notNull()
    .default(sql`'{3,7,14}'::integer[]`),
});
