import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createThrowawayPostgres } from '../server/testing/database.js';
import {
  startServerProcess,
  startWorkerProcess,
  type ServerProcess,
} from '../server/testing/server-process.js';

// What a benchmark runs the product on: a data folder of its own, a throwaway database of the
// PostgreSQL server it is given (else the embedded PGlite in that folder), and the server and
// worker processes it starts there. close() stops them all and removes the database and folder.

export interface BenchStack {
  dataDir: string;
  /** The throwaway database's URL; '' on the embedded PGlite. */
  databaseUrl: string;
  /** A server process (see startServerProcess) with the stack's folder and database. */
  startServer(
    env: Record<string, string>,
    options?: Parameters<typeof startServerProcess>[1],
  ): Promise<ServerProcess>;
  /**
   * The server as `npm start` runs it with its schedules idle, over a database a bench seeded
   * (a start may take minutes: its upgrade work over millions of rows).
   */
  startQuietServer(): Promise<ServerProcess>;
  /** `count` worker processes (`npm run worker`) with the stack's folder and database. */
  startWorkers(count: number, env: Record<string, string>): Promise<void>;
  close(): Promise<void>;
}

/** A stack named `name` (its folder's prefix), on a database of `postgresUrl` when given. */
export async function benchStack(name: string, postgresUrl?: string): Promise<BenchStack> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `plk-bench-${name}-`));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  const database = postgresUrl
    ? await createThrowawayPostgres(postgresUrl).catch((error: unknown) => {
        removeDir();
        throw error;
      })
    : undefined;
  const own = { DATABASE_URL: database?.url ?? '', DATA_DIR: dataDir };
  const processes: ServerProcess[] = [];
  const startServer: BenchStack['startServer'] = async (env, options) => {
    const server = await startServerProcess({ ...env, ...own }, options);
    processes.push(server);
    return server;
  };
  return {
    dataDir,
    databaseUrl: own.DATABASE_URL,
    startServer,
    startQuietServer() {
      return startServer(
        {
          PORT: '0',
          SECRETS_KEY: '12'.repeat(32),
          DEMO: '0',
          LOG_LEVEL: 'warn',
          RECONCILE_INTERVAL_MS: '0',
        },
        { timeoutMs: 600_000 },
      );
    },
    async startWorkers(count, env) {
      for (let i = 0; i < count; i++) processes.push(await startWorkerProcess({ ...env, ...own }));
    },
    async close() {
      try {
        await Promise.allSettled(processes.map((p) => p.stop()));
        await database?.drop();
      } finally {
        removeDir();
      }
    },
  };
}
