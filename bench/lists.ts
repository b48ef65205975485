// npm run bench:lists — every list of the API at scale. Seeds (in SQL, generate_series) a big
// organization — on PostgreSQL 1,000,000 transactions, 200,000 clients, 100,000 payment links;
// on PGlite a tenth — 50 other organizations of 2,000 transactions (5 on PGlite), and a small
// organization of 2,000 transactions. Then, over loopback HTTP against the real app, it times
// each list request (first page, page 500, a cursor 90% down, each filter, client search for a
// frequent, a rare and an absent word) for the big and the small organization side by side:
// p50/p99 and the big/small ratio of p50. The trust ledger's lines (issue 31) time the busiest
// trust account of each: its balances (the first page, and a cursor 90% down its lines), the
// first page of its entries, a cursor 90% down, and the entries of the hot client and matter;
// every organization's ledger is posted by the product's own backfill (server/testing/seed-ledger.ts). Last, the transactions widget's request
// (`GET /api/transactions?limit=10`) with 16 requests in flight: requests/s, p50, p99.
//
// The shape a user sees: the server is the product as `npm start` runs it (server/main.ts, its
// workers idle), in a process of its own; this process seeds the database first, then closes it
// and is only the load generator (keep-alive connections, as a browser or proxy keeps them).
//
// Targets (issue 16): big/small ≤ 1.5 on every line; `limit=10` p50 ≤ 5 ms on PostgreSQL (the
// ledger's lines, issue 31: ≤ 50 ms);
// ≥ 500 requests/s at 16 concurrent for the widget's request.
//
//   npm run bench:lists -- --scale 0.1 --requests 200 --seconds 5
//
// Runs on PGlite (a temporary data folder), or on a throwaway database of the PostgreSQL server
// of DATABASE_URL, dropped at the end. Loopback only; stops by itself.
import { Agent } from 'node:http';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type DatabaseHandle } from '../server/db/index.js';
import { createApiKey } from '../server/domain/api-keys.js';
import { createOrganization } from '../server/domain/organizations.js';
import { encodeCursor } from '../server/domain/pagination.js';
import {
  analyzeLists,
  BIG_ORGANIZATION,
  scaledSizes,
  SEARCH_WORDS,
  seedOrganization,
  type SeededOrganization,
  type SeedSizes,
} from '../server/testing/seed-lists.js';
import { seedLedger } from '../server/testing/seed-ledger.js';
import { get, numberArg } from './cli.js';
import { benchStack } from './stack.js';

const onPostgres = Boolean(process.env.DATABASE_URL);
const SCALE = numberArg('scale', onPostgres ? 1 : 0.1);
const REQUESTS = numberArg('requests', 200);
const SECONDS = numberArg('seconds', 5);
const CONCURRENCY = numberArg('concurrency', 16);
const OTHER_ORGS = numberArg('other-orgs', Math.round(50 * SCALE));

const BIG = scaledSizes(BIG_ORGANIZATION, SCALE);
const SMALL: SeedSizes = {
  clients: 400,
  matters: 100,
  paymentLinks: 200,
  aggregateLinks: 20,
  bankAccounts: 4,
  transactions: 2_000,
  webhookEvents: 200,
};

interface Org {
  id: string;
  key: string;
  hot: SeededOrganization;
  sizes: SeedSizes;
}

/** One line of the table: the path of a list request for an organization. */
interface Line {
  label: string;
  path(org: Org): Promise<string> | string;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** Seeds the organizations and resolves every line's path for the big and the small one. */
async function seed(database: DatabaseHandle) {
  const db = database.db;
  const started = Date.now();
  const makeOrg = async (name: string, sizes: SeedSizes): Promise<Org> => {
    const org = await createOrganization(db, { name });
    const hot = await seedOrganization(db, org.id, sizes);
    await seedLedger(db, org.id);
    const { key } = await createApiKey(db, org.id, { name: 'bench', role: 'admin' });
    return { id: org.id, key, hot, sizes };
  };
  const big = await makeOrg('Big firm', BIG);
  for (let i = 0; i < OTHER_ORGS; i++) await makeOrg(`Firm ${i}`, SMALL);
  const small = await makeOrg('Small firm', SMALL);
  await analyzeLists(db);
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `${database.kind}: seeded ${BIG.transactions.toLocaleString()} transactions (and their ledger entries), ` +
      `${BIG.clients.toLocaleString()} clients, ${BIG.paymentLinks.toLocaleString()} payment links in the big organization, ` +
      `${OTHER_ORGS} others and a small one (${SMALL.transactions.toLocaleString()} transactions) in ${seconds.toFixed(0)} s`,
  );

