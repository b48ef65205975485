import { html, nothing, render, type LitElement } from 'lit';
import type { AggregateLink, Client, PaymentLink, Settings } from '../../shared/schemas.js';
import type { IntegrationHealth } from '../../shared/webhooks.js';
import { ALL_TAGS, KIT_TAGS } from '../elements.js';
import '../index.js';
import '../sync-problems/define.js';
import '../webhook-events/define.js';
import '../trust-ledger/define.js';
import '../payment-plan-create/define.js';
import '../payment-plan/define.js';
import { settle } from './helpers.js';
import { balances, deposits, m1Entries } from './ledger-records.js';
import { page, type Handler } from './mock-api.js';
import { aPlan } from './plan-records.js';
import {
  aBankAccount,
  aClient,
  aMatter,
  aPaymentLink,
  aProblem,
  aSettings,
  aTransaction,
  anAggregateLink,
  anEvent,
  progressReport,
} from './records.js';

// All the elements at once: the eight with the worst data a firm has (names of about 250
// characters with no space to break at, the longest amounts, a warning in every place one can
// show), for the layout and page-CSS tests; and all thirteen with a busy firm's real data, for the
// finish tests.

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

const settings: Settings = aSettings({ webhookSecret: { isSet: true, last4: 'abcd' } });

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

/** Mounts the eight in `container` (long client and link names filled in), loaded. */
export const mountAll = (container: HTMLElement) =>
  mountWidgets(container, KIT_TAGS, { client: longClient, links, aggregate });

/**
 * The thirteen elements with what a busy firm really has: several words to a name, e-mail payers,
 * the largest amounts, every status a table shows, failed syncs and dead events, one unnamed
 * payment link. For the finish tests: no word broken, tables that stay tables where they fit.
 */
const firm = aClient({ name: 'Alexandra Montgomery Holdings' });
const firmLinks = [
  aPaymentLink({
    name: 'Retainer for the estate planning',
    clientId: firm.id,
    amount: '21474836.47',
  }),
  aPaymentLink({ name: null, clientId: firm.id, amount: '1250.50' }),
];
const firmAggregate = anAggregateLink({
  name: 'All fees for Alexandra Montgomery',
  paymentLinkIds: firmLinks.map((l) => l.id),
  clientId: firm.id,
  amount: '21476086.97',
});
const STATUSES = ['FUNDS_IN_TRANSIT', 'PENDING', 'PARTIALLY_REFUNDED', 'CHARGED_BACK'] as const;

