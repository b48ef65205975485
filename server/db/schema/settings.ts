import { boolean, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';

/** The spec's Settings__c, one row per organization. Secrets are stored encrypted only. */
export const orgSettings = pgTable('org_settings', {
  orgId: uuid('org_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  apiTokenCiphertext: text('api_token_ciphertext'),
  apiTokenLast4: varchar('api_token_last4', { length: 4 }),
  webhookSecretCiphertext: text('webhook_secret_ciphertext'),
  webhookSecretLast4: varchar('webhook_secret_last4', { length: 4 }),
  productionEnvironment: boolean('production_environment').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
