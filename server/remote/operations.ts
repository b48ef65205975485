// One builder per remote operation: our input in, a ready-to-send operation out (document,
// variables with money converted to integer cents, and the decoder of its answer). The client
// runs these one at a time or packs many into one request (batch.ts), so both paths share them.
// This table is where an operation is declared: the client's functions and their types are
// derived from it (client.ts), so a new operation is a document, a builder and nothing else.
// The records' builders and the money's stand in their own files; here, our account at the
// service: who we are, and the webhook endpoints with their deliveries.

import { moneyOperations } from './money-operations.js';
import { operation, type RemoteOperation } from './operation.js';
import { recordOperations } from './record-operations.js';
import { subscriptionOperations } from './subscription-operations.js';
import type {
  CreateWebhookUrlInput,
  RemoteIdentity,
  RemoteWebhookEvent,
  RemoteWebhookUrl,
  UpdateWebhookUrlInput,
} from './types.js';
import { defined, required } from './variables.js';
import {
  identitySchema,
  webhookEventSchema,
  webhookEventsListSchema,
  webhookUrlSchema,
  webhookUrlsListSchema,
} from './wire.js';

const accountOperations = {
  me(): RemoteOperation<RemoteIdentity> {
    return operation('Me', {}, identitySchema);
  },

  listWebhookUrls(): RemoteOperation<RemoteWebhookUrl[]> {
    return operation('ListWebhookUrls', {}, webhookUrlsListSchema);
  },

  createWebhookUrl(input: CreateWebhookUrlInput): RemoteOperation<RemoteWebhookUrl> {
    const variables = {
      input: defined({
        url: required(input.url, 'url'),
        enabledWebhooks: [...input.enabledWebhooks],
        secret: input.secret,
      }),
    };
    return operation('CreateWebhookUrl', variables, webhookUrlSchema);
  },

  updateWebhookUrl(input: UpdateWebhookUrlInput): RemoteOperation<RemoteWebhookUrl> {
    const variables = {
      input: defined({
        id: required(input.id, 'id'),
        url: input.url,
        enabledWebhooks: input.enabledWebhooks && [...input.enabledWebhooks],
        secret: input.secret,
        disabled: input.disabled,
      }),
    };
    return operation('UpdateWebhookUrl', variables, webhookUrlSchema);
  },

  listWebhookEvents(webhookUrlId: string): RemoteOperation<RemoteWebhookEvent[]> {
    const variables = { webhookUrlId: required(webhookUrlId, 'webhookUrlId') };
    return operation('ListWebhookEvents', variables, webhookEventsListSchema);
  },

  resendWebhookEvent(input: {
    eventId: string;
    webhookUrlId: string;
  }): RemoteOperation<RemoteWebhookEvent> {
    const variables = {
      input: {
        eventId: required(input.eventId, 'eventId'),
        webhookUrlId: required(input.webhookUrlId, 'webhookUrlId'),
      },
    };
    return operation('ResendWebhookEvent', variables, webhookEventSchema);
  },
};

export const operations = {
  ...recordOperations,
  ...subscriptionOperations,
  ...moneyOperations,
  ...accountOperations,
};
