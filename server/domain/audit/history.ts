import { createHash } from 'node:crypto';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/index.js';
import { auditHistory, organizations } from '../../db/schema/index.js';

// The tamper-evident history (ABA Model Rule 1.15 asks for five years of trust records; nothing in
// the product deletes these rows). Appends take the organization's chain head row lock
// (audit_heads), so on PostgreSQL concurrent writers chain one after the other; each row's hash
// covers the previous hash and the row's own content, so editing or removing a row breaks the
// chain there, and `verifyHistory()` names the first row that no longer matches.

export type AuditSubject = 'transaction' | 'ledger_entry';

export interface HistoryItem {
  subject: AuditSubject;
  subjectId: string;
  content: Record<string, unknown>;
}

const GENESIS = '0'.repeat(64);

export function chainHash(
  prevHash: string,
  row: { orgId: string; subject: string; subjectId: string; content: string },
): string {
  return createHash('sha256')
    .update([prevHash, row.orgId, row.subject, row.subjectId, row.content].join('\n'))
    .digest('hex');
}

/**
 * Takes the organization's chain head (created on first use) until the transaction ends, and
 * answers its last hash. Writers that also lock other rows take this first, so they all lock in
 * one order (no deadlock between the ledger's totals and the chain).
 */
export async function lockHistory(db: Executor, orgId: string): Promise<string> {
  const [head] = rowsOf<{ last_hash: string }>(
    await db.execute(sql`
      insert into audit_heads as h (org_id, last_hash) values (${orgId}::uuid, ${GENESIS})
      on conflict (org_id) do update set last_hash = h.last_hash
      returning h.last_hash`),
  );
  return head?.last_hash ?? GENESIS;
}

/** Appends to the organization's chain; call inside the transaction that made the change. */
export async function appendHistory(
  db: Executor,
  orgId: string,
  items: readonly HistoryItem[],
): Promise<void> {
  if (items.length === 0) return;
  const prevHash = await lockHistory(db, orgId);
  let prev = prevHash;
  const rows = items.map((item) => {
    const content = JSON.stringify(item.content);
    const hash = chainHash(prev, { orgId, ...item, content });
    const row = {
      orgId,
      subject: item.subject,
      subjectId: item.subjectId,
      content,
      prevHash: prev,
      hash,
    };
    prev = hash;
    return row;
  });
  await db.insert(auditHistory).values(rows);
  await db.execute(sql`update audit_heads set last_hash = ${prev} where org_id = ${orgId}::uuid`);
}

export interface HistoryRow {
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
  const rows = await db
    .select()
    .from(auditHistory)
    .where(and(eq(auditHistory.orgId, orgId), eq(auditHistory.subjectId, subjectId)))
    .orderBy(asc(auditHistory.seq));
  return rows.map((r) => ({
    seq: r.seq,
    subject: r.subject,
    content: JSON.parse(r.content) as unknown,
    hash: r.hash,
    recordedAt: r.recordedAt.toISOString(),
  }));
}

export interface VerifyResult {
  ok: boolean;
  rows: number;
  /** The first row whose hashes do not follow from the rows before it. */
  firstBroken: { orgId: string; seq: number; subject: string; subjectId: string } | null;
}

const PAGE = 5_000;

/** Re-computes the chain of one organization (or of every one). */
export async function verifyHistory(db: Executor, orgId?: string): Promise<VerifyResult> {
  const orgs = orgId
    ? [orgId]
    : (await db.select({ id: organizations.id }).from(organizations)).map((o) => o.id);
  let count = 0;
  for (const org of orgs) {
    let prev = GENESIS;
    let after = 0;
    let lastSeq = 0;
    for (;;) {
      const page = await db
        .select()
        .from(auditHistory)
        .where(and(eq(auditHistory.orgId, org), gt(auditHistory.seq, after)))
        .orderBy(asc(auditHistory.seq))
        .limit(PAGE);
      for (const row of page) {
        count++;
        if (row.prevHash !== prev || chainHash(prev, row) !== row.hash) {
          return {
            ok: false,
            rows: count,
            firstBroken: {
              orgId: org,
              seq: row.seq,
              subject: row.subject,
              subjectId: row.subjectId,
            },
          };
        }
        prev = row.hash;
        lastSeq = row.seq;
      }
      if (page.length < PAGE) break;
      after = page.at(-1)!.seq;
    }
    // A removed last row leaves the head ahead of the chain.
    const [head] = rowsOf<{ last_hash: string }>(
      await db.execute(sql`select last_hash from audit_heads where org_id = ${org}::uuid`),
    );
    if (head && head.last_hash !== prev) {
      return {
        ok: false,
        rows: count,
        // Rows after the last one that still chains are gone.
        firstBroken: { orgId: org, seq: lastSeq + 1, subject: 'missing', subjectId: org },
      };
    }
  }
  return { ok: true, rows: count, firstBroken: null };
}
