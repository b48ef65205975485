import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LogSink } from './log-sink.js';

// A log that cannot be written never blocks or kills the server. /dev/full answers every write
// with ENOSPC, as a full log disk does: no mount, no root.

const dir = mkdtempSync(path.join(tmpdir(), 'plk-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('LogSink', () => {
  it('writes lines in order', async () => {
    const file = path.join(dir, 'out.log');
    const fd = openSync(file, 'w');
    const sink = new LogSink({ fd });
    for (let i = 0; i < 100; i++) sink.write(`line ${i}\n`);
    await sink.flush();
    closeSync(fd);
    expect(readFileSync(file, 'utf8').split('\n').slice(0, 3)).toEqual([
      'line 0',
      'line 1',
      'line 2',
    ]);
    expect(sink.dropped).toBe(0);
  });

  it('drops and counts what a full disk refuses, without throwing or waiting', async () => {
    const fd = openSync('/dev/full', 'w');
    const sink = new LogSink({ fd });
    for (let i = 0; i < 50; i++) sink.write(`line ${i}\n`);
    await sink.flush();
    closeSync(fd);
    expect(sink.dropped).toBe(50);
  });

  it('drops what is over its queue while a write is on its way', async () => {
    const fd = openSync(path.join(dir, 'queue.log'), 'w');
    const sink = new LogSink({ fd, maxQueuedBytes: 10 });
    sink.write('12345678\n'); // on its way
    sink.write('12345678\n'); // waits
    sink.write('12345678\n'); // over the bound
    await sink.flush();
    closeSync(fd);
    expect(sink.dropped).toBe(1);
  });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

describe('the server with its log on a full disk', () => {
  it('keeps answering, counts the dropped lines in /metrics, and stops on SIGTERM', async () => {
    const port = await freePort();
    const full = openSync('/dev/full', 'w');
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATA_DIR: path.join(dir, 'data'),
        PORT: String(port),
        HOST: '127.0.0.1',
        DEMO: '0',
        LOG_LEVEL: 'info',
        ADMIN_API_KEY: '',
      },
      stdio: ['ignore', full, 'pipe'],
    });
    closeSync(full);
    let stderr = '';
    child.stderr?.on('data', (d) => (stderr += String(d)));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const base = `http://127.0.0.1:${port}`;
    try {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const up = await fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (up) break;
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`not up: ${stderr}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      // Each request writes a log line; none can be written.
      const answers = await Promise.all(
        Array.from({ length: 100 }, () => fetch(`${base}/healthz`).then((r) => r.status)),
      );
      expect(answers.every((s) => s === 200)).toBe(true);
      const started = Date.now();
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      expect(Date.now() - started).toBeLessThan(2_000);
      const metrics = await (await fetch(`${base}/metrics`)).text();
      const dropped = Number(/payment_link_log_lines_dropped_total (\d+)/.exec(metrics)?.[1]);
      expect(dropped).toBeGreaterThanOrEqual(100);

      const stopAt = Date.now();
      child.kill('SIGTERM');
      const code = await Promise.race([
        exited,
        new Promise<'hung'>((r) => setTimeout(() => r('hung'), 15_000)),
      ]);
      expect(code).toBe(0);
      expect(Date.now() - stopAt).toBeLessThan(15_000);
    } finally {
      child.kill('SIGKILL');
    }
  }, 120_000);
});
