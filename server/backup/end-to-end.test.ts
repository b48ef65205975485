import { spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signBody } from '../webhooks/receiver/signature.js';
import { createThrowawayPostgres } from '../testing/database.js';
import { apiAs, startServerProcess, type ServerProcess } from '../testing/server-process.js';
import { startTestSimulator, type TestSimulator } from '../testing/simulator.js';
import { waitFor } from '../testing/wait.js';

// The issue's whole story on loopback, with the real processes and commands: a firm starts on the
// embedded database, creates records and receives webhooks; `npm run backup` runs while a burst
// of webhooks is being acknowledged (all of them, no error); `npm run restore` into a new
// DATA_DIR, whose server refuses a wrong key or none and, with the right one, serves the same
// data; `npm run db:move` takes the first DATA_DIR to PostgreSQL (DATABASE_URL's server), where
// `npm start` serves the same data and a new signed webhook is stored.

const ADMIN_KEY = `plk_backup_story_${'k'.repeat(24)}`;
const OPERATOR_KEY = 'operator-key-of-the-backup-story-0123';
const SECRET = 'whsec-backup-story-0123456789';
const root = mkdtempSync(path.join(tmpdir(), 'plk-backup-story-'));
const dirA = path.join(root, 'a');
const dirB = path.join(root, 'b');
const backupFile = path.join(root, 'backup.gz');
let simulator: TestSimulator;
const servers: ServerProcess[] = [];
const drops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  simulator = await startTestSimulator({ firmName: 'Backup Story Firm' });
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.kill()));
  await simulator?.close();
  for (const drop of drops) await drop();
  rmSync(root, { recursive: true, force: true });
});

const serverEnv = (over: Record<string, string>) => ({
  DATABASE_URL: '',
  PORT: '0',
  ADMIN_API_KEY: '',
  SECRETS_KEY: '',
  OPERATOR_API_KEY: OPERATOR_KEY,
  SERVICE_SANDBOX_URL: simulator.url,
  DEMO: '0',
  LOG_LEVEL: 'warn',
  RECONCILE_INTERVAL_MS: '0',
  BACKUP_DIR: path.join(root, 'work'),
  ...over,
});

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess(serverEnv(env), { timeoutMs: 90_000 });
  servers.push(server);
  return server;
}

/** A server start that must fail: its exit status and what it said. */
function failedStart(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return command(['server/main.ts'], serverEnv(env), 'server');
}

/** `npm run backup|restore|db:move` as a process: exit status and output. */
function command(
  args: string[],
  env: Record<string, string>,
  entry: 'cli' | 'server' = 'cli',
): Promise<{ code: number | null; output: string }> {
  const script = entry === 'cli' ? ['server/backup/cli.ts', ...args] : args;
  const child = spawn(process.execPath, ['--import', 'tsx', ...script], {
    // The commands see what an operator's shell has: no DATABASE_URL unless given.
    env: { ...process.env, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += String(d)));
  child.stderr.on('data', (d) => (output += String(d)));
  const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}

const api = apiAs(ADMIN_KEY);

/** Every row of a list, page by page. */
async function all<T>(base: string, route: string, key = ADMIN_KEY): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | null = null;
  do {
    const sep = route.includes('?') ? '&' : '?';
    const page: { data: T[]; nextCursor: string | null } = await apiAs(key)(
      base,
      'GET',
      `${route}${sep}limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    rows.push(...page.data);
    cursor = page.nextCursor;
  } while (cursor);
  return rows;
}

/** What "the same data" means here: every record list, the keys and the settings. */
async function state(base: string, extraKey: string) {
  const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();
  return {
    clients: await all<Record<string, unknown>>(base, '/api/clients'),
    matters: await all<Record<string, unknown>>(base, '/api/matters'),
    paymentLinks: await all<Record<string, unknown>>(base, '/api/payment-links'),
    bankAccounts: await all<Record<string, unknown>>(base, '/api/bank-accounts'),
    transactions: await all<Record<string, unknown>>(base, '/api/transactions'),
    events: (await all<{ eventId: string }>(base, '/api/admin/webhook-events'))
      .map((e) => e.eventId)
      .sort(),
    apiKeys: ids(await all<{ id: string }>(base, '/api/api-keys')),
    settings: await api(base, 'GET', '/api/settings'),
    // A key made through the API (not the environment's) still opens the door.
    extraKeyWorks: (
      await fetch(`${base}/api/clients?limit=1`, {
        headers: { authorization: `Bearer ${extraKey}` },
      })
    ).status,
  };
}

const event = (transactionId: string, eventId: string) =>
  JSON.stringify({
    type: 'transaction.created',
    eventId,
    firmId: 'firm',
    data: { transaction: { id: transactionId } },
  });

async function postWebhook(base: string, body: string): Promise<number> {
  const res = await fetch(`${base}/services/apexrest/service_core/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature': signBody(body, SECRET) },
    body,
  });
  await res.arrayBuffer();
  return res.status;
}

