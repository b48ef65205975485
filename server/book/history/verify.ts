import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/index.js';
import { auditHistory, organizations } from '../../db/schema/index.js';
import {
  GENESIS,
  KEYED_VERSION,
  LEGACY_VERSION,
  keyedHash,
  legacyHash,
  type HistoryHead,
  type HistoryKey,
} from './history.js';
import { ChainFacts } from './chain-facts.js';
import { compareLive, type Difference } from './rebuild.js';

// `npm run audit:verify` and GET /api/admin/audit/verify: re-computes each organization's chain
// (keyed rows with the key, legacy rows with their formula), names the first row that does not
// follow, then rebuilds what the chain says the live tables hold (ledger entries and their running
// balances, per-client/matter and account totals, month totals, stored transactions, money-out
// requests, reconciliations, acknowledgements) and names every row that differs (rebuild.ts).

type BrokenReason =
  /** The row's hash is not the hash of its fields (edited, back-dated, or re-hashed without the key). */
  | 'hash'
  /** The row's prev_hash is not the row before it (a row before it was removed or inserted). */
  | 'link'
  /** A legacy (unkeyed) row after a keyed one: rewritten with the old formula. */
  | 'legacy_after_keyed'
  /** The chain ends in legacy rows with no keyed anchor after them. */
  | 'unanchored'
  /** The chain's head (audit_heads) is ahead of its last row: rows at the end were removed. */
  | 'missing'
  /** The head an auditor kept (`--head SEQ:HASH`) is not in the chain any more, or differs. */
  | 'head_not_found';

interface BrokenRow {
  orgId: string;
  seq: number;
  subject: string;
  subjectId: string;
  reason: BrokenReason;
}

export interface VerifyResult {
  ok: boolean;
  rows: number;
  /** The first row whose hashes do not follow from the rows before it. */
  firstBroken: BrokenRow | null;
  /** Each organization's chain head as verified: keep one to check later with `--head`. */
  heads: (HistoryHead & { orgId: string })[];
  /** Live rows that differ from what the chain says (at most MAX_LISTED; `differenceCount` all). */
  differences: Difference[];
  differenceCount: number;
}

const PAGE = 5_000;
const MAX_LISTED = 200;

/** `SEQ:HASH`, as printed on reconciliations and backups. */
export function parseHead(text: string): HistoryHead {
  const match = /^(\d+):([0-9a-f]{64})$/.exec(text.trim());
  if (!match)
    throw new Error(`A head is SEQ:HASH (a number, a colon, 64 hex digits), not "${text}"`);
  return { seq: Number(match[1]), hash: match[2]! };
}

interface OrgChain {
  broken: BrokenRow | null;
  rows: number;
  head: HistoryHead | null;
  /** The kept head was seen in this chain with its hash. */
  keptFound: boolean;
  facts: ChainFacts;
}

async function walkChain(
  db: Executor,
  key: HistoryKey,
  orgId: string,
  kept: HistoryHead | undefined,
): Promise<OrgChain> {
  const facts = new ChainFacts();
  let prev = GENESIS;
  let after = 0;
  let rows = 0;
  let last: { seq: number; version: number } | null = null;
  let keyedSeen = false;
  let keptFound = false;
  const broken = (row: { seq: number; subject: string; subjectId: string }, reason: BrokenReason) =>
    ({
      broken: { orgId, seq: row.seq, subject: row.subject, subjectId: row.subjectId, reason },
      rows,
      head: null,
      keptFound,
      facts,
    }) satisfies OrgChain;
  for (;;) {
    const page = await db
      .select()
      .from(auditHistory)
      .where(and(eq(auditHistory.orgId, orgId), gt(auditHistory.seq, after)))
      .orderBy(asc(auditHistory.seq))
      .limit(PAGE);
    for (const row of page) {
      rows++;
      if (row.prevHash !== prev) return broken(row, 'link');
      if (row.hashVersion === LEGACY_VERSION) {
        if (keyedSeen) return broken(row, 'legacy_after_keyed');
        if (legacyHash(prev, row) !== row.hash) return broken(row, 'hash');
      } else if (row.hashVersion !== KEYED_VERSION || keyedHash(key, prev, row) !== row.hash) {
        return broken(row, 'hash');
      } else keyedSeen = true;
      if (kept && row.seq === kept.seq) {
        if (row.hash !== kept.hash) return broken(row, 'head_not_found');
        keptFound = true;
      }
      facts.add(row.subject, row.subjectId, row.content);
      prev = row.hash;
      last = { seq: row.seq, version: row.hashVersion };
    }
    if (page.length < PAGE) break;
    after = page.at(-1)!.seq;
  }
  const [head] = rowsOf<{ last_hash: string }>(
    await db.execute(sql`select last_hash from audit_heads where org_id = ${orgId}::uuid`),
  );
  const lastSeq = last?.seq ?? 0;
  // A removed last row leaves the head ahead of the chain.
  if (head && head.last_hash !== prev) {
    return broken({ seq: lastSeq + 1, subject: 'missing', subjectId: orgId }, 'missing');
  }
  if (last && last.version === LEGACY_VERSION) {
    return broken({ seq: last.seq, subject: 'anchor', subjectId: orgId }, 'unanchored');
  }
  return { broken: null, rows, head: last ? { seq: lastSeq, hash: prev } : null, keptFound, facts };
}

/**
 * Verifies one organization's chain (or every one's) and compares the live tables with it. With
 * `kept` (a head printed earlier), also proves that head is still in the chain with its hash: a
 * tail cut off, and the head moved back, is caught there.
 */
export async function verifyHistory(
  db: Executor,
  key: HistoryKey,
  orgId?: string,
  kept?: HistoryHead,
): Promise<VerifyResult> {
  const orgs = orgId
    ? [orgId]
    : (await db.select({ id: organizations.id }).from(organizations)).map((o) => o.id);
  let rows = 0;
  let keptFound = false;
  const heads: VerifyResult['heads'] = [];
  const differences: Difference[] = [];
  let differenceCount = 0;
  for (const org of orgs) {
    // The chain and the live tables read at one instant (a snapshot): money written meanwhile is
    // in neither, so a system at work is never reported as tampered with.
    const { chain, live } = await db.transaction(
      async (tx) => {
        const walked = await walkChain(tx, key, org, kept);
        const found = walked.broken ? [] : await compareLive(tx, org, walked.facts);
        return { chain: walked, live: found };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    rows += chain.rows;
    if (chain.broken) {
      return { ok: false, rows, firstBroken: chain.broken, heads, differences, differenceCount };
    }
    keptFound ||= chain.keptFound;
    if (chain.head) heads.push({ orgId: org, ...chain.head });
    for (const difference of live) {
      differenceCount++;
      if (differences.length < MAX_LISTED) differences.push(difference);
    }
  }
  if (kept && !keptFound) {
    const firstBroken: BrokenRow = {
      orgId: orgId ?? '',
      seq: kept.seq,
      subject: 'missing',
      subjectId: orgId ?? '',
      reason: 'head_not_found',
    };
    return { ok: false, rows, firstBroken, heads, differences, differenceCount };
  }
  return {
    ok: differenceCount === 0,
    rows,
    firstBroken: null,
    heads,
    differences,
    differenceCount,
  };
}
