import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/index.js';
import { StartupError } from '../errors.js';
import { SecretBox } from '../security/secret-box.js';
import { createTestDatabase } from '../testing/database.js';
import { createOrganization } from './organizations.js';
import { getSettings, updateSettings } from './settings.js';
import { openSecretsKey } from './secrets-key.js';

// The key a process starts with must open the secrets the database holds (after a restore or a
// move they were sealed on another server): a wrong key, or none, stops the start with the fix
// in words, before anything is written — no settings re-sealed, no new key file made.

const KEY = Buffer.alloc(32, 4);
let database: DatabaseHandle;
const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'plk-key-'));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const refusal = (config: { secretsKey?: string; dataDir: string }) =>
  openSecretsKey(database.db, config).then(
    () => null,
    (e: unknown) => e as Error,
  );

describe('the secrets key at start', () => {
  it('makes a key file for a database without secrets, and uses it from then on', async () => {
    const dir = dataDir();
    const first = await openSecretsKey(database.db, { dataDir: dir });
    expect(first.source).toBe('generated');
    expect((await openSecretsKey(database.db, { dataDir: dir })).source).toBe('file');
  });

  it('refuses a key that does not open the stored secrets, and a missing one', async () => {
    const org = await createOrganization(database.db, { name: 'Sealed elsewhere' });
    await updateSettings(database.db, new SecretBox(KEY), org.id, { webhookSecret: 'whsec-abc' });
    const settingsBefore = await getSettings(database.db, org.id);

    const wrongEnv = await refusal({ secretsKey: 'cd'.repeat(32), dataDir: dataDir() });
    expect(wrongEnv).toBeInstanceOf(StartupError);
    expect(wrongEnv!.message).toMatch(
      /^The secrets key \(SECRETS_KEY\) does not open the secrets stored in this database .*original server's key.*Nothing was changed\.$/,
    );
    const withFile = dataDir();
    writeFileSync(path.join(withFile, 'secrets.key'), 'ef'.repeat(32));
    expect((await refusal({ dataDir: withFile }))!.message).toMatch(
      /The secrets key \(the key file .*secrets\.key\) does not open/,
    );
    // No key at all: no new key file either (it would only be the wrong one).
    const empty = dataDir();
    const missing = await refusal({ dataDir: empty });
    expect(missing!.message).toMatch(/holds encrypted secrets .* but there is no secrets key/);
    expect(existsSync(path.join(empty, 'secrets.key'))).toBe(false);
    expect(readFileSync(path.join(withFile, 'secrets.key'), 'utf8')).toBe('ef'.repeat(32));
    expect(await getSettings(database.db, org.id)).toEqual(settingsBefore);

    // The right key, from the environment or the file, opens them.
    const right = await openSecretsKey(database.db, {
      secretsKey: KEY.toString('hex'),
      dataDir: dataDir(),
    });
    expect(right.source).toBe('env');
    const rightFile = dataDir();
    writeFileSync(path.join(rightFile, 'secrets.key'), KEY.toString('base64'));
    expect((await openSecretsKey(database.db, { dataDir: rightFile })).source).toBe('file');
  });
});
