import type { DatabaseHandle } from '../../db/index.js';
import { AppError, errorMessage } from '../../errors.js';
import type { Logger } from '../../logger.js';
import type { Worker } from '../../queue/worker.js';
import { parseEvents } from './events.js';
import type { StoreResult } from './inbox-writer.js';
import type { WebhookReceiverState } from './receiver-state.js';
import { liveSecrets } from './secrets-cache.js';
import { verifySignature } from './signature.js';

// The receiver (the spec's Apex REST endpoint): authenticate a webhook by its signature alone,
// then store its events durably and answer. Anything that goes wrong before the events are
// committed is answered so that the remote does the right thing: 401 for a missing or wrong
// signature (nothing stored), 400 for a body that is not events (nothing stored), 503 when the
// database cannot take them (the remote retries).

/** Which organization a webhook is for: the default one, or the one in the URL. */
export type WebhookTarget = { kind: 'default' } | { kind: 'org'; orgId: string };

/** What the receiver uses of the app's dependencies (the http layer passes its AppDeps). */
interface ReceiverDeps {
  logger: Logger;
  /** Told of a write that failed for want of disk space (not ready until writes work again). */
  database?: Pick<DatabaseHandle, 'diskSpace'>;
  /** This process's queue worker, woken when events are stored. */
  worker: Pick<Worker, 'kick'>;
  webhooks: WebhookReceiverState;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// The same answer whatever failed (no org, no secret, no header, wrong signature): a caller
// without the secret learns nothing, not even whether the organization exists.
const refused = () => new AppError('unauthorized', 'The webhook signature is missing or not valid');

/** The database did not answer: the remote should send it again later. */
function unavailable(deps: ReceiverDeps, error: unknown): AppError {
  if (error instanceof AppError) return error;
  deps.database?.diskSpace.report(error);
  deps.logger.warn(
    { err: errorMessage(error).slice(0, 300) },
    'webhook not stored: database unavailable',
  );
  return new AppError(
    'not_ready',
    'The webhook could not be stored right now; send it again later',
  );
}

/**
 * Checks the signature and answers the organization it verified for; throws 401 (logging why,
 * never the body or the signature) or 503. The benchmark's bare route calls this alone.
 */
export async function verifyWebhook(
  deps: ReceiverDeps,
  target: WebhookTarget,
  raw: Uint8Array,
  signature: string | undefined,
): Promise<string> {
  const { secrets } = deps.webhooks;
  let orgId: string | null;
  let entry;
  try {
    orgId = target.kind === 'default' ? await secrets.defaultOrgId() : target.orgId;
    if (orgId && !UUID.test(orgId)) orgId = null;
    entry = orgId ? await secrets.get(orgId) : null;
  } catch (error) {
    throw unavailable(deps, error);
  }
  if (!orgId || !entry?.value) {
    deps.logger.warn({ reason: 'unknown organization' }, 'webhook refused');
    throw refused();
  }
  let ok = verifySignature(raw, signature, liveSecrets(entry.value));
  if (!ok && signature) {
    try {
      const fresh = await secrets.refresh(orgId);
      if (fresh?.value) {
        entry = fresh;
        ok = verifySignature(raw, signature, liveSecrets(fresh.value));
      }
    } catch (error) {
      throw unavailable(deps, error);
    }
  }
  if (ok) return orgId;

  const reason =
    entry.value && liveSecrets(entry.value).length === 0
      ? 'no webhook secret is configured for this organization'
      : signature
        ? 'the signature does not match'
        : 'the X-SIGNATURE header is missing';
  deps.logger.warn({ orgId, reason }, 'webhook signature verification failed');
  deps.webhooks.rejections.add(orgId);
  throw refused();
}

/** Verify, parse, store: the whole receiver. Answers once the events are committed. */
export async function receiveWebhook(
  deps: ReceiverDeps,
  target: WebhookTarget,
  raw: Uint8Array,
  signature: string | undefined,
): Promise<StoreResult> {
  // Counted in hand while answered: the worker in this process gives way to a burst.
  return deps.webhooks.load.track(() => receive(deps, target, raw, signature));
}

async function receive(
  deps: ReceiverDeps,
  target: WebhookTarget,
  raw: Uint8Array,
  signature: string | undefined,
): Promise<StoreResult> {
  const orgId = await verifyWebhook(deps, target, raw, signature);
  const events = parseEvents(raw);
  let result: StoreResult;
  try {
    result = await deps.webhooks.inbox.store(orgId, events);
  } catch (error) {
    throw unavailable(deps, error);
  }
  // The worker in this process (if it runs one) starts on them now rather than at its next poll.
  if (result.stored > 0) deps.worker.kick();
  return result;
}
