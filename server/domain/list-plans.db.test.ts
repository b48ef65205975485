import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListQuery, Page } from '../../shared/schemas.js';
import { rowsOf, type Executor } from '../db/index.js';
import { useTestFirm } from '../testing/database-hooks.js';
import { describePlan, planProbe, rowsRead, type PlanProbe } from '../testing/plans.js';
import {
  analyzeLists,
  SEARCH_WORDS,
  seedOrganization,
  type SeededOrganization,
  type SeedSizes,
} from '../testing/seed-lists.js';
import { listSyncProblems } from '../sync/problems.js';
import { nonFinalServiceIds } from '../webhooks/reconcile/reconcile.js';
import { listWebhookEvents } from '../webhooks/pipeline/inbox.js';
import { listAggregateLinks } from './aggregate-links.js';
import { listBankAccounts } from './bank-accounts.js';
import { listClients } from './clients.js';
import { encodeCursor } from './pagination.js';
import { listMatters } from './matters.js';
import { createOrganization } from './organizations.js';
import { listPaymentLinks } from './payment-links.js';
import { listTransactions } from '../book/transactions/transactions.js';

// Every list of the API, in every filter and cursor combination it offers, must read a page
// through an index in the page's order: no sequential scan, no sort, and no more rows read than
// the page holds. The organization is seeded large enough (and analyzed) that the planner would
// pick a scan and a sort if no index fitted; the query is the one the domain function sends,
// captured from drizzle, then run under EXPLAIN ANALYZE. To cover a new list, add one entry.

type ListFilters = ListQuery & { [filter: string]: string | number | undefined };

interface ListCase {
  /** As in the API path. */
  name: string;
  table: string;
  /** The column the list sorts by (newest first), with `id`. */
  timeColumn: string;
  list(db: Executor, orgId: string, query: ListFilters): Promise<Page<unknown>>;
  /** Each filter the API offers, and the seeded value it is tried with (one with many rows). */
  filters: Record<string, string | ((hot: SeededOrganization) => string)>;
}

const LISTS: ListCase[] = [
  { name: 'clients', table: 'clients', timeColumn: 'created_at', list: listClients, filters: {} },
  {
    name: 'matters',
    table: 'matters',
    timeColumn: 'created_at',
    list: listMatters,
    filters: { clientId: (hot) => hot.clientId },
  },
  {
    name: 'payment-links',
    table: 'payment_links',
    timeColumn: 'created_at',
    list: listPaymentLinks,
    filters: { clientId: (hot) => hot.clientId, matterId: (hot) => hot.matterId },
  },
  {
    name: 'aggregate-links',
    table: 'aggregate_links',
    timeColumn: 'created_at',
    list: listAggregateLinks,
    filters: {},
  },
  {
    name: 'bank-accounts',
    table: 'bank_accounts',
    timeColumn: 'created_at',
    list: listBankAccounts,
    filters: {},
  },
  {
    name: 'transactions',
    table: 'transactions',
    timeColumn: 'created_on',
    list: listTransactions,
    filters: { clientId: (hot) => hot.clientId, paymentLinkId: (hot) => hot.paymentLinkId },
  },
  {
    name: 'admin/webhook-events',
    table: 'webhook_events',
    timeColumn: 'received_at',
    list: (db, orgId, query) =>
      listWebhookEvents(db, orgId, query as Parameters<typeof listWebhookEvents>[2]),
    filters: { status: 'processed' },
  },
];

const SIZES: SeedSizes = {
  clients: 5_000,
  matters: 3_000,
  paymentLinks: 4_000,
  aggregateLinks: 2_000,
  bankAccounts: 2_000,
  transactions: 20_000,
  webhookEvents: 10_000,
};
const OTHER_SIZES: SeedSizes = {
  clients: 500,
  matters: 300,
  paymentLinks: 400,
  aggregateLinks: 200,
  bankAccounts: 200,
  transactions: 2_000,
  webhookEvents: 1_000,
};
const LIMIT = 10;

let hot: SeededOrganization;
let probe: PlanProbe;

const firm = useTestFirm('Big firm');

