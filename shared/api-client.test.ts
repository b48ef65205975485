import { describe, expect, it } from 'vitest';
import { ApiClient } from './api-client.js';

// The widgets' client sends an Idempotency-Key with every POST: one per call (a submit), the same
// one when it sends the call again after renewing its token.

function recording(statuses: number[] = []) {
  const sent: { method: string; key: string | null }[] = [];
  const fetch = (async (_url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    sent.push({ method: String(init.method), key: headers.get('idempotency-key') });
    const status = statuses.shift() ?? 200;
    return new Response(status === 200 ? '[]' : '{}', { status });
  }) as unknown as typeof globalThis.fetch;
  return { sent, fetch };
}

describe('ApiClient and Idempotency-Key', () => {
  it('sends a new key with each POST, and none with a GET', async () => {
    const { sent, fetch } = recording();
    const api = new ApiClient({ token: 'plk_x', fetch });
    await api.action('ClientCreate', { name: 'A' });
    await api.action('ClientCreate', { name: 'A' });
    await api.listClients();
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
    expect(sent[2]).toEqual({ method: 'GET', key: null });
  });

  it('keeps the key of a submit when it sends it again with a renewed token, or when given one', async () => {
    const { sent, fetch } = recording([401, 200]);
    const api = new ApiClient({ token: () => 'wt_token', fetch });
    await api.action('ClientCreate', { name: 'A' });
    expect(sent).toHaveLength(2);
    expect(sent[1]!.key).toBe(sent[0]!.key);
    await api.request('POST', '/api/actions/ClientCreate', {
      body: { name: 'A' },
      idempotencyKey: 'submit-1',
    });
    expect(sent[2]!.key).toBe('submit-1');
  });
});
