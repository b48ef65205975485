import type { DatabaseHandle } from '../../db/index.js';
import { errorMessage } from '../../errors.js';
import type { Logger } from '../../logger.js';
import type { SecretBox } from '../../security/secret-box.js';
import { InboxWriter } from './inbox-writer.js';
import { RejectionCounter } from './receipts.js';
import { ReceiverLoad } from './receiver-load.js';
import { SecretsCache } from './secrets-cache.js';

/** What the webhook receiver keeps between requests: one of each per process. */
export interface WebhookReceiverState {
  /** Each organization's decrypted webhook secrets, held for a few seconds. */
  secrets: SecretsCache;
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
