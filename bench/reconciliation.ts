// npm run bench:reconciliation — a month's three-way reconciliation of a big trust account, and
// its report, over loopback HTTP against the real server (server/main.ts in its own process).
// Seeds (in SQL, seed-lists.ts) one organization whose one trust account takes 100,000 card
// payments spread over last month, each in the bank deposit of the next day (so the month's
// last day is in transit at its end: a few thousand deposits in transit), one in a thousand
// still pending; its ledger posted by the product's own backfill (seed-ledger.ts). Through the
// API it then books cheques (outstanding disbursements) and the account's own money (a bank
// charge, interest), runs the month's reconciliation once to learn the statement balance that
// balances it, adds the bookkeeper's items, and times:
// - `POST /api/ledger/reconciliations` end to end (the client ledgers at the date, the items
//   computed, the run stored with its history record): p50 and max of --runs;
// - `GET /api/ledger/reconciliations/{id}/report?format=pdf`: time to the first byte and to the
//   last (p50 of --runs), its size and pages; the CSV's the same.
// Targets (issue 39): the reconciliation ≤ 2 s; its PDF ≤ 5 s and streamed (the first byte well
// before the last).
//
//   npm run bench:reconciliation -- --entries 100000 --runs 5 --cheques 300
//
// On PGlite (a temporary data folder), or on a throwaway database of the PostgreSQL server of
// DATABASE_URL, dropped at the end. Loopback only; stops by itself.
import { request } from 'node:http';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from '../server/db/index.js';
import { createApiKey } from '../server/domain/api-keys.js';
import { createOrganization } from '../server/domain/organizations.js';
import { apiAs } from '../server/testing/server-process.js';
import { seedLedger } from '../server/testing/seed-ledger.js';
import { analyzeLists, seedOrganization } from '../server/testing/seed-lists.js';
import { numberArg } from './cli.js';
import { benchStack } from './stack.js';

const ENTRIES = numberArg('entries', 100_000);
const RUNS = numberArg('runs', 5);
const CHEQUES = numberArg('cheques', 300);
const ITEMS = numberArg('items', 20);

/** Last month, as the statement a firm reconciles now: its first instant and its last day. */
const now = new Date();
const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
const lastDay = new Date(nextMonth.getTime() - 86_400_000).toISOString().slice(0, 10);
const day = (n: number) =>
  new Date(monthStart.getTime() + n * 86_400_000).toISOString().slice(0, 10);

const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (v: number) => `${v.toFixed(0)} ms`;

interface Run {
  id: string;
  status: string;
  bookBalance: string;
  adjustedBankBalance: string;
  statementBalance: string;
  clientLedgerTotal: string;
  items: { amount: string; cleared: boolean }[];
}