/** What the first case leaves for the move: A's final state, a key, a way to make payments. */
let final: Awaited<ReturnType<typeof state>> | undefined;
let extraKey = '';
let pay: (i: number) => string = () => '';

describe('backup, restore and the move to PostgreSQL, end to end', () => {
  it('backs up while webhooks are acked, restores the same data, wants the same key', async () => {
    const { sim, firm } = simulator;
    // --- A firm on the embedded database: records, synced; a payment, its webhook stored. ---
    const a = await start({ DATA_DIR: dirA, ADMIN_API_KEY: ADMIN_KEY });
    await api(a.url, 'PUT', '/api/settings', { apiToken: firm.apiKey, webhookSecret: SECRET });
    extraKey = (
      await api<{ key: string }>(a.url, 'POST', '/api/api-keys', { name: 'host', role: 'staff' })
    ).key;
    await api(a.url, 'POST', '/api/actions/BankAccountsSync', {});
    const [account] = await all<{ id: string }>(a.url, '/api/bank-accounts');
    const [client] = await api<{ id: string }[]>(a.url, 'POST', '/api/actions/ClientCreate', {
      name: 'Ada Lovelace',
    });
    const [matter] = await api<{ id: string }[]>(a.url, 'POST', '/api/actions/MatterCreate', {
      clientId: client!.id,
      name: 'Engines',
    });
    const [link] = await api<{ id: string; serviceId: string }[]>(
      a.url,
      'POST',
      '/api/actions/PaymentLinkCreate',
      { clientId: client!.id, matterId: matter!.id, bankAccountId: account!.id, amount: '250.00' },
    );
    expect(link!.serviceId).toBeTruthy();
    pay = (i: number) =>
      sim.sandbox.createTransaction(firm.apiKey, {
        type: 'ccPayment',
        paymentMethod: 'CARD',
        status: 'SUCCESSFUL',
        amount: 100 + i,
        paymentLinkId: link!.serviceId,
      }).id;
    for (let i = 0; i < 3; i++)
      expect(await postWebhook(a.url, event(pay(i), `before-${i}`))).toBe(200);
    await waitFor(async () => (await all(a.url, '/api/transactions')).length === 3, 30_000);
    const beforeBurst = await state(a.url, extraKey);

    // --- The backup, while a burst of webhooks is acknowledged. ---
    const statuses: (number | string)[] = [];
    const acked: string[] = [];
    let backupDone = false;
    // Two senders, a webhook each every 40 ms or so, until the backup is done.
    const burst = async (lane: number) => {
      for (let i = 0; !backupDone || i < 25; i++) {
        const eventId = `burst-${lane}-${i}`;
        const status = await postWebhook(
          a.url,
          event(pay(1_000 + lane * 10_000 + i), eventId),
        ).catch(String);
        statuses.push(status);
        if (status === 200) acked.push(eventId);
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
    };
    const lanes = [0, 1].map(burst);
    await waitFor(async () => acked.length >= 10);
    const ackedBefore = [...acked];
    const backup = await command(['backup', '--out', backupFile, '--url', a.url], {
      OPERATOR_API_KEY: OPERATOR_KEY,
    });
    backupDone = true;
    await Promise.all(lanes);
    expect(backup.output).toMatch(/^Backup written: .*backup\.gz/m);
    expect(backup.output).toMatch(
      /does not hold the secrets key: that is the file .*a\/secrets\.key/,
    );
    expect(backup.code, backup.output).toBe(0);
    expect(statuses.length).toBeGreaterThan(ackedBefore.length + 20);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);

    // The server records the outcome once its export process has exited (just after the last
    // byte reached the command).
    const health = await waitFor(async () => {
      const h = await api<{ backups: Record<string, unknown> }>(
        a.url,
        'GET',
        '/api/admin/integration-health',
      );
      return h.backups.running === false && h;
    });
    expect(health.backups).toMatchObject({
      scheduled: false,
      running: false,
      lastBackupAt: expect.any(String),
      lastSizeBytes: statSync(backupFile).size,
      failures: 0,
    });
    const metrics = await (await fetch(`${a.url}/metrics`)).text();
    expect(metrics).toMatch(/payment_link_backups_total\{outcome="success"\} 1/);
    // Its working copy is gone (removed once the backup process exited).
    await waitFor(async () => readdirSync(path.join(root, 'work')).length === 0);

    // A settles (every event processed), then stops: its DATA_DIR is what db:move takes.
    await waitFor(async () => {
      const events = await all<{ status: string }>(a.url, '/api/admin/webhook-events');
      return events.every((e) => e.status === 'processed');
    }, 60_000);
    final = await state(a.url, extraKey);
    expect(await a.stop()).toBe(0);

    // --- Restore into a new DATA_DIR; the server wants the original key. ---
    const restored = await command(['restore', backupFile], { DATA_DIR: dirB, SECRETS_KEY: '' });
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toMatch(/verified: row counts and checksums match the backup/);
    expect(restored.output).toMatch(/need the key of the server it came from/);
    const listing = () => readdirSync(dirB).sort();
    const before = listing();
    const wrongKey = await failedStart({ DATA_DIR: dirB, SECRETS_KEY: 'ab'.repeat(32) });
    expect(wrongKey.code).not.toBe(0);
    expect(wrongKey.output).toMatch(
      /The secrets key \(SECRETS_KEY\) does not open the secrets stored/,
    );
    const noKey = await failedStart({ DATA_DIR: dirB });
    expect(noKey.code).not.toBe(0);
    expect(noKey.output).toMatch(/holds encrypted secrets .* but there is no secrets key/);
    expect(listing().filter((f) => f !== 'pgdata.lock')).toEqual(before);
    expect(existsSync(path.join(dirB, 'secrets.key'))).toBe(false);

    copyFileSync(path.join(dirA, 'secrets.key'), path.join(dirB, 'secrets.key'));
    const b = await start({ DATA_DIR: dirB });
    const atB = await state(b.url, extraKey);
    // Records, keys and settings as they were before the burst (its transactions change the
    // payment link's paid amount: compared by what they are); every event acked before the
    // backup began, and of the burst only events A acked; the transactions of before.
    const sameRecords = (s: typeof atB) => ({
      ...s,
      paymentLinks: s.paymentLinks.map((l) => [l.id, l.name, l.amount, l.clientId]),
      transactions: undefined,
      events: undefined,
    });
    expect(sameRecords(atB)).toEqual(sameRecords(beforeBurst));
    expect(atB.extraKeyWorks).toBe(200);
    expect(atB.events).toEqual(expect.arrayContaining([...beforeBurst.events, ...ackedBefore]));
    expect(atB.events.filter((id) => !final!.events.includes(id))).toEqual([]);
    const transactionIds = (rows: Record<string, unknown>[]) => rows.map((t) => t.id);
    expect(transactionIds(atB.transactions)).toEqual(
      expect.arrayContaining(transactionIds(beforeBurst.transactions)),
    );
    expect(await postWebhook(b.url, event(pay(99_999), 'after-restore'))).toBe(200);
    expect(await b.stop()).toBe(0);
  }, 600_000);

  // The move of A's DATA_DIR (its server stopped) to PostgreSQL: DATABASE_URL's server (CI's).
  it.runIf(process.env.DATABASE_URL)(
    'moves that DATA_DIR to PostgreSQL, where it serves the same',
    async () => {
      expect(final, 'the first case ran').toBeDefined();
      const target = await createThrowawayPostgres(process.env.DATABASE_URL!);
      drops.push(target.drop);
      const moved = await command(['move', '--to', target.url], {
        DATA_DIR: dirA,
        SECRETS_KEY: '',
      });
      expect(moved.code, moved.output).toBe(0);
      expect(moved.output).toMatch(
        /verified \(row counts and a checksum per table match on both sides\)/,
      );
      expect(moved.output).toMatch(
        /SECRETS_KEY=\$\(cat .*a\/secrets\.key\) \(it opens the moved secrets: checked\)/,
      );
      expect(moved.output).toMatch(/WORKERS=0 .* npm run worker/);
      const c = await start({
        DATABASE_URL: target.url,
        SECRETS_KEY: readFileSync(path.join(dirA, 'secrets.key'), 'utf8').trim(),
        DATA_DIR: path.join(root, 'c'),
      });
      expect(await state(c.url, extraKey)).toEqual(final);
      const onPostgres = await command(
        ['backup', '--out', path.join(root, 'pg.gz'), '--url', c.url],
        {
          OPERATOR_API_KEY: OPERATOR_KEY,
        },
      );
      expect(onPostgres.code).toBe(2);
      expect(onPostgres.output).toMatch(/pg_dump/);
      expect(await postWebhook(c.url, event(pay(77_777), 'after-move'))).toBe(200);
      await waitFor(async () => {
        const events = await all<{ eventId: string; status: string }>(
          c.url,
          '/api/admin/webhook-events',
        );
        return events.some((e) => e.eventId === 'after-move' && e.status === 'processed');
      }, 30_000);
      expect(await c.stop()).toBe(0);
    },
    600_000,
  );
});
