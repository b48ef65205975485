import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/index.js';
import { jobs } from '../db/schema/index.js';
import { createOrganization } from '../domain/organizations.js';
import { useTestDatabase } from '../testing/database-hooks.js';
import { enqueueFromSelect, enqueueNewest, enqueueUnlessOpen } from './enqueue-many.js';
import { claim } from './queue.js';

let orgA: string;
let orgB: string;

const suite = useTestDatabase(async ({ db }) => {
  orgA = (await createOrganization(db, { name: 'A' })).id;
  orgB = (await createOrganization(db, { name: 'B' })).id;
});
beforeEach(async () => {
  await suite.db.delete(jobs);
});

const allJobs = () => suite.db.select().from(jobs).orderBy(jobs.key);
const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();

describe('enqueueNewest', () => {
  it('keeps the newer snapshot whichever arrives last, one job per key and organization', async () => {
    const first = await enqueueNewest(
      suite.db,
      'webhook.transaction',
      [
        { orgId: orgA, key: 'tx1', payload: { fetchedAt: at(5), status: 'DEPOSITED' } },
        { orgId: orgB, key: 'tx1', payload: { fetchedAt: at(1), status: 'PENDING' } },
      ],
      'fetchedAt',
    );
    // Late and older for orgA (ignored), newer for orgB (replaces).
    const second = await enqueueNewest(
      suite.db,
      'webhook.transaction',
      [
        { orgId: orgA, key: 'tx1', payload: { fetchedAt: at(2), status: 'PENDING' } },
        { orgId: orgB, key: 'tx1', payload: { fetchedAt: at(3), status: 'DEPOSITED' } },
      ],
      'fetchedAt',
    );
    const rows = await allJobs();
    expect(rows).toHaveLength(2);
    const status = (org: string) =>
      (rows.find((r) => r.orgId === org)?.payload as { status: string }).status;
    expect(status(orgA)).toBe('DEPOSITED');
    expect(status(orgB)).toBe('DEPOSITED');
    // The merge answers the waiting job's id, which the events then wait for.
    const idOf = (list: typeof first, org: string) => list.find((j) => j.orgId === org)?.id;
    expect(idOf(second, orgA)).toBe(idOf(first, orgA));
    expect(idOf(second, orgB)).toBe(idOf(first, orgB));
  });

  it('adds a new job when the one for that key already runs', async () => {
    const item = { orgId: orgA, key: 'tx2', payload: { fetchedAt: at(1) } };
    await enqueueNewest(suite.db, 'webhook.transaction', [item], 'fetchedAt');
    await claim(suite.db, { workerId: 'w', limit: 10, leaseMs: 60_000 });
    await enqueueNewest(suite.db, 'webhook.transaction', [item], 'fetchedAt');
    expect((await allJobs()).map((j) => j.state).sort()).toEqual(['queued', 'running']);
  });
});

describe('enqueueFromSelect', () => {
  it('inserts the jobs a select yields within the caller’s statement, answering their ids', async () => {
    const rows = rowsOf<{ id: string }>(
      await suite.db.execute(sql`
        with input as (select * from (values (${orgA}::uuid, 'e1'), (${orgB}::uuid, 'e2')) v(org_id, k)),
        queued as (${enqueueFromSelect(
          sql`select org_id, 'webhook.event', k, jsonb_build_object('key', k) from input`,
        )})
        select id from queued`),
    );
    expect(rows).toHaveLength(2);
    expect((await allJobs()).map((j) => [j.orgId, j.kind, j.key, j.payload])).toEqual([
      [orgA, 'webhook.event', 'e1', { key: 'e1' }],
      [orgB, 'webhook.event', 'e2', { key: 'e2' }],
    ]);
  });
});

describe('enqueueUnlessOpen', () => {
  it('one job per organization given, none where one waits or runs, never two at once', async () => {
    const both = sql`select id as org_id from organizations where id in (${orgA}, ${orgB})`;
    await enqueueUnlessOpen(
      suite.db,
      'webhook.reconcile',
      'reconcile',
      sql`select ${orgA}::uuid as org_id`,
    );
    await claim(suite.db, { workerId: 'w', limit: 10, leaseMs: 60_000 }); // orgA's runs
    const added = await enqueueUnlessOpen(suite.db, 'webhook.reconcile', 'reconcile', both);
    expect(added).toHaveLength(1);
    const again = await enqueueUnlessOpen(suite.db, 'webhook.reconcile', 'reconcile', both);
    expect(again).toEqual([]);
    expect((await allJobs()).map((j) => [j.orgId, j.state]).sort()).toEqual(
      [
        [orgA, 'running'],
        [orgB, 'queued'],
      ].sort(),
    );
  });
});
