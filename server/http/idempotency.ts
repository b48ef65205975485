import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  IDEMPOTENCY_KEY_PROBLEM,
  isIdempotencyKey,
} from '../../shared/idempotency.js';
import type { Database, Executor } from '../db/index.js';
import {
  claimKey,
  completeKey,
  isCommitted,
  markCommitted,
  releaseKey,
  renewKey,
  type KeyRef,
  type StoredAnswer,
} from '../domain/idempotency-keys.js';
import { conflict, errorMessage, idempotencyKeyReused, invalidInput } from '../errors.js';
import { findRequestByKey } from '../book/money-out/requests.js';
import type { AppEnv } from './context.js';

// Idempotent POSTs (every create and action of the API). A request with an `Idempotency-Key`
// runs once per organization and key: the same key and body again answer the first answer (its
// status and body, for 24 h), the same key with another request is 422, and a request arriving
// while the first still runs waits for it. Only a 2xx is kept (or an answer to a request that
// wrote something): after a refusal the caller may correct the request and send it again.
//
// A request cut short (its process died) is run again by its retry once its lease lapsed, if
// none of its writes committed: every transaction of the request also marks the key, so a
// commit and the mark go together. One that committed and lost its answer is 409: its changes
// are there, its answer is not, and running it again would make them twice.

/** The first request's hold on its key; renewed while it runs, so only a dead one lapses. */
const LEASE_MS = 30_000;
/** How long a request waits for the first with its key before it is told to try later. */
const WAIT_MS = 60_000;

/** The database for the request's handler: each transaction it commits marks the key too. */
function markingCommits(db: Database, ref: KeyRef): Database {
  const wrapped = Object.create(db) as Database;
  wrapped.transaction = ((fn: (tx: Executor) => Promise<unknown>, config?: unknown) =>
    db.transaction(async (tx) => {
      await markCommitted(tx, ref);
      return fn(tx);
    }, config as never)) as Database['transaction'];
  return wrapped;
}

function fingerprintOf(method: string, path: string, body: ArrayBuffer): string {
  return createHash('sha256')
    .update(`${method}\0${path}\0`)
    .update(new Uint8Array(body))
    .digest('hex');
}

/** The first answer again, with the headers every answer of the app gets. */
function replay(c: Context<AppEnv>, answer: StoredAnswer, context: string): Response {
  const body = c.get('deps').secretBox.open(answer.body, context);
  c.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  if (answer.contentType) c.header('content-type', answer.contentType);
  return c.body(body, answer.status as ContentfulStatusCode);
}

async function runFirst(
  c: Context<AppEnv>,
  next: () => Promise<void>,
  ref: KeyRef,
  context: string,
): Promise<void> {
  const db = c.get('db');
  const { logger, secretBox } = c.get('deps');
  const renew = setInterval(() => {
    renewKey(db, ref, LEASE_MS).catch(() => {});
  }, LEASE_MS / 3);
  renew.unref();
  c.set('db', markingCommits(db, ref));
  try {
    await next();
  } catch (error) {
    // Thrown past the error handler: a failure like any other, kept only if it wrote something.
    if (!(await isCommitted(db, ref).catch(() => true))) await releaseKey(db, ref).catch(() => {});
    throw error;
  } finally {
    clearInterval(renew);
  }
  const res = c.res;
  // A refusal is kept only if something was written before it: running it again would not
  // find the state the first run found.
  const keep = (res.status >= 200 && res.status < 300) || (await isCommitted(db, ref));
  if (!keep) {
    await releaseKey(db, ref).catch(() => {});
    return;
  }
  try {
    await completeKey(db, ref, {
      status: res.status,
      contentType: res.headers.get('content-type'),
      body: secretBox.seal(await res.clone().text(), context),
    });
  } catch (error) {
    // The caller still gets this answer. A retry finds the key running: once its lease lapsed,
    // it is told the answer is lost (its writes committed) rather than run twice.
    logger.error({ err: errorMessage(error) }, 'idempotency: the answer could not be kept');
  }
}

/**
 * Stored answers, for the POST routes of every router that declares them (router.ts: each
 * router says `idempotency: 'stored'`, the default, or `'own'` when its routes keep their own
 * exactly-once record, as money out does: it stores its request and the remote externalId
 * derived from the key before the remote call, answers its current state (a 202 becomes a 200
 * once completed) and finishes a crashed request after a restart, none of which a stored first
 * answer could do). The actions route declares it per action (routes/actions.ts).
 */
export function storedAnswers(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    const caller = c.get('caller');
    if (c.req.method !== 'POST' || key === undefined || !caller) return next();
    checkIdempotencyKey(key);
    const ref = { orgId: caller.orgId, key };
    // Keys are the organization's across every route: one a refund or void used is refused.
    if (await findRequestByKey(c.get('db'), ref.orgId, key)) throw idempotencyKeyReused();
    const context = `idempotency:${ref.orgId}:${ref.key}`;
    const fingerprint = fingerprintOf(c.req.method, c.req.path, await c.req.arrayBuffer());
    const deadline = Date.now() + WAIT_MS;
    for (let wait = 20; ; wait = Math.min(wait * 2, 250)) {
      const claim = await claimKey(c.get('db'), ref, fingerprint, LEASE_MS);
      switch (claim.kind) {
        case 'mine':
          return runFirst(c, next, ref, context);
        case 'done':
          return replay(c, claim.answer, context);
        case 'other_request':
          throw idempotencyKeyReused();
        case 'interrupted':
          throw conflict(
            `The first request with this ${IDEMPOTENCY_HEADER} was cut short after it wrote its changes, and its answer was lost: read the records to see them (a new key would make them again)`,
          );
        case 'running':
          if (Date.now() > deadline) {
            throw conflict(
              `A request with this ${IDEMPOTENCY_HEADER} is still running: try again in a moment`,
            );
          }
          await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  };
}

/** The one check of an Idempotency-Key header, for every route (400 with the one message). */
function checkIdempotencyKey(key: string): void {
  if (!isIdempotencyKey(key)) {
    throw invalidInput(`The ${IDEMPOTENCY_HEADER} header is not valid`, {
      [IDEMPOTENCY_HEADER]: [IDEMPOTENCY_KEY_PROBLEM],
    });
  }
}

/** A request's Idempotency-Key header, checked; for the routes that keep their own record. */
export function idempotencyKeyOf(c: Context<AppEnv>): string | undefined {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (key !== undefined) checkIdempotencyKey(key);
  return key;
}