/** A GET's time to its first body byte and to its last, and its bytes. */
function timedGet(url: string, key: string) {
  return new Promise<{ first: number; last: number; bytes: Buffer; status: number }>(
    (resolve, reject) => {
      const t0 = performance.now();
      let first = 0;
      const chunks: Buffer[] = [];
      request(url, { headers: { authorization: `Bearer ${key}` } }, (res) => {
        res.on('data', (chunk: Buffer) => {
          if (!first) first = performance.now() - t0;
          chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({
            first,
            last: performance.now() - t0,
            bytes: Buffer.concat(chunks),
            status: res.statusCode ?? 0,
          }),
        );
        res.on('error', reject);
      })
        .on('error', reject)
        .end();
    },
  );
}

async function seed(databaseUrl: string, dataDir: string) {
  const database = await openDatabase({ databaseUrl: databaseUrl || undefined, dataDir });
  try {
    await database.migrate();
    const db = database.db;
    const started = Date.now();
    const org = await createOrganization(db, { name: 'Big trust firm' });
    const hot = await seedOrganization(db, org.id, {
      clients: Math.max(1, Math.round(ENTRIES / 50)),
      matters: Math.max(1, Math.round(ENTRIES / 100)),
      paymentLinks: Math.max(1, Math.round(ENTRIES / 20)),
      aggregateLinks: 1,
      bankAccounts: 1,
      transactions: ENTRIES,
      webhookEvents: 1,
    });
    // Last month, evenly; each deposited payment in the next day's deposit, settled at noon.
    const span = (nextMonth.getTime() - monthStart.getTime()) / 1000;
    await db.execute(sql`
      with t as (select id, row_number() over (order by created_on, id) as rn
                 from transactions where org_id = ${org.id}::uuid)
      update transactions x
      set created_on = ${monthStart.toISOString()}::timestamptz
            + make_interval(secs => (t.rn - 0.5) * ${span}::float8 / ${ENTRIES}::int)
      from t where x.id = t.id`);
    await db.execute(sql`
      update transactions
      set deposit_id = 'dep-' || to_char(created_on + interval '1 day', 'YYYY-MM-DD'),
          settled_on = date_trunc('day', created_on) + interval '1 day 12 hours'
      where org_id = ${org.id}::uuid and status = 'DEPOSITED'`);
    await seedLedger(db, org.id);
    await analyzeLists(db);
    const [account] = rowsOf<{ id: string; entries: string }>(
      await db.execute(sql`
        select bank_account_id as id, count(*)::text as entries from ledger_entries
        where org_id = ${org.id}::uuid group by 1 order by 2 desc limit 1`),
    );
    const { key } = await createApiKey(db, org.id, { name: 'bench', role: 'admin' });
    console.log(
      `${database.kind}: seeded ${ENTRIES.toLocaleString()} payments of ${monthStart.toISOString().slice(0, 7)} ` +
        `(${Number(account!.entries).toLocaleString()} ledger entries in the trust account) in ` +
        `${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    return { key, accountId: account!.id, hot };
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const stack = await benchStack('reconciliation', process.env.DATABASE_URL);
  try {
    const { key, accountId, hot } = await seed(stack.databaseUrl, stack.dataDir);
    const server = await stack.startQuietServer();
    const base = server.url;
    const api = apiAs(key);
    console.log(`server: server/main.ts in its own process at ${base}`);

    // Cheques written in the month (not yet cleared: outstanding), a bank charge and interest.
    const cheques = Array.from({ length: CHEQUES }, (_, i) => ({
      bankAccountId: accountId,
      clientId: hot.clientId,
      matterId: hot.matterId,
      amount: '-10.00',
      date: day(i % 28),
      payee: `Payee ${i}`,
      method: 'check',
      reference: String(10_000 + i),
      purpose: 'Filing fee',
    }));
    const own = [
      { kind: 'bank_charge', amount: '-25.00', memo: 'Monthly service charge' },
      { kind: 'interest', amount: '3.10', memo: 'IOLTA interest' },
    ].map((e) => ({ ...e, bankAccountId: accountId, date: lastDay }));
    for (let i = 0; i < cheques.length; i += 500) {
      await api(base, 'POST', '/api/ledger/entries/batch', { entries: cheques.slice(i, i + 500) });
    }
    await api(base, 'POST', '/api/ledger/entries/batch', { entries: own });

    // A first run: the statement balance that balances it (closing = book − open items).
    const body = {
      bankAccountId: accountId,
      asOf: lastDay,
      openingBalance: '0.00',
      statementBalance: '0.00',
    };
    const first = await api<Run>(base, 'POST', '/api/ledger/reconciliations', body);
    const open = first.items.filter((i) => !i.cleared);
    const openCents = open.reduce((s, i) => s + Math.round(Number(i.amount) * 100), 0);
    const statementBalance = (
      (Math.round(Number(first.bookBalance) * 100) - openCents) /
      100
    ).toFixed(2);
    // The bookkeeper's items (a bank error each way), carried into the runs that follow.
    for (let i = 0; i < ITEMS; i++) {
      await api(base, 'POST', `/api/ledger/reconciliations/${first.id}/items`, {
        kind: 'other',
        amount: i % 2 ? '-1.00' : '1.00',
        date: lastDay,
        description: `Bank error ${i}`,
      });
    }
    console.log(
      `the month ${lastDay}: book ${first.bookBalance}, client ledgers ${first.clientLedgerTotal}, ` +
        `${first.items.length.toLocaleString()} computed items (${open.length.toLocaleString()} open) ` +
        `+ ${ITEMS} added; statement balance ${statementBalance}`,
    );

    const times: number[] = [];
    let run = first;
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      run = await api<Run>(base, 'POST', '/api/ledger/reconciliations', {
        ...body,
        statementBalance,
      });
      times.push(performance.now() - t);
    }
    console.log(
      `POST /api/ledger/reconciliations: p50 ${ms(p50(times))}, max ${ms(Math.max(...times))} ` +
        `(${RUNS} runs; target ≤ 2 s): ${run.status}, ${run.items.length.toLocaleString()} items, ` +
        `adjusted bank ${run.adjustedBankBalance} = book ${run.bookBalance} = clients ${run.clientLedgerTotal}`,
    );

    for (const format of ['pdf', 'csv'] as const) {
      const url = `${base}/api/ledger/reconciliations/${run.id}/report?format=${format}`;
      const answers = [];
      for (let i = 0; i < RUNS; i++) answers.push(await timedGet(url, key));
      const last = answers[answers.length - 1]!;
      if (last.status !== 200) throw new Error(`${url}: HTTP ${last.status}`);
      const pages =
        format === 'pdf'
          ? last.bytes.toString('latin1').match(/\/Type \/Page\b/g)?.length
          : undefined;
      console.log(
        `GET …/report?format=${format}: first byte p50 ${ms(p50(answers.map((a) => a.first)))}, ` +
          `last byte p50 ${ms(p50(answers.map((a) => a.last)))}, max ${ms(Math.max(...answers.map((a) => a.last)))}; ` +
          `${(last.bytes.length / 1024).toFixed(0)} KB${pages ? `, ${pages} pages` : ''}` +
          `${format === 'pdf' ? ' (target ≤ 5 s, streamed)' : ''}`,
      );
    }
  } finally {
    await stack.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
