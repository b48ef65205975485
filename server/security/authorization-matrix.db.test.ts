import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../shared/records.js';
import { webhookEvents } from '../db/schema/index.js';
import { API_KEY_ONLY, OPERATOR_PREFIX, REQUIRED_ROLE } from '../http/access.js';
import { createTestApp, type TestApp, type TestOrg } from '../testing/app.js';
import { insertBankAccount, insertTransaction } from '../testing/fixtures.js';
import { postWebhook, signatureHeader, webhookEvent } from '../testing/webhook-posts.js';

// The authorization matrix, generated from the OpenAPI document: every /api operation × no
// credentials, each role's API key and widget token × a record of the caller's organization and
// one of another. Each operation's required role is read from the document, where the router
// copies it from the guard middleware that enforces it (server/http/access.ts): a route added
// tomorrow is in this matrix by being defined, and one that declares no role fails it. The
// operator API (below OPERATOR_PREFIX, one guard for all of it) is a surface of its own: no
// organization key or token reaches any of its operations, and the operator key reaches each.

interface Operation {
  method: string;
  path: string;
  role: Role;
  apiKeyOnly: boolean;
}

const RANK: Record<Role, number> = { viewer: 0, staff: 1, admin: 2 };
const ROLES: Role[] = ['viewer', 'staff', 'admin'];
/** Matched against an operation's path: which record its `{id}` names. */
const RECORD_OF_PATH: [RegExp, string][] = [
  [/^\/api\/clients\//, 'client'],
  [/^\/api\/matters\//, 'matter'],
  [/^\/api\/payment-links\//, 'paymentLink'],
  [/^\/api\/aggregate-links\//, 'aggregateLink'],
  [/^\/api\/bank-accounts\//, 'bankAccount'],
  [/^\/api\/transactions\//, 'transaction'],
  [/^\/api\/api-keys\//, 'apiKey'],
  [/^\/api\/remote-sites\//, 'remoteSite'],
  [/^\/api\/admin\/webhook-events\//, 'webhookEvent'],
];
/** Valid bodies, so a write to another organization's record gets past validation to its lookup. */
const BODY_OF: [string, RegExp, unknown][] = [
  ['patch', /^\/api\/clients\/\{id\}$/, { name: 'Renamed' }],
  ['patch', /^\/api\/matters\/\{id\}$/, { name: 'Renamed' }],
  ['patch', /^\/api\/payment-links\/\{id\}$/, { amount: '11.00' }],
  ['patch', /^\/api\/aggregate-links\/\{id\}$/, { name: 'Renamed' }],
  ['patch', /^\/api\/remote-sites\/\{id\}$/, { active: false }],
];
/** A path parameter naming no record this suite knows: any uuid (so: not found anywhere). */
const UNKNOWN_ID = '00000000-0000-4000-8000-00000000abcd';

let t: TestApp;
let operations: Operation[];
let operatorOperations: Operation[];
const OPERATOR_KEY = 'operator-key-of-the-matrix-0123456789';
const records: Record<'own' | 'other', Record<string, string>> = { own: {}, other: {} };

interface Caller {
  name: string;
  role: Role;
  kind: 'key' | 'token';
  secret: string;
}
let callers: Caller[];

async function makeRecords(org: TestOrg, into: Record<string, string>, secret: string) {
  const as = { key: org.keys.admin };
  const post = async (path: string, body: unknown) => {
    const res = await t.request('POST', path, { ...as, body });
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    const id = (res.body.id ?? res.body.apiKey?.id) as string | undefined;
    if (!id) throw new Error(`${path}: no id in ${Object.keys(res.body).join(', ')}`);
    return id;
  };
  into.bankAccount = (await insertBankAccount(t.database.db, org.orgId)).id;
  into.transaction = (await insertTransaction(t.database.db, org.orgId)).id;
  into.client = await post('/api/clients', { name: 'Matrix client' });
  into.matter = await post('/api/matters', { clientId: into.client, name: 'Matrix matter' });
  into.paymentLink = await post('/api/payment-links', {
    clientId: into.client,
    bankAccountId: into.bankAccount,
    amount: '10.00',
  });
  into.aggregateLink = await post('/api/aggregate-links', { paymentLinkIds: [into.paymentLink] });
  into.apiKey = await post('/api/api-keys', { name: 'matrix victim', role: 'viewer' });
  into.remoteSite = await post('/api/remote-sites', {
    name: `matrix-${org.orgId.slice(0, 8)}`,
    url: 'http://127.0.0.1:9/',
  });
  await t.request('PUT', '/api/settings', { ...as, body: { webhookSecret: secret } });
  const event = webhookEvent({ type: 'firm.updated' });
  const body = JSON.stringify([event]);
  await postWebhook(t.app, `/webhooks/${org.orgId}`, body, signatureHeader(body, secret));
  const [row] = await t.database.db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(eq(webhookEvents.eventId, event.eventId));
  into.webhookEvent = row!.id;
}

beforeAll(async () => {
  // No API token is set, and the remote is a closed loopback port: nothing leaves the machine.
  t = await createTestApp({
    LOG_LEVEL: 'silent',
    SERVICE_SANDBOX_URL: 'http://127.0.0.1:9/',
    SERVICE_PRODUCTION_URL: 'http://127.0.0.1:9/',
    OPERATOR_API_KEY: OPERATOR_KEY,
  });
  await makeRecords(t.org, records.own, 'whsec-matrix-own-0001');
  await makeRecords(t.otherOrg, records.other, 'whsec-matrix-other-0002');

  const doc = (await t.request('GET', '/openapi.json', { key: null })).body as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };
  operations = [];
  operatorOperations = [];
  const undeclared: string[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const [method, op] of Object.entries(ops)) {
      if (path.startsWith(`${OPERATOR_PREFIX}/`)) {
        operatorOperations.push({ method, path, role: 'viewer', apiKeyOnly: true });
        continue;
      }
      const role = op[REQUIRED_ROLE] as Role | undefined;
      if (!role || !ROLES.includes(role)) undeclared.push(`${method.toUpperCase()} ${path}`);
      else operations.push({ method, path, role, apiKeyOnly: op[API_KEY_ONLY] === true });
    }
  }
  if (undeclared.length > 0) {
    throw new Error(`These /api operations declare no required role: ${undeclared.join(', ')}`);
  }
  // Deletes last, so every other operation still finds the records.
  operations.sort((a, b) => Number(a.method === 'delete') - Number(b.method === 'delete'));

  callers = [];
  for (const role of ROLES) {
    const key = t.org.keys[role];
    callers.push({ name: `${role} key`, role, kind: 'key', secret: key });
    if (role === 'viewer') {
      const viaAdmin = await t.request('POST', '/api/widget-tokens', {
        key: t.org.keys.admin,
        body: { role: 'viewer' },
      });
      callers.push({ name: 'viewer token', role, kind: 'token', secret: viaAdmin.body.token });
    } else {
      const issued = await t.request('POST', '/api/widget-tokens', { key, body: { role } });
      callers.push({ name: `${role} token`, role, kind: 'token', secret: issued.body.token });
    }
  }
}, 120_000);
afterAll(() => t.close());

/** The operation's path with its parameters filled with the records of `whose` organization. */
function concrete(op: Operation, whose: 'own' | 'other'): string {
  const kind = RECORD_OF_PATH.find(([pattern]) => pattern.test(op.path))?.[1];
  return op.path.replace(/\{[^}]+\}/g, () => (kind && records[whose][kind]) || UNKNOWN_ID);
}

const bodyOf = (op: Operation) =>
  BODY_OF.find(([method, pattern]) => method === op.method && pattern.test(op.path))?.[2];

const call = (op: Operation, path: string, key: string | null) =>
  t.request(op.method.toUpperCase(), path, {
    key,
    body: ['post', 'put', 'patch'].includes(op.method) ? (bodyOf(op) ?? {}) : undefined,
  });

describe('the authorization matrix (from the OpenAPI document)', () => {
  it('covers the API: every /api operation declares its role', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.filter((op) => op.path.includes('{')).length).toBeGreaterThan(10);
  });

  it('without credentials: 401 everywhere', async () => {
    for (const op of operations) {
      const res = await call(op, concrete(op, 'own'), null);
      expect(res.status, `${op.method} ${op.path}`).toBe(401);
    }
  });

  it('another organization’s records: 404 to every caller, nothing of them in any answer', async () => {
    const theirs = Object.values(records.other);
    for (const op of operations) {
      for (const caller of callers) {
        const allowed =
          RANK[caller.role] >= RANK[op.role] && !(caller.kind === 'token' && op.apiKeyOnly);
        const res = await call(op, concrete(op, 'other'), caller.secret);
        const what = `${caller.name}: ${op.method} ${op.path} (other organization)`;
        if (!allowed) expect(res.status, what).toBe(403);
        else if (!op.path.includes('{')) expect(res.status, what).not.toBe(500);
        // A body of unknown shape may be refused before the lookup: that tells nothing either.
        else if (op.method === 'get' || op.method === 'delete' || bodyOf(op)) {
          expect(res.status, what).toBe(404);
        } else expect([400, 404], what).toContain(res.status);
        const text = JSON.stringify(res.body);
        for (const id of theirs) expect(text, what).not.toContain(id);
      }
    }
    // Still all there: nothing was changed or deleted through another organization's caller.
    for (const [kind, id] of Object.entries(records.other)) {
      const path = RECORD_OF_PATH.find(([, k]) => k === kind)?.[0].source.replace(/\\|\^/g, '');
      if (!path || kind === 'apiKey' || kind === 'remoteSite') continue;
      const res = await t.request('GET', `${path}${id}`, { key: t.otherOrg.keys.admin });
      expect(res.status, `${kind} of the other organization`).toBe(200);
    }
  }, 120_000);

  it('own records: each role and token reaches exactly what its role allows', async () => {
    for (const op of operations) {
      for (const caller of callers) {
        const allowed =
          RANK[caller.role] >= RANK[op.role] && !(caller.kind === 'token' && op.apiKeyOnly);
        const res = await call(op, concrete(op, 'own'), caller.secret);
        const what = `${caller.name}: ${op.method} ${op.path} → ${res.status}`;
        if (!allowed) expect(res.status, what).toBe(403);
        else {
          expect([401, 403], what).not.toContain(res.status);
          expect(res.status, what).not.toBe(500);
        }
      }
    }
  }, 120_000);

  it('the operator API: no organization key or token, and no credentials, reach any of it', async () => {
    expect(operatorOperations.length).toBeGreaterThan(4);
    for (const op of operatorOperations) {
      const path = op.path.replace(/\{(orgId|id)\}/g, t.org.orgId);
      for (const secret of [null, ...callers.map((c) => c.secret)]) {
        const res = await call(op, path, secret);
        expect(res.status, `${op.method} ${op.path}`).toBe(401);
      }
      const res = await call(op, path, OPERATOR_KEY);
      expect(res.status, `operator: ${op.method} ${op.path}`).not.toBe(401);
      expect(res.status, `operator: ${op.method} ${op.path}`).not.toBe(500);
    }
  }, 120_000);
});
