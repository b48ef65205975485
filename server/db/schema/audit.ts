import { bigserial, index, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';

/**
 * The tamper-evident history: every change of a stored transaction and every ledger entry, as
 * a row that is never updated or deleted. Each row carries the SHA-256 of the previous row of its
 * organization (`prev_hash`) and of its own content chained to it (`hash`), so an edited or
 * removed row breaks the chain at that row (server/domain/audit/history.ts). `content` is the
 * exact JSON text that was hashed (jsonb would reorder it).
 */
export const auditHistory = pgTable(
  'audit_history',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    subject: text('subject', { enum: ['transaction', 'ledger_entry'] }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    content: text('content').notNull(),
    prevHash: varchar('prev_hash', { length: 64 }).notNull(),
    hash: varchar('hash', { length: 64 }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true, precision: 3 })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    index('audit_history_org_seq').on(t.orgId, t.seq),
    index('audit_history_subject').on(t.orgId, t.subjectId, t.seq),
  ],
);

/** The last hash of each organization's chain: its row lock orders concurrent appends. */
export const auditHeads = pgTable('audit_heads', {
  orgId: uuid('org_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  lastHash: varchar('last_hash', { length: 64 }).notNull(),
});
