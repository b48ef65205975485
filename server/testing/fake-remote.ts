import { afterEach } from 'vitest';
import { createRemoteClient, type RemoteClientOptions } from '../remote/client.js';
import { fixedTarget } from '../remote/target.js';
import { startGraphQLServer, type TestServer } from './graphql-server.js';

// The remote client's suites (server/remote/client*.test.ts): a GraphQL server on loopback whose
// root fields answer canned records of the remote's shape, and the client pointed at it.

export const client = { id: 'c-1', clientName: 'Acme', externalId: 'local-c' };
export const matter = { id: 'm-1', name: 'Case', externalId: 'local-m', client: { id: 'c-1' } };
export const link = {
  id: 'pl-1',
  url: 'https://pay.test/pl-1',
  status: 'unpaid',
  memo: 'Retainer',
  externalId: 'local-pl',
  client: { id: 'c-1' },
  matter: { id: 'm-1' },
  amounts: [{ amount: 15_000, bankAccount: { id: 'b-1' } }],
  balance: {
    totalOutstanding: 15_000,
    totalPaid: 0,
    operatingOutstanding: 15_000,
    operatingPaid: 0,
    trustOutstanding: 0,
    trustPaid: 0,
  },
  paymentMethodsAllowed: ['ACH', 'CREDIT', 'DEBIT'],
  partialPaymentAllowed: null,
  surchargeEnabled: false,
  sendReceipts: true,
};
export const aggregate = {
  id: 'ag-1',
  url: 'https://pay.test/ag-1',
  status: 'unpaid',
  memo: null,
  externalId: 'local-ag',
  client: { id: 'c-1' },
  paymentLinks: [{ id: 'pl-1' }],
  balance: { totalOutstanding: 15_000, totalPaid: 0 },
};
export const transaction = (id: string) => ({
  id,
  amountProcessed: 15_000,
  amountRefunded: 0,
  status_v2: 'SUCCESSFUL',
  paymentMethod: 'ACH',
  type: 'achPayment',
  createdOn: '2026-11-21T10:00:00.000Z',
  errorMessage: null,
  lastFour: '6789',
  payerEmail: 'payer@x.test',
  payerName: 'Pat',
  originalTransactionId: null,
  depositId: null,
  settledOn: null,
  surchargeAmount: 0,
  bankAccount: { id: 'b-1' },
  client,
  matter,
  paymentLink: link,
  aggregatePaymentLink: null,
  payment: { id: `pay-${id}`, transactions: [{ id }] },
});
export const bankAccounts = [
  {
    id: 'b-1',
    nickname: 'Operating',
    category: 'operating',
    isDefault: true,
    lastFour: '1111',
    isFeeAccount: true,
    isChargebackAccount: true,
  },
  {
    id: 'b-2',
    nickname: 'IOLTA',
    category: 'trust',
    isDefault: false,
    lastFour: null,
    isFeeAccount: false,
    isChargebackAccount: false,
  },
];
export const webhookUrl = {
  id: 'w-1',
  url: 'https://us.test/webhooks/org-1',
  secret: 'whsec',
  enabledWebhooks: ['transaction.created'],
  disabled: false,
};

/** Root fields answering canned records; `calls` records each field's arguments. */
async function fakeRemote(servers: TestServer[], options: Partial<RemoteClientOptions> = {}) {
  const calls: { field: string; args: unknown }[] = [];
  const answer =
    (field: string, value: (args: Record<string, unknown>) => unknown) =>
    (args: Record<string, unknown>) => {
      calls.push({ field, args });
      return value(args);
    };
  const notFound = () => {
    throw Object.assign(new Error('Not found'), { extensions: { code: 'NOT_FOUND' } });
  };
  const server = await startGraphQLServer({
    addClient: answer('addClient', () => client),
    updateClient: answer('updateClient', () => client),
    addMatter: answer('addMatter', () => matter),
    updateMatter: answer('updateMatter', () => matter),
    addPaymentLink: answer('addPaymentLink', () => link),
    updatePaymentLink: answer('updatePaymentLink', () => link),
    removePaymentLink: answer('removePaymentLink', () => link),
    addAggregatePaymentLink: answer('addAggregatePaymentLink', () => aggregate),
    updateAggregatePaymentLink: answer('updateAggregatePaymentLink', () => aggregate),
    bankAccountsList: answer('bankAccountsList', () => ({ bankAccounts })),
    transaction: answer('transaction', (args) =>
      String(args['id']).startsWith('gone') ? notFound() : transaction(String(args['id'])),
    ),
    client: answer('client', (args) => (args['externalId'] === 'local-c' ? client : notFound())),
    matter: answer('matter', (args) => (args['externalId'] === 'local-m' ? matter : notFound())),
    paymentLink: answer('paymentLink', (args) =>
      args['externalId'] === 'local-pl' ? link : notFound(),
    ),
    transactionsList: answer('transactionsList', () => ({
      total: 41,
      transactions: [transaction('t-1')],
    })),
    me: answer('me', () => ({ role: 'firm_admin', firm: { id: 'f-1', name: 'Firm' } })),
    webhookUrlsList: answer('webhookUrlsList', () => ({ total: 1, webhookUrls: [webhookUrl] })),
    webhookUrlCreate: answer('webhookUrlCreate', () => webhookUrl),
    webhookUrlUpdate: answer('webhookUrlUpdate', () => webhookUrl),
  });
  servers.push(server);
  const remote = createRemoteClient({
    resolveTarget: fixedTarget({ baseUrl: server.url, apiKey: 'k_test_abcdef' }),
    ...options,
  });
  return { server, calls, remote };
}

/** Registers the closing of each test's servers; answers the maker of a fake remote. */
export function useFakeRemote(): (
  options?: Partial<RemoteClientOptions>,
) => ReturnType<typeof fakeRemote> {
  const servers: TestServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });
  return (options) => fakeRemote(servers, options);
}