  /** A cursor `depth` rows down the organization's list (clamped to its last page). */
  const cursorAt = async (org: Org, table: string, time: string, depth: number) => {
    const [row] = rowsOf<{ at: string | Date; id: string }>(
      await db.execute(sql`
        select ${sql.identifier(time)} as at, id from ${sql.identifier(table)}
        where org_id = ${org.id} order by 1 desc, 2 desc
        offset least(${depth}::int,
          greatest(0, (select count(*) from ${sql.identifier(table)} where org_id = ${org.id}) - 11))
        limit 1`),
    );
    return row ? encodeCursor(new Date(row.at), row.id) : '';
  };
  const sizeOf = (org: Org, table: keyof SeedSizes) => org.sizes[table];
  /** The trust account of the hot matter (the busiest), its entries and client/matter lines. */
  const trustAccount = async (org: Org) => {
    const [row] = rowsOf<{ id: string; lines: string | number; entries: string | number }>(
      await db.execute(sql`
        select t.bank_account_id as id,
          (select count(*) from ledger_balances b where b.org_id = t.org_id
             and b.bank_account_id = t.bank_account_id and b.scope like 'm:%') as lines,
          (select count(*) from ledger_entries e where e.org_id = t.org_id
             and e.bank_account_id = t.bank_account_id) as entries
        from transactions t
        where t.org_id = ${org.id} and t.matter_id = ${org.hot.matterId} limit 1`),
    );
    if (!row?.id) throw new Error('the hot matter has no trust account (seed more bank accounts)');
    console.log(
      `${org === big ? 'big' : 'small'} organization's busiest trust account: ` +
        `${Number(row.entries).toLocaleString()} ledger entries, ${Number(row.lines).toLocaleString()} client/matter lines`,
    );
    return { id: row.id, entries: Number(row.entries), lines: Number(row.lines) };
  };
  const account = new Map([
    [big, await trustAccount(big)],
    [small, await trustAccount(small)],
  ]);
  const accountId = (org: Org) => account.get(org)?.id ?? '';
  /** An entry cursor `share` of the way down the account's entries, newest first. */
  const entryCursor = async (org: Org, share: number) => {
    const [row] = rowsOf<{ seq: string | number }>(
      await db.execute(sql`
        select seq from ledger_entries where org_id = ${org.id} and bank_account_id = ${accountId(org)}
        order by seq desc offset ${Math.floor((account.get(org)?.entries ?? 0) * share)}::int limit 1`),
    );
    return row ? String(row.seq) : '';
  };
  /** A balances cursor (the API's: the line's scope) `share` of the way down the account's lines. */
  const balancesCursor = async (org: Org, share: number) => {
    const [row] = rowsOf<{ scope: string }>(
      await db.execute(sql`
        select scope from ledger_balances where org_id = ${org.id}
          and bank_account_id = ${accountId(org)} and scope like 'm:%'
        order by scope offset ${Math.floor((account.get(org)?.lines ?? 0) * share)}::int limit 1`),
    );
    return row ? Buffer.from(row.scope).toString('base64url') : '';
  };
  const ledger = (org: Org) => `/api/ledger/entries?limit=10&bankAccountId=${accountId(org)}`;
  const paged = (name: string, table: string, time: string, key: keyof SeedSizes): Line[] => [
    { label: `${name} first page`, path: () => `/api/${name}?limit=10` },
    {
      label: `${name} page 500`,
      path: async (org) => `/api/${name}?limit=10&cursor=${await cursorAt(org, table, time, 4990)}`,
    },
    {
      label: `${name} cursor 90% down`,
      path: async (org) =>
        `/api/${name}?limit=10&cursor=${await cursorAt(org, table, time, Math.floor(sizeOf(org, key) * 0.9))}`,
    },
  ];
  const lines: Line[] = [
    ...paged('transactions', 'transactions', 'created_on', 'transactions'),
    {
      label: 'transactions ?clientId',
      path: (o) => `/api/transactions?limit=10&clientId=${o.hot.clientId}`,
    },
    {
      label: 'transactions ?paymentLinkId',
      path: (o) => `/api/transactions?limit=10&paymentLinkId=${o.hot.paymentLinkId}`,
    },
    {
      label: 'transactions ?clientId&paymentLinkId',
      path: (o) =>
        `/api/transactions?limit=10&clientId=${o.hot.clientId}&paymentLinkId=${o.hot.paymentLinkId}`,
    },
    ...paged('clients', 'clients', 'created_at', 'clients'),
    ...Object.entries(SEARCH_WORDS).map(([kind, word]) => ({
      label: `clients ?q= ${kind} word`,
      path: () => `/api/clients?limit=10&q=${word}`,
    })),
    ...paged('matters', 'matters', 'created_at', 'matters'),
    {
      label: 'matters ?clientId',
      path: (o: Org) => `/api/matters?limit=10&clientId=${o.hot.clientId}`,
    },
    ...paged('payment-links', 'payment_links', 'created_at', 'paymentLinks'),
    {
      label: 'payment-links ?clientId',
      path: (o: Org) => `/api/payment-links?limit=10&clientId=${o.hot.clientId}`,
    },
    {
      label: 'payment-links ?matterId',
      path: (o: Org) => `/api/payment-links?limit=10&matterId=${o.hot.matterId}`,
    },
    ...paged('aggregate-links', 'aggregate_links', 'created_at', 'aggregateLinks'),
    { label: 'bank-accounts first page', path: () => `/api/bank-accounts?limit=10` },
    {
      label: 'ledger balances ?bankAccountId',
      path: (o: Org) => `/api/ledger/balances?bankAccountId=${accountId(o)}`,
    },
    {
      label: 'ledger balances cursor 90% down',
      path: async (o: Org) =>
        `/api/ledger/balances?bankAccountId=${accountId(o)}&cursor=${await balancesCursor(o, 0.9)}`,
    },
    { label: 'ledger entries first page', path: ledger },
    {
      label: 'ledger entries cursor 90% down',
      path: async (o: Org) => `${ledger(o)}&cursor=${await entryCursor(o, 0.9)}`,
    },
    {
      label: 'ledger entries ?clientId',
      path: (o: Org) => `${ledger(o)}&clientId=${o.hot.clientId}`,
    },
    {
      label: 'ledger entries ?matterId',
      path: (o: Org) => `${ledger(o)}&clientId=${o.hot.clientId}&matterId=${o.hot.matterId}`,
    },
    ...paged('admin/webhook-events', 'webhook_events', 'received_at', 'webhookEvents'),
    {
      label: 'admin/webhook-events ?status=dead',
      path: () => `/api/admin/webhook-events?limit=10&status=dead`,
    },
  ];
  const resolved: { label: string; big: string; small: string }[] = [];
  for (const line of lines) {
    resolved.push({ label: line.label, big: await line.path(big), small: await line.path(small) });
  }
  return { big, small, lines: resolved };
}

