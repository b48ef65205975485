import { index, integer, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { orgId, partOf, serviceId, syncColumns, tenantColumns } from './columns.js';
import { syncedRecordIndexes } from './concurrent-index.js';
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
  (t) => [...syncedRecordIndexes('aggregate_links', t)],
);

/**
 * The spec's AggregateLinkPaymentLink__c junction. It is the source of truth for an aggregate
 * link's members (the API shows them as `paymentLinkIds`, in `position` order); deleting either
 * side removes the row, like master-detail.
 */
export const aggregateLinkPaymentLinks = pgTable(
  'aggregate_link_payment_links',
  {
    orgId: orgId(),
    aggregateLinkId: partOf('aggregate_link_id', () => aggregateLinks.id),
    paymentLinkId: partOf('payment_link_id', () => paymentLinks.id),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.aggregateLinkId, t.paymentLinkId] }),
    index('aggregate_link_payment_links_payment_link').on(t.paymentLinkId),
  ],
);
