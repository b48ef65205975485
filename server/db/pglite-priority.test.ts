import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prioritizedPglite } from './pglite-priority.js';

let client: PGlite;
beforeAll(async () => {
  client = new PGlite();
  await client.waitReady;
}, 60_000);
afterAll(() => client.close());

describe('prioritizedPglite', () => {
  it('runs an urgent call before the normal ones already waiting', async () => {
    const { normal, urgent } = prioritizedPglite(client);
    const order: string[] = [];
    const busy = normal.transaction(async (tx) => {
      await tx.query('select pg_sleep(0.1)');
      order.push('running');
    });
    const waiting = Array.from({ length: 5 }, (_, i) =>
      normal.query('select 1').then(() => order.push(`normal ${i}`)),
    );
    const ack = urgent.query('select 1').then(() => order.push('urgent'));
    await Promise.all([busy, ack, ...waiting]);
    expect(order).toEqual([
      'running',
      'urgent',
      'normal 0',
      'normal 1',
      'normal 2',
      'normal 3',
      'normal 4',
    ]);
  });

  it('passes results, errors and everything else through', async () => {
    const { normal, urgent } = prioritizedPglite(client);
    expect((await urgent.query<{ n: number }>('select 2 as n')).rows).toEqual([{ n: 2 }]);
    await expect(normal.query('select * from no_such_table')).rejects.toThrow('no_such_table');
    // A failed call frees the gate for the next one.
    expect((await normal.query<{ n: number }>('select 3 as n')).rows).toEqual([{ n: 3 }]);
    expect(normal.closed).toBe(false);
  });
});