async function main(): Promise<void> {
  const stack = await benchStack('lists', process.env.DATABASE_URL);
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  try {
    const database = await openDatabase({
      databaseUrl: stack.databaseUrl || undefined,
      dataDir: stack.dataDir,
    });
    let seeded: Awaited<ReturnType<typeof seed>>;
    try {
      await database.migrate();
      seeded = await seed(database);
    } finally {
      await database.close(); // PGlite: one process owns the data folder, the server's next
    }
    const { big, small, lines } = seeded;
    const server = await stack.startQuietServer();
    const url = server.url;
    console.log(`server: server/main.ts in its own process at ${url}\n`);

    const request = async (org: Org, pathname: string) => {
      const t = performance.now();
      const status = await get(
        new URL(url + pathname),
        { authorization: `Bearer ${org.key}` },
        agent,
      );
      if (status !== 200) throw new Error(`${pathname}: HTTP ${status}`);
      return performance.now() - t;
    };
    const measure = async (org: Org, pathname: string) => {
      for (let i = 0; i < Math.min(20, REQUESTS); i++) await request(org, pathname);
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i++) times.push(await request(org, pathname));
      times.sort((a, b) => a - b);
      return { p50: quantile(times, 0.5), p99: quantile(times, 0.99) };
    };

    // The balances answer carries each line's `available` (issue 39): timed with it, not without.
    const balances = lines.find((l) => l.label === 'ledger balances ?bankAccountId');
    for (const [org, path] of [
      [big, balances?.big],
      [small, balances?.small],
    ] as const) {
      const res = await fetch(url + path, { headers: { authorization: `Bearer ${org.key}` } });
      const { totals } = (await res.json()) as {
        totals: { balance: string; available: string | null };
      };
      console.log(
        `${org === big ? 'big' : 'small'} trust account: balance ${totals.balance}, available ${totals.available}`,
      );
      if (totals.available === null) throw new Error('the balances answered no available');
    }
    const ms = (v: number) => v.toFixed(2).padStart(8);
    console.log(
      `${'request (limit=10)'.padEnd(40)} ${'big p50'.padStart(8)} ${'big p99'.padStart(8)} ${'small p50'.padStart(9)} ${'small p99'.padStart(9)}  ratio`,
    );
    let worst = 0;
    for (const line of lines) {
      const b = await measure(big, line.big);
      const s = await measure(small, line.small);
      const ratio = b.p50 / s.p50;
      worst = Math.max(worst, ratio);
      console.log(
        `${line.label.padEnd(40)} ${ms(b.p50)} ${ms(b.p99)} ${ms(s.p50).padStart(9)} ${ms(s.p99).padStart(9)}  ${ratio.toFixed(2)}${ratio > 1.5 ? '  > 1.5' : ''}`,
      );
    }
    console.log(`\nworst big/small ratio ${worst.toFixed(2)} (target ≤ 1.5)`);

    const widget = '/api/transactions?limit=10';
    for (const org of [big, small]) {
      const times: number[] = [];
      const until = performance.now() + SECONDS * 1000;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (performance.now() < until) times.push(await request(org, widget));
        }),
      );
      times.sort((a, b) => a - b);
      console.log(
        `${org === big ? 'big  ' : 'small'} ${widget} at ${CONCURRENCY} concurrent: ` +
          `${(times.length / SECONDS).toFixed(0)} requests/s, p50 ${quantile(times, 0.5).toFixed(2)} ms, ` +
          `p99 ${quantile(times, 0.99).toFixed(2)} ms (target ≥ 500 requests/s)`,
      );
    }
  } finally {
    agent.destroy();
    await stack.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
