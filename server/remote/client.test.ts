import { describe, expect, expectTypeOf, it } from 'vitest';
import type { CallOptions } from './client.js';
import { RemoteError } from './errors.js';
import { operations } from './operations.js';
import { bankAccounts, useFakeRemote, webhookUrl } from '../testing/fake-remote.js';
import type { ListTransactionsInput, RemoteClient } from './types.js';

// The remote client's functions in our terms, against a fake remote on loopback HTTP. Batching:
// client-batching.test.ts.

const fakeRemote = useFakeRemote();

describe('remote client: every function in our terms, over loopback HTTP', () => {
  it('clients and matters', async () => {
    const { remote, calls } = await fakeRemote();
    const expected = { id: 'c-1', name: 'Acme', externalId: 'local-c' };
    await expect(remote.addClient('org', { name: 'Acme', externalId: 'local-c' })).resolves.toEqual(
      expected,
    );
    await expect(remote.updateClient('org', { id: 'c-1', name: 'Acme' })).resolves.toEqual(
      expected,
    );
    const expectedMatter = { id: 'm-1', name: 'Case', externalId: 'local-m', clientId: 'c-1' };
    await expect(remote.addMatter('org', { clientId: 'c-1', name: 'Case' })).resolves.toEqual(
      expectedMatter,
    );
    await expect(remote.updateMatter('org', { id: 'm-1', name: 'Case' })).resolves.toEqual(
      expectedMatter,
    );
    expect(calls.map((c) => c.field)).toEqual([
      'addClient',
      'updateClient',
      'addMatter',
      'updateMatter',
    ]);
    expect(calls[0]?.args).toEqual({ input: { clientName: 'Acme', externalId: 'local-c' } });
  });

  it('payment links and aggregate links, money as strings on our side and cents on the wire', async () => {
    const { remote, calls } = await fakeRemote();
    const created = await remote.addPaymentLink('org', {
      clientId: 'c-1',
      matterId: 'm-1',
      amount: '150.00',
      bankAccountId: 'b-1',
      memo: 'Retainer',
      externalId: 'local-pl',
    });
    expect(calls[0]?.args).toEqual({
      input: {
        clientId: 'c-1',
        matterId: 'm-1',
        amounts: [{ amount: 15_000, bankAccountId: 'b-1' }],
        memo: 'Retainer',
        externalId: 'local-pl',
      },
    });
    expect(created).toMatchObject({
      amount: '150.00',
      outstandingAmount: '150.00',
      paidAmount: '0.00',
      status: 'unpaid',
    });
    await remote.updatePaymentLink('org', { id: 'pl-1', amount: '99.99', bankAccountId: 'b-2' });
    expect(calls[1]?.args).toEqual({
      input: { id: 'pl-1', amounts: [{ amount: 9_999, bankAccountId: 'b-2' }] },
    });
    await expect(remote.removePaymentLink('org', 'pl-1')).resolves.toMatchObject({ id: 'pl-1' });
    const agg = await remote.addAggregatePaymentLink('org', {
      paymentLinkIds: ['pl-1'],
      externalId: 'local-ag',
    });
    expect(agg).toEqual({
      id: 'ag-1',
      url: 'https://pay.test/ag-1',
      status: 'unpaid',
      memo: null,
      externalId: 'local-ag',
      clientId: 'c-1',
      paymentLinkIds: ['pl-1'],
      outstandingAmount: '150.00',
      paidAmount: '0.00',
    });
    await expect(
      remote.updateAggregatePaymentLink('org', { id: 'ag-1', paymentLinkIds: ['pl-1'] }),
    ).resolves.toEqual(agg);
  });

  it('bank accounts, transactions, look-ups, identity and webhook URLs', async () => {
    const { remote } = await fakeRemote();
    // The wire's `nickname` is our `name`; the rest passes as it is.
    await expect(remote.listBankAccounts('org')).resolves.toEqual(
      bankAccounts.map(({ nickname, ...account }) => ({ ...account, name: nickname })),
    );
    await expect(remote.getTransaction('org', 't-1')).resolves.toMatchObject({
      id: 't-1',
      amount: '150.00',
      status: 'SUCCESSFUL',
      method: 'ACH',
      paymentLink: { id: 'pl-1', outstandingAmount: '150.00' },
    });
    const page = await remote.listTransactions('org', { limit: 1 });
    expect(page.total).toBe(41);
    expect(page.transactions).toHaveLength(1);
    await expect(remote.findClientByExternalId('org', 'local-c')).resolves.toMatchObject({
      id: 'c-1',
    });
    await expect(remote.findClientByExternalId('org', 'nobody')).resolves.toBeNull();
    await expect(remote.findMatterByExternalId('org', 'local-m')).resolves.toMatchObject({
      id: 'm-1',
    });
    await expect(remote.findMatterByExternalId('org', 'nobody')).resolves.toBeNull();
    await expect(remote.findPaymentLinkByExternalId('org', 'local-pl')).resolves.toMatchObject({
      id: 'pl-1',
    });
    await expect(remote.findPaymentLinkByExternalId('org', 'nobody')).resolves.toBeNull();
    await expect(remote.me('org')).resolves.toEqual({
      role: 'firm_admin',
      firm: { id: 'f-1', name: 'Firm' },
    });
    await expect(remote.listWebhookUrls('org')).resolves.toEqual([webhookUrl]);
    await expect(
      remote.createWebhookUrl('org', {
        url: webhookUrl.url,
        enabledWebhooks: ['transaction.created'],
        secret: 'whsec',
      }),
    ).resolves.toEqual(webhookUrl);
    await expect(remote.updateWebhookUrl('org', { id: 'w-1', disabled: false })).resolves.toEqual(
      webhookUrl,
    );
  });

  it('every builder of operations.ts is a client function: its argument, then call options', async () => {
    const { remote, server } = await fakeRemote();
    // One valid argument list per builder (the type makes the table name every operation).
    const args: { [Name in keyof typeof operations]: Parameters<(typeof operations)[Name]> } = {
      addClient: [{ name: 'Acme' }],
      updateClient: [{ id: 'c-1', name: 'Acme' }],
      addMatter: [{ clientId: 'c-1', name: 'Case' }],
      updateMatter: [{ id: 'm-1' }],
      addPaymentLink: [{ clientId: 'c-1', amount: '1.00', bankAccountId: 'b-1' }],
      updatePaymentLink: [{ id: 'pl-1', memo: 'x' }],
      removePaymentLink: ['pl-1'],
      addAggregatePaymentLink: [{ paymentLinkIds: ['pl-1'] }],
      updateAggregatePaymentLink: [{ id: 'ag-1', paymentLinkIds: [] }],
      listBankAccounts: [],
      getTransaction: ['t-1'],
      findClientByExternalId: ['local-c'],
      findMatterByExternalId: ['local-m'],
      findPaymentLinkByExternalId: ['local-pl'],
      findPaymentLinkAggregates: ['pl-1'],
      listTransactions: [{ limit: 1 }],
      me: [],
      listWebhookUrls: [],
      createWebhookUrl: [{ url: 'https://us.test/h', enabledWebhooks: ['transaction.created'] }],
      updateWebhookUrl: [{ id: 'w-1', disabled: false }],
      listWebhookEvents: ['w-1'],
      resendWebhookEvent: [{ eventId: 'e-1', webhookUrlId: 'w-1' }],
      sandboxMoveToFundsInTransit: ['t-1'],
      sandboxMoveToDeposited: ['t-1'],
      sandboxTriggerAchReturn: ['t-1'],
      sandboxTriggerChargeback: [{ transactionId: 't-1' }],
      listStatements: [{ startMonth: '2026-11' }],
      recordManualPayment: [
        { paymentLinkId: 'pl-1', amounts: [{ amount: '1.00', bankAccountId: 'b-1' }] },
      ],
      sendPaymentRequest: [
        { paymentLinkId: 'pl-1', emails: ['a@example.com'], subject: 'S', message: 'M' },
      ],
      refundTransaction: [{ transactionId: 't-1', amount: '1.00', externalId: 'x-1' }],
      voidTransaction: [{ transactionId: 't-1', externalId: 'x-2' }],
      findRefundRequest: ['x-1'],
      findVoidRequest: ['x-2'],
      getRefundRequest: ['r-1'],
      getVoidRequest: ['v-1'],
      voidDetails: ['t-1'],
      addSubscription: [
        {
          clientId: 'c-1',
          amount: '1.00',
          bankAccountId: 'b-1',
          frequency: 'monthly',
          ends: 'never',
          startDate: '2027-01-01',
        },
      ],
      updateSubscription: [{ id: 's-1', startDate: '2027-01-01', ends: { payments: 2 } }],
      cancelSubscription: ['s-1'],
      getSubscription: ['s-1'],
      listClientSubscriptions: ['c-1'],
    };
    const signal = AbortSignal.abort(new Error('withdrawn'));
    for (const [name, list] of Object.entries(args)) {
      const fn = remote[name as keyof typeof operations] as (...a: unknown[]) => Promise<unknown>;
      // An aborted signal reaching the call proves the options were read after the argument.
      await expect(fn('org', ...list, { signal }), name).rejects.toThrow('withdrawn');
    }
    expect(server.requests).toHaveLength(0);
    // Without options the argument still arrives: the defaults of listTransactions apply.
    await expect(remote.listTransactions('org')).resolves.toMatchObject({ total: 41 });
    expectTypeOf(remote.listTransactions).parameters.toEqualTypeOf<
      [string, ListTransactionsInput?, CallOptions?]
    >();
    expectTypeOf(remote.me).parameters.toEqualTypeOf<[string, CallOptions?]>();
    expectTypeOf(
      remote.findClientByExternalId,
    ).returns.resolves.toEqualTypeOf<RemoteClient | null>();
  });

  it('getTransactions fetches several in one request, each settled on its own', async () => {
    const { remote, server } = await fakeRemote();
    const result = await remote.getTransactions('org', ['t-1', 't-2', 't-1', 't-3']);
    expect(server.requests).toHaveLength(1);
    expect([...result.keys()]).toEqual(['t-1', 't-2', 't-3']);
    expect(result.get('t-2')).toMatchObject({ ok: true, value: { id: 't-2' } });
  });

  it('getTransactions: a missing one does not fail the others', async () => {
    const { remote } = await fakeRemote();
    const result = await remote.getTransactions('org', ['t-1', 'gone-1', 't-2']);
    expect(result.get('t-1')?.ok).toBe(true);
    expect(result.get('t-2')?.ok).toBe(true);
    expect(result.get('gone-1')).toMatchObject({
      ok: false,
      error: { kind: 'permanent', code: 'graphql' },
    });
  });

  it('a GraphQL error is a permanent RemoteError carrying the remote message', async () => {
    const { remote } = await fakeRemote();
    const error = await remote.getTransaction('org', 'gone-9').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteError);
    expect(error).toMatchObject({ kind: 'permanent', code: 'graphql', message: 'Not found' });
  });

  it('invalid input is refused before any request', async () => {
    const { remote, server } = await fakeRemote();
    await expect(
      remote.addPaymentLink('org', { clientId: 'c-1', amount: '10.001', bankAccountId: 'b-1' }),
    ).rejects.toMatchObject({ kind: 'permanent', code: 'invalid_input' });
    expect(server.requests).toHaveLength(0);
  });
});
