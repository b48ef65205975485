import { index, pgTable, varchar } from 'drizzle-orm/pg-core';
import { clients } from './clients.js';
import { listIndex, syncedRecordIndexes } from './concurrent-index.js';
import { partOf, serviceId, syncColumns, tenantColumns } from './columns.js';

export const matters = pgTable(
  'matters',
  {
    ...tenantColumns,
    name: varchar('name', { length: 255 }).notNull(),
    // A matter belongs to its client: deleting the client removes its matters (the delete is
    // refused earlier while any of them has payment links).
    clientId: partOf('client_id', () => clients.id),
    serviceId: serviceId(),
    ...syncColumns,
  },
  (t) => [
    ...syncedRecordIndexes('matters', t),
    listIndex('matters_org_client_created_id', t, t.clientId, t.createdAt),
    index('matters_client').on(t.clientId),
  ],
);
