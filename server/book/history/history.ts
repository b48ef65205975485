import { createHash, createHmac } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/index.js';
import { orgRows } from '../../db/org-rows.js';
import { auditHistory } from '../../db/schema/index.js';
import type { SecretBox } from '../../security/secret-box.js';
import { AUDIT_SUBJECTS, type AuditSubject } from '../../../shared/audit.js';

// The tamper-evident history (ABA Model Rule 1.15 asks for five years of trust records; nothing in
// the product deletes these rows, and a trigger refuses UPDATE and DELETE of them). Every fact a
// report or a refund decision reads is appended here, by the module that writes it, in the same
// transaction. Appends take the organization's chain head row lock (audit_heads), so on
// PostgreSQL concurrent writers chain one after the other.
//
// Each row's hash (hash_version 2) is an HMAC-SHA256, keyed with a key derived from the secrets
// key, of its sequence number, its time, its organization, subject and content, and the previous
// row's hash: a row edited, removed or re-hashed without the key breaks the chain there, and
// `verifyHistory()` (verify.ts) names it. Rows written before the keyed formula (hash_version 1:
// SHA-256 of the previous hash, organization, subject and content) still verify under theirs; the
// first start after the upgrade seals them with a keyed `anchor` row (anchorLegacyHistory).

export { AUDIT_SUBJECTS, type AuditSubject };

interface HistoryItem {
  subject: AuditSubject;
  subjectId: string;
  content: Record<string, unknown>;
}

/** A chain's last row: what an auditor keeps, and `audit:verify --head SEQ:HASH` checks. */
export interface HistoryHead {
  seq: number;
  hash: string;
}

export const GENESIS = '0'.repeat(64);
export const LEGACY_VERSION = 1;
export const KEYED_VERSION = 2;

/** The chain's HMAC key: HKDF of the secrets key with its own label; never stored or shown. */
export class HistoryKey {
  readonly #key: Buffer;

  constructor(box: SecretBox) {
    this.#key = box.deriveKey('audit-history-chain');
  }

