import { randomUUID } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/index.js';
import { jobs, organizations, webhookEvents } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { receiptSummary } from '../../webhooks/receiver/receipts.js';
import { canonicalJson, signBody } from '../../webhooks/receiver/signature.js';
import { postWebhook, signatureHeader, webhookEvent } from '../../testing/webhook-posts.js';

// The receiver through `app.request()`: signatures, bodies, sizes, the inbox's idempotency, and
// a property test that no unsigned body is ever stored or answered 5xx. Secret rotation and the
// database going away: webhook-secrets.db.test.ts.

let t: TestApp;
let path: string;
const secret = 'whsec-receiver-secret-0001';

beforeAll(async () => {
  t = await createTestApp();
  path = `/webhooks/${t.org.orgId}`;
  await t.request('PUT', '/api/settings', { body: { webhookSecret: secret } });
  // The Apex-style path belongs to the default organization.
  await t.database.db
    .update(organizations)
    .set({ isDefault: true })
    .where(eq(organizations.id, t.org.orgId));
});
afterAll(() => t.close());

const event = webhookEvent;
const post = (target: string, body: string, headers?: Record<string, string>) =>
  postWebhook(t.app, target, body, headers);
const signed = (body: string, key = secret, encoding: 'base64' | 'hex' = 'base64') =>
  signatureHeader(body, key, encoding);

async function stored(eventId: string) {
  return t.database.db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.orgId, t.org.orgId), eq(webhookEvents.eventId, eventId)));
}

async function countEvents(): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await t.database.db.execute(sql`select count(*)::int as n from webhook_events`),
  );
  return Number(row?.n);
}

describe('a correctly signed webhook', () => {
  it('is stored in the inbox with a stage-1 job, and acknowledged with 200', async () => {
    const e = event();
    const body = JSON.stringify([e]);
    const res = await post(path, body, signed(body));
    expect(res).toEqual({ status: 200, body: { received: 1, stored: 1, duplicates: 0 } });
    const [row] = await stored(e.eventId);
    expect(row).toMatchObject({
      type: 'transaction.created',
      status: 'received',
      transactionIds: [e.data.transaction.id],
      payload: e,
    });
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'webhook.event'), eq(jobs.key, row!.id)));
    expect(job).toMatchObject({
      state: 'queued',
      payload: { eventRowId: row!.id, transactionIds: [e.data.transaction.id] },
    });
  });

  it('accepts hex, a single event object, and a canonical re-serialization', async () => {
    const a = event();
    const hex = JSON.stringify([a]);
    expect((await post(path, hex, signed(hex, secret, 'hex'))).status).toBe(200);
    const b = event();
    const single = JSON.stringify(b);
    expect((await post(path, single, signed(single))).body).toMatchObject({ stored: 1 });
    const c = event();
    const pretty = JSON.stringify([c], null, 2);
    expect((await post(path, pretty, signed(JSON.stringify([c])))).status).toBe(200);
    for (const e of [a, b, c]) expect(await stored(e.eventId)).toHaveLength(1);
  });

  it('is a no-op when redelivered: same eventId, one row, still 200', async () => {
    const e = event();
    const body = JSON.stringify([e, e]);
    expect((await post(path, body, signed(body))).body).toEqual({
      received: 2,
      stored: 1,
      duplicates: 1,
    });
    const again = JSON.stringify([e]);
    expect((await post(path, again, signed(again))).body).toEqual({
      received: 1,
      stored: 0,
      duplicates: 1,
    });
    expect(await stored(e.eventId)).toHaveLength(1);
  });

  it('records kinds it does not handle as ignored, with no job', async () => {
    const e = event({ type: 'firm.updated', data: { firm: { id: 'f' } } });
    const body = JSON.stringify([e]);
    expect((await post(path, body, signed(body))).status).toBe(200);
    const [row] = await stored(e.eventId);
    expect(row).toMatchObject({ status: 'ignored', transactionIds: [] });
    expect(row?.processedAt).toBeInstanceOf(Date);
    const queued = await t.database.db.select().from(jobs).where(eq(jobs.key, row!.id));
    expect(queued).toEqual([]);
  });

  it('parks a supported event that names no transaction as dead', async () => {
    const e = event({ data: {} });
    const body = JSON.stringify([e]);
    expect((await post(path, body, signed(body))).status).toBe(200);
    expect((await stored(e.eventId))[0]).toMatchObject({
      status: 'dead',
      error: expect.stringMatching(/names no transaction/),
    });
  });

  it('reaches the default organization at the Apex-style path', async () => {
    const e = event();
    const body = JSON.stringify([e]);
    const res = await post('/services/apexrest/service_core/webhook', body, signed(body));
    expect(res.status).toBe(200);
    expect(await stored(e.eventId)).toHaveLength(1);
  });

  it('needs no API key and ignores one', async () => {
    const e = event();
    const body = JSON.stringify([e]);
    const res = await post(path, body, { ...signed(body), authorization: 'Bearer nonsense' });
    expect(res.status).toBe(200);
  });
});