beforeAll(async () => {
  probe = planProbe(firm.database);
  hot = await seedOrganization(firm.db, firm.orgId, SIZES);
  for (const name of ['Small firm', 'Other firm']) {
    const other = (await createOrganization(firm.db, { name })).id;
    await seedOrganization(firm.db, other, OTHER_SIZES);
  }
  await analyzeLists(firm.db);
}, 240_000);

/** The plan of the first statement `call` sends (the page query), run under EXPLAIN ANALYZE. */
async function planOf(table: string, call: (db: Executor) => Promise<unknown>) {
  probe.clear();
  await call(probe.logged);
  const page = probe.sent[0];
  if (!page) throw new Error('the list sent no query');
  expect(page.query).toMatch(new RegExp(`from "${table}"`));
  return probe.explain(page);
}

/** A cursor halfway through the organization's rows: the page after it starts there. */
async function middleCursor(list: ListCase): Promise<string> {
  const [row] = rowsOf<{ at: string | Date; id: string }>(
    await firm.db.execute(sql`
      select ${sql.identifier(list.timeColumn)} as at, id from ${sql.identifier(list.table)}
      where org_id = ${firm.orgId}
      order by 1 desc, 2 desc
      offset (select count(*) / 2 from ${sql.identifier(list.table)} where org_id = ${firm.orgId})
      limit 1`),
  );
  if (!row) throw new Error(`no ${list.table} seeded`);
  return encodeCursor(new Date(row.at), row.id);
}

function subsets<T>(items: T[]): T[][] {
  return items.reduce<T[][]>((all, item) => [...all, ...all.map((s) => [...s, item])], [[]]);
}

