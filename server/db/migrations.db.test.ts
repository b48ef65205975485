import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createOrganization } from '../domain/organizations.js';
import { useTestFirm } from '../testing/database-hooks.js';
import { insertBankAccount, insertTransaction } from '../testing/fixtures.js';
import { pgErrorOf } from './errors.js';
import { rowsOf } from './index.js';
import { clients, paymentLinks } from './schema/index.js';

const firm = useTestFirm('Firm');

/** The PostgreSQL error behind drizzle's wrapper. */
async function pgError(work: Promise<unknown>) {
  try {
    await work;
  } catch (err) {
    const error = pgErrorOf(err);
    if (error) return error;
    throw err;
  }
  throw new Error('expected the statement to fail');
}

describe(`migrations on ${process.env.TEST_DATABASE ?? 'pglite'}`, () => {
  it('creates every table and reports ready', async () => {
    const tables = rowsOf<{ table_name: string }>(
      await firm.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
      ),
    ).map((r) => r.table_name);
    expect(tables).toEqual([
      'aggregate_link_payment_links',
      'aggregate_links',
      'api_keys',
      'approvals',
      'audit_heads',
      'audit_history',
      'bank_accounts',
      'clients',
      'idempotency_keys',
      'integration_state',
      'jobs',
      'ledger_backfills',
      'ledger_balances',
      'ledger_entries',
      'ledger_month_totals',
      'ledger_reconciliations',
      'ledger_uncollected',
      'matters',
      'money_out_requests',
      'org_settings',
      'organizations',
      'payment_link_amounts',
      'payment_links',
      'payment_plans',
      'payment_requests',
      'remote_budgets',
      'remote_request_slots',
      'remote_sites',
      'statement_debits',
      'statements',
      'transactions',
      'trust_findings',
      'trust_findings_backfills',
      'webhook_event_transactions',
      'webhook_events',
      'webhook_receipts',
    ]);
    expect(await firm.database.readiness()).toEqual({ ready: true });
  });

  it('is idempotent: migrating again changes nothing', async () => {
    await firm.database.migrate();
    expect(await firm.database.readiness()).toEqual({ ready: true });
  });

  it('gives every tenant table an org_id column', async () => {
    const missing = rowsOf<{ table_name: string }>(
      await firm.db.execute(sql`
        select t.table_name from information_schema.tables t
        where t.table_schema = 'public' and t.table_name <> 'organizations'
          and not exists (select 1 from information_schema.columns c
            where c.table_schema = 'public' and c.table_name = t.table_name and c.column_name = 'org_id')`),
    );
    expect(missing).toEqual([]);
  });
});

describe('constraints enforced by the database', () => {
  it('refuses a payment link status outside the picklist', async () => {
    const [client] = await firm.db
      .insert(clients)
      .values({ orgId: firm.orgId, name: 'C' })
      .returning();
    const error = await pgError(
      firm.db.insert(paymentLinks).values({
        orgId: firm.orgId,
        clientId: client!.id,
        amount: '1.00',
        outstandingAmount: '1.00',
        status: 'overdue' as 'paid',
      }),
    );
    expect(error.code).toBe('23514');
    expect(error.constraint).toBe('payment_links_status');
  });

  it('refuses transaction statuses and methods outside the picklists, accepts PAYPAL and ZELLE', async () => {
    expect(
      (await pgError(insertTransaction(firm.db, firm.orgId, { status: 'LOST' as 'ERROR' }))).code,
    ).toBe('23514');
    expect(
      (await pgError(insertTransaction(firm.db, firm.orgId, { method: 'CHECK' as 'ACH' }))).code,
    ).toBe('23514');
    await expect(
      insertTransaction(firm.db, firm.orgId, { method: 'PAYPAL' }),
    ).resolves.toMatchObject({ method: 'PAYPAL' });
    await expect(
      insertTransaction(firm.db, firm.orgId, { method: 'ZELLE', status: 'HELD' }),
    ).resolves.toMatchObject({ method: 'ZELLE', status: 'HELD' });
  });

  it('refuses a bank account category other than operating or trust', async () => {
    const error = await pgError(
      insertBankAccount(firm.db, firm.orgId, { category: 'savings' as 'trust' }),
    );
    expect(error.constraint).toBe('bank_accounts_category');
  });

  it('keeps serviceId at most 36 characters and unique within an organization only', async () => {
    expect(
      (
        await pgError(
          firm.db
            .insert(clients)
            .values({ orgId: firm.orgId, name: 'X', serviceId: 'x'.repeat(37) }),
        )
      ).code,
    ).toBe('22001');
    const serviceId = randomUUID();
    await firm.db.insert(clients).values({ orgId: firm.orgId, name: 'A', serviceId });
    const duplicate = await pgError(
      firm.db.insert(clients).values({ orgId: firm.orgId, name: 'B', serviceId }),
    );
    expect(duplicate.code).toBe('23505');
    const other = await createOrganization(firm.db, { name: 'Other firm' });
    await expect(
      firm.db
        .insert(clients)
        .values({ orgId: other.id, name: 'B', serviceId })
        .returning({ serviceId: clients.serviceId }),
    ).resolves.toEqual([{ serviceId }]);
  });

  it('stores money as numeric(14,2) and answers it as an exact string', async () => {
    const row = await insertTransaction(firm.db, firm.orgId, {
      amount: '123456789012.34',
      amountRefunded: '0.1',
    });
    expect(row.amount).toBe('123456789012.34');
    expect(row.amountRefunded).toBe('0.10');
    expect(
      (await pgError(insertTransaction(firm.db, firm.orgId, { amount: '1234567890123.00' }))).code,
    ).toBe('22003');
  });

  it('lets a transaction outlive its bank account: the reference becomes null', async () => {
    const account = await insertBankAccount(firm.db, firm.orgId);
    const tx = await insertTransaction(firm.db, firm.orgId, { bankAccountId: account.id });
    await firm.db.execute(sql`delete from bank_accounts where id = ${account.id}`);
    const [after] = rowsOf<{ bank_account_id: string | null }>(
      await firm.db.execute(sql`select bank_account_id from transactions where id = ${tx.id}`),
    );
    expect(after?.bank_account_id).toBeNull();
  });
});
