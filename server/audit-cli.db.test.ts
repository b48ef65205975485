import { spawnSync } from 'node:child_process';
import { tamperWithHistory, testHistoryKey } from './testing/history-key.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { openDatabase, openPostgres, type DatabaseHandle } from './db/index.js';
import { appendHistory } from './book/history/history.js';
import { createOrganization } from './domain/organizations.js';
import { createThrowawayPostgres } from './testing/database.js';

// `npm run audit:verify` on a real process: intact on an untouched database, and naming the row
// after someone edits one in the database, on the embedded database and on PostgreSQL.

// The key createTestApp and testHistoryKey() use.
const KEY = '2a'.repeat(32);
const onPostgres = process.env.TEST_DATABASE === 'postgres';
let env: NodeJS.ProcessEnv;
let cleanup: () => Promise<void>;
let open: () => Promise<DatabaseHandle>;

beforeAll(async () => {
  if (onPostgres) {
    const throwaway = await createThrowawayPostgres(process.env.DATABASE_URL!);
    env = { DATABASE_URL: throwaway.url, DATA_DIR: '', SECRETS_KEY: KEY };
    open = () => openPostgres(throwaway.url, { max: 2 });
    cleanup = throwaway.drop;
  } else {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'plk-audit-'));
    env = { DATABASE_URL: '', DATA_DIR: dataDir, SECRETS_KEY: KEY };
    open = () => openDatabase(loadConfig(env));
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  }
  const database = await open();
  await database.migrate();
  const org = await createOrganization(database.db, { name: 'Audited Firm' });
  const items = [100, 200, 300].map((amount) => ({
    subject: 'anchor' as const,
    subjectId: crypto.randomUUID(),
    content: { amountCents: amount },
  }));
  await database.db.transaction((tx) =>
    appendHistory(tx, testHistoryKey(), org.id, items.slice(0, 2)),
  );
  await database.db.transaction((tx) =>
    appendHistory(tx, testHistoryKey(), org.id, items.slice(2)),
  );
  await database.close();
}, 120_000);
afterAll(() => cleanup?.());

const verify = () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/audit-cli.ts'], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: run.status, out: run.stdout, err: run.stderr };
};

describe('npm run audit:verify', () => {
  it('passes on an untouched database and names the row after a manual edit', async () => {
    const intact = verify();
    expect(intact.err).toBe('');
    expect(intact.out).toMatch(/intact: 3 rows verified/);
    expect(intact.code).toBe(0);

    const database = await open();
    const rows = (await database.db.execute(
      sql`select seq from audit_history order by seq`,
    )) as unknown as { rows?: { seq: number }[] } | { seq: number }[];
    const list = Array.isArray(rows) ? rows : (rows.rows ?? []);
    const second = Number(list[1]!.seq);
    await tamperWithHistory(
      database.db,
      sql`update audit_history set content = '{"amountCents":999}' where seq = ${second}`,
    );
    await database.close();

    const broken = verify();
    expect(broken.code).toBe(1);
    expect(broken.out).toMatch(new RegExp(`BROKEN at row ${second}\\b`));
  }, 120_000);
});
