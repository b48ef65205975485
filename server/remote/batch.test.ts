import { parse, print, validate } from 'graphql';
import { afterEach, describe, expect, it } from 'vitest';
import { buildBatchDocument, splitResponse } from './batch.js';
import { RemoteError } from './errors.js';
import { createExecutor } from './executor.js';
import { operations } from './operations.js';
import { fixedTarget } from './target.js';
import { loadRemoteSchema } from './sdl.js';
import { startGraphQLServer, type TestServer } from '../testing/graphql-server.js';
import { createTransport } from './transport.js';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe('buildBatchDocument', () => {
  it('aliases each operation, renames its variables and defines shared fragments once', () => {
    const batch = buildBatchDocument([
      operations.addClient({ name: 'A', externalId: 'x-a' }),
      operations.addClient({ name: 'B' }),
    ]);
    expect(batch.aliases).toEqual(['a0', 'a1']);
    expect(batch.operation).toBe('mutation');
    expect(batch.request.operationName).toBe('Batch_AddClient_x2');
    expect(batch.request.variables).toEqual({
      a0_input: { clientName: 'A', externalId: 'x-a' },
      a1_input: { clientName: 'B' },
    });
    expect(print(parse(batch.request.query))).toBe(
      print(
        parse(`mutation Batch_AddClient_x2($a0_input: AddClientInput!, $a1_input: AddClientInput!) {
          a0: addClient(input: $a0_input) { ...ClientFields }
          a1: addClient(input: $a1_input) { ...ClientFields }
        }
        fragment ClientFields on Client { id clientName externalId }`),
      ),
    );
  });

  it('merges different operations and nested fragments into one valid document', () => {
    const batch = buildBatchDocument([
      operations.getTransaction('t1'),
      operations.findPaymentLinkByExternalId('p-local'),
      operations.findMatterByExternalId('m-local'),
    ]);
    expect(batch.request.operationName).toBe('Batch_x3');
    expect(batch.request.variables).toEqual({
      a0_id: 't1',
      a1_externalId: 'p-local',
      a2_externalId: 'm-local',
    });
    const ast = parse(batch.request.query);
    expect(validate(loadRemoteSchema(), ast)).toEqual([]);
    const fragmentNames = ast.definitions.flatMap((d) =>
      d.kind === 'FragmentDefinition' ? [d.name.value] : [],
    );
    expect(fragmentNames.sort()).toEqual([
      'MatterFields',
      'PaymentLinkFields',
      'SubscriptionFields',
      'TransactionEventFields',
      'TransactionFields',
    ]);
  });

  it('keeps the order of mutations', () => {
    const batch = buildBatchDocument([
      operations.updateClient({ id: '1', name: 'first' }),
      operations.addMatter({ clientId: '1', name: 'second' }),
      operations.removePaymentLink('3'),
    ]);
    const fields = [...batch.request.query.matchAll(/(a\d): (\w+)\(/g)].map(
      (m) => `${m[1]}:${m[2]}`,
    );
    expect(fields).toEqual(['a0:updateClient', 'a1:addMatter', 'a2:removePaymentLink']);
  });

  it('prints a shape once: the same documents with other values share the text, not the values', () => {
    const first = buildBatchDocument([
      operations.getTransaction('t1'),
      operations.getTransaction('t2'),
    ]);
    const again = buildBatchDocument([
      operations.getTransaction('t3'),
      operations.getTransaction('t4'),
    ]);
    expect(again.request.query).toBe(first.request.query);
    expect(first.request.variables).toEqual({ a0_id: 't1', a1_id: 't2' });
    expect(again.request.variables).toEqual({ a0_id: 't3', a1_id: 't4' });
    // Another shape (one more item, another name) is a text of its own.
    const three = buildBatchDocument([
      operations.getTransaction('t5'),
      operations.getTransaction('t6'),
      operations.getTransaction('t7'),
    ]);
    expect(three.request.query).not.toBe(first.request.query);
    expect(three.request.query).toContain('a2: transaction(id: $a2_id)');
    const named = buildBatchDocument(
      [operations.getTransaction('t8'), operations.getTransaction('t9')],
      { operationName: 'Refetch' },
    );
    expect(named.request.query).toMatch(/^query Refetch\(/);
    expect(named.request.query.replace('Refetch', '')).toBe(
      first.request.query.replace(first.request.operationName, ''),
    );
  });

  it('refuses what cannot share a request', () => {
    expect(() =>
      buildBatchDocument([operations.me(), operations.addClient({ name: 'A' })]),
    ).toThrow(/cannot share/);
    expect(() => buildBatchDocument([])).toThrow();
    expect(() =>
      buildBatchDocument([
        {
          document: 'query Q { me { role } bankAccountsList { bankAccounts { id } } }',
          variables: {},
        },
      ]),
    ).toThrow(/exactly one root field/);
    expect(() =>
      buildBatchDocument([{ document: operations.me().document, variables: { stray: 1 } }]),
    ).toThrow(/not declared/);
  });
});

describe('splitResponse', () => {
  it('maps values and per-alias errors back by alias', () => {
    const outcomes = splitResponse(
      {
        data: { a0: { id: '1' }, a1: null, a2: { id: '3' } },
        errors: [{ message: 'nope', path: ['a1', 'amounts'] }],
      },
      ['a0', 'a1', 'a2'],
    );
    expect(outcomes).toEqual([
      { state: 'value', value: { id: '1' } },
      { state: 'error', errors: [{ message: 'nope', path: ['a1', 'amounts'] }] },
      { state: 'value', value: { id: '3' } },
    ]);
  });

  it('tells results lost to null propagation apart from errors of the whole request', () => {
    expect(
      splitResponse({ data: null, errors: [{ message: 'bad', path: ['a1'] }] }, ['a0', 'a1']).map(
        (o) => o.state,
      ),
    ).toEqual(['lost', 'error']);
    expect(
      splitResponse({ data: null, errors: [{ message: 'too complex' }] }, ['a0', 'a1']),
    ).toEqual([
      { state: 'error', errors: [{ message: 'too complex' }] },
      { state: 'error', errors: [{ message: 'too complex' }] },
    ]);
  });
});

/** A graphql-js server over the real schema, with a few root fields answered from memory. */
async function fakeRemote() {
  const clients = new Map<string, { id: string; clientName: string; externalId: string | null }>();
  const txn = (id: string) => ({
    id,
    amountProcessed: 15_010,
    amountRefunded: 0,
    status_v2: 'PENDING',
    paymentMethod: 'CARD',
    type: 'ccPayment',
    createdOn: '2026-11-21T10:00:00.000Z',
    errorMessage: null,
    lastFour: '4242',
    payerEmail: null,
    payerName: null,
    originalTransactionId: null,
    depositId: null,
    settledOn: null,
    surchargeAmount: 0,
    bankAccount: { id: 'bank-1' },
    client: null,
    matter: null,
    paymentLink: null,
    aggregatePaymentLink: null,
  });
  const server = await startGraphQLServer({
    transaction: ({ id }: { id: string }) => {
      if (id.startsWith('missing')) throw new Error(`Transaction not found: ${id}`);
      return txn(id);
    },
    addClient: ({ input }: { input: { clientName: string; externalId?: string } }) => {
      if (input.clientName === 'bad') throw new Error('clientName is not acceptable');
      const id = `client-${clients.size + 1}`;
      const record = { id, clientName: input.clientName, externalId: input.externalId ?? null };
      clients.set(id, record);
      return record;
    },
    client: ({ externalId }: { externalId: string }) => {
      const found = [...clients.values()].find((c) => c.externalId === externalId);
      if (!found)
        throw Object.assign(new Error('Client not found'), { extensions: { code: 'NOT_FOUND' } });
      return found;
    },
  });
  servers.push(server);
  const transport = createTransport({
    resolveTarget: fixedTarget({ baseUrl: server.url, apiKey: 'k_test_1234' }),
  });
  return { server, clients, executor: createExecutor(transport, { maxBatchSize: 25 }) };
}

describe('batched execution against a real GraphQL executor', () => {
  it('runs many queries in one request and maps each result back', async () => {
    const { server, executor } = await fakeRemote();
    const ids = Array.from({ length: 20 }, (_, i) => `t${i}`);
    const results = await executor.runAll(
      'org',
      ids.map((id) => operations.getTransaction(id)),
    );
    expect(server.requests).toHaveLength(1);
    expect(results.map((r) => (r.ok ? r.value.id : r.error.message))).toEqual(ids);
    expect(results[0]).toMatchObject({
      ok: true,
      value: { amount: '150.10', status: 'PENDING', method: 'CARD' },
    });
  });

  it('one missing transaction fails alone: the others are asked again, not failed', async () => {
    const { server, executor } = await fakeRemote();
    const ids = ['t1', 'missing-1', 't2', 'missing-2', 't3'];
    const results = await executor.runAll(
      'org',
      ids.map((id) => operations.getTransaction(id)),
    );
    expect(results.map((r) => r.ok)).toEqual([true, false, true, false, true]);
    const failed = results[1];
    expect(failed?.ok === false && failed.error).toMatchObject({
      kind: 'permanent',
      code: 'graphql',
      message: 'Transaction not found: missing-1',
      operationName: 'GetTransaction',
    });
    // graphql-js nulls all of `data` for a failed non-null root field: extra rounds recover.
    expect(server.requests.length).toBeGreaterThan(1);
    expect(server.requests.length).toBeLessThanOrEqual(3);
  });

  it('splits more than maxBatchSize operations over several requests', async () => {
    const { server, executor } = await fakeRemote();
    const results = await executor.runAll(
      'org',
      Array.from({ length: 60 }, (_, i) => operations.getTransaction(`t${i}`)),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(server.requests.map((r) => Object.keys(r.body.variables).length)).toEqual([25, 25, 10]);
  });

  it('a failing mutation fails alone; its siblings are reported as not confirmed (transient)', async () => {
    const { server, clients, executor } = await fakeRemote();
    const names = ['A', 'B', 'bad', 'C'];
    const results = await executor.runAll(
      'org',
      names.map((name) => operations.addClient({ name, externalId: `local-${name}` })),
    );
    expect(server.requests).toHaveLength(1); // a mutation is never re-sent automatically
    const errors = results.map((r) => (r.ok ? null : (r.error as RemoteError)));
    expect(errors[2]).toMatchObject({
      kind: 'permanent',
      code: 'graphql',
      message: 'clientName is not acceptable',
    });
    for (const i of [0, 1, 3]) {
      expect(errors[i]).toMatchObject({ kind: 'transient', code: 'batch_interrupted' });
      expect(errors[i]?.message).toContain('clientName is not acceptable');
    }
    // Mutations ran serially: the two before the failure exist, the one after never ran, so a
    // retry that looks up by externalId first neither duplicates nor loses any of them.
    expect([...clients.values()].map((c) => c.clientName)).toEqual(['A', 'B']);
  });

  it('a look-up that finds nothing is null, in a batch and alone', async () => {
    const { executor } = await fakeRemote();
    await executor.run('org', operations.addClient({ name: 'A', externalId: 'here' }));
    const results = await executor.runAll('org', [
      operations.findClientByExternalId('here'),
      operations.findClientByExternalId('absent'),
    ]);
    expect(results).toEqual([
      { ok: true, value: { id: 'client-1', name: 'A', externalId: 'here' } },
      { ok: true, value: null },
    ]);
    await expect(
      executor.run('org', operations.findClientByExternalId('absent')),
    ).resolves.toBeNull();
  });
});
