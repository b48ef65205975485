import { SYNC_STATUSES } from '../../../shared/records.js';
import { check, index, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { clients } from './clients.js';
import { concurrentIndex, syncProblemsIndex } from './concurrent-index.js';
import { oneOf, serviceId, syncColumns, tenantColumns } from './columns.js';

export const matters = pgTable(
  'matters',
  {
    ...tenantColumns,
    name: varchar('name', { length: 255 }).notNull(),
    // A matter belongs to its client: deleting the client removes its matters (the delete is
    // refused earlier while any of them has payment links).
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    serviceId: serviceId(),
    ...syncColumns,
  },
  (t) => [
    uniqueIndex('matters_org_service_id').on(t.orgId, t.serviceId),
    check('matters_sync_status', oneOf('sync_status', SYNC_STATUSES)),
    concurrentIndex('matters_org_created_id').on(t.orgId, t.createdAt, t.id),
    syncProblemsIndex('matters', t),
    concurrentIndex('matters_org_client_created_id').on(t.orgId, t.clientId, t.createdAt, t.id),
    index('matters_client').on(t.clientId),
  ],
);
