import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../db/index.js';

// Seeds an organization with many rows in a few set-based statements (generate_series), for the
// list plan test and bench:lists: a million transactions take seconds, where the API would take
// hours. Rows are spread over time (one per second, newest last) and skewed like a real firm's:
// client 1 and its matter 1 and payment link 1 are "hot" (a tenth of the payment links, a
// twentieth of the transactions), so a filter on them has many rows to sort if no index orders
// them. Names mix common first names with surnames; SEARCH_WORDS names words of known frequency.

export interface SeedSizes {
  clients: number;
  matters: number;
  paymentLinks: number;
  aggregateLinks: number;
  bankAccounts: number;
  transactions: number;
  webhookEvents: number;
}

/**
 * The big organization of bench:lists (and of bench:backup): a firm of a million transactions.
 * Benchmarks scale it down with `--scale`.
 */
export const BIG_ORGANIZATION: SeedSizes = {
  clients: 200_000,
  matters: 50_000,
  paymentLinks: 100_000,
  aggregateLinks: 10_000,
  bankAccounts: 20,
  transactions: 1_000_000,
  webhookEvents: 100_000,
};

/** Sizes times `scale`, each at least 1. */
export const scaledSizes = (sizes: SeedSizes, scale: number): SeedSizes =>
  Object.fromEntries(
    Object.entries(sizes).map(([k, v]) => [k, Math.max(1, Math.round(v * scale))]),
  ) as unknown as SeedSizes;

/** Words of client names by how often they occur (case-insensitive containment). */
export const SEARCH_WORDS = {
  /** In about one name in ten. */
  frequent: 'maria',
  /** In one name in 2,000. */
  rare: 'brandvik',
  /** In none. */
  absent: 'zyxwquv',
} as const;

/** The hot records of a seeded organization, the ones its filters are tried with. */
export interface SeededOrganization {
  clientId: string;
  matterId: string;
  paymentLinkId: string;
}

const FIRST = ['John', 'Anna', 'Peter', 'Olga', 'James', 'Linda', 'Carlos', 'Mei', 'Omar'];
const LAST = [
  'Smith',
  'Jones',
  'Garcia',
  'Nguyen',
  'Okafor',
  'Larsen',
  'Dubois',
  'Rossi',
  'Novak',
  'Tanaka',
  'Kowalski',
  'Silva',
  'Haddad',
  'Murphy',
  'Schmidt',
  'Ivanova',
];
const textArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v}'`).join(',')}]`);

/**
 * Adds `sizes` rows of each kind to `orgId`, created `spanSeconds` back up to now, and answers
 * its hot records. Run ANALYZE afterwards (analyzeLists) so the planner knows the sizes.
 */
export async function seedOrganization(
  db: Executor,
  orgId: string,
  sizes: SeedSizes,
): Promise<SeededOrganization> {
  // One transaction: one connection of a pool, which the temporary tables belong to.
  return db.transaction((tx) => seedRows(tx, orgId, sizes));
}