export const everyRoutes: Record<string, Handler> = {
  'GET /api/settings': () => aSettings(),
  'GET /api/admin/webhook-url': () => ({
    url: 'https://payments.montgomery.example/webhooks/00000000-0000-4000-8000-000000000001',
    source: 'public-url',
  }),
  'GET /api/admin/integration-health': () => ({
    ...health,
    apiKey: {
      isSet: true,
      ok: false,
      firm: null,
      role: null,
      error: 'Could not reach the remote service: ENOTFOUND (getaddrinfo ENOTFOUND api.example)',
    },
  }),
  'GET /api/bank-accounts': () =>
    page([
      aBankAccount({ name: 'Operating account', isDefault: false }),
      aBankAccount({ name: 'Client trust (IOLTA)', category: 'trust', isDefault: true }),
    ]),
  'GET /api/clients/:id': () => firm,
  'GET /api/clients': () => page([firm]),
  'GET /api/matters': () => page([aMatter({ name: 'Estate planning', clientId: firm.id })]),
  'GET /api/payment-links': () => page(firmLinks),
  'GET /api/payment-links/:id': (c) => firmLinks.find((l) => l.id === c.params.id) ?? firmLinks[0]!,
  'GET /api/aggregate-links': () => page([firmAggregate]),
  'GET /api/aggregate-links/:id': () => firmAggregate,
  'GET /api/transactions': () =>
    page(
      Array.from({ length: 10 }, (_, i) =>
        aTransaction({
          payerName: i % 2 ? null : 'Patricia Payer',
          payerEmail: 'accounts@montgomery.example',
          amount: '21474836.47',
          amountRefunded: i % 3 ? '0.00' : '1000000.00',
          clientId: firm.id,
          errorMessage: i === 3 ? 'Insufficient funds in the account' : null,
          method: i % 2 ? 'PUSH_TO_CARD' : 'ACH',
          status: STATUSES[i % STATUSES.length],
        }),
      ),
    ),
  'GET /api/admin/sync-problems': () =>
    page([
      aProblem({ name: firm.name }),
      aProblem({
        kind: 'paymentLink',
        name: null,
        recordId: firmLinks[1]!.id,
        status: 'retrying',
        errorMessage: 'Remote service error (HTTP 503): upstream unavailable',
      }),
      aProblem({ kind: 'aggregateLinkRemoval', name: null, status: 'dead', nextAttemptAt: null }),
    ]),
  'GET /api/admin/webhook-events': () =>
    page([
      anEvent(),
      anEvent({
        type: 'transaction.refunded',
        status: 'failed',
        attempts: 3,
        error: 'The remote service answered 500',
      }),
      anEvent({
        type: 'transaction.created',
        status: 'dead',
        attempts: 8,
        error: 'Transaction not found',
      }),
      anEvent({ type: 'payout.created', status: 'ignored', transactionIds: [] }),
    ]),
  'GET /api/admin/progress': () => progressReport('retryAll', null),
  'GET /api/ledger/balances': () => balances,
  'GET /api/ledger/entries': () => page(m1Entries),
  'GET /api/ledger/deposits': () => deposits,
  'GET /api/ledger/reconciliations': () => page([]),
  'GET /api/payment-plans/:id': () =>
    aPlan({
      clientId: firm.id,
      status: 'payment_failed',
      attention: null,
      amounts: [{ bankAccountId: null, amount: '21474836.47' }],
      schedule: { frequency: 'biweekly', ends: { amountPaid: '21474836.47' } },
    }),
};

/** The plan <service-payment-plan> shows (everyRoutes answers any id with the same plan). */
const PLAN_ID = '00000000-0000-4000-9000-00000000ffff';

/** Mounts the thirteen in `container` with everyRoutes' records, loaded. */
export const mountEvery = (container: HTMLElement) =>
  mountWidgets(container, ALL_TAGS, { client: firm, links: firmLinks, aggregate: firmAggregate });

async function mountWidgets(
  container: HTMLElement,
  tags: readonly string[],
  data: { client: Client; links: PaymentLink[]; aggregate: AggregateLink },
): Promise<HTMLElement[]> {
  render(
    html`<service-settings></service-settings>
      <service-bank-accounts-sync></service-bank-accounts-sync>
      <service-client-create></service-client-create>
      <service-matter-create client-id=${data.client.id}></service-matter-create>
      <service-payment-link-create client-id=${data.client.id}></service-payment-link-create>
      <service-aggregate-link-create
        client-id=${data.client.id}
        payment-link-ids=${data.links.map((l) => l.id).join(' ')}
      ></service-aggregate-link-create>
      <service-aggregate-link-update
        aggregate-link-id=${data.aggregate.id}
      ></service-aggregate-link-update>
      <service-transactions-list></service-transactions-list>
      ${
        tags.includes('service-sync-problems')
          ? html`<service-sync-problems poll-interval="0"></service-sync-problems>
              <service-webhook-events poll-interval="0"></service-webhook-events>
              <service-trust-ledger></service-trust-ledger>
              <service-payment-plan-create
                client-id=${data.client.id}
              ></service-payment-plan-create>
              <service-payment-plan plan-id=${PLAN_ID}></service-payment-plan>`
          : nothing
      }`,
    container,
  );
  const elements = tags.map((tag) => container.querySelector<LitElement>(tag)!);
  for (const el of elements) await settle(el, 6);
  return elements;
}
