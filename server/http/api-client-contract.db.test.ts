import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_NAMES } from '../../shared/actions.js';
import { ApiClient, ApiError } from '../../shared/api-client.js';
import * as approvalsApi from '../../shared/approvals-api.js';
import * as ledgerApi from '../../shared/ledger-api.js';
import * as linkRequestsApi from '../../shared/link-requests-api.js';
import * as operationsApi from '../../shared/operations-api.js';
import * as plansApi from '../../shared/payment-plans-api.js';
import { createTestApp, type TestApp } from '../testing/app.js';

// The widgets' typed client against the served OpenAPI document: every path and method it can
// call must be one the server documents (and so serves), and it must read the server's answers.

let t: TestApp;
let operations: Set<string>;
beforeAll(async () => {
  t = await createTestApp();
  const doc = (await (await t.app.request('/openapi.json')).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  operations = new Set(
    Object.entries(doc.paths).flatMap(([path, ops]) =>
      // Every path parameter as `{id}`, as template() writes an id wherever it stands.
      Object.keys(ops).map(
        (method) => `${method.toUpperCase()} ${path.replace(/\{\w+\}/g, '{id}')}`,
      ),
    ),
  );
});
afterAll(() => t.close());

/** `/api/clients/3f…` → `/api/clients/{id}`, the OpenAPI template it must fall under. */
function template(path: string): string {
  return path.replace(/\/[0-9a-f]{8}-[0-9a-f-]{27}(?=\/|$)/g, '/{id}');
}

/** A client whose requests are only recorded, as `METHOD /template`, and answered `{}`. */
function recordingClient(): { calls: string[]; client: ApiClient } {
  const calls: string[] = [];
  const recorder: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    calls.push(`${init?.method ?? 'GET'} ${template(url.pathname)}`);
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return {
    calls,
    client: new ApiClient({ baseUrl: 'http://api.test', token: 't', fetch: recorder }),
  };
}

/**
 * Runs every call of `exercised`, one per function of `api`, and checks that they called exactly
 * `paths`, each one the OpenAPI document has.
 */
async function expectEveryFunctionCalled(
  api: object,
  exercised: Record<string, () => Promise<unknown>>,
  calls: string[],
  paths: string[],
): Promise<void> {
  for (const call of Object.values(exercised)) await call();
  expect(Object.keys(api).sort()).toEqual(Object.keys(exercised).sort());
  expect(new Set(calls)).toEqual(new Set(paths));
  expect(calls.filter((call) => !operations.has(call))).toEqual([]);
}

describe('the typed API client', () => {
  it('calls only paths and methods the OpenAPI document has, and every method is checked', async () => {
    const { calls, client } = recordingClient();
    const id = crypto.randomUUID();
    const exercised = {
      listClients: () => client.listClients({ q: 'x', limit: 5 }),
      getClient: () => client.getClient(id),
      listMatters: () => client.listMatters({ clientId: id }),
      listPaymentLinks: () => client.listPaymentLinks({ clientId: id }),
      getPaymentLink: () => client.getPaymentLink(id),
      listAggregateLinks: () => client.listAggregateLinks(),
      getAggregateLink: () => client.getAggregateLink(id),
      listBankAccounts: () => client.listBankAccounts(),
      listTransactions: () => client.listTransactions({ limit: 10 }),
      refundTransaction: () =>
        client.refundTransaction(id, { amount: '1.00' }, { idempotencyKey: 'k' }),
      voidTransaction: () => client.voidTransaction(id, {}, { idempotencyKey: 'k' }),
      me: () => client.me(),
      action: () => Promise.all(ACTION_NAMES.map((name) => client.action(name, {} as never))),
      getSettings: () => client.getSettings(),
      updateSettings: () => client.updateSettings({}),
      integrationHealth: () => client.integrationHealth(),
      webhookUrl: () => client.webhookUrl(),
      registerWebhookEndpoint: () => client.registerWebhookEndpoint(),
      createWidgetToken: () => client.createWidgetToken(),
    } satisfies Partial<Record<keyof ApiClient, () => Promise<unknown>>>;
    for (const call of Object.values(exercised)) await call();

    const methods = Object.entries(Object.getOwnPropertyDescriptors(ApiClient.prototype))
      .filter(
        ([name, d]) => typeof d.value === 'function' && !['constructor', 'request'].includes(name),
      )
      .map(([name]) => name);
    expect(methods.sort()).toEqual(Object.keys(exercised).sort());
    expect(calls.length).toBeGreaterThanOrEqual(methods.length + ACTION_NAMES.length - 1);
    const undocumented = calls.filter((call) => !operations.has(call));
    expect(undocumented).toEqual([]);
  });

  it('calls only documented paths from the operations widgets’ API, every function checked', async () => {
    const { calls, client } = recordingClient();
    const id = crypto.randomUUID();
    const exercised = {
      listSyncProblems: () => operationsApi.listSyncProblems(client, { limit: 5 }),
      retrySyncProblems: () =>
        Promise.all([
          operationsApi.retrySyncProblems(client, id),
          operationsApi.retrySyncProblems(client),
        ]),
      listWebhookEvents: () => operationsApi.listWebhookEvents(client, { status: 'dead' }),
      getWebhookEvent: () => operationsApi.getWebhookEvent(client, id),
      replayWebhookEvents: () =>
        Promise.all([
          operationsApi.replayWebhookEvents(client, id),
          operationsApi.replayWebhookEvents(client),
        ]),
      reconcileNow: () => operationsApi.reconcileNow(client),
      getWorkProgress: () => operationsApi.getWorkProgress(client),
    } satisfies Record<keyof typeof operationsApi, () => Promise<unknown>>;
    await expectEveryFunctionCalled(operationsApi, exercised, calls, [
      'GET /api/admin/sync-problems',
      'POST /api/admin/sync-problems/retry',
      'GET /api/admin/webhook-events',
      'GET /api/admin/webhook-events/{id}',
      'POST /api/admin/webhook-events/{id}/replay',
      'POST /api/admin/webhook-events/replay',
      'POST /api/admin/reconcile',
      'GET /api/admin/progress',
    ]);
  });

  it('calls only documented paths from the trust ledger widget’s API, every function checked', async () => {
    const { calls, client } = recordingClient();
    const bankAccountId = crypto.randomUUID();
    const exercised = {
      getLedgerBalances: () => ledgerApi.getLedgerBalances(client, { bankAccountId }),
      listLedgerEntries: () =>
        ledgerApi.listLedgerEntries(client, { bankAccountId, clientId: bankAccountId }),
      getLedgerDeposits: () => ledgerApi.getLedgerDeposits(client, { bankAccountId }),
      downloadLedgerCsv: () =>
        Promise.all(
          (['balances', 'entries', 'deposits'] as const).map((report) =>
            ledgerApi.downloadLedgerCsv(client, report, { bankAccountId }),
          ),
        ),
      createReconciliation: () =>
        ledgerApi.createReconciliation(client, {
          bankAccountId,
          asOf: '2026-11-30',
          statementBalance: '1300.00',
        }),
      listReconciliations: () => ledgerApi.listReconciliations(client, { bankAccountId }),
      getReconciliation: () => ledgerApi.getReconciliation(client, bankAccountId),
      addReconciliationItem: () =>
        ledgerApi.addReconciliationItem(client, bankAccountId, {
          kind: 'other',
          amount: '1.00',
          date: '2026-11-30',
          description: 'Bank error',
        }),
      clearReconciliationItem: () =>
        ledgerApi.clearReconciliationItem(client, bankAccountId, bankAccountId),
      signReconciliation: () => ledgerApi.signReconciliation(client, bankAccountId, 'prepared'),
      downloadReconciliationReport: () =>
        Promise.all(
          (['pdf', 'csv'] as const).map((format) =>
            ledgerApi.downloadReconciliationReport(client, bankAccountId, format),
          ),
        ),
      postLedgerEntry: () =>
        ledgerApi.postLedgerEntry(client, {
          bankAccountId,
          clientId: bankAccountId,
          amount: '-250.00',
          date: '2026-11-30',
          payee: 'County Recorder',
          method: 'check',
          reference: '1042',
          purpose: 'Recording fee',
        }),
      postLedgerTransfer: () =>
        ledgerApi.postLedgerTransfer(client, {
          clientId: bankAccountId,
          fromBankAccountId: bankAccountId,
          toBankAccountId: bankAccountId,
          amount: '100.00',
          date: '2026-11-30',
          invoice: 'INV-7',
        }),
      getClientStatement: () =>
        ledgerApi.getClientStatement(client, { bankAccountId, clientId: bankAccountId }),
      downloadClientStatement: () =>
        Promise.all(
          (['pdf', 'csv'] as const).map((format) =>
            ledgerApi.downloadClientStatement(
              client,
              { bankAccountId, clientId: bankAccountId },
              format,
            ),
          ),
        ),
    } satisfies Record<keyof typeof ledgerApi, () => Promise<unknown>>;
    await expectEveryFunctionCalled(ledgerApi, exercised, calls, [
      'GET /api/ledger/balances',
      'GET /api/ledger/entries',
      'GET /api/ledger/deposits',
      'POST /api/ledger/reconciliations',
      'GET /api/ledger/reconciliations',
      'GET /api/ledger/reconciliations/{id}',
      'POST /api/ledger/reconciliations/{id}/items',
      'POST /api/ledger/reconciliations/{id}/items/{id}/clear',
      'POST /api/ledger/reconciliations/{id}/sign',
      'GET /api/ledger/reconciliations/{id}/report',
      'POST /api/ledger/entries',
      'POST /api/ledger/transfers',
      'GET /api/ledger/client-statement',
    ]);
  });

  it('calls only documented paths from the approvals’ API, every function checked', async () => {
    const { calls, client } = recordingClient();
    const id = crypto.randomUUID();
    const exercised = {
      isAwaitingApproval: async () =>
        expect(
          [{ status: 'awaiting_approval' }, { id }].map(approvalsApi.isAwaitingApproval),
        ).toEqual([true, false]),
      listApprovals: () => approvalsApi.listApprovals(client, { status: 'pending' }),
      approveApproval: () => approvalsApi.approveApproval(client, id),
      rejectApproval: () => approvalsApi.rejectApproval(client, id),
    } satisfies Record<keyof typeof approvalsApi, () => Promise<unknown>>;
    await expectEveryFunctionCalled(approvalsApi, exercised, calls, [
      'GET /api/approvals',
      'POST /api/approvals/{id}/approve',
      'POST /api/approvals/{id}/reject',
    ]);
  });

  it('calls only documented paths from the payment plans’ API, every function checked', async () => {
    const { calls, client } = recordingClient();
    const id = crypto.randomUUID();
    const exercised = {
      listPaymentPlans: () => plansApi.listPaymentPlans(client, { clientId: id, limit: 5 }),
      getPaymentPlan: () => plansApi.getPaymentPlan(client, id),
    } satisfies Record<keyof typeof plansApi, () => Promise<unknown>>;
    await expectEveryFunctionCalled(plansApi, exercised, calls, [
      'GET /api/payment-plans',
      'GET /api/payment-plans/{id}',
    ]);
  });

  it('calls only documented paths from the link dialogs’ API, every function checked', async () => {
    const { calls, client } = recordingClient();
    const id = crypto.randomUUID();
    const targets = [
      { kind: 'payment-link', id },
      { kind: 'aggregate-link', id },
    ] as const;
    const body = { emails: ['pat@example.com'], subject: 'S', message: 'M' };
    const exercised = {
      sendPaymentRequest: () =>
        Promise.all(targets.map((t) => linkRequestsApi.sendPaymentRequest(client, t, body))),
      listPaymentRequests: () =>
        Promise.all(targets.map((t) => linkRequestsApi.listPaymentRequests(client, t))),
      stopPaymentRequest: () =>
        Promise.all(targets.map((t) => linkRequestsApi.stopPaymentRequest(client, t, id))),
      recordManualPayment: () => {
        const cheque = { amount: '1.00', memo: 'Cheque 1' };
        return linkRequestsApi.recordManualPayment(client, id, cheque, { idempotencyKey: 'k' });
      },
    } satisfies Record<keyof typeof linkRequestsApi, () => Promise<unknown>>;
    // Each kind of link has its own requests' routes; only a payment link takes a cheque.
    const routes = targets.flatMap(({ kind }) =>
      ['POST', 'GET'].map((method) => `${method} /api/${kind}s/{id}/requests`),
    );
    const stops = targets.map(({ kind }) => `POST /api/${kind}s/{id}/requests/{id}/stop`);
    await expectEveryFunctionCalled(linkRequestsApi, exercised, calls, [
      ...routes,
      ...stops,
      'POST /api/payment-links/{id}/manual-payments',
    ]);
  });

  it('talks to the real app: records, actions, and errors with their field messages', async () => {
    const client = new ApiClient({
      token: t.org.keys.staff,
      fetch: (input, init) => Promise.resolve(t.app.request(String(input), init)),
    });
    const page = await client.listClients({ q: 'nobody' });
    expect(page).toEqual({ data: [], nextCursor: null });
    const error = await client.action('ClientCreate', { name: ' ' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid_input',
      fields: { name: ['must not be empty'] },
    });
    const forbidden = await client.getSettings().catch((e: unknown) => e);
    expect(forbidden).toMatchObject({ status: 403, message: 'This needs the admin role' });
  });

  it('says who calls (GET /api/me): each key its role, a widget token the role it may use', async () => {
    const as = (token: string) =>
      new ApiClient({
        token,
        fetch: (input, init) => Promise.resolve(t.app.request(String(input), init)),
      });
    // The person each names: the key's label (the test keys are named after their role).
    const label = (name: string) => ({ id: expect.any(String), name, via: 'key-label' });
    expect(await as(t.org.keys.admin).me()).toEqual({
      role: 'admin',
      kind: 'api-key',
      person: label('admin'),
    });
    expect(await as(t.org.keys.viewer).me()).toEqual({
      role: 'viewer',
      kind: 'api-key',
      person: label('viewer'),
    });
    const issued = await as(t.org.keys.staff).createWidgetToken({ role: 'viewer' });
    expect(await as(issued.token).me()).toEqual({
      role: 'viewer',
      kind: 'widget-token',
      person: label('staff'),
    });
    const unknown = await as('plk_nope')
      .me()
      .catch((e: unknown) => e);
    expect(unknown).toMatchObject({ status: 401 });
  });

  it('keeps an error’s details beyond its field messages', async () => {
    const client = new ApiClient({
      token: t.org.keys.admin,
      fetch: (input, init) => Promise.resolve(t.app.request(String(input), init)),
    });
    const error = await client
      .refundTransaction(crypto.randomUUID(), { amount: 'lots' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, fields: { amount: [expect.any(String)] } });
    expect((error as ApiError).details).toMatchObject({ fields: { amount: [expect.any(String)] } });
    const missing = await client
      .voidTransaction(crypto.randomUUID(), {}, { idempotencyKey: 'k-1' })
      .catch((e: unknown) => e);
    expect(missing).toMatchObject({ status: 404, details: {} });
  });

  it('asks a token getter again after a 401, once', async () => {
    const given: boolean[] = [];
    const client = new ApiClient({
      token: ({ renew }) => {
        given.push(renew);
        return renew ? t.org.keys.viewer : 'plk_expired';
      },
      fetch: (input, init) => Promise.resolve(t.app.request(String(input), init)),
    });
    expect(await client.listClients()).toEqual({ data: [], nextCursor: null });
    expect(given).toEqual([false, true]);
    await client.listClients();
    expect(given).toEqual([false, true]);
  });
});
