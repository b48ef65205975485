// npm run bench:backup — backup, restore and the move to PostgreSQL at the scale of bench:lists'
// big firm (1,000,000 transactions, 200,000 clients, 100,000 payment links, 100,000 webhook
// events), on the embedded database as `npm start` runs it.
//
// 1. Seeds a PGlite DATA_DIR (or reuses `--data-dir DIR` seeded by an earlier run).
// 2. Times what the design avoids: one REPEATABLE READ transaction that reads every table (COPY),
//    the time it would hold PGlite's one connection, and every ack behind it.
// 3. Starts the server (its own process), sends signed webhooks at `--rate` per second, and
//    measures their acks for 15 s before a backup and during `npm run backup` (its own process),
//    side by side: p50, p99, max, errors.
// 4. `npm run restore` of that backup into a new DATA_DIR; with DATABASE_URL, `npm run db:move`
//    of the DATA_DIR and of the backup file into throwaway databases (dropped at the end).
// Each step prints its time, rows per second and the peak memory (RSS) of every process of it.
//
//   npm run bench:backup -- --scale 0.01          (a quick run)
//   npm run bench:backup -- --data-dir /tmp/big   (seed once, measure again)
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { Agent } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { openPrivatePglite } from '../server/backup/embedded.js';
import { listTables, qualified, SESSION_SETTINGS } from '../server/backup/catalog.js';
import { pgliteSession } from '../server/backup/export.js';
import { openPglite } from '../server/db/index.js';
import { createApiKey } from '../server/domain/api-keys.js';
import { bootstrapDefaultOrganization } from '../server/domain/organizations.js';
import { createThrowawayPostgres } from '../server/testing/database.js';
import {
  analyzeLists,
  BIG_ORGANIZATION,
  scaledSizes,
  seedOrganization,
} from '../server/testing/seed-lists.js';
import { startServerProcess } from '../server/testing/server-process.js';
import { signBody } from '../server/webhooks/receiver/signature.js';
import { numberArg, post } from './cli.js';

const SCALE = numberArg('scale', 1);
const RATE = numberArg('rate', 20);
const BASELINE_SECONDS = numberArg('baseline-seconds', 15);
const keepIndex = process.argv.indexOf('--data-dir');
const KEEP = keepIndex >= 0 ? process.argv[keepIndex + 1] : undefined;
const OPERATOR_KEY = 'operator-key-of-bench-backup-0123456789';
const ADMIN_KEY = `plk_bench_backup_${'k'.repeat(24)}`;
const SECRET = 'whsec-bench-backup-0123456789';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const count = (n: number) => n.toLocaleString('en-US');
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/** Peak RSS of a process and all its descendants, polled from /proc (Linux). */
function watchMemory(root: number) {
  const peak = new Map<number, { label: string; kb: number }>();
  const children = (pid: number): number[] => {
    try {
      return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
        readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8')
          .split(' ')
          .filter(Boolean)
          .map(Number),
      );
    } catch {
      return [];
    }
  };
  const sample = (pid: number) => {
    try {
      const kb = Number(
        /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0,
      );
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      const label =
        cmd
          .find((a) => /\.(ts|js)$/.test(a) && !a.includes('node_modules'))
          ?.replace(/^.*server\//, '') ??
        cmd[0] ??
        '?';
      const last = peak.get(pid);
      if (!last || kb > last.kb)
        peak.set(pid, { label: `${label}${cmd.includes('-e') ? ' (initdb)' : ''}`, kb });
    } catch {
      // Gone.
    }
    for (const child of children(pid)) sample(child);
  };
  const timer = setInterval(() => sample(root), 200);
  sample(root);
  return {
    stop(): string {
      clearInterval(timer);
      return [...peak.values()].map((p) => `${p.label} ${mb(p.kb * 1024)}`).join(', ');
    },
  };
}

