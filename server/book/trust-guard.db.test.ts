import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients, matters, orgSettings, transactions } from '../db/schema/index.js';
import type { AppError } from '../errors.js';
import { useTestFirm } from '../testing/database-hooks.js';
import { insertBankAccount, insertTransaction } from '../testing/fixtures.js';
import { testHistoryKey } from '../testing/history-key.js';
import { applyTransactionsToLedger } from './ledger/apply.js';
import { ledgerBalances } from './ledger/balances.js';
import { postEntries } from './ledger/post.js';
import { insertRequest } from './money-out/requests.js';
import { negativeBalanceCauses } from './trust-findings/causes.js';
import { guardTrustOut } from './trust-guard.js';

// The trust guard per trust bank account, and on collected funds only (issue 39, points 1-2):
// the book's rule itself, on stored rows; the refund route runs it end to end
// (server/money-out/trust-guard*.db.test.ts).

const firm = useTestFirm('Guard Firm', { account: true });

async function newMatter() {
  const [client] = await firm.db
    .insert(clients)
    .values({ orgId: firm.orgId, name: 'Client' })
    .returning();
  const [matter] = await firm.db
    .insert(matters)
    .values({ orgId: firm.orgId, clientId: client!.id, name: 'Matter' })
    .returning();
  return { clientId: client!.id, matterId: matter!.id };
}

type Line = { bankAccountId: string; clientId: string; matterId: string };

/** A payment into the line's account, stored and posted as the webhook pipeline does. */
async function pay(line: Line, amount: string, fields: Parameters<typeof insertTransaction>[2]) {
  const row = await insertTransaction(firm.db, firm.orgId, { ...line, amount, ...fields });
  await apply([row.id]);
  return row;
}
const apply = (ids: string[]) =>
  firm.db.transaction((tx) => applyTransactionsToLedger(tx, testHistoryKey(), firm.orgId, ids));

/** A manual entry (a cheque out, or money in) of the line. */
const manual = (line: Line, cents: number) =>
  firm.db.transaction((tx) =>
    postEntries(
      tx,
      testHistoryKey(),
      firm.orgId,
      [{ ...line, transactionId: null, kind: 'manual', amountCents: cents, date: new Date() }].map(
        (e) => ({ ...e, kind: 'manual' as const, memo: 'Cheque', createdBy: 'test' }),
      ),
    ),
  );

/** The guard's answer: null when it lets the money out, else its error. */
const guard = (line: Line, cents: number, override: string | null = null, paymentId?: string) =>
  firm.db
    .transaction((tx) =>
      guardTrustOut(tx, firm.orgId, line, cents, override ? { reason: override } : null, {
        paymentId,
      }),
    )
    .then(
      () => null,
      (e: AppError) => ({ code: e.code, details: e.details }),
    );

const lineOf = async (line: Line) =>
  (await ledgerBalances(firm.db, firm.orgId, { bankAccountId: line.bankAccountId })).lines.find(
    (l) => l.matterId === line.matterId,
  );

describe('the trust guard, per trust bank account', () => {
  it("reads the matter's money in the refund's account only (75.25 there, 1,000.00 in a second trust account)", async () => {
    const iolta = { bankAccountId: firm.account.id, ...(await newMatter()) };
    await pay(iolta, '100.00', { status: 'DEPOSITED' });
    await manual(iolta, -2_475);
    expect(await guard(iolta, 10_000)).toMatchObject({
      code: 'TRUST_BALANCE_WOULD_GO_NEGATIVE',
      details: { balance: '75.25', after: '-24.75' },
    });
    const second = await insertBankAccount(firm.db, firm.orgId, {
      category: 'trust',
      name: 'Trust 2',
    });
    const other = { ...iolta, bankAccountId: second.id };
    await manual(other, 100_000);
    // Before: the balance spanned both accounts (1,075.25) and the refund passed.
    expect(await guard(iolta, 10_000)).toMatchObject({
      code: 'TRUST_BALANCE_WOULD_GO_NEGATIVE',
      details: { balance: '75.25' },
    });
    expect(await guard(other, 10_000)).toBeNull();
    expect(await guard(iolta, 7_525)).toBeNull();
    // Each account's balances show the matter's money there only.
    expect((await lineOf(iolta))?.balance).toBe('75.25');
    expect((await lineOf(other))?.balance).toBe('1000.00');
    // Findings too: below zero in the IOLTA account is a finding there, whatever the other holds.
    await manual(iolta, -10_000);
    const causes = await negativeBalanceCauses(firm.db, firm.orgId, [iolta, other]);
    expect(causes).toEqual([
      expect.objectContaining({
        kind: 'negative_trust_balance',
        bankAccountId: iolta.bankAccountId,
        amountCents: 2_475,
      }),
    ]);
  });
});