describe(`list query plans on ${process.env.TEST_DATABASE ?? 'pglite'}`, () => {
  for (const list of LISTS) {
    for (const filterNames of subsets(Object.keys(list.filters))) {
      for (const withCursor of [false, true]) {
        const label = [
          filterNames.length ? `by ${filterNames.join(' and ')}` : 'unfiltered',
          withCursor ? 'after a cursor halfway down' : 'first page',
        ].join(', ');
        it(`${list.name}: ${label} reads one page through an index`, async () => {
          const query: ListFilters = { limit: LIMIT };
          for (const name of filterNames) {
            const value = list.filters[name]!;
            query[name] = typeof value === 'function' ? value(hot) : value;
          }
          if (withCursor) query.cursor = await middleCursor(list);
          const nodes = await planOf(list.table, (db) => list.list(db, firm.orgId, query));
          const plan = describePlan(nodes);
          expect(plan).not.toMatch(/Seq Scan|Sort|Bitmap/);
          expect(
            nodes.some((n) => n['Relation Name'] === list.table && /Index/.test(n['Node Type'])),
            plan,
          ).toBe(true);
          expect(rowsRead(nodes, list.table), plan).toBeLessThanOrEqual(LIMIT + 1);
        });
      }
    }
  }

  for (const [kind, word] of Object.entries(SEARCH_WORDS)) {
    it(`client search for a ${kind} word reads its matches or one page, never every client`, async () => {
      const nodes = await planOf('clients', (db) =>
        listClients(db, firm.orgId, { limit: LIMIT, q: word }),
      );
      const plan = describePlan(nodes);
      expect(plan).not.toMatch(/Seq Scan/);
      const [matches] = rowsOf<{ n: number }>(
        await firm.db.execute(
          sql`select count(*)::int as n from clients where org_id = ${firm.orgId} and name ilike ${`%${word}%`}`,
        ),
      );
      // Walking the newest-first index stops after a page of matches (about ten rows per match
      // for a word in one name in ten); the trigram index reads the matches, and only them.
      const bound = Math.max(20 * (LIMIT + 1), 2 * Number(matches?.n ?? 0));
      expect(rowsRead(nodes, 'clients'), plan).toBeLessThanOrEqual(bound);
      if (kind !== 'frequent') expect(plan).toMatch(/clients_name_trgm/);
    });
  }

  it("reconciliation reads the organization's non-final transactions through the partial index", async () => {
    const nodes = await planOf('transactions', (db) => nonFinalServiceIds(db, firm.orgId));
    const plan = describePlan(nodes);
    expect(plan).toMatch(/transactions_org_non_final/);
    expect(plan).not.toMatch(/Seq Scan/);
    expect(rowsRead(nodes, 'transactions'), plan).toBe(SIZES.transactions / 1000);
  });

  describe('sync problems (records in error or retrying, dead removals, failed refunds: a few among many)', () => {
    const TABLES = ['clients', 'matters', 'payment_links', 'aggregate_links'];
    const DEAD_REMOVALS = 40;
    const failing: Record<string, number> = {};
    beforeAll(async () => {
      // One record in 50 of each synced table fails, at its own time; a few removals are dead
      // among a burst of waiting jobs.
      for (const table of TABLES) {
        const rows = rowsOf<{ n: number }>(
          await firm.db.execute(sql`
            with failed as (
              update ${sql.identifier(table)} set
                sync_status = case when random() < 0.5 then 'error' else 'retrying' end,
                updated_at = now() - random() * interval '30 days'
              where org_id = ${firm.orgId} and (hashtext(id::text) % 50) = 0
              returning 1)
            select count(*)::int as n from failed`),
        );
        failing[table] = rows[0]!.n;
      }
      failing.jobs = DEAD_REMOVALS;
      await firm.db.execute(sql`
        insert into jobs (org_id, kind, key, state, attempts, last_error, updated_at)
        select ${firm.orgId}::uuid, 'remove.payment_link', 'dead-' || g.i, 'dead', 8, 'refused',
               now() - g.i * interval '1 hour'
        from generate_series(1, ${DEAD_REMOVALS}::int) g(i)`);
      await firm.db.execute(sql`
        insert into jobs (org_id, kind, key, state, run_at)
        select ${firm.orgId}::uuid, 'sync.client', 'waiting-' || g.i, 'queued', now() + interval '1 day'
        from generate_series(1, 10000) g(i)`);
      // Refunds asked of the service, one in fifty failed (listed, never retried).
      const failedMoneyOut = rowsOf<{ n: number }>(
        await firm.db.execute(sql`
          with asked as (
            insert into money_out_requests (org_id, transaction_id, kind, idempotency_key,
              external_id, fingerprint, status, updated_at)
            select org_id, id, 'refund', 'plan', gen_random_uuid()::text, 'plan',
              case when (hashtext(id::text) % 50) = 0 then 'TXN_FAILED' else 'SUCCESS' end,
              now() - random() * interval '30 days'
            from transactions where org_id = ${firm.orgId} limit 5000
            returning status)
          select count(*) filter (where status = 'TXN_FAILED')::int as n from asked`),
      );
      failing.money_out_requests = failedMoneyOut[0]!.n;
      await analyzeLists(firm.db);
      await firm.db.execute(sql`analyze jobs`);
      await firm.db.execute(sql`analyze money_out_requests`);
    });

    for (const withCursor of [false, true]) {
      it(`${withCursor ? 'after a cursor' : 'first page'}: reads only the problems, through partial indexes`, async () => {
        const query: ListQuery = { limit: LIMIT };
        if (withCursor) {
          const first = await listSyncProblems(firm.db, firm.orgId, { limit: 50 });
          expect(first.nextCursor).toEqual(expect.any(String));
          query.cursor = first.nextCursor!;
        }
        const nodes = await planOf('clients', (db) => listSyncProblems(db, firm.orgId, query));
        const plan = describePlan(nodes);
        // A sort of the few problem rows is fine; reading the organization's records is not.
        expect(plan).not.toMatch(/Seq Scan/);
        const INDEXES: Record<string, string> = {
          // Dead jobs are found by (org_id, state): the queue holds only waiting, running and dead.
          jobs: 'jobs_org_state',
          money_out_requests: 'money_out_requests_org_failed',
        };
        for (const table of [...TABLES, 'jobs', 'money_out_requests']) {
          const index = INDEXES[table] ?? `${table}_org_sync_problems`;
          expect(plan, table).toContain(index);
          expect(rowsRead(nodes, table), `${table}: ${plan}`).toBeLessThanOrEqual(failing[table]!);
        }
      });
    }
  });
});
