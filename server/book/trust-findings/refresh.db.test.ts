import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/index.js';
import { bankAccounts, trustFindings } from '../../db/schema/index.js';
import { createTestDatabase } from '../../testing/database.js';
import { insertBankAccount } from '../../testing/fixtures.js';
import { createOrganization } from '../../domain/organizations.js';
import { refreshAccountFindings } from './refresh.js';

// One live finding per cause, however many evaluations run at once: on PostgreSQL they run on
// several connections together (each takes the organization's history lock first, and the
// partial unique index stands behind it); on PGlite they serialize.

let database: DatabaseHandle;
let orgId: string;
let accountId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  orgId = (await createOrganization(database.db, { name: 'Findings Firm' })).id;
  accountId = (await insertBankAccount(database.db, orgId, { category: 'trust' })).id;
}, 60_000);
afterAll(() => database?.close());

const live = async () =>
  database.db
    .select()
    .from(trustFindings)
    .where(sql`${trustFindings.orgId} = ${orgId} and ${trustFindings.resolvedAt} is null`);

const refreshAtOnce = (n: number) =>
  Promise.all(
    Array.from({ length: n }, () =>
      database.db.transaction((tx) => refreshAccountFindings(tx, orgId)),
    ),
  );

describe('re-evaluating findings concurrently', () => {
  it('keeps one live finding per cause, and resolves it once', async () => {
    await database.db
      .update(bankAccounts)
      .set({ isFeeAccount: true, isChargebackAccount: true })
      .where(eq(bankAccounts.id, accountId));
    await refreshAtOnce(6);
    expect((await live()).map((f) => f.kind).sort()).toEqual([
      'trust_chargeback_account',
      'trust_fee_account',
    ]);

    await database.db
      .update(bankAccounts)
      .set({ isFeeAccount: false })
      .where(eq(bankAccounts.id, accountId));
    await refreshAtOnce(6);
    expect((await live()).map((f) => f.kind)).toEqual(['trust_chargeback_account']);
    const all = await database.db
      .select()
      .from(trustFindings)
      .where(eq(trustFindings.orgId, orgId));
    expect(all).toHaveLength(2);

    // The flag set again: a new finding (the resolved one stays as it was).
    await database.db
      .update(bankAccounts)
      .set({ isFeeAccount: true })
      .where(eq(bankAccounts.id, accountId));
    await refreshAtOnce(6);
    expect((await live()).filter((f) => f.kind === 'trust_fee_account')).toHaveLength(1);
    expect(
      (await database.db.select().from(trustFindings).where(eq(trustFindings.orgId, orgId))).length,
    ).toBe(3);
  });
});
