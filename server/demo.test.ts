import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from './testing/server-process.js';

// `npm start` with nothing configured: the simulator is the sandbox, and it outlives a restart.

const dataDir = mkdtempSync(path.join(tmpdir(), 'plk-demo-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const start = () =>
  startServerProcess(
    {
      DATABASE_URL: '',
      ADMIN_API_KEY: 'demo-test-admin-key-0123456789',
      DATA_DIR: dataDir,
      PORT: '0',
      DEMO: 'auto',
      SERVICE_SANDBOX_URL: '',
    },
    { ready: /demo mode: the simulator/, timeoutMs: 30_000 },
  );

describe('demo mode', () => {
  it('works offline at once, and keeps the simulator’s state across a restart', async () => {
    const api = (url: string) => async (method: string, p: string, body?: unknown) => {
      const res = await fetch(`${url}/api${p}`, {
        method,
        headers: {
          authorization: 'Bearer demo-test-admin-key-0123456789',
          'content-type': 'application/json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
    };

    const first = await start();
    const call = api(first.url);
    const settings = await call('GET', '/settings');
    expect(settings.body).toMatchObject({
      productionEnvironment: false,
      apiToken: { isSet: true },
      webhookSecret: { isSet: true },
    });
    expect((await call('POST', '/actions/BankAccountsSync', {})).body).toMatchObject({ synced: 3 });
    const [client] = (await call('POST', '/actions/ClientCreate', { name: 'Demo client' })).body;
    expect(client).toMatchObject({ syncStatus: 'synced', serviceId: expect.any(String) });
    expect(await first.stop()).toBe(0);
    expect(statSync(path.join(dataDir, 'simulator.json')).mode & 0o777).toBe(0o600);

    const second = await start();
    try {
      // The record's remote id still exists in the restored simulator: the update succeeds.
      const [renamed] = (
        await api(second.url)('POST', '/actions/ClientUpdate', {
          clientId: client.id,
          name: 'Renamed',
        })
      ).body;
      expect(renamed).toMatchObject({
        syncStatus: 'synced',
        serviceId: client.serviceId,
        syncErrorMessage: null,
      });
    } finally {
      await second.stop();
    }
  }, 90_000);

  it('forgets nothing it answered when killed with -9 at once after a change', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'plk-demo-kill-'));
    const begin = () =>
      startServerProcess(
        {
          DATABASE_URL: '',
          ADMIN_API_KEY: 'demo-test-admin-key-0123456789',
          DATA_DIR: dir,
          PORT: '0',
          DEMO: 'auto',
          SERVICE_SANDBOX_URL: '',
        },
        { ready: /demo mode: the simulator/, timeoutMs: 30_000 },
      );
    const call = (url: string) => async (p: string, body: unknown) =>
      (
        await fetch(`${url}/api${p}`, {
          method: 'POST',
          headers: {
            authorization: 'Bearer demo-test-admin-key-0123456789',
            'content-type': 'application/json',
          },
          body: JSON.stringify(body),
        })
      ).json() as Promise<{ id: string; serviceId: string; syncStatus: string }[]>;
    try {
      const first = await begin();
      const [client] = await call(first.url)('/actions/ClientCreate', { name: 'Just made' });
      expect(client).toMatchObject({ syncStatus: 'synced' });
      await first.kill(); // within a second of the change: no timer ran
      // A temporary file left by a write cut short stops nothing.
      writeFileSync(path.join(dir, 'simulator.json.tmp'), '{"version": 1, "firms": [');
      const second = await begin();
      try {
        const [renamed] = await call(second.url)('/actions/ClientUpdate', {
          clientId: client!.id,
          name: 'Still there',
        });
        expect(renamed).toMatchObject({ syncStatus: 'synced', serviceId: client!.serviceId });
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
