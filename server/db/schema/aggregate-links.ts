import { SYNC_STATUSES } from '../../../shared/records.js';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';
import { oneOf, serviceId, syncColumns, tenantColumns } from './columns.js';
import { concurrentIndex, syncProblemsIndex } from './concurrent-index.js';
import { paymentLinks } from './payment-links.js';

export const aggregateLinks = pgTable(
  'aggregate_links',
  {
    ...tenantColumns,
    name: varchar('name', { length: 255 }),
    serviceId: serviceId(),
    url: text('url'),
    ...syncColumns,
  },
  (t) => [
    uniqueIndex('aggregate_links_org_service_id').on(t.orgId, t.serviceId),
    check('aggregate_links_sync_status', oneOf('sync_status', SYNC_STATUSES)),
    concurrentIndex('aggregate_links_org_created_id').on(t.orgId, t.createdAt, t.id),
    syncProblemsIndex('aggregate_links', t),
  ],
);

/**
 * The spec's AggregateLinkPaymentLink__c junction. It is the source of truth for an aggregate
 * link's members (the API shows them as `paymentLinkIds`, in `position` order); deleting either
 * side removes the row, like master-detail.
 */
export const aggregateLinkPaymentLinks = pgTable(
  'aggregate_link_payment_links',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    aggregateLinkId: uuid('aggregate_link_id')
      .notNull()
      .references(() => aggregateLinks.id, { onDelete: 'cascade' }),
    paymentLinkId: uuid('payment_link_id')
      .notNull()
      .references(() => paymentLinks.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.aggregateLinkId, t.paymentLinkId] }),
    index('aggregate_link_payment_links_payment_link').on(t.paymentLinkId),
  ],
);
