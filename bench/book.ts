// npm run bench:book — the book's write path as the webhook drain runs it, without the remote:
// stage 2's batches of fetched transactions (50 a batch, each in one database transaction)
// handed to storeRemoteTransactions(), which takes the history lock, writes the rows, appends
// their history (keyed: HMAC-SHA256), posts their ledger entries and settles the trust findings.
// Payments into a trust account for 20 clients' matters, half of them later refunded, so the
// ledger and the findings do real work. Prints transactions per second and ms per batch (p50,
// p99). Time two checkouts side by side (one with a change) to read what the change costs the
// drain's own work; the remote's fetch (500 requests a minute) comes on top of this in a drain.
//
//   npm run bench:book -- --transactions 4000
//
// On the embedded PGlite (in memory), or with DATABASE_URL on a throwaway database of that
// PostgreSQL server. Stops by itself.
import { randomUUID } from 'node:crypto';
import { storeRemoteTransactions } from '../server/book/transactions/store.js';
import { openPglite, openPostgres, type DatabaseHandle } from '../server/db/index.js';
import { clients, matters } from '../server/db/schema/index.js';
import { createOrganization } from '../server/domain/organizations.js';
import { createThrowawayPostgres } from '../server/testing/database.js';
import { insertBankAccount, remoteTransaction } from '../server/testing/fixtures.js';
import { testHistoryKey } from '../server/testing/history-key.js';
import { numberArg } from './cli.js';

const TRANSACTIONS = numberArg('transactions', 4_000);
const BATCH = 50;

async function open(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) return { handle: await openPglite(), drop: async () => {} };
  const throwaway = await createThrowawayPostgres(url);
  return { handle: await openPostgres(throwaway.url, { max: 4 }), drop: throwaway.drop };
}

const { handle, drop } = await open();
try {
  await handle.migrate();
  const db = handle.db;
  const key = testHistoryKey();
  const orgId = (await createOrganization(db, { name: 'Bench firm' })).id;
  const trust = await insertBankAccount(db, orgId, { category: 'trust', lastFour: '7777' });
  const lines: { client: { id: string; name: string }; matter: { id: string; name: string } }[] =
    [];
  for (let i = 0; i < 20; i++) {
    const [client] = await db
      .insert(clients)
      .values({ orgId, name: `Client ${i}` })
      .returning();
    const [matter] = await db
      .insert(matters)
      .values({ orgId, clientId: client!.id, name: `Matter ${i}` })
      .returning();
    lines.push({ client: client!, matter: matter! });
  }
  const ref = (r: { id: string; name: string }) => ({
    id: randomUUID(),
    externalId: r.id,
    name: r.name,
  });
  const snapshots = Array.from({ length: TRANSACTIONS }, (_, i) => {
    const line = lines[i % lines.length]!;
    const refunded = i % 2 === 1;
    return remoteTransaction(trust.serviceId ?? trust.id, {
      amount: '100.00',
      amountRefunded: refunded ? '25.00' : '0.00',
      status: refunded ? 'PARTIALLY_REFUNDED' : 'SUCCESSFUL',
      type: 'ccPayment',
      method: 'CARD',
      client: ref(line.client),
      matter: { ...ref(line.matter), clientId: line.client.id },
    });
  });
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < snapshots.length; i += BATCH) {
    const items = snapshots
      .slice(i, i + BATCH)
      .map((transaction) => ({ orgId, transaction, fetchedAt: new Date() }));
    const t0 = performance.now();
    await db.transaction((tx) => storeRemoteTransactions(tx, key, items));
    times.push(performance.now() - t0);
  }
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  console.log(
    `${handle.kind}: ${TRANSACTIONS} transactions in ${seconds.toFixed(1)} s, ` +
      `${(TRANSACTIONS / seconds).toFixed(0)} per second; a batch of ${BATCH}: ` +
      `p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms`,
  );
} finally {
  await handle.close();
  await drop();
}
