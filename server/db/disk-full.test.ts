import { describe, expect, it } from 'vitest';
import { useAppOnDisk } from '../testing/app-on-disk.js';
import { webhookEvent } from '../testing/webhook-posts.js';

// A full data disk, on the embedded database: its file system refuses writes that need new space
// with ENOSPC while the test says so (pglite-durable-fs.js), as a full disk does. Record writes
// and webhooks answer 503, /readyz says not ready; once space is back both work again, with no
// restart.

const disk = useAppOnDisk('whsec-disk-full-test');

const ready = async () => (await disk.t.app.request('/readyz')).status;

describe('a full data disk', () => {
  it('answers writes 503, is not ready while writes fail, and recovers without a restart', async () => {
    expect(await ready()).toBe(200);
    const files = disk.t.database.files!;
    files.simulateDiskFull(true);

    // Rows fit in the pages a table has until one needs a new page: then the write fails.
    let refused: { status: number; body: { error: { message: string } } } | undefined;
    for (let i = 0; i < 500 && !refused; i++) {
      const made = await disk.t.request('POST', '/api/clients', {
        body: { name: `Client ${i} ${'x'.repeat(200)}` },
      });
      if (made.status !== 201) refused = made;
    }
    expect(refused?.status).toBe(503);
    expect(refused?.body.error.message).toMatch(/disk space/);
    expect(files.simulateDiskFull(true)).toBeGreaterThan(0); // writes were refused, as asked

    const readiness = await disk.t.app.request('/readyz');
    expect(readiness.status).toBe(503);
    expect(((await readiness.json()) as { error: { message: string } }).error.message).toMatch(
      /no disk space/,
    );
    // A webhook that cannot be stored is 503 too: the remote sends it again later.
    const bodies = Array.from({ length: 200 }, () => JSON.stringify([webhookEvent()]));
    const acks = [];
    for (const body of bodies) {
      const ack = await disk.postSignedWebhook(body);
      acks.push(ack.status);
      if (ack.status !== 200) break;
    }
    expect(acks.at(-1)).toBe(503);
    expect(acks.every((s) => s === 200 || s === 503)).toBe(true);
    expect(await ready()).toBe(503);

    files.simulateDiskFull(false); // space is back
    expect(await ready()).toBe(200);
    const made = await disk.t.request('POST', '/api/clients', { body: { name: 'After' } });
    expect(made.status).toBe(201);
    expect((await disk.t.request('GET', `/api/clients/${made.body.id}`)).body.name).toBe('After');
  }, 60_000);
});
