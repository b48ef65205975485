import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from './testing/server-process.js';
import { waitFor } from './testing/wait.js';

// Going live as a firm does it, on real processes: the server starts on an empty data folder (demo
// mode), a separate simulator process on its own port plays the real sandbox, an admin saves
// that sandbox's API token, and without a restart the server talks to it, registers its webhook
// endpoint there, and a payment made there arrives as a verified webhook and a transaction.

const dataDir = mkdtempSync(path.join(tmpdir(), 'plk-live-'));
const children: { kill(): unknown }[] = [];
afterAll(() => {
  for (const child of children) child.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** `npm run simulator` on a free port: its URL and its firm's key. */
async function startSimulatorProcess(): Promise<{ url: string; key: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'simulator/main.ts', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push({ kill: () => child.kill('SIGKILL') });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`simulator not ready: ${out}`)), 30_000);
    child.stdout.on('data', (chunk: Buffer) => {
      out += String(chunk);
      const url = /simulator: (http:\/\/\S+\/)/.exec(out)?.[1];
      const key = /API key: (\S+)/.exec(out)?.[1];
      if (url && key) {
        clearTimeout(timer);
        resolve({ url, key });
      }
    });
    child.once('exit', (code) => reject(new Error(`simulator exited ${code}: ${out}`)));
  });
}

const KEY = 'going-live-test-admin-key-0123456789';

describe('going live', () => {
  it('leaves demo mode on a saved token, without a restart, and receives the sandbox’s webhooks', async () => {
    const sandbox = await startSimulatorProcess();
    const port = await freePort();
    const server = await startServerProcess(
      {
        DATABASE_URL: '',
        ADMIN_API_KEY: KEY,
        DATA_DIR: dataDir,
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DEMO: 'auto',
        SERVICE_SANDBOX_URL: sandbox.url,
      },
      { ready: /demo mode: the simulator/, timeoutMs: 30_000 },
    );
    children.push({ kill: () => server.kill() });
    const api = async (method: string, p: string, body?: unknown) => {
      const res = await fetch(`${server.url}/api${p}`, {
        method,
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    const atSandbox = async (p: string, init: { method?: string; body?: unknown } = {}) => {
      const res = await fetch(new URL(p, sandbox.url), {
        method: init.method ?? 'GET',
        headers: { 'x-api-key': sandbox.key, 'content-type': 'application/json' },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      return (await res.json()) as any; // eslint-disable-line @typescript-eslint/no-explicit-any
    };

    try {
      // Demo mode: the built-in simulator answers, with its own firm.
      const sandboxFirm = await atSandbox('_sandbox/firm');
      const demoHealth = (await api('GET', '/admin/integration-health')).body;
      expect(demoHealth.apiKey.ok).toBe(true);
      expect(demoHealth.apiKey.firm.id).not.toBe(sandboxFirm.id);
      expect((await fetch(`${server.url}/`)).status).toBe(200);

      const saved = await api('PUT', '/settings', { apiToken: sandbox.key });
      expect(saved.status).toBe(200);

      // The next request goes to the sandbox process: its firm, its bank accounts.
      const health = (await api('GET', '/admin/integration-health')).body;
      expect(health.apiKey).toMatchObject({ ok: true, firm: { id: sandboxFirm.id } });
      const synced = await api('POST', '/actions/BankAccountsSync', {});
      expect(synced.status).toBe(200);
      const remoteAccounts = await atSandbox('', {
        method: 'POST',
        body: { query: '{ bankAccountsList { bankAccounts { id } } }' },
      });
      const accounts = (await api('GET', '/bank-accounts')).body.data as {
        serviceId: string;
        id: string;
      }[];
      expect(accounts.map((a) => a.serviceId).sort()).toEqual(
        remoteAccounts.data.bankAccountsList.bankAccounts.map((a: { id: string }) => a.id).sort(),
      );
      // The demo page is gone with demo mode.
      expect((await fetch(`${server.url}/`)).status).toBe(404);

      // Our endpoint is registered at the sandbox, with our secret (the one saved in demo mode).
      const { url: ourUrl } = (await api('GET', '/admin/webhook-url')).body;
      const settings = (await api('GET', '/settings')).body;
      const listed = await atSandbox('', {
        method: 'POST',
        body: {
          query: '{ webhookUrlsList { webhookUrls { url secret disabled enabledWebhooks } } }',
        },
      });
      const endpoints = listed.data.webhookUrlsList.webhookUrls;
      expect(endpoints).toHaveLength(1);
      expect(endpoints[0]).toMatchObject({ url: ourUrl, disabled: false });
      expect(endpoints[0].secret.slice(-4)).toBe(settings.webhookSecret.last4);

      // A payment made at the sandbox arrives as a verified webhook and becomes a transaction.
      const [client] = (await api('POST', '/actions/ClientCreate', { name: 'Live client' })).body;
      const [link] = (
        await api('POST', '/actions/PaymentLinkCreate', {
          amount: '125.00',
          bankAccountId: accounts[0]!.id,
          clientId: client.id,
        })
      ).body;
      expect(link).toMatchObject({ syncStatus: 'synced', serviceId: expect.any(String) });
      const paid = await atSandbox(`_sandbox/payment-links/${link.serviceId}/pay`, {
        method: 'POST',
        body: {},
      });
      const transactionId = paid.transactions[0].id as string;
      const transaction = await waitFor(async () => {
        const list = (await api('GET', '/transactions')).body.data as { serviceId: string }[];
        return list.find((t) => t.serviceId === transactionId);
      }, 30_000);
      expect(transaction).toMatchObject({ serviceId: transactionId });
      const after = (await api('GET', '/admin/integration-health')).body;
      expect(after.webhooks.lastVerifiedAt).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
      expect(after.webhooks.endpoint).toMatchObject({ registered: true, disabled: false });
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 120_000);
});
