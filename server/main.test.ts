import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './testing/server-process.js';

// The real process, the way `npm start` runs it: embedded PGlite in a data folder, a free port.

const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'plk-main-')), 'data');
afterAll(() => rmSync(path.dirname(dataDir), { recursive: true, force: true }));

const started: ServerProcess[] = [];
const start = async (env: Record<string, string> = {}) => {
  const server = await startServerProcess(
    {
      DATABASE_URL: '',
      ADMIN_API_KEY: '',
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
    { timeoutMs: 30_000 },
  );
  started.push(server);
  return server;
};
// A failed test must not leave its server holding the data folder for the next one.
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.kill()));
});

describe('the server process', () => {
  it('prints its URL and a first admin key, keeps data across a graceful restart', async () => {
    const first = await start();
    // Its output is a pipe, not a terminal: the key goes to an owner-only file, not the output.
    const keyFile = path.join(dataDir, 'first-admin-key.txt');
    expect(first.output()).toContain(keyFile);
    const key = readFileSync(keyFile, 'utf8').trim();
    expect(key).toMatch(/^plk_/);
    expect(first.output()).not.toContain(key);
    // DATA_DIR and everything in it: the owner's only.
    const modes = [dataDir, ...readdirSync(dataDir, { recursive: true }).map(String)].map(
      (f) => [f, statSync(path.resolve(dataDir, f)).mode & 0o077] as const,
    );
    expect(modes.filter(([, bits]) => bits !== 0)).toEqual([]);
    expect(statSync(path.join(dataDir, 'secrets.key')).mode & 0o777).toBe(0o600);
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${first.url}/readyz`)).json()).toMatchObject({
      status: 'ready',
      database: 'pglite',
    });
    const created = await fetch(`${first.url}/api/clients`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Survives restarts' }),
    });
    expect(created.status).toBe(201);
    // The key is printed for the person at the terminal, never written into a log line.
    const logLines = first
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'));
    expect(logLines.join('\n')).not.toContain(key);

    expect(await first.stop()).toBe(0);
    expect(first.output()).toContain('"msg":"stopped"');

    const second = await start();
    try {
      expect(second.output()).not.toContain('First start');
      const list = await fetch(`${second.url}/api/clients`, {
        headers: { authorization: `Bearer ${key}` },
      });
      const body = (await list.json()) as { data: { name: string }[] };
      expect(body.data.map((c) => c.name)).toEqual(['Survives restarts']);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  }, 90_000);

  it('says plainly when its port or its data folder is taken, and stops', async () => {
    const first = await start();
    try {
      const port = new URL(first.url).port;
      const portTaken = start({
        PORT: port,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'plk-main-')),
      });
      await expect(portTaken).rejects.toThrow(new RegExp(`Port ${port} on 127.0.0.1 is in use`));
      const folderTaken = start();
      await expect(folderTaken).rejects.toThrow(/is in use by process \d+.*set DATABASE_URL/);
      await expect(folderTaken).rejects.not.toThrow(/at lockDataDir/);
    } finally {
      expect(await first.stop()).toBe(0);
    }
  }, 90_000);

  it('refuses to start with a bad configuration, naming the variable', async () => {
    await expect(start({ PORT: 'eighty' })).rejects.toThrow(/PORT/);
  }, 30_000);
});
