import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startServerProcess } from './testing/server-process.js';

// The embedded default's memory: `npm start` on an empty data folder (PGlite's initdb, the
// migrations, demo mode with the simulator) peaked at 890 MB RSS before initdb moved to a child
// process and the shared buffers to 16 MB (server/db/pglite-init.ts). Measured once the start
// has printed its last line, after demo mode is active: that peak is 290-315 MB on this machine
// (270-280 MB with DEMO=0). Until the start's line came after demo mode's activation, the
// measure was taken before it and read under 300 MB.

const dataDir = mkdtempSync(path.join(tmpdir(), 'plk-memory-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Resident and peak resident memory of a process, in MB (Linux /proc). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

it('starts on an empty data folder in under 350 MB of resident memory, peak included', async () => {
  const server = await startServerProcess(
    { DATABASE_URL: '', ADMIN_API_KEY: '', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn' },
    { timeoutMs: 120_000 },
  );
  try {
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    const memory = memoryOf(server.child.pid!);
    expect(memory.peak, JSON.stringify(memory)).toBeLessThan(350);
  } finally {
    await server.stop();
  }
}, 150_000);