async function seedRows(
  db: Executor,
  orgId: string,
  sizes: SeedSizes,
): Promise<SeededOrganization> {
  const at = (n: number) => sql`now() - make_interval(secs => ${n}::int - g.i)`;
  const ext = sql`md5(${orgId}::text || g.i::text)`;
  const one = Math.max;

  await db.execute(sql`
    insert into bank_accounts (org_id, name, category, service_id, created_at, updated_at)
    select ${orgId}::uuid, 'Account ' || g.i,
           case when g.i % 2 = 0 or ${sizes.bankAccounts}::int = 1 then 'trust' else 'operating' end,
           left(${ext}, 36), ${at(sizes.bankAccounts)}, now()
    from generate_series(1, ${one(1, sizes.bankAccounts)}::int) g(i)`);

  await db.execute(sql`
    insert into clients (org_id, name, service_id, sync_status, created_at, updated_at)
    select ${orgId}::uuid,
           case when g.i % 10 = 1 then 'Maria' else (${textArray(FIRST)})[1 + g.i % ${FIRST.length}] end
             || ' ' ||
           case when g.i % 2000 = 7 then 'Brandvik'
                else (${textArray(LAST)})[1 + (g.i / 7) % ${LAST.length}] end
             || ' ' || g.i,
           left(${ext}, 36), 'synced', ${at(sizes.clients)}, now()
    from generate_series(1, ${one(1, sizes.clients)}::int) g(i)`);

  // Row numbers in creation order: seeded rows refer to each other by them.
  await db.execute(sql`drop table if exists seed_clients, seed_matters, seed_links, seed_trust`);
  // The trust accounts in creation order: each matter's money goes to one of them, by runs of
  // seven matters (by matter number modulo the accounts, every link that reached the first account
  // was one of the hot matter's, so its account held one client/matter line).
  await db.execute(sql`
    create temp table seed_trust as
    select row_number() over (order by created_at, id) as rn, id from bank_accounts
    where org_id = ${orgId} and category = 'trust'`);
  const trustAccounts = Math.max(1, Math.floor(sizes.bankAccounts / 2));
  await db.execute(sql`
    create temp table seed_clients as
    select row_number() over (order by created_at, id) as rn, id from clients
    where org_id = ${orgId}`);

  // Matter j belongs to client ((j - 1) mod clients) + 1: matter 1 to client 1.
  await db.execute(sql`
    insert into matters (org_id, client_id, name, service_id, sync_status, created_at, updated_at)
    select ${orgId}::uuid, c.id, 'Matter ' || g.i, left(${ext}, 36), 'synced',
           ${at(sizes.matters)}, now()
    from generate_series(1, ${one(1, sizes.matters)}::int) g(i)
    join seed_clients c on c.rn = 1 + (g.i - 1) % ${one(1, sizes.clients)}::int`);
  await db.execute(sql`
    create temp table seed_matters as
    select row_number() over (order by created_at, id) as rn, id, client_id from matters
    where org_id = ${orgId}`);

  // A tenth of the payment links are of matter 1 (so of client 1).
  await db.execute(sql`
    insert into payment_links (org_id, client_id, matter_id, name, amount, outstanding_amount,
                               service_id, sync_status, status, created_at, updated_at)
    select ${orgId}::uuid, m.client_id, m.id, 'Invoice ' || g.i, 150, 150,
           left(${ext}, 36), 'synced', 'unpaid', ${at(sizes.paymentLinks)}, now()
    from generate_series(1, ${one(1, sizes.paymentLinks)}::int) g(i)
    join seed_matters m on m.rn = case when g.i % 10 = 1 then 1
                                       else 1 + (g.i - 1) % ${one(1, sizes.matters)}::int end`);
  await db.execute(sql`
    create temp table seed_links as
    select row_number() over (order by l.created_at, l.id) as rn, l.id, l.client_id, l.matter_id,
           t.id as bank_account_id
    from payment_links l
    join seed_matters m on m.id = l.matter_id
    left join seed_trust t on t.rn = 1 + ((m.rn - 1) / 7) % ${one(1, trustAccounts)}::int
    where l.org_id = ${orgId}`);

  // A twentieth of the transactions are of payment link 1; one in a thousand is not final. Each
  // is a card payment into its matter's trust account (matters spread over the trust accounts).
  await db.execute(sql`
    insert into transactions (org_id, amount, client_id, matter_id, payment_link_id, service_id,
                              type, bank_account_id, created_on, status, method, created_at,
                              updated_at)
    select ${orgId}::uuid, 150, l.client_id, l.matter_id, l.id, left(${ext}, 36),
           'ccPayment', l.bank_account_id,
           ${at(sizes.transactions)},
           case when g.i % 1000 = 3 then 'PENDING' else 'DEPOSITED' end, 'CREDIT', now(), now()
    from generate_series(1, ${sizes.transactions}::int) g(i)
    join seed_links l on l.rn = case when g.i % 20 = 1 then 1
                                     else 1 + (g.i - 1) % ${one(1, sizes.paymentLinks)}::int end`);

  await db.execute(sql`
    insert into aggregate_links (org_id, name, service_id, sync_status, created_at, updated_at)
    select ${orgId}::uuid, 'Bundle ' || g.i, left(${ext}, 36), 'synced',
           ${at(sizes.aggregateLinks)}, now()
    from generate_series(1, ${sizes.aggregateLinks}::int) g(i)`);
  await db.execute(sql`
    insert into aggregate_link_payment_links (org_id, aggregate_link_id, payment_link_id, position)
    select ${orgId}::uuid, a.id, l.id, 0
    from (select row_number() over (order by created_at, id) as rn, id
          from aggregate_links where org_id = ${orgId}) a
    join seed_links l on l.rn = a.rn`);

  await db.execute(sql`
    insert into webhook_events (org_id, event_id, type, payload, status, received_at, updated_at)
    select ${orgId}::uuid, ${ext}, 'transaction.deposited', '{}'::jsonb,
           case when g.i % 20 = 1 then 'dead' when g.i % 20 = 2 then 'ignored' else 'processed' end,
           ${at(sizes.webhookEvents)}, now()
    from generate_series(1, ${sizes.webhookEvents}::int) g(i)`);

  const [hot] = rowsOf<{ client_id: string; matter_id: string; id: string }>(
    await db.execute(sql`select client_id, matter_id, id from seed_links where rn = 1`),
  );
  await db.execute(sql`drop table seed_clients, seed_matters, seed_links, seed_trust`);
  if (!hot) throw new Error('seeding made no payment link');
  return { clientId: hot.client_id, matterId: hot.matter_id, paymentLinkId: hot.id };
}

/** What autovacuum would have done by now: planner statistics, GIN index statistics. */
export async function analyzeLists(db: Executor): Promise<void> {
  await db.execute(sql`vacuum analyze`);
}
