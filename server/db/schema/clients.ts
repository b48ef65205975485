import { SYNC_STATUSES } from '../../../shared/records.js';
import { check, index, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
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
    index('clients_org_created').on(t.orgId, t.createdAt.desc(), t.id.desc()),
    index('clients_org_name').on(t.orgId, t.name),
  ],
);