/** A command of ours as its own process; resolves with its exit code, output and time. */
function run(args: string[], env: Record<string, string>) {
  const started = Date.now();
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/backup/cli.ts', ...args],
    {
      env: { ...process.env, DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const memory = watchMemory(child.pid!);
  let output = '';
  child.stdout!.on('data', (d) => (output += String(d)));
  child.stderr!.on('data', (d) => (output += String(d)));
  return new Promise<{ code: number | null; output: string; seconds: number; memory: string }>(
    (resolve) =>
      child.once('exit', (code) =>
        resolve({ code, output, seconds: (Date.now() - started) / 1000, memory: memory.stop() }),
      ),
  );
}

async function seed(dataDir: string): Promise<number> {
  const sizes = scaledSizes(BIG_ORGANIZATION, SCALE);
  const started = Date.now();
  const database = await openPglite(dataDir);
  try {
    await database.migrate();
    const { organization } = await bootstrapDefaultOrganization(database.db, {
      adminApiKey: ADMIN_KEY,
    });
    await createApiKey(database.db, organization.id, { name: 'bench', role: 'admin' });
    await seedOrganization(database.db, organization.id, sizes);
    await analyzeLists(database.db);
  } finally {
    await database.close();
  }
  console.log(
    `seeded ${count(sizes.transactions)} transactions, ${count(sizes.clients)} clients, ${count(sizes.paymentLinks)} payment links, ` +
      `${count(sizes.webhookEvents)} webhook events in ${((Date.now() - started) / 1000).toFixed(0)} s; DATA_DIR ${mb(folderBytes(dataDir))}`,
  );
  return sizes.transactions;
}

/** How long one transaction that reads every table would hold the embedded database's connection. */
async function oneTransactionRead(pgdata: string): Promise<string> {
  const pg = await openPrivatePglite(pgdata);
  try {
    const started = Date.now();
    await pg.exec(`begin isolation level repeatable read; ${SESSION_SETTINGS}`);
    let bytes = 0;
    for (const table of await listTables(pgliteSession(pg))) {
      const result = (await pg.query(`copy ${qualified(table)} to '/dev/blob'`)) as { blob?: Blob };
      bytes += result.blob?.size ?? 0;
    }
    await pg.exec('commit');
    return `${((Date.now() - started) / 1000).toFixed(1)} s (${mb(bytes)} of COPY text, held in memory)`;
  } finally {
    await pg.close();
  }
}

interface Acks {
  latencies: number[];
  errors: number;
}

/** Signed webhooks at RATE per second until `until` resolves; each ack's time. */
async function sendWebhooks(base: string, until: Promise<unknown>): Promise<Acks> {
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  const url = new URL(`${base}/services/apexrest/service_core/webhook`);
  const acks: Acks = { latencies: [], errors: 0 };
  let done = false;
  void until.finally(() => (done = true));
  const inFlight: Promise<void>[] = [];
  for (let i = 0; !done; i++) {
    const body = JSON.stringify({
      type: 'transaction.created',
      eventId: `bench-${Date.now()}-${i}`,
      firmId: 'firm',
      data: { transaction: { id: `tx-${Date.now()}-${i}` } },
    });
    const started = performance.now();
    inFlight.push(
      post(url, body, { 'x-signature': signBody(body, SECRET) }, agent).then(
        (status) => {
          if (status === 200) acks.latencies.push(performance.now() - started);
          else acks.errors++;
        },
        () => void acks.errors++,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000 / RATE));
  }
  await Promise.all(inFlight);
  agent.destroy();
  return acks;
}

const describeAcks = (a: Acks) => {
  const s = [...a.latencies].sort((x, y) => x - y);
  return `${count(s.length)} acks, ${a.errors} errors, p50 ${quantile(s, 0.5).toFixed(1)} ms, p99 ${quantile(s, 0.99).toFixed(1)} ms, max ${(s.at(-1) ?? 0).toFixed(1)} ms`;
};

async function main(): Promise<void> {
  const root = mkdtempSync(path.join(tmpdir(), 'plk-bench-backup-'));
  const dataDir = KEEP ?? path.join(root, 'data');
  const drops: (() => Promise<void>)[] = [];
  console.log(
    `load average at start: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  try {
    if (!existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))) await seed(dataDir);
    else console.log(`reusing ${dataDir}: ${mb(folderBytes(dataDir))}`);
    console.log(
      `one REPEATABLE READ transaction reading every table would hold the connection ${await oneTransactionRead(path.join(dataDir, 'pgdata'))}`,
    );

    const server = await startServerProcess(
      {
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        PORT: '0',
        ADMIN_API_KEY: ADMIN_KEY,
        OPERATOR_API_KEY: OPERATOR_KEY,
        DEMO: '0',
        LOG_LEVEL: 'info',
        RECONCILE_INTERVAL_MS: '0',
        BACKUP_DIR: path.join(root, 'work'),
      },
      { timeoutMs: 300_000 },
    );
    const serverMemory = watchMemory(server.child.pid!);
    const backupFile = path.join(root, 'backup.gz');
    try {
      await fetch(`${server.url}/api/settings`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ webhookSecret: SECRET }),
      });
      const baseline = await sendWebhooks(
        server.url,
        new Promise((resolve) => setTimeout(resolve, BASELINE_SECONDS * 1000)),
      );
      const backup = run(['backup', '--out', backupFile, '--url', server.url], {
        OPERATOR_API_KEY: OPERATOR_KEY,
      });
      const during = await sendWebhooks(server.url, backup);
      const b = await backup;
      if (b.code !== 0) throw new Error(`backup failed:\n${b.output}`);
      // The server logs the export process's figures once it has exited.
      const finishedLine = () =>
        server
          .output()
          .split('\n')
          .find((l) => l.includes('"msg":"backup finished"'));
      for (let i = 0; i < 100 && !finishedLine(); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const exportLine = finishedLine() ?? '{}';
      const exported = JSON.parse(exportLine) as { exportMaxRssMb?: number; rows?: number };
      console.log(
        `\nnpm run backup: ${b.seconds.toFixed(1)} s, ${count(exported.rows ?? 0)} rows (${count(Math.round((exported.rows ?? 0) / b.seconds))} rows/s), file ${mb(statSync(backupFile).size)}`,
      );
      console.log(
        `  peak memory: backup command ${b.memory}; its export process ${exported.exportMaxRssMb} MB`,
      );
      console.log(
        `  webhook acks at ${RATE}/s, ${BASELINE_SECONDS} s before:  ${describeAcks(baseline)}`,
      );
      console.log(`  webhook acks during the backup:        ${describeAcks(during)}`);
    } finally {
      await server.stop();
      console.log(`  server peak memory (its whole run): ${serverMemory.stop()}`);
    }

    const restored = await run(['restore', backupFile], { DATA_DIR: path.join(root, 'restored') });
    if (restored.code !== 0) throw new Error(`restore failed:\n${restored.output}`);
    console.log(
      `\nnpm run restore: ${restored.seconds.toFixed(1)} s; peak memory ${restored.memory}`,
    );
    console.log(
      `  ${restored.output
        .split('\n')
        .filter((l) => /^(Restored|Backup of)/.test(l))
        .join('\n  ')}`,
    );

    if (process.env.DATABASE_URL) {
      for (const from of ['DATA_DIR', 'backup file'] as const) {
        const target = await createThrowawayPostgres(process.env.DATABASE_URL);
        drops.push(target.drop);
        const moved = await run(
          ['move', '--to', target.url, ...(from === 'backup file' ? ['--from', backupFile] : [])],
          { DATA_DIR: dataDir },
        );
        if (moved.code !== 0) throw new Error(`move failed:\n${moved.output}`);
        console.log(
          `\nnpm run db:move (from ${from}): ${moved.seconds.toFixed(1)} s; peak memory ${moved.memory}`,
        );
        console.log(
          `  ${moved.output
            .split('\n')
            .filter((l) => /^Moved /.test(l))
            .join('\n  ')}`,
        );
      }
    } else {
      console.log('\n(DATABASE_URL not set: the move to PostgreSQL is not measured)');
    }
    console.log(
      `\nload average at the end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    for (const drop of drops) await drop();
    // A --data-dir is kept (it lives outside `root`) for the next run.
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
