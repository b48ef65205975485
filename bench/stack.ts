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
  return {
    dataDir,
    databaseUrl: own.DATABASE_URL,
    async startServer(env, options) {
      const server = await startServerProcess({ ...env, ...own }, options);
      processes.push(server);
      return server;
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
