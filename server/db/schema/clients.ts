import { SYNC_STATUSES } from '../../../shared/records.js';
import { check, index, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { concurrentIndex, syncProblemsIndex } from './concurrent-index.js';
import { oneOf, serviceId, syncColumns, tenantColumns } from './columns.js';

export const clients = pgTable(
  'clients',
  {
    ...tenantColumns,
    name: varchar('name', { length: 255 }).notNull(),
    serviceId: serviceId(),
    ...syncColumns,
  },
  (t) => [
    uniqueIndex('clients_org_service_id').on(t.orgId, t.serviceId),
    check('clients_sync_status', oneOf('sync_status', SYNC_STATUSES)),
    concurrentIndex('clients_org_created_id').on(t.orgId, t.createdAt, t.id),
    syncProblemsIndex('clients', t),
    index('clients_org_name').on(t.orgId, t.name),
    // Client search (`name ILIKE '%…%'`, one request per keystroke of the type-ahead): trigrams
    // find the few matching names without reading every client of the organization. No pending
    // list (fastupdate): a search would read it linearly, and PGlite has no autovacuum to flush it.
    concurrentIndex('clients_name_trgm')
      .using('gin', t.name.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
  ],
);
