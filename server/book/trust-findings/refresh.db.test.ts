import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bankAccounts, trustFindings } from '../../db/schema/index.js';
import { useTestFirm } from '../../testing/database-hooks.js';
import { refreshAccountFindings } from './refresh.js';

// One live finding per cause, however many evaluations run at once: on PostgreSQL they run on
// several connections together (each takes the organization's history lock first, and the
// partial unique index stands behind it); on PGlite they serialize.

const firm = useTestFirm('Findings Firm', { account: true });

const live = async () =>
  firm.db
    .select()
    .from(trustFindings)
    .where(sql`${trustFindings.orgId} = ${firm.orgId} and ${trustFindings.resolvedAt} is null`);

const refreshAtOnce = (n: number) =>
  Promise.all(
    Array.from({ length: n }, () =>
      firm.db.transaction((tx) => refreshAccountFindings(tx, firm.orgId)),
    ),
  );

describe('re-evaluating findings concurrently', () => {
  it('keeps one live finding per cause, and resolves it once', async () => {
    await firm.db
      .update(bankAccounts)
      .set({ isFeeAccount: true, isChargebackAccount: true })
      .where(eq(bankAccounts.id, firm.account.id));
    await refreshAtOnce(6);
    expect((await live()).map((f) => f.kind).sort()).toEqual([
      'trust_chargeback_account',
      'trust_fee_account',
    ]);

    await firm.db
      .update(bankAccounts)
      .set({ isFeeAccount: false })
      .where(eq(bankAccounts.id, firm.account.id));
    await refreshAtOnce(6);
    expect((await live()).map((f) => f.kind)).toEqual(['trust_chargeback_account']);
    const all = await firm.db
      .select()
      .from(trustFindings)
      .where(eq(trustFindings.orgId, firm.orgId));
    expect(all).toHaveLength(2);

    // The flag set again: a new finding (the resolved one stays as it was).
    await firm.db
      .update(bankAccounts)
      .set({ isFeeAccount: true })
      .where(eq(bankAccounts.id, firm.account.id));
    await refreshAtOnce(6);
    expect((await live()).filter((f) => f.kind === 'trust_fee_account')).toHaveLength(1);
    expect(
      (await firm.db.select().from(trustFindings).where(eq(trustFindings.orgId, firm.orgId)))
        .length,
    ).toBe(3);
  });
});
