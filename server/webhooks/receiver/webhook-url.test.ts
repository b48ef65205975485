import { describe, expect, it } from 'vitest';
import {
  defaultWebhookUrl,
  isOurWebhookUrl,
  isReceiverPath,
  isWebhookUrlOf,
  webhookUrl,
} from './webhook-url.js';

const org = '8b1f3c2e-5d4a-4e7b-9c1d-2f3a4b5c6d7e';

describe('the webhook URL', () => {
  it('is built under a base with or without trailing slashes', () => {
    expect(webhookUrl('https://pay.example.com/base//', org)).toBe(
      `https://pay.example.com/base/webhooks/${org}`,
    );
    expect(defaultWebhookUrl('http://127.0.0.1:3000/')).toBe(
      'http://127.0.0.1:3000/services/apexrest/service_core/webhook',
    );
  });

  it("is recognized as the organization's on any host, never another's or a broken one", () => {
    expect(isWebhookUrlOf(`https://old.example.com/webhooks/${org}/`, org)).toBe(true);
    expect(isWebhookUrlOf(`https://old.example.com/webhooks/${org}x`, org)).toBe(false);
    expect(isWebhookUrlOf('not a url', org)).toBe(false);
  });

  it("is ours under PUBLIC_URL: the organization's receiver or the default one", () => {
    const base = 'https://pay.example.com/';
    expect(isOurWebhookUrl(`https://pay.example.com/webhooks/${org}/`, base, org)).toBe(true);
    expect(isOurWebhookUrl(defaultWebhookUrl(base), base, org)).toBe(true);
    expect(isOurWebhookUrl(`https://elsewhere.example.com/webhooks/${org}`, base, org)).toBe(false);
  });

  it('names the receivers among request paths', () => {
    expect(isReceiverPath(`/webhooks/${org}`)).toBe(true);
    expect(isReceiverPath('/services/apexrest/service_core/webhook')).toBe(true);
    expect(isReceiverPath(`/webhooks/${org}/extra`)).toBe(false);
    expect(isReceiverPath('/api/clients')).toBe(false);
  });
});
