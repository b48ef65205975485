import { html, render } from 'lit';
import type { Settings } from '../../shared/schemas.js';
import type { IntegrationHealth } from '../../shared/webhooks.js';
import '../index.js';
import { settle } from './helpers.js';
import { page, type Handler } from './mock-api.js';
import { aBankAccount, aClient, aPaymentLink, aTransaction, anAggregateLink } from './records.js';

// All eight elements at once, with the worst data a firm has: names of about 250 characters
// with no space to break at, the longest amounts, a warning in every place one can show. For the
// layout and page-CSS tests.

const long = (word: string) => `${word}${'x'.repeat(240)}${word}`;

export const longClient = aClient({ name: long('Client') });
const account = aBankAccount({ name: long('Account'), lastFour: '9999' });
const links = [
  aPaymentLink({ name: long('Link'), amount: '21474836.47', clientId: longClient.id }),
  aPaymentLink({ name: long('Link'), amount: '21474836.47', clientId: longClient.id }),
];
const aggregate = anAggregateLink({
  name: long('Aggregate'),
  paymentLinkIds: links.map((l) => l.id),
  url: `https://pay.example.com/${'p'.repeat(240)}`,
});

const settings: Settings = {
  productionEnvironment: false,
  apiToken: { isSet: true, last4: '2814' },
  webhookSecret: { isSet: true, last4: 'abcd' },
  previousWebhookSecret: { isSet: false, last4: null, validUntil: null },
  allowedOrigins: [],
  updatedAt: '2026-11-21T10:00:00.000Z',
};

const health: IntegrationHealth = {
  environment: 'sandbox',
  apiKey: { isSet: true, ok: false, firm: null, role: null, error: long('Refused') },
  webhookSecret: { isSet: false, previousValidUntil: '2026-11-22T10:00:00.000Z' },
  webhooks: {
    lastReceivedAt: '2026-11-21T10:00:00.000Z',
    lastVerifiedAt: null,
    failedVerifications24h: 12,
    deadEvents: 3,
    urls: [],
    urlDisabled: true,
    urlsError: null,
  },
  bankAccounts: { lastSyncedAt: null },
  reconciliation: { lastStartedAt: null, lastFinishedAt: null, lastError: null, watermark: null },
  sync: { problems: 0 },
};

export const worstCaseRoutes: Record<string, Handler> = {
  'GET /api/settings': () => settings,
  'GET /api/admin/webhook-url': () => ({
    url: `http://127.0.0.1:3000/webhooks/${'w'.repeat(200)}`,
    source: 'public-url',
  }),
  'GET /api/admin/integration-health': () => health,
  'GET /api/bank-accounts': () => page([account]),
  'GET /api/clients/:id': () => longClient,
  'GET /api/clients': () => page([longClient]),
  'GET /api/matters': () => page([]),
  'GET /api/payment-links': () => page(links),
  'GET /api/payment-links/:id': (c) => links.find((l) => l.id === c.params.id) ?? links[0]!,
  'GET /api/aggregate-links': () => page([aggregate]),
  'GET /api/aggregate-links/:id': () => aggregate,
  'GET /api/transactions': () =>
    page(
      Array.from({ length: 10 }, () =>
        aTransaction({
          payerName: long('Payer'),
          amount: '21474836.47',
          amountRefunded: '1000000.00',
          clientId: longClient.id,
          errorMessage: long('Error'),
          method: 'PUSH_TO_CARD',
        }),
      ),
    ),
};

export const TAGS = [
  'service-settings',
  'service-bank-accounts-sync',
  'service-client-create',
  'service-matter-create',
  'service-payment-link-create',
  'service-aggregate-link-create',
  'service-aggregate-link-update',
  'service-transactions-list',
] as const;

/** Mounts the eight in `container` (long client and link names filled in), loaded. */
export async function mountAll(container: HTMLElement): Promise<HTMLElement[]> {
  render(
    html`<service-settings></service-settings>
      <service-bank-accounts-sync></service-bank-accounts-sync>
      <service-client-create></service-client-create>
      <service-matter-create client-id=${longClient.id}></service-matter-create>
      <service-payment-link-create client-id=${longClient.id}></service-payment-link-create>
      <service-aggregate-link-create
        client-id=${longClient.id}
        payment-link-ids=${links.map((l) => l.id).join(' ')}
      ></service-aggregate-link-create>
      <service-aggregate-link-update
        aggregate-link-id=${aggregate.id}
      ></service-aggregate-link-update>
      <service-transactions-list></service-transactions-list>`,
    container,
  );
  const elements = TAGS.map((tag) => container.querySelector<HTMLElement>(tag)!);
  for (const el of elements) await settle(el as unknown as import('lit').LitElement, 6);
  return elements;
}