describe('bad input: the documented answer, and nothing stored', () => {
  const unauthorized = {
    status: 401,
    body: {
      error: {
        code: 'unauthorized',
        message: 'The webhook signature is missing or not valid',
        requestId: expect.any(String),
      },
    },
  };

  async function refused(target: string, body: string, headers: Record<string, string>) {
    const before = await countEvents();
    const res = await post(target, body, headers);
    expect(await countEvents()).toBe(before);
    return res;
  }

  it('a wrong signature, a missing header, a wrong secret, a truncated body: 401', async () => {
    const body = JSON.stringify([event()]);
    const before = await receiptSummary(t.database.db, t.org.orgId, t.webhooks.rejections);
    t.logs.length = 0;
    expect(await refused(path, body, { 'x-signature': 'c2lnbmF0dXJl' })).toEqual(unauthorized);
    expect(await refused(path, body, {})).toEqual(unauthorized);
    expect(await refused(path, body, signed(body, 'whsec-some-other-secret'))).toEqual(
      unauthorized,
    );
    expect(await refused(path, body.slice(0, -5), signed(body))).toEqual(unauthorized);
    const after = await receiptSummary(t.database.db, t.org.orgId, t.webhooks.rejections);
    expect(after.rejected24h - before.rejected24h).toBe(4);
    // A log line says why; none carries the body or the signature.
    const warnings = t.logs.filter((l) => l.includes('verification failed'));
    expect(warnings).toHaveLength(4);
    expect(warnings.join('')).toContain('the X-SIGNATURE header is missing');
    expect(t.logs.join('')).not.toContain(signBody(body, secret));
    expect(t.logs.join('')).not.toContain('transaction.created');
  });

  it('malformed JSON, or an event without eventId or type, correctly signed: 400', async () => {
    for (const body of [
      '[{"type":"transaction.created",',
      JSON.stringify([{ type: 'transaction.created', data: {} }]),
      JSON.stringify([{ eventId: randomUUID() }]),
      JSON.stringify([event(), { type: 'transaction.created' }]),
      '"just a string"',
    ]) {
      const res = await refused(path, body, signed(body));
      expect(res.status).toBe(400);
      expect(res.body.error?.code).toBe('invalid_input');
    }
  });

  it('a body over 1 MB (2 MB): 413', async () => {
    const big = JSON.stringify([event({ padding: 'x'.repeat(2 * 1024 * 1024) })]);
    const res = await refused(path, big, signed(big));
    expect(res.status).toBe(413);
    expect(res.body.error?.code).toBe('payload_too_large');
  });

  it('an unknown or malformed organization id: 401, like a bad signature', async () => {
    const body = JSON.stringify([event()]);
    expect(await refused(`/webhooks/${randomUUID()}`, body, signed(body))).toEqual(unauthorized);
    expect(await refused('/webhooks/not-an-id', body, signed(body))).toEqual(unauthorized);
    expect(await refused("/webhooks/'%20or%201=1", body, signed(body))).toEqual(unauthorized);
  });

  it('an organization without a webhook secret: 401, with a log line saying so', async () => {
    const body = JSON.stringify([event()]);
    t.logs.length = 0;
    const res = await refused(`/webhooks/${t.otherOrg.orgId}`, body, signed(body));
    expect(res).toEqual(unauthorized);
    expect(t.logs.join('')).toContain('no webhook secret is configured for this organization');
  });

  it('GET is not a webhook', async () => {
    const res = await t.app.request(path);
    expect(res.status).toBe(404);
  });
});

