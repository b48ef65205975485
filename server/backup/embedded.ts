import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLITE_CONFIG, useBaselineWasmCompiler } from '../db/pglite-init.js';

/**
 * An embedded database in this thread, for a command that alone uses it (an export, a restore):
 * no thread of its own, since nobody else waits for it; the server's settings and extension.
 */
export async function openPrivatePglite(pgdata: string): Promise<PGlite> {
  useBaselineWasmCompiler();
  const pg = new PGlite(pgdata, { extensions: { pg_trgm }, postgresqlconf: PGLITE_CONFIG });
  await pg.waitReady;
  return pg;
}
