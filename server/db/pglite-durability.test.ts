import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAppOnDisk, type TestApp } from '../testing/app.js';
import { postWebhook, signatureHeader, webhookEvent } from '../testing/webhook-posts.js';

// On the embedded database, "acknowledged" means "on disk": the commit an answer depends on has
// flushed its WAL to the file (fdatasync on the real file, pglite-durable-fs.js) before the
// answer leaves. Counted at the file system layer: PGlite's own NODEFS flushed nothing.

let t: TestApp;
const SECRET = 'whsec-durability-test';

beforeAll(async () => {
  t = await createTestAppOnDisk();
  const saved = await t.request('PUT', '/api/settings', { body: { webhookSecret: SECRET } });
  expect(saved.status).toBe(200);
}, 120_000);
afterAll(async () => {
  t?.database.files?.simulateDiskFull(false);
  await t?.close();
});

const walFlushes = () => t.database.files!.flushes().wal;

describe('the embedded database on disk', () => {
  it('runs with fsync on', async () => {
    const { rows } = (await t.database.db.execute(
      "select setting from pg_settings where name = 'fsync'" as never,
    )) as unknown as { rows: { setting: string }[] };
    expect(rows[0]?.setting).toBe('on');
  });

  it('has flushed the WAL when it answers 201 to a created record', async () => {
    const before = walFlushes();
    const made = await t.request('POST', '/api/clients', { body: { name: 'On disk' } });
    expect(made.status).toBe(201);
    expect(walFlushes()).toBeGreaterThan(before);
  });

  it('has flushed the WAL when it acknowledges a webhook with 200', async () => {
    const body = JSON.stringify([webhookEvent()]);
    const before = walFlushes();
    const ack = await postWebhook(
      t.app,
      `/webhooks/${t.org.orgId}`,
      body,
      signatureHeader(body, SECRET),
    );
    expect(ack.status).toBe(200);
    expect(walFlushes()).toBeGreaterThan(before);
  });

  it('flushes once per inbox write, not per event: 64 webhooks at once cost fewer flushes', async () => {
    const bodies = Array.from({ length: 64 }, () => JSON.stringify([webhookEvent()]));
    const before = walFlushes();
    const acks = await Promise.all(
      bodies.map((body) =>
        postWebhook(t.app, `/webhooks/${t.org.orgId}`, body, signatureHeader(body, SECRET)),
      ),
    );
    expect(acks.every((a) => a.status === 200)).toBe(true);
    const flushes = walFlushes() - before;
    expect(flushes).toBeGreaterThan(0);
    expect(flushes).toBeLessThan(64);
  });
});
