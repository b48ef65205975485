import {
  getVariableValues,
  Kind,
  parse,
  print,
  validate,
  visit,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildBatchDocument } from './batch.js';
import { documents } from './documents.js';
import type { RemoteOperation } from './operation.js';
import { operations } from './operations.js';
import { loadRemoteSchema } from './sdl.js';
import { hasIntrospection, loadIntrospectionSchema } from '../testing/graphql-server.js';

// One sample operation per builder, so batches of every kind can be generated and checked.
const samples: Record<keyof typeof operations, RemoteOperation<unknown>> = {
  addClient: operations.addClient({ name: 'Acme', externalId: 'local-1' }),
  updateClient: operations.updateClient({ id: 'c1', name: 'Acme 2' }),
  addMatter: operations.addMatter({ clientId: 'c1', name: 'M', externalId: 'local-2' }),
  updateMatter: operations.updateMatter({ id: 'm1', name: 'M2' }),
  addPaymentLink: operations.addPaymentLink({
    clientId: 'c1',
    matterId: 'm1',
    amounts: [
      { amount: '150.00', bankAccountId: 'b1' },
      { amount: '500.00', bankAccountId: 'b2' },
    ],
    memo: 'Retainer',
    externalId: 'local-3',
    paymentMethodsAllowed: ['ACH', 'CHECK'],
    partialPaymentAllowed: false,
    surchargeEnabled: false,
    sendReceipts: false,
  }),
  updatePaymentLink: operations.updatePaymentLink({
    id: 'p1',
    amounts: [
      { amount: '1.00', bankAccountId: 'b1' },
      { amount: '2.00', bankAccountId: 'b2' },
    ],
    paymentMethodsAllowed: ['CREDIT', 'DEBIT'],
    partialPaymentAllowed: null,
    sendReceipts: true,
    memo: 'Updated',
  }),
  removePaymentLink: operations.removePaymentLink('p1'),
  addAggregatePaymentLink: operations.addAggregatePaymentLink({ paymentLinkIds: ['p1', 'p2'] }),
  updateAggregatePaymentLink: operations.updateAggregatePaymentLink({
    id: 'a1',
    paymentLinkIds: ['p1'],
  }),
  listBankAccounts: operations.listBankAccounts(),
  getTransaction: operations.getTransaction('t1'),
  findClientByExternalId: operations.findClientByExternalId('local-1'),
  findMatterByExternalId: operations.findMatterByExternalId('local-2'),
  findPaymentLinkByExternalId: operations.findPaymentLinkByExternalId('local-3'),
  findPaymentLinkAggregates: operations.findPaymentLinkAggregates('p1'),
  listTransactions: operations.listTransactions({
    createdAfter: '2026-01-01T00:00:00Z',
    limit: 50,
    paymentLinkIds: ['p1'],
    types: ['refund', 'achReturn'],
  }),
  me: operations.me(),
  listWebhookUrls: operations.listWebhookUrls(),
  createWebhookUrl: operations.createWebhookUrl({
    url: 'https://x.test/h',
    enabledWebhooks: ['transaction.created'],
  }),
  updateWebhookUrl: operations.updateWebhookUrl({ id: 'w1', disabled: false }),
  listWebhookEvents: operations.listWebhookEvents('w1'),
  resendWebhookEvent: operations.resendWebhookEvent({ eventId: 'e1', webhookUrlId: 'w1' }),
  sandboxMoveToFundsInTransit: operations.sandboxMoveToFundsInTransit('t1'),
  sandboxMoveToDeposited: operations.sandboxMoveToDeposited('t1'),
  sandboxTriggerAchReturn: operations.sandboxTriggerAchReturn('t1'),
  sandboxTriggerChargeback: operations.sandboxTriggerChargeback({
    transactionId: 't1',
    amount: '1.00',
  }),
  listStatements: operations.listStatements({ startMonth: '2026-10', endMonth: '2026-11' }),
  recordManualPayment: operations.recordManualPayment({
    paymentLinkId: 'p1',
    amounts: [{ amount: '10.00', bankAccountId: 'b1' }],
    statement: 'Cheque 1042',
  }),
  sendPaymentRequest: operations.sendPaymentRequest({
    paymentLinkId: 'p1',
    emails: ['pat@example.com'],
    ccEmails: ['office@example.com'],
    subject: 'Your invoice',
    message: 'Please pay',
  }),
  refundTransaction: operations.refundTransaction({
    transactionId: 't1',
    amount: '2.00',
    externalId: 'mo-1',
  }),
  voidTransaction: operations.voidTransaction({ transactionId: 't1', externalId: 'mo-2' }),
  findRefundRequest: operations.findRefundRequest('mo-1'),
  findVoidRequest: operations.findVoidRequest('mo-2'),
  getRefundRequest: operations.getRefundRequest('r1'),
  getVoidRequest: operations.getVoidRequest('v1'),
  voidDetails: operations.voidDetails('t1'),
  addSubscription: operations.addSubscription({
    clientId: 'c1',
    matterId: 'm1',
    amount: '300.00',
    bankAccountId: 'b1',
    frequency: 'monthly',
    ends: { payments: 3 },
    startDate: '2027-01-15',
    paymentMethods: ['ACH'],
  }),
  updateSubscription: operations.updateSubscription({
    id: 's1',
    amount: '250.00',
    bankAccountId: 'b1',
    frequency: 'weekly',
    ends: { amountPaid: '1000.00' },
    startDate: '2027-01-15',
  }),
  cancelSubscription: operations.cancelSubscription('s1'),
  getSubscription: operations.getSubscription('s1'),
  listClientSubscriptions: operations.listClientSubscriptions('c1'),
};

