import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/index.js';
import { errorMessage } from '../../errors.js';
import type { Logger } from '../../logger.js';
import type { SecretBox } from '../../security/secret-box.js';
import { InboxWriter } from './inbox-writer.js';
import { RejectionCounter } from './receipts.js';
import { ReceiverLoad } from './receiver-load.js';
import { fixedSecret, SecretsCache, type WebhookSecrets } from './secrets-cache.js';
import { rolledBack } from '../../db/rolled-back.js';

/** What the webhook receiver keeps between requests: one of each per process. */
export interface WebhookReceiverState {
  /** Each organization's decrypted webhook secrets, held for a few seconds. */
  secrets: WebhookSecrets;
  /** The group-commit writer of the inbox: acks wait for its write. */
  inbox: InboxWriter;
  /** Refused requests, counted in memory and written in batches. */
  rejections: RejectionCounter;
  /** The requests being answered now: the worker gives way while there are many. */
  load: ReceiverLoad;
}

/** The receiver's state on `database` (openRuntime makes it once per process). */
export function openWebhookReceiver(
  database: DatabaseHandle,
  secretBox: SecretBox,
  logger: Logger,
): WebhookReceiverState {
  return {
    secrets: new SecretsCache(database.db, secretBox),
    // Acks wait for this write: it goes ahead of the workers' queries (db/index.ts).
    inbox: new InboxWriter(database.receiverDb ?? database.db),
    rejections: new RejectionCounter(database.db, (error) =>
      logger.warn({ err: errorMessage(error).slice(0, 300) }, 'could not count rejections'),
    ),
    load: new ReceiverLoad(),
  };
}

/**
 * A receiver that keeps nothing, for the warm-up (server/warm-up.ts): every signature is checked
 * against `secret` alone, for `orgId` as the default organization, and every write (the inbox's,
 * a rejection count) runs for real on the receiver's connections and is rolled back.
 */
export function openDryRunReceiver(
  database: DatabaseHandle,
  orgId: string,
  secret: string,
): WebhookReceiverState {
  const db = rolledBack(database.receiverDb ?? database.db);
  return {
    secrets: fixedSecret(orgId, secret),
    inbox: new InboxWriter(db),
    rejections: new RejectionCounter(db, () => {}),
    load: new ReceiverLoad(),
  };
}

/**
 * Opens, before the server listens, what the first acks would otherwise open while a burst
 * waits: the receiver's database connections (each reads the inbox's own tables once, so its
 * backend has them cached; the jobs table is the queue's to name) and the default
 * organization's secrets. A server back from a restart meets the remote's retries of the
 * backlog it missed at once. Best effort: a failure here is met again, and answered, by the
 * first webhook.
 */
export async function warmWebhookReceiver(
  state: WebhookReceiverState,
  database: DatabaseHandle,
  logger: Logger,
): Promise<void> {
  const db = database.receiverDb ?? database.db;
  const touch = sql`select (select count(*) from (select 1 from webhook_events limit 1) e)
    + (select count(*) from (select 1 from webhook_receipts limit 1) r) as n`;
  try {
    // The receiver's pool holds two connections (db/index.ts): two at once opens both.
    await Promise.all([db.execute(touch), db.execute(touch)]);
    const orgId = await state.secrets.defaultOrgId();
    if (orgId) await state.secrets.get(orgId);
  } catch (error) {
    logger.warn({ err: errorMessage(error).slice(0, 300) }, 'webhook receiver not warmed');
  }
}