describe('collected and available funds', () => {
  it('a pending ACH payment is in the balance, not available: a 2,000.00 cheque against it is refused', async () => {
    const line = { bankAccountId: firm.account.id, ...(await newMatter()) };
    const ach = await pay(line, '3000.00', { type: 'achPayment', method: 'ACH' });
    expect(await lineOf(line)).toMatchObject({ balance: '3000.00', available: '0.00' });
    expect(await guard(line, 200_000)).toMatchObject({
      code: 'TRUST_FUNDS_NOT_COLLECTED',
      details: {
        balance: '3000.00',
        uncollected: '3000.00',
        available: '0.00',
        amount: '2000.00',
        after: '-2000.00',
        scope: 'matter',
      },
    });
    expect(await guard(line, 200_000, 'Partner confirmed the funds cleared')).toBeNull();
    // A void of the pending payment itself takes its uncollected money with it.
    expect(await guard(line, 300_000, null, ach.id)).toBeNull();
    // In transit: collected.
    await firm.db
      .update(transactions)
      .set({ status: 'FUNDS_IN_TRANSIT' })
      .where(eq(transactions.id, ach.id));
    await apply([ach.id]);
    expect(await lineOf(line)).toMatchObject({ balance: '3000.00', available: '3000.00' });
    expect(await guard(line, 200_000)).toBeNull();
  });

  it('a card payment captured but not moved is uncollected; in a deposit, or older than collectedAfterDays, it is collected', async () => {
    const line = { bankAccountId: firm.account.id, ...(await newMatter()) };
    const card = await pay(line, '500.00', { status: 'SUCCESSFUL' });
    const old = await pay(line, '200.00', {
      status: 'PENDING',
      createdOn: new Date(Date.now() - 6 * 86_400_000),
    });
    // The default (5 days): the 6-day-old pending payment counts as collected.
    expect(await lineOf(line)).toMatchObject({ balance: '700.00', available: '200.00' });
    const totals = await ledgerBalances(firm.db, firm.orgId, { bankAccountId: line.bankAccountId });
    expect(Number(totals.totals.balance) - Number(totals.totals.available)).toBeGreaterThanOrEqual(
      500,
    );
    await firm.db
      .insert(orgSettings)
      .values({ orgId: firm.orgId, collectedAfterDays: null })
      .onConflictDoUpdate({ target: orgSettings.orgId, set: { collectedAfterDays: null } });
    expect(await lineOf(line)).toMatchObject({ available: '0.00' });
    expect(await guard(line, 100)).toMatchObject({ code: 'TRUST_FUNDS_NOT_COLLECTED' });
    await firm.db
      .update(orgSettings)
      .set({ collectedAfterDays: 5 })
      .where(eq(orgSettings.orgId, firm.orgId));
    await firm.db
      .update(transactions)
      .set({ depositId: 'DEP-1', settledOn: new Date() })
      .where(eq(transactions.id, card.id));
    await apply([card.id, old.id]);
    expect(await lineOf(line)).toMatchObject({ balance: '700.00', available: '700.00' });
  });

  it('an open void of a pending payment counts once: not both as money out and as uncollected', async () => {
    const line = { bankAccountId: firm.account.id, ...(await newMatter()) };
    await pay(line, '100.00', { status: 'DEPOSITED' });
    const ach = await pay(line, '3000.00', { type: 'achPayment', method: 'ACH' });
    expect(await guard(line, 10_000)).toBeNull();
    // The void is asked and the service has not answered: the 3,000.00 is as good as gone.
    await firm.db.transaction((tx) =>
      insertRequest(tx, testHistoryKey(), {
        orgId: firm.orgId,
        transactionId: ach.id,
        kind: 'void',
        idempotencyKey: `void-${ach.id}`,
        fingerprint: 'f',
        amount: null,
        reason: null,
        overrideReason: null,
        requestedBy: null,
        requestedById: null,
        requestedByName: null,
        approvedById: null,
        approvedByName: null,
      }),
    );
    // 3,100.00 − 3,000.00 going out = 100.00, all of it collected: a 100.00 cheque passes.
    expect(await guard(line, 10_000)).toBeNull();
    expect(await guard(line, 10_001)).toMatchObject({
      code: 'TRUST_BALANCE_WOULD_GO_NEGATIVE',
      details: { balance: '100.00' },
    });
  });
});