  mac(text: string): string {
    return createHmac('sha256', this.#key).update(text).digest('hex');
  }
}

/** hash_version 1 (rows written before the keyed formula): kept so they still verify. */
export function legacyHash(
  prevHash: string,
  row: { orgId: string; subject: string; subjectId: string; content: string },
): string {
  return createHash('sha256')
    .update([prevHash, row.orgId, row.subject, row.subjectId, row.content].join('\n'))
    .digest('hex');
}

/**
 * hash_version 2. Fields are joined by newlines; none can hold one (content is JSON text, whose
 * strings escape it), so no two rows give the same input.
 */
export function keyedHash(
  key: HistoryKey,
  prevHash: string,
  row: {
    seq: number;
    recordedAt: Date;
    orgId: string;
    subject: string;
    subjectId: string;
    content: string;
  },
): string {
  return key.mac(
    [
      'v2',
      String(row.seq),
      row.recordedAt.toISOString(),
      row.orgId,
      row.subject,
      row.subjectId,
      row.content,
      prevHash,
    ].join('\n'),
  );
}

/**
 * Takes the organization's chain head (created on first use) until the transaction ends, and
 * answers its last hash. Writers that also lock other rows take this first, so they all lock in
 * one order (no deadlock between the ledger's totals, stored transactions and the chain).
 */
export async function lockHistory(db: Executor, orgId: string): Promise<string> {
  return (await lockAndNumber(db, orgId, 0)).prev;
}

/** Locks the head and draws `count` sequence numbers, in one statement. */
async function lockAndNumber(
  db: Executor,
  orgId: string,
  count: number,
): Promise<{ prev: string; seqs: number[] }> {
  const [head] = rowsOf<{ last_hash: string; seqs: (string | number)[] | string | null }>(
    await db.execute(sql`
      with h as (
        insert into audit_heads as h (org_id, last_hash) values (${orgId}::uuid, ${GENESIS})
        on conflict (org_id) do update set last_hash = h.last_hash
        returning h.last_hash)
      select h.last_hash, (select array_agg(nextval('audit_history_seq_seq') order by g)
        from generate_series(1, ${count}::int) g) as seqs
      from h`),
  );
  const raw = head?.seqs ?? [];
  // PGlite answers a bigint[] as numbers, postgres.js as a '{1,2}' text on some paths.
  const list = typeof raw === 'string' ? raw.replace(/[{}]/g, '').split(',').filter(Boolean) : raw;
  return { prev: head?.last_hash ?? GENESIS, seqs: list.map(Number).sort((a, b) => a - b) };
}

/** Appends to the organization's chain; call inside the transaction that made the change. */
export async function appendHistory(
  db: Executor,
  key: HistoryKey,
  orgId: string,
  items: readonly HistoryItem[],
): Promise<HistoryHead | null> {
  if (items.length === 0) return null;
  const { prev: prevHash, seqs } = await lockAndNumber(db, orgId, items.length);
  // Milliseconds: the column keeps three digits, and the hash covers the time as stored.
  const recordedAt = new Date();
  let prev = prevHash;
  const rows = items.map((item, i) => {
    const content = JSON.stringify(item.content);
    const seq = seqs[i]!;
    const hash = keyedHash(key, prev, { seq, recordedAt, orgId, ...item, content });
    const row = {
      seq,
      orgId,
      subject: item.subject,
      subjectId: item.subjectId,
      content,
      prevHash: prev,
      hash,
      hashVersion: KEYED_VERSION,
      recordedAt,
    };
    prev = hash;
    return row;
  });
  await db.insert(auditHistory).values(rows);
  await db.execute(sql`update audit_heads set last_hash = ${prev} where org_id = ${orgId}::uuid`);
  return { seq: rows.at(-1)!.seq, hash: prev };
}

/**
 * The first start after the keyed formula: each organization whose chain ends in a legacy row
 * gets a keyed `anchor` row after it, so the legacy rows are fixed by the key from then on (a
 * chain that still ends in a legacy row fails verification). Answers the organizations sealed.
 */
export async function anchorLegacyHistory(db: Executor, key: HistoryKey): Promise<string[]> {
  const open = rowsOf<{ org_id: string; rows: string | number; last_hash: string }>(
    await db.execute(sql`
      select h.org_id, h.last_hash,
        (select count(*) from audit_history a where a.org_id = h.org_id) as rows
      from audit_heads h
      where (select a.hash_version from audit_history a where a.org_id = h.org_id
        order by a.seq desc limit 1) = ${LEGACY_VERSION}`),
  );
  for (const org of open) {
    await appendHistory(db, key, org.org_id, [
      {
        subject: 'anchor',
        subjectId: org.org_id,
        content: { legacyRows: Number(org.rows), legacyHead: org.last_hash },
      },
    ]);
  }
  return open.map((o) => o.org_id);
}

interface HistoryRow {
  seq: number;
  subject: AuditSubject;
  content: unknown;
  hash: string;
  recordedAt: string;
}

/** One subject's history, oldest first. */
export async function historyOf(
  db: Executor,
  orgId: string,
  subjectId: string,
): Promise<HistoryRow[]> {
  const rows = await orgRows(db, auditHistory, orgId, {
    where: [eq(auditHistory.subjectId, subjectId)],
    orderBy: [asc(auditHistory.seq)],
  });
  return rows.map((r) => ({
    seq: r.seq,
    subject: r.subject,
    content: JSON.parse(r.content) as unknown,
    hash: r.hash,
    recordedAt: r.recordedAt.toISOString(),
  }));
}

/** The organization's chain head now (null: nothing recorded yet). */
export async function historyHead(db: Executor, orgId: string): Promise<HistoryHead | null> {
  const [row] = await db
    .select({ seq: auditHistory.seq, hash: auditHistory.hash })
    .from(auditHistory)
    .where(eq(auditHistory.orgId, orgId))
    .orderBy(sql`${auditHistory.seq} desc`)
    .limit(1);
  return row ?? null;
}
