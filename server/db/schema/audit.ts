import { bigserial, index, pgTable, smallint, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { at, orgId, orgKey } from './columns.js';
import { AUDIT_SUBJECTS } from '../../../shared/audit.js';

/**
 * The tamper-evident history: every change of a stored transaction, every ledger entry, money-out
 * request, reconciliation and acknowledgement of a finding, as a row that is never updated or
 * deleted (a trigger refuses both, migration 0023). Each row carries the previous row's hash of its
 * organization (`prev_hash`) and its own (`hash`): HMAC-SHA256 with a key derived from the secrets
 * key over its seq, time, subject, content and prev_hash (hash_version 2; version 1 rows, written
 * before, are SHA-256 without seq, time or key). See server/book/history/history.ts. `content` is
 * the exact JSON text that was hashed (jsonb would reorder it).
 */
export const auditHistory = pgTable(
  'audit_history',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    orgId: orgId(),
    subject: text('subject', { enum: AUDIT_SUBJECTS }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    content: text('content').notNull(),
    prevHash: varchar('prev_hash', { length: 64 }).notNull(),
    hash: varchar('hash', { length: 64 }).notNull(),
    /** 1: SHA-256 (rows written before the keyed formula), 2: the keyed HMAC. */
    hashVersion: smallint('hash_version').notNull().default(1),
    recordedAt: at('recorded_at').notNull().defaultNow(),
  },
  (t) => [
    index('audit_history_org_seq').on(t.orgId, t.seq),
    index('audit_history_subject').on(t.orgId, t.subjectId, t.seq),
  ],
);

/** The last hash of each organization's chain: its row lock orders concurrent appends. */
export const auditHeads = pgTable('audit_heads', {
  orgId: orgKey(),
  lastHash: varchar('last_hash', { length: 64 }).notNull(),
});
