import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// `npm start` with nothing configured: the simulator is the sandbox, and it outlives a restart.

const dataDir = mkdtempSync(path.join(tmpdir(), 'plk-demo-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function start(): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      ADMIN_API_KEY: 'demo-test-admin-key-0123456789',
      DATA_DIR: dataDir,
      PORT: '0',
      DEMO: 'auto',
      SERVICE_SANDBOX_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += String(d)));
  child.stderr?.on('data', (d) => (out += String(d)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`demo did not start:\n${out}`)), 30_000);
    const poll = setInterval(() => {
      const url = /Payment link service: (http:\/\/\S+)/.exec(out)?.[1];
      if (url && out.includes('demo mode: the simulator')) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve({ child, url, output: () => out });
      }
    }, 50);
    child.once('exit', (code) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`exited with ${code}:\n${out}`));
    });
  });
}

const stop = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

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
    expect(await stop(first.child)).toBe(0);
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
      await stop(second.child);
    }
  }, 90_000);
});
