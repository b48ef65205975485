import { index, pgTable, varchar } from 'drizzle-orm/pg-core';
import { concurrentIndex, syncedRecordIndexes } from './concurrent-index.js';
import { serviceId, syncColumns, tenantColumns } from './columns.js';

export const clients = pgTable(
  'clients',
  {
    ...tenantColumns,
    name: varchar('name', { length: 255 }).notNull(),
    serviceId: serviceId(),
    ...syncColumns,
  },
  (t) => [
    ...syncedRecordIndexes('clients', t),
    index('clients_org_name').on(t.orgId, t.name),
    // Client search (`name ILIKE '%…%'`, one request per keystroke of the type-ahead): trigrams
    // find the few matching names without reading every client of the organization. No pending
    // list (fastupdate): a search would read it linearly, and PGlite has no autovacuum to flush it.
    concurrentIndex('clients_name_trgm')
      .using('gin', t.name.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
  ],
);
