import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../app.js';
import type { Demo } from '../../demo.js';
import { isOwnAddress, prepareDemo } from '../../demo.js';
import { createApiKey, listApiKeys } from '../../domain/api-keys.js';
import {
  bootstrapDefaultOrganization,
  findDefaultOrganization,
} from '../../domain/organizations.js';
import { createLogger } from '../../logger.js';
import { createSimulator } from '../../../simulator/simulator.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { insertBankAccount } from '../../testing/fixtures.js';
import { closeServer, listen } from '../../testing/http.js';
import { WIDGETS_DIST } from '../widget-assets.js';
import { enterDemoMode, updateSettings } from '../../domain/settings.js';
import { DEMO_KEY_NAME, isLoopbackHost } from './demo.js';
import { ALL_TAGS } from '../../../widgets/elements.js';

// Demo mode's routes (the host page, its token, "pay it") exist only with the simulator; the
// kit's files are served in any mode. The full flow runs in e2e/demo-flow.test.ts.

let t: TestApp;
let demoApp: App;
const simulator = createSimulator();
const ORIGIN = 'http://127.0.0.1:3000';

beforeAll(async () => {
  t = await createTestApp();
  const boot = await bootstrapDefaultOrganization(t.database.db, {});
  const demo: Demo = {
    simulator,
    firmKey: simulator.createFirm({ name: 'Demo law firm' }).apiKey,
    mountPath: '/simulator',
    orgId: boot.organization.id,
    persist: () => {},
    close: () => simulator.close(),
  };
  demoApp = createApp({
    ...t,
    logger: createLogger({ level: 'silent' }),
    demo,
  });
  await enterDemoMode(t.database.db, t.secretBox, boot.organization.id, {
    apiToken: demo.firmKey,
    serviceUrl: `${ORIGIN}/simulator`,
    webhookSecret: 'demo-webhook-secret-0123456789',
  });
});
afterAll(async () => {
  await simulator.close();
  await t.close();
});

