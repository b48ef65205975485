import { boolean, index, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { tenantColumns } from './columns.js';

/**
 * The outbound allowlist (the spec's remote site settings). The built-in `production` and
 * `sandbox` entries have no stored url: theirs is the deployment's configured base address, so
 * pointing SERVICE_SANDBOX_URL at the simulator needs no data migration.
 */
export const remoteSites = pgTable(
  'remote_sites',
  {
    ...tenantColumns,
    name: varchar('name', { length: 40 }).notNull(),
    url: text('url'),
    builtin: boolean('builtin').notNull().default(false),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('remote_sites_org_name').on(t.orgId, t.name),
    index('remote_sites_org_created').on(t.orgId, t.createdAt.desc()),
  ],
);
