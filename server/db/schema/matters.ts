import { index, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { clients } from './clients.js';
import { serviceId, tenantColumns } from './columns.js';

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
    syncErrorMessage: text('sync_error_message'),
  },
  (t) => [
    uniqueIndex('matters_org_service_id').on(t.orgId, t.serviceId),
    index('matters_org_created').on(t.orgId, t.createdAt.desc(), t.id.desc()),
    index('matters_client').on(t.clientId),
  ],
);
