import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/index.js';
import { webhookEvents } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../testing/app.js';
import { postWebhook, signatureHeader, webhookEvent } from '../testing/webhook-posts.js';
import { receiptSummary } from '../webhooks/receiver/receipts.js';

// The security suite's webhook cases: what an attacker or a broken sender can send to the public
// receiver, and what it must never achieve (a 5xx, a stored unsigned event, other senders'
// webhooks failing with its own).

let t: TestApp;
const secrets = { a: 'whsec-security-suite-a-0001', b: 'whsec-security-suite-b-0002' };

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'warn' });
  await t.request('PUT', '/api/settings', { body: { webhookSecret: secrets.a } });
  await t.request('PUT', '/api/settings', {
    key: t.otherOrg.keys.admin,
    body: { webhookSecret: secrets.b },
  });
});
afterAll(() => t.close());

const pathOf = (org: 'a' | 'b') => `/webhooks/${(org === 'a' ? t.org : t.otherOrg).orgId}`;
const signedPost = (org: 'a' | 'b', body: string) =>
  postWebhook(t.app, pathOf(org), body, signatureHeader(body, secrets[org]));

async function storedIds(ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await t.database.db
    .select({ eventId: webhookEvents.eventId })
    .from(webhookEvents)
    .where(inArray(webhookEvents.eventId, ids));
  return rows.map((r) => r.eventId);
}