const request = (
  app: App,
  method: string,
  route: string,
  headers: Record<string, string> = {},
  body?: unknown,
) =>
  app.request(`${ORIGIN}${route}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** A demo-mode app of the default organization on a configuration changed by `config`. */
async function demoAppWith(config: Partial<TestApp['config']>): Promise<App> {
  return createApp({
    ...t,
    logger: createLogger({ level: 'silent' }),
    config: { ...t.config, ...config },
    demo: {
      simulator,
      firmKey: 'k',
      mountPath: '/simulator',
      orgId: (await findDefaultOrganization(t.database.db))!.id,
      persist: () => {},
      close: async () => {},
    },
  });
}

async function demoToken(): Promise<string> {
  const res = await request(demoApp, 'POST', '/demo/token', { origin: ORIGIN });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

describe('demo mode routes', () => {
  it('do not exist without demo mode', async () => {
    for (const [method, route] of [
      ['GET', '/'],
      ['POST', '/demo/token'],
      ['POST', '/demo/pay'],
      ['POST', '/demo/settle'],
      ['POST', '/demo/plan-enroll'],
      ['POST', '/demo/clock'],
      ['POST', '/demo/emails'],
    ] as const) {
      const res = await request(t.app, method, route, { origin: ORIGIN });
      expect(res.status, `${method} ${route}`).toBe(404);
    }
  });

  it('are off when the server listens beyond loopback: whoever reaches the page is admin', async () => {
    const exposed = createApp({
      ...t,
      logger: createLogger({ level: 'silent' }),
      config: { ...t.config, host: '0.0.0.0' },
      demo: {
        simulator,
        firmKey: 'k',
        mountPath: '/simulator',
        orgId: crypto.randomUUID(),
        persist: () => {},
        close: async () => {},
      },
    });
    expect((await request(exposed, 'GET', '/')).status).toBe(404);
    expect((await request(exposed, 'POST', '/demo/token', { origin: ORIGIN })).status).toBe(404);
    expect(
      isLoopbackHost('127.0.0.1') && isLoopbackHost('::1') && isLoopbackHost('localhost'),
    ).toBe(true);
    expect(isLoopbackHost('0.0.0.0') || isLoopbackHost('10.0.0.5')).toBe(false);
  });

  it('serve the host page with a strict content security policy', async () => {
    const res = await request(demoApp, 'GET', '/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const page = await res.text();
    for (const tag of ALL_TAGS) {
      expect(page).toContain(`<${tag}`);
    }
    expect((await request(demoApp, 'GET', '/demo/demo.js')).status).toBe(200);
    expect((await request(demoApp, 'GET', '/demo/index.html.bak')).status).toBe(404);
  });

  it('give a token only to the page itself, bound to its origin', async () => {
    for (const headers of [{}, { origin: 'https://evil.example.com' }] as Record<
      string,
      string
    >[]) {
      const res = await request(demoApp, 'POST', '/demo/token', headers);
      expect(res.status).toBe(403);
    }
    const token = await demoToken();
    const own = await request(demoApp, 'GET', '/api/settings', {
      authorization: `Bearer ${token}`,
      referer: `${ORIGIN}/`,
    });
    expect(own.status).toBe(200);
    const elsewhere = await request(demoApp, 'GET', '/api/settings', {
      authorization: `Bearer ${token}`,
      origin: 'https://evil.example.com',
    });
    expect(elsewhere.status).toBe(403);
  });

  it('pay only a link that is in the payment service, named by a valid id', async () => {
    const token = await demoToken();
    const pay = (body: unknown, origin = ORIGIN) =>
      request(demoApp, 'POST', '/demo/pay', { authorization: `Bearer ${token}`, origin }, body);
    expect((await request(demoApp, 'POST', '/demo/pay', { origin: ORIGIN }, {})).status).toBe(401);
    const bad = await pay({ paymentLinkId: 'nope' });
    expect(bad.status).toBe(400);
    expect((await pay({ paymentLinkId: crypto.randomUUID() })).status).toBe(404);

    const { orgId, keys } = await defaultOrgKey();
    const client = await t.request('POST', '/api/clients', { key: keys, body: { name: 'C' } });
    const account = await insertBankAccount(t.database.db, orgId);
    const link = await t.request('POST', '/api/payment-links', {
      key: keys,
      body: { clientId: client.body.id, bankAccountId: account.id, amount: '5.00' },
    });
    const unsynced = await pay({ paymentLinkId: link.body.id });
    expect(unsynced.status).toBe(409);
    expect(((await unsynced.json()) as { error: { message: string } }).error.message).toMatch(
      /not in the payment service yet/,
    );
    expect((await pay({ paymentLinkId: link.body.id }, 'https://evil.example.com')).status).toBe(
      403,
    );
  });

  it('settle the payments, and show the simulator’s emails, only for the demo page: its token and its origin', async () => {
    const token = await demoToken();
    for (const [route, empty] of [
      ['/demo/settle', { transactions: 0, depositId: null }],
      // No payment request sent yet (e2e/demo-request.test.ts sends one and reads its email).
      ['/demo/emails', { emails: [] }],
    ] as const) {
      const ask = (origin = ORIGIN) =>
        request(demoApp, 'POST', route, { authorization: `Bearer ${token}`, origin }, {});
      const anonymous = await request(demoApp, 'POST', route, { origin: ORIGIN }, {});
      expect(anonymous.status, route).toBe(401);
      expect((await ask('https://evil.example.com')).status, route).toBe(403);
      const none = await ask();
      expect(none.status, route).toBe(200);
      expect(await none.json(), route).toEqual(empty);
    }
  });

  it('are gone, without a restart, once the organization saved a real API token', async () => {
    const { orgId } = await defaultOrgKey();
    expect((await request(demoApp, 'GET', '/')).status).toBe(200);
    await updateSettings(t.database.db, t.secretBox, orgId, { apiToken: 'a-real-firm-key-0001' });
    const off = await request(demoApp, 'GET', '/');
    expect(off.status).toBe(404);
    // A sentence for the person who opens it, not the API's JSON.
    expect(off.headers.get('content-type')).toContain('text/html');
    expect(await off.text()).toContain('The demo page is off');
    expect((await request(demoApp, 'POST', '/demo/token', { origin: ORIGIN })).status).toBe(404);
    // Back in demo mode (what clearing the token does with the simulator mounted), they return.
    await enterDemoMode(t.database.db, t.secretBox, orgId, {
      apiToken: 'sim-key',
      serviceUrl: `${ORIGIN}/simulator`,
      webhookSecret: 'demo-webhook-secret-0123456789',
    });
    expect((await request(demoApp, 'GET', '/')).status).toBe(200);
  });
});

/** A request over real loopback HTTP with the Host header a DNS-rebinding page would send. */
function rawRequest(
  url: string,
  method: string,
  route: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}${route}`, { method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('demo mode against DNS rebinding', () => {
  it('answers only loopback Host names: a page on another name gets no token', async () => {
    const { server, url } = await listen(demoApp.fetch);
    try {
      const evil = 'attacker.example:3000';
      for (const [method, route] of [
        ['POST', '/demo/token'],
        ['GET', '/'],
        ['GET', '/demo/demo.js'],
        ['POST', '/simulator/_sandbox/firms'],
        ['POST', '/simulator'],
      ] as const) {
        const res = await rawRequest(url, method, route, {
          host: evil,
          origin: `http://${evil}`,
        });
        expect(res.status, `${method} ${route}`).toBe(403);
        expect(res.body).not.toContain('pwt_');
      }
      const port = new URL(url).port;
      const own = await rawRequest(url, 'POST', '/demo/token', {
        host: `localhost:${port}`,
        origin: `http://localhost:${port}`,
      });
      expect(own.status).toBe(200);
    } finally {
      await closeServer(server);
    }
  });

  it('also answers PUBLIC_URL’s host name', async () => {
    const published = await demoAppWith({ publicUrl: 'https://payments.example.com/' });
    const res = await published.request('https://payments.example.com/demo/token', {
      method: 'POST',
      headers: { origin: 'https://payments.example.com' },
    });
    expect(res.status).toBe(200);
    const other = await published.request('https://other.example.com/demo/token', {
      method: 'POST',
      headers: { origin: 'https://other.example.com' },
    });
    expect(other.status).toBe(403);
  });

  it('issues tokens an admin can revoke: they die with the demo page’s key', async () => {
    const token = await demoToken();
    const use = () =>
      request(demoApp, 'GET', '/api/clients', {
        authorization: `Bearer ${token}`,
        origin: ORIGIN,
      });
    expect((await use()).status).toBe(200);
    const { orgId, keys } = await defaultOrgKey();
    const demoKey = (await listApiKeys(t.database.db, orgId)).find(
      (k) => k.name === DEMO_KEY_NAME && !k.revokedAt,
    );
    expect(demoKey?.role).toBe('admin');
    const revoked = await t.request('DELETE', `/api/api-keys/${demoKey!.id}`, { key: keys });
    expect(revoked.status).toBe(200);
    expect((await use()).status).toBe(401);
    // The next token is issued under a new key, which revoking again ends as well.
    const fresh = await demoToken();
    expect(fresh).not.toBe(token);
  });

  it('mounts the simulator only on a loopback HOST', async () => {
    const exposed = await demoAppWith({ host: '0.0.0.0' });
    expect((await request(exposed, 'POST', '/simulator/_sandbox/firms', {}, {})).status).toBe(404);
    expect((await request(demoApp, 'POST', '/simulator/_sandbox/firms', {}, {})).status).not.toBe(
      404,
    );
    const org = await findDefaultOrganization(t.database.db);
    const options = {
      db: t.database.db,
      secretBox: t.secretBox,
      orgId: org!.id,
      logger: createLogger({ level: 'silent' }),
    };
    const beyond = await prepareDemo({
      ...options,
      config: { ...t.config, host: '0.0.0.0', demo: 'on', dataDir: '/nonexistent-demo-dir' },
    });
    expect(beyond).toBeNull();
    // Its webhooks go only to the server's own address (none before it listens).
    const own = 'http://127.0.0.1:3000';
    expect(isOwnAddress(`${own}/webhooks/x`, own)).toBe(true);
    expect(isOwnAddress('http://127.0.0.1:5432/', own)).toBe(false);
    expect(isOwnAddress('http://169.254.169.254/latest', own)).toBe(false);
    expect(isOwnAddress(`${own}/webhooks/x`, undefined)).toBe(false);
  });
});

/** An admin key of the default organization (the one the demo token is for). */
async function defaultOrgKey() {
  const org = await findDefaultOrganization(t.database.db);
  const { key } = await createApiKey(t.database.db, org!.id, { name: 'test', role: 'admin' });
  return { orgId: org!.id, keys: key };
}

describe('the widget kit’s files', () => {
  it('are served from dist/widgets, plain names only', async () => {
    for (const route of [
      '/widgets/../package.json',
      '/widgets/%2e%2e/package.json',
      '/widgets/.env',
      '/widgets/service-widgets.ts',
    ]) {
      expect((await request(t.app, 'GET', route)).status, route).toBe(404);
    }
    const missing = await request(t.app, 'GET', '/widgets/no-such-file.js');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toMatch(
      /npm run build:widgets/,
    );
    if (existsSync(path.join(WIDGETS_DIST, 'service-widgets.js'))) {
      const kit = await request(t.app, 'GET', '/widgets/service-widgets.js');
      expect(kit.status).toBe(200);
      expect(kit.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    }
  });
});

describe('GET /api/admin/webhook-url', () => {
  it('answers the organization’s receiver under the address the request reached', async () => {
    const res = await t.request('GET', '/api/admin/webhook-url');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      url: `http://localhost/webhooks/${t.org.orgId}`,
      source: 'request',
    });
    expect(
      (await t.request('GET', '/api/admin/webhook-url', { key: t.org.keys.staff })).status,
    ).toBe(403);
  });

  it('uses PUBLIC_URL when it is set', async () => {
    const other = await createTestApp({ PUBLIC_URL: 'https://payments.example.com/base/' });
    try {
      const res = await other.request('GET', '/api/admin/webhook-url');
      expect(res.body).toEqual({
        url: `https://payments.example.com/base/webhooks/${other.org.orgId}`,
        source: 'public-url',
      });
    } finally {
      await other.close();
    }
  });
});
