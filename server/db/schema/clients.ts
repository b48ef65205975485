import { index, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { serviceId, tenantColumns } from './columns.js';

export const clients = pgTable(
  'clients',
  {
    ...tenantColumns,
    name: varchar('name', { length: 255 }).notNull(),
    serviceId: serviceId(),
    syncErrorMessage: text('sync_error_message'),
  },
  (t) => [
    uniqueIndex('clients_org_service_id').on(t.orgId, t.serviceId),
    index('clients_org_created').on(t.orgId, t.createdAt.desc(), t.id.desc()),
    index('clients_org_name').on(t.orgId, t.name),
  ],
);
