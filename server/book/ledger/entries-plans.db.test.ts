import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/index.js';
import { useTestFirm } from '../../testing/database-hooks.js';
import { describePlan, planProbe, rowsRead, type PlanProbe } from '../../testing/plans.js';
import { seedLedger } from '../../testing/seed-ledger.js';
import {
  analyzeLists,
  seedOrganization,
  type SeededOrganization,
  type SeedSizes,
} from '../../testing/seed-lists.js';
import { createOrganization } from '../../domain/organizations.js';
import { listLedgerEntries } from './entries.js';

// A page of a big firm's ledger entries reads that page, not every newer entry of the other
// organizations: their ledgers are posted after it here, so an index on seq alone (walked
// backwards, filtering) would read all of theirs first (bench:lists found it at 1M rows).

const SIZES: SeedSizes = {
  clients: 600,
  matters: 300,
  paymentLinks: 600,
  aggregateLinks: 1,
  bankAccounts: 4,
  transactions: 4_000,
  webhookEvents: 1,
};
const LIMIT = 10;

let probe: PlanProbe;
let hot: SeededOrganization;
let accountId: string;

const firm = useTestFirm('Big firm');

beforeAll(async () => {
  probe = planProbe(firm.database);
  hot = await seedOrganization(firm.db, firm.orgId, SIZES);
  await seedLedger(firm.db, firm.orgId);
  for (const name of ['Other firm', 'Newer firm']) {
    const other = (await createOrganization(firm.db, { name })).id;
    await seedOrganization(firm.db, other, SIZES);
    await seedLedger(firm.db, other);
  }
  await analyzeLists(firm.db);
  const [row] = rowsOf<{ id: string }>(
    await firm.db.execute(sql`
      select bank_account_id as id from transactions
      where org_id = ${firm.orgId} and matter_id = ${hot.matterId} limit 1`),
  );
  accountId = row!.id;
}, 240_000);

describe('ledger entry pages', () => {
  const cases: [string, () => Parameters<typeof listLedgerEntries>[2]][] = [
    ['first page of the account', () => ({ bankAccountId: accountId, limit: LIMIT })],
    [
      'first page of a client',
      () => ({ bankAccountId: accountId, clientId: hot.clientId, limit: LIMIT }),
    ],
    [
      'first page of a matter',
      () => ({
        bankAccountId: accountId,
        clientId: hot.clientId,
        matterId: hot.matterId,
        limit: LIMIT,
      }),
    ],
  ];
  for (const [label, query] of cases) {
    it(`${label} reads one page through an index`, async () => {
      probe.clear();
      const page = await listLedgerEntries(probe.logged, firm.orgId, query());
      expect(page.data).toHaveLength(LIMIT);
      const nodes = await probe.explain(probe.sent[0]!);
      const plan = describePlan(nodes);
      expect(plan).not.toMatch(/Seq Scan|Sort|Bitmap/);
      expect(rowsRead(nodes, 'ledger_entries'), plan).toBeLessThanOrEqual(LIMIT + 1);
    });
  }
});
