import { sql } from 'drizzle-orm';
import { boolean, pgTable, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: 255 }).notNull(),
    // The organization the spec's single-org paths (the Apex-style webhook URL) belong to.
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Set by an operator: the organization's keys, widget tokens and webhooks stop working; its
    // data stays (readable to the operator).
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('organizations_one_default')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
  ],
);
