import { describe, expect, it } from 'vitest';
import { useAppOnDisk } from '../testing/app-on-disk.js';
import { webhookEvent } from '../testing/webhook-posts.js';

// On the embedded database, "acknowledged" means "on disk": the commit an answer depends on has
// flushed its WAL to the file (fdatasync on the real file, pglite-durable-fs.js) before the
// answer leaves. Counted at the file system layer: PGlite's own NODEFS flushed nothing.

const disk = useAppOnDisk('whsec-durability-test');

const walFlushes = () => disk.t.database.files!.flushes().wal;

describe('the embedded database on disk', () => {
  it('runs with fsync on', async () => {
    const { rows } = (await disk.t.database.db.execute(
      "select setting from pg_settings where name = 'fsync'" as never,
    )) as unknown as { rows: { setting: string }[] };
    expect(rows[0]?.setting).toBe('on');
  });

  it('has flushed the WAL when it answers 201 to a created record', async () => {
    const before = walFlushes();
    const made = await disk.t.request('POST', '/api/clients', { body: { name: 'On disk' } });
    expect(made.status).toBe(201);
    expect(walFlushes()).toBeGreaterThan(before);
  });

  it('has flushed the WAL when it acknowledges a webhook with 200', async () => {
    const body = JSON.stringify([webhookEvent()]);
    const before = walFlushes();
    const ack = await disk.postSignedWebhook(body);
    expect(ack.status).toBe(200);
    expect(walFlushes()).toBeGreaterThan(before);
  });

  it('flushes once per inbox write, not per event: 64 webhooks at once cost fewer flushes', async () => {
    const bodies = Array.from({ length: 64 }, () => JSON.stringify([webhookEvent()]));
    const before = walFlushes();
    const acks = await Promise.all(bodies.map((body) => disk.postSignedWebhook(body)));
    expect(acks.every((a) => a.status === 200)).toBe(true);
    const flushes = walFlushes() - before;
    expect(flushes).toBeGreaterThan(0);
    expect(flushes).toBeLessThan(64);
  });
});