describe('a poisoned webhook', () => {
  it('in a concurrent burst of two organizations fails only itself, with a 4xx', async () => {
    const good = Array.from({ length: 12 }, (_, i) => ({
      org: (i % 2 ? 'a' : 'b') as 'a' | 'b',
      event: webhookEvent(),
    }));
    // Signed correctly, but jsonb refuses the lone surrogate.
    const poison = webhookEvent({ data: { transaction: { id: randomUUID() }, note: 'x\ud800' } });
    const posts = [
      ...good.slice(0, 6).map((g) => signedPost(g.org, JSON.stringify([g.event]))),
      signedPost('a', JSON.stringify([poison])),
      ...good.slice(6).map((g) => signedPost(g.org, JSON.stringify([g.event]))),
    ];
    const answers = await Promise.all(posts);
    const poisoned = answers[6]!;
    expect(poisoned.status).toBe(400);
    expect(poisoned.body.error?.message).toMatch(/surrogate/);
    answers.splice(6, 1);
    for (const answer of answers) expect(answer.status).toBe(200);
    expect((await storedIds(good.map((g) => g.event.eventId))).sort()).toEqual(
      good.map((g) => g.event.eventId).sort(),
    );
    expect(await storedIds([poison.eventId])).toEqual([]);
  });

  it('with a NUL character anywhere (a key, a value): 400, nothing stored', async () => {
    for (const body of [
      JSON.stringify([webhookEvent({ data: { note: 'a\u0000b' } })]),
      `[{"type":"firm.updated","eventId":"${randomUUID()}","data":{"a\\u0000":1}}]`,
    ]) {
      const res = await signedPost('a', body);
      expect(res.status).toBe(400);
      expect(res.body.error?.message).toMatch(/NUL/);
    }
  });

  it('nested 10,000 deep, correctly signed: 400, not a stack overflow', async () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    const body = `[{"type":"firm.updated","eventId":"${randomUUID()}","data":${deep}}]`;
    const res = await signedPost('a', body);
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toMatch(/nested too deeply/);
    const [row] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from webhook_events where type = 'firm.updated' and payload::text like '%[[[[%'`,
      ),
    );
    expect(Number(row?.n)).toBe(0);
  });
});

describe('unsigned webhooks', () => {
  it('cost no database write and no secrets read each; their count is still kept', async () => {
    const warm = JSON.stringify([webhookEvent()]);
    expect((await signedPost('a', warm)).status).toBe(200);
    const before = await receiptSummary(t.database.db, t.org.orgId, t.webhooks.rejections);
    const db = t.database.db as unknown as Record<
      'select' | 'execute',
      (...a: unknown[]) => unknown
    >;
    const calls = { select: 0, execute: 0 };
    const originals = { select: db.select, execute: db.execute };
    for (const name of ['select', 'execute'] as const) {
      db[name] = (...args: unknown[]) => {
        calls[name]++;
        return originals[name].apply(t.database.db, args);
      };
    }
    try {
      const body = JSON.stringify([webhookEvent()]);
      for (let i = 0; i < 40; i++) {
        const res = await postWebhook(
          t.app,
          pathOf('a'),
          body,
          signatureHeader(body, `wrong-${i}`),
        );
        expect(res.status).toBe(401);
      }
    } finally {
      Object.assign(db, originals);
    }
    // Counted in memory and written in batches; the secrets re-read at most once a second.
    expect(calls.execute).toBeLessThanOrEqual(2);
    expect(calls.select).toBeLessThanOrEqual(4);
    const after = await receiptSummary(t.database.db, t.org.orgId, t.webhooks.rejections);
    expect(after.rejected24h - before.rejected24h).toBe(40);
  });
});

describe('random webhooks (fast-check, bounded for a two-core CI machine)', () => {
  it('random bodies and headers: never a 5xx, nothing stored without a valid signature', async () => {
    const prefix = `fc-${randomUUID().slice(0, 8)}-`;
    const signedIds = new Set<string>();
    const text = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.string({ unit: 'binary', maxLength: 10 }),
      fc.constantFrom('\u0000', '\ud800', '\udfff'),
    );
    const event = fc.record(
      {
        type: fc.oneof(fc.constantFrom('transaction.created', 'firm.updated'), text),
        eventId: fc.oneof(
          text.map((x) => prefix + x),
          fc.integer(),
        ),
        data: fc.oneof(
          fc.record({ transaction: fc.record({ id: fc.oneof(fc.uuid(), text) }) }),
          fc.jsonValue({ maxDepth: 4 }),
          fc.integer({ min: 30, max: 200 }).map((n) => JSON.parse('['.repeat(n) + ']'.repeat(n))),
        ),
      },
      { requiredKeys: [] },
    );
    const body = fc.oneof(
      fc.array(event, { maxLength: 3 }).map((e) => JSON.stringify(e)),
      event.map((e) => JSON.stringify(e)),
      fc.string({ maxLength: 100 }),
    );
    const headerValue = fc.string({ maxLength: 40 }).filter((v) => /^[\x20-\x7e]*$/.test(v));
    const headers = fc.record(
      {
        'content-type': fc.oneof(
          fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
          headerValue,
        ),
        'content-encoding': fc.constantFrom('gzip', 'identity', 'br'),
        authorization: headerValue,
        'x-forwarded-for': headerValue,
      },
      { requiredKeys: [] },
    );
    const signature = fc.oneof(
      fc.constantFrom('valid', 'valid-hex', 'other-org', 'missing'),
      headerValue,
    );
    await fc.assert(
      fc.asyncProperty(body, headers, signature, fc.boolean(), async (raw, extra, how, toOther) => {
        const target = toOther ? pathOf('b') : pathOf('a');
        const own = toOther ? secrets.b : secrets.a;
        const sent: Record<string, string> = { ...extra };
        if (how === 'valid') sent['x-signature'] = signatureHeader(raw, own)['x-signature'];
        else if (how === 'valid-hex') {
          sent['x-signature'] = signatureHeader(raw, own, 'hex')['x-signature'];
        } else if (how === 'other-org') {
          sent['x-signature'] = signatureHeader(raw, toOther ? secrets.a : secrets.b)[
            'x-signature'
          ];
        } else if (how !== 'missing') sent['x-signature'] = how;
        const res = await t.app.request(target, { method: 'POST', headers: sent, body: raw });
        expect(res.status).toBeLessThan(500);
        if (!how.startsWith('valid')) expect([400, 401, 413, 415]).toContain(res.status);
        if (res.status === 200) {
          const parsed: unknown = JSON.parse(raw);
          for (const e of Array.isArray(parsed) ? parsed : [parsed]) {
            signedIds.add(String((e as { eventId: unknown }).eventId));
          }
        }
      }),
      { numRuns: 300 },
    );
    const rows = await t.database.db
      .select({ eventId: webhookEvents.eventId })
      .from(webhookEvents)
      .where(like(webhookEvents.eventId, `${prefix}%`));
    for (const row of rows) expect(signedIds.has(row.eventId)).toBe(true);
  }, 120_000);

  it('one bad event in a concurrent burst fails only its own request', async () => {
    const poison = fc.oneof(
      fc.constantFrom('\u0000', 'a\u0000', '\ud800', 'x\udbff', '\udc00y'),
      fc.integer({ min: 40, max: 300 }).map((n) => '['.repeat(n) + ']'.repeat(n)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 8 }),
        fc.nat(),
        poison,
        fc.constantFrom('note', 'eventId', 'type', 'key'),
        async (size, at, bad, where) => {
          const good = Array.from({ length: size }, (_, i) => ({
            org: (i % 2 ? 'a' : 'b') as 'a' | 'b',
            event: webhookEvent(),
          }));
          const base = webhookEvent();
          const badBody = bad.startsWith('[')
            ? `[{"type":"firm.updated","eventId":"${base.eventId}","data":${bad}}]`
            : JSON.stringify([
                where === 'key'
                  ? { ...base, data: { [bad]: 1 } }
                  : where === 'note'
                    ? { ...base, data: { ...base.data, note: bad } }
                    : { ...base, [where]: `${where}-${bad}` },
              ]);
          const index = at % (size + 1);
          const posts = good.map((g) => () => signedPost(g.org, JSON.stringify([g.event])));
          posts.splice(index, 0, () => signedPost('a', badBody));
          const answers = await Promise.all(posts.map((p) => p()));
          expect(answers[index]!.status).toBe(400);
          answers.splice(index, 1);
          for (const answer of answers) expect(answer.status).toBe(200);
          const ids = good.map((g) => g.event.eventId);
          expect((await storedIds(ids)).sort()).toEqual(ids.sort());
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
