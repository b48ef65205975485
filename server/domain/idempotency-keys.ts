import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../db/index.js';
import { idempotencyKeys } from '../db/schema/index.js';

// The store of idempotent requests (http/idempotency.ts has the rules of the exchange). A key is
// claimed by inserting its row; the first request holds it under a lease while it runs, then
// writes its answer, kept until `expires_at`.

/** How long an answer is kept: a retry within this time gets the first answer. */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;

export interface KeyRef {
  orgId: string;
  key: string;
}

export interface StoredAnswer {
  status: number;
  contentType: string | null;
  body: string;
}

export type Claim =
  | { kind: 'mine' }
  | { kind: 'other_request' }
  | { kind: 'running' }
  | { kind: 'interrupted' }
  | { kind: 'done'; answer: StoredAnswer };

const where = (ref: KeyRef) =>
  and(eq(idempotencyKeys.orgId, ref.orgId), eq(idempotencyKeys.key, ref.key));

/**
 * Claims the key for a request, or says who has it. A row whose time is up counts as absent,
 * and so does the row of an earlier attempt of this same request that lost its lease (its
 * process died) before any write of it committed: running it again changes nothing twice.
 */
export async function claimKey(
  db: Executor,
  ref: KeyRef,
  fingerprint: string,
  leaseMs: number,
): Promise<Claim> {
  const claimed = rowsOf(
    await db.execute(sql`
      insert into idempotency_keys as k (org_id, key, fingerprint, state, lease_until, expires_at)
      values (${ref.orgId}, ${ref.key}, ${fingerprint}, 'running',
        now() + ${leaseMs} * interval '1 millisecond',
        now() + ${IDEMPOTENCY_TTL_MS} * interval '1 millisecond')
      on conflict (org_id, key) do update
      set fingerprint = excluded.fingerprint, state = 'running', committed = false,
          status = null, content_type = null, body = null, lease_until = excluded.lease_until,
          created_at = now(), expires_at = excluded.expires_at
      where k.expires_at <= now()
         or (k.state = 'running' and k.lease_until <= now() and not k.committed
             and k.fingerprint = excluded.fingerprint)
      returning k.key`),
  );
  if (claimed.length > 0) return { kind: 'mine' };
  const [row] = await db.select().from(idempotencyKeys).where(where(ref));
  // Gone between the two statements (expired and swept): claim it again.
  if (!row) return claimKey(db, ref, fingerprint, leaseMs);
  if (row.fingerprint !== fingerprint) return { kind: 'other_request' };
  if (row.state === 'done') {
    return {
      kind: 'done',
      answer: { status: row.status ?? 200, contentType: row.contentType, body: row.body ?? '' },
    };
  }
  return row.leaseUntil.getTime() > Date.now() || !row.committed
    ? { kind: 'running' }
    : { kind: 'interrupted' };
}

/**
 * Whether a request with a stored answer (http/idempotency.ts) used this key and its answer is
 * still kept: a route that keeps its own record (money out) refuses the key then (422).
 */
export async function isKeyAnswered(db: Executor, ref: KeyRef): Promise<boolean> {
  const [row] = await db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(
      and(where(ref), eq(idempotencyKeys.state, 'done'), sql`${idempotencyKeys.expiresAt} > now()`),
    );
  return row !== undefined;
}

/** Keeps the claim of a request that is still running. */
export async function renewKey(db: Executor, ref: KeyRef, leaseMs: number): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ leaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'` })
    .where(and(where(ref), eq(idempotencyKeys.state, 'running')));
}

/** Inside a transaction of the request: if it commits, the request has written something. */
export async function markCommitted(tx: Executor, ref: KeyRef): Promise<void> {
  await tx.update(idempotencyKeys).set({ committed: true }).where(where(ref));
}

/** Whether a transaction of the request committed (markCommitted). */
export async function isCommitted(db: Executor, ref: KeyRef): Promise<boolean> {
  const [row] = await db
    .select({ committed: idempotencyKeys.committed })
    .from(idempotencyKeys)
    .where(where(ref));
  return row?.committed ?? false;
}

/** The request's answer, kept for its retries. */
export async function completeKey(db: Executor, ref: KeyRef, answer: StoredAnswer): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({
      state: 'done',
      status: answer.status,
      contentType: answer.contentType,
      body: answer.body,
    })
    .where(where(ref));
}

/** Lets go of a key whose request kept no answer (it failed): a retry runs it again. */
export async function releaseKey(db: Executor, ref: KeyRef): Promise<void> {
  await db.delete(idempotencyKeys).where(where(ref));
}

/** Deletes answers past their 24 h, a batch at a time; answers how many went. */
export async function pruneIdempotencyKeys(db: Executor, limit = 5_000): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(
      sql`(${idempotencyKeys.orgId}, ${idempotencyKeys.key}) in (
        select org_id, key from idempotency_keys where expires_at <= now() limit ${limit})`,
    )
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}
