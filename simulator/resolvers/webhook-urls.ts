// webhookUrlCreate / webhookUrlUpdate. A URL disabled by dead letters is enabled again with
// `disabled: false`, as in the remote's portal.
import { badInput } from '../errors.js';
import type { IdSource } from '../ids.js';
import {
  getWebhookUrl,
  nowIso,
  type FirmState,
  type Maybe,
  type WebhookUrlRecord,
} from '../state.js';

export interface WebhookUrlInput {
  url?: Maybe<string>;
  enabledWebhooks?: Maybe<string[]>;
  secret?: Maybe<string>;
  disabled?: Maybe<boolean>;
  advancedSettings?: Maybe<{ removeUserAgentHeader?: Maybe<boolean> }>;
}

function checkUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badInput(`Not a URL: ${JSON.stringify(url)}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw badInput(`Webhook URLs must be http(s): ${url}`);
  }
  return url;
}

export function createWebhookUrl(
  firm: FirmState,
  ids: IdSource,
  input: WebhookUrlInput & { url: string; enabledWebhooks: string[] },
): WebhookUrlRecord {
  const record: WebhookUrlRecord = {
    id: ids.uuid(),
    url: checkUrl(input.url),
    // The remote always has a secret; one is made up when none is given.
    secret: input.secret || ids.hex(32),
    enabledWebhooks: [...input.enabledWebhooks],
    disabled: false,
    removeUserAgentHeader: input.advancedSettings?.removeUserAgentHeader ?? false,
    createdOn: nowIso(),
    lastSuccessAt: null,
  };
  firm.webhookUrls.set(record.id, record);
  return record;
}

export function updateWebhookUrl(
  firm: FirmState,
  input: WebhookUrlInput & { id: string },
): WebhookUrlRecord {
  const record = getWebhookUrl(firm, input.id);
  const url = input.url != null ? checkUrl(input.url) : record.url;
  record.url = url;
  if (input.enabledWebhooks != null) record.enabledWebhooks = [...input.enabledWebhooks];
  if (input.secret) record.secret = input.secret;
  if (input.disabled != null) record.disabled = input.disabled;
  const removeUserAgentHeader = input.advancedSettings?.removeUserAgentHeader;
  if (removeUserAgentHeader != null) record.removeUserAgentHeader = removeUserAgentHeader;
  return record;
}
