import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/index.js';

/** A new, empty database on the PostgreSQL server of `serverUrl`, and how to drop it. */
export async function createThrowawayPostgres(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${randomUUID().replaceAll('-', '')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a throwaway database on the
 * PostgreSQL server of DATABASE_URL when the `db:postgres` project runs (TEST_DATABASE=postgres).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DATABASE !== 'postgres') {
    const handle = await openPglite();
    await handle.migrate();
    return handle;
  }
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
  const throwaway = await createThrowawayPostgres(serverUrl);
  const handle = await openPostgres(throwaway.url, { max: 4 });
  await handle.migrate();
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await throwaway.drop();
    },
  };
}