describe('property: random bodies and headers', () => {
  it('never answers 5xx and never stores an event without a valid signature', async () => {
    const prefix = `prop-${randomUUID().slice(0, 8)}-`;
    const validlySigned = new Set<string>();
    const eventArb = fc.record(
      {
        type: fc.oneof(
          fc.constantFrom('transaction.created', 'transaction.refunded', 'firm.updated'),
          fc.string(),
          fc.integer(),
        ),
        eventId: fc.oneof(
          fc.string({ minLength: 1, maxLength: 20 }).map((s) => prefix + s),
          fc.constant(''),
          fc.integer(),
        ),
        data: fc.oneof(fc.record({ transaction: fc.record({ id: fc.uuid() }) }), fc.jsonValue()),
      },
      { requiredKeys: [] },
    );
    const bodyArb = fc.oneof(
      fc.array(eventArb, { maxLength: 4 }).map((events) => JSON.stringify(events)),
      eventArb.map((e) => JSON.stringify(e)),
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.string({ maxLength: 200 }),
    );
    const signatureArb = fc.oneof(
      fc.constant('valid'),
      fc.constant('valid-hex'),
      fc.constant('wrong-secret'),
      fc.constant('missing'),
      fc.string({ maxLength: 200 }).filter((s) => /^[\x20-\x7e]*$/.test(s)),
      fc.base64String({ minLength: 84, maxLength: 92 }),
    );
    await fc.assert(
      fc.asyncProperty(bodyArb, signatureArb, fc.boolean(), async (body, how, truncate) => {
        const sent = truncate && body.length > 2 ? body.slice(0, -1) : body;
        const headers: Record<string, string> = {};
        if (how === 'valid') headers['x-signature'] = signBody(body, secret);
        else if (how === 'valid-hex') headers['x-signature'] = signBody(body, secret, 'hex');
        else if (how === 'wrong-secret') headers['x-signature'] = signBody(body, 'nope-nope');
        else if (how !== 'missing') headers['x-signature'] = how;
        const res = await t.app.request(path, { method: 'POST', headers, body: sent });
        expect(res.status).toBeLessThan(500);
        const genuine =
          how.startsWith('valid') && (sent === body || canonicalJson(Buffer.from(sent)) === body);
        if (!genuine) expect([400, 401]).toContain(res.status);
        if (res.status === 200) {
          expect(how.startsWith('valid')).toBe(true);
          const parsed: unknown = JSON.parse(sent);
          for (const e of Array.isArray(parsed) ? parsed : [parsed]) {
            validlySigned.add((e as { eventId: string }).eventId);
          }
        }
      }),
      { numRuns: 2_000 },
    );
    const rows = await t.database.db
      .select({ eventId: webhookEvents.eventId })
      .from(webhookEvents)
      .where(like(webhookEvents.eventId, `${prefix}%`));
    for (const row of rows) expect(validlySigned.has(row.eventId)).toBe(true);
    expect(new Set(rows.map((r) => r.eventId))).toEqual(
      new Set([...validlySigned].filter((id) => id.startsWith(prefix))),
    );
  }, 120_000);
});
