import { afterAll, beforeAll } from 'vitest';
import type { DatabaseHandle } from '../db/index.js';
import { createOrganization } from '../domain/organizations.js';
import { createTestDatabase } from './database.js';
import { insertBankAccount } from './fixtures.js';

// The set-up most database suites share, as vitest hooks (database.ts stays free of vitest: the
// benchmarks open their databases with it).

/** A test file's database (see useTestDatabase): read its fields inside hooks and tests. */
export interface TestDatabase {
  readonly database: DatabaseHandle;
  readonly db: DatabaseHandle['db'];
}

/** A test file's organization in its own database (see useTestFirm). */
export interface TestFirm extends TestDatabase {
  readonly orgId: string;
  /** Its trust account, when asked for. */
  readonly account: BankAccount;
}

type BankAccount = Awaited<ReturnType<typeof insertBankAccount>>;

/**
 * Opens a test file's database before its tests and closes it after them. `setUp` runs once it
 * is open, before any `beforeAll` registered later in the file.
 */
export function useTestDatabase(setUp?: (database: DatabaseHandle) => Promise<void>): TestDatabase {
  let handle: DatabaseHandle | undefined;
  const opened = () => {
    if (!handle) throw new Error('the test database is open only inside hooks and tests');
    return handle;
  };
  beforeAll(async () => {
    handle = await createTestDatabase();
    await setUp?.(handle);
  }, 60_000);
  afterAll(() => handle?.close());
  return {
    get database() {
      return opened();
    },
    get db() {
      return opened().db;
    },
  };
}

/** useTestDatabase with an organization named `name`, and its trust account when `account`. */
export function useTestFirm(name: string, options: { account?: boolean } = {}): TestFirm {
  let orgId: string | undefined;
  let account: BankAccount | undefined;
  const test = useTestDatabase(async ({ db }) => {
    orgId = (await createOrganization(db, { name })).id;
    if (options.account) account = await insertBankAccount(db, orgId, { category: 'trust' });
  });
  return {
    get database() {
      return test.database;
    },
    get db() {
      return test.db;
    },
    get orgId() {
      if (!orgId) throw new Error('the test organization exists only inside hooks and tests');
      return orgId;
    },
    get account() {
      if (!account) throw new Error('useTestFirm was not asked for an account');
      return account;
    },
  };
}
