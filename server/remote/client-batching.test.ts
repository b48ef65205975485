import { describe, expect, it, onTestFinished } from 'vitest';
import { createRemoteClient } from './client.js';
import { RemoteError } from './errors.js';
import { fixedTarget } from './target.js';
import { startTestServer } from '../testing/graphql-server.js';
import { useFakeRemote } from '../testing/fake-remote.js';

// The remote client's auto-batching (batch: true), against a fake remote on loopback HTTP.

const fakeRemote = useFakeRemote();

describe('auto-batching (batch: true)', () => {
  it('packs calls of one tick into requests of maxBatchSize', async () => {
    const { remote, server, calls } = await fakeRemote();
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        remote.addClient('org', { name: `C${i}`, externalId: `l-${i}` }, { batch: true }),
      ),
    );
    expect(results).toHaveLength(60);
    expect(server.requests.map((r) => r.body.operationName)).toEqual([
      'Batch_AddClient_x25',
      'Batch_AddClient_x25',
      'Batch_AddClient_x10',
    ]);
    // Mutations kept the order they were submitted in.
    expect(
      calls.map((c) => (c.args as { input: { externalId: string } }).input.externalId),
    ).toEqual(Array.from({ length: 60 }, (_, i) => `l-${i}`));
  });

  it('keeps organizations and operation types in separate requests', async () => {
    const { remote, server } = await fakeRemote();
    await Promise.all([
      remote.addClient('org-a', { name: 'A' }, { batch: true }),
      remote.addClient('org-b', { name: 'B' }, { batch: true }),
      remote.me('org-a', { batch: true }),
      remote.findClientByExternalId('org-a', 'local-c', { batch: true }),
    ]);
    expect(server.requests.map((r) => r.body.operationName).sort()).toEqual([
      'AddClient',
      'AddClient',
      'Batch_x2',
    ]);
  });

  it('a call withdrawn before its request leaves is not sent', async () => {
    const { remote, calls } = await fakeRemote();
    const controller = new AbortController();
    const kept = remote.addClient('org', { name: 'kept' }, { batch: true });
    const dropped = remote.addClient(
      'org',
      { name: 'dropped' },
      { batch: true, signal: controller.signal },
    );
    controller.abort(new Error('user left'));
    await expect(dropped).rejects.toThrow('user left');
    await kept;
    expect(
      calls.map((c) => (c.args as { input: { clientName: string } }).input.clientName),
    ).toEqual(['kept']);
  });

  it('a failed request fails every call in it with the same transient error', async () => {
    const server = await startTestServer(() => new Response(null, { status: 502 }));
    onTestFinished(() => server.close());
    const remote = createRemoteClient({
      resolveTarget: fixedTarget({ baseUrl: server.url, apiKey: 'k_test_abcdef' }),
    });
    const outcomes = await Promise.allSettled(
      [1, 2, 3].map((i) => remote.addClient('org', { name: `C${i}` }, { batch: true })),
    );
    expect(server.requests).toHaveLength(1);
    expect(outcomes.map((o) => o.status === 'rejected' && (o.reason as RemoteError).code)).toEqual([
      'server_error',
      'server_error',
      'server_error',
    ]);
  });
});