const all = Object.values(samples);
const mutations = all.filter((op) => op.document.trimStart().startsWith('mutation'));
const queries = all.filter((op) => op.document.trimStart().startsWith('query'));

// Every request the client can send: each document alone, each operation three times in one
// batch, and mixed batches of all queries and of all mutations.
function everyRequest(): { label: string; query: string }[] {
  return [
    ...Object.entries(documents).map(([name, query]) => ({ label: name, query })),
    ...Object.entries(samples).map(([name, op]) => ({
      label: `batch of 3 ${name}`,
      query: buildBatchDocument([op, op, op]).request.query,
    })),
    { label: 'batch of all queries', query: buildBatchDocument(queries).request.query },
    { label: 'batch of all mutations', query: buildBatchDocument(mutations).request.query },
  ];
}

function expectValid(schema: GraphQLSchema): void {
  for (const { label, query } of everyRequest()) {
    const errors = validate(schema, parse(query)).map((e) => e.message);
    expect({ label, errors }).toEqual({ label, errors: [] });
  }
}

describe('remote documents', () => {
  it('covers every operation with a builder and a document', () => {
    expect(new Set(all.map((op) => op.operationName))).toEqual(new Set(Object.keys(documents)));
    expect(queries.length + mutations.length).toBe(all.length);
  });

  it('each document declares the operation name it is sent under', () => {
    for (const [name, query] of Object.entries(documents)) {
      expect(query).toMatch(new RegExp(`^(query|mutation) ${name}\\b`));
    }
  });

  if (!hasIntrospection) {
    console.warn(
      '\n[documents.test] ../shared/remote-api is missing: the check against the real schema is SKIPPED.\n',
    );
  }
  it.skipIf(!hasIntrospection)(
    'are valid against the real schema (introspection), alone and batched',
    () => {
      expectValid(loadIntrospectionSchema());
    },
  );

  // The variables too: every input field name and value type as the real schema has it (an
  // unknown field, such as an update's surchargeEnabled, is an error here).
  it.skipIf(!hasIntrospection)('send variables the real schema accepts', () => {
    const schema = loadIntrospectionSchema();
    for (const [name, op] of Object.entries(samples)) {
      const definition = parse(op.document).definitions[0] as OperationDefinitionNode;
      const coerced = getVariableValues(
        schema,
        definition.variableDefinitions ?? [],
        op.variables as Record<string, unknown>,
      );
      expect({ name, errors: (coerced.errors ?? []).map((e) => e.message) }).toEqual({
        name,
        errors: [],
      });
    }
  });

  it('are valid against server/remote/schema.graphql (the subset the simulator serves)', () => {
    expectValid(loadRemoteSchema());
  });

  it('never inline a value: every argument is a variable', () => {
    for (const { label, query } of everyRequest()) {
      const literals: string[] = [];
      visit(parse(query), {
        Argument: (node) => {
          if (node.value.kind !== Kind.VARIABLE)
            literals.push(`${node.name.value}: ${print(node.value)}`);
        },
      });
      expect({ label, literals }).toEqual({ label, literals: [] });
    }
  });
});
