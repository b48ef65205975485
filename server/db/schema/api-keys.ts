import { check, index, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { ROLES } from '../../../shared/records.js';
import { oneOf, tenantColumns } from './columns.js';

export const apiKeys = pgTable(
  'api_keys',
  {
    ...tenantColumns,
    name: varchar('name', { length: 100 }).notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    // SHA-256 of the whole key: keys are 256-bit random, so a fast hash is enough to make the
    // stored value useless to someone who reads the table.
    keyHash: varchar('key_hash', { length: 64 }).notNull(),
    // The first characters of the key, shown in listings so people can tell keys apart.
    keyPrefix: varchar('key_prefix', { length: 16 }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash').on(t.keyHash),
    index('api_keys_org_created').on(t.orgId, t.createdAt.desc()),
    check('api_keys_role', oneOf('role', ROLES)),
  ],
);
