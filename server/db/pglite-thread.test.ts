import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_CONFIG } from './pglite-init.js';
import { PgliteThread } from './pglite-thread.js';

let thread: PgliteThread;
beforeAll(async () => {
  thread = new PgliteThread({ postgresqlconf: PGLITE_CONFIG });
  await thread.ready;
}, 60_000);
afterAll(() => thread.close());

describe('PgliteThread', () => {
  it('keeps this thread free while a statement runs', async () => {
    // Half a second of work in the database; a timer here must still fire on time meanwhile.
    const slow = thread.normal.query('select pg_sleep(0.5)');
    const started = performance.now();
    const late = await new Promise<number>((resolve) =>
      setTimeout(() => resolve(performance.now() - started - 50), 50),
    );
    await slow;
    expect(late).toBeLessThan(250);
  });

  it('runs an urgent statement before the normal ones already waiting', async () => {
    const order: string[] = [];
    const busy = thread.normal.transaction(async (tx) => {
      await tx.query('select pg_sleep(0.1)');
      order.push('transaction');
    });
    const waiting = Array.from({ length: 5 }, (_, i) =>
      thread.normal.query('select 1').then(() => order.push(`normal ${i}`)),
    );
    // Sent after them all, while the transaction holds the connection.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const ack = thread.urgent.query('select 1').then(() => order.push('urgent'));
    await Promise.all([busy, ack, ...waiting]);
    expect(order).toEqual([
      'transaction',
      'urgent',
      'normal 0',
      'normal 1',
      'normal 2',
      'normal 3',
      'normal 4',
    ]);
  });

  it('answers rows in both modes, with parsers run here and errors with their fields', async () => {
    const objects = await thread.normal.query<{ n: number; at: unknown }>(
      `select $1::int + 1 as n, '2026-01-02T03:04:05Z'::timestamptz as at`,
      [1],
      { parsers: { 1184: (text: string) => `parsed ${text}` } },
    );
    expect(objects.rows).toEqual([{ n: 2, at: 'parsed 2026-01-02 03:04:05+00' }]);
    const arrays = await thread.normal.query('select 1 as a, 2 as b', [], { rowMode: 'array' });
    expect(arrays.rows).toEqual([[1, 2]]);
    const error = await thread.normal
      .query('insert into no_such_table values (1)')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      code: '42P01',
      message: expect.stringContaining('no_such_table'),
    });
  });

  it('commits a transaction, and rolls back one whose callback throws', async () => {
    await thread.normal.exec('create table t (n int)');
    await thread.normal.transaction(async (tx) => {
      await tx.query('insert into t values (1)');
    });
    await expect(
      thread.normal.transaction(async (tx) => {
        await tx.query('insert into t values (2)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await thread.normal.transaction(async (tx) => {
      await tx.query('insert into t values (3)');
      await tx.rollback();
    });
    // A statement that failed inside a transaction fails only that transaction.
    await expect(
      thread.normal.transaction((tx) => tx.query('insert into t values ($1)', ['x'])),
    ).rejects.toMatchObject({ code: '22P02' });
    const rows = await thread.normal.query<{ n: number }>('select n from t order by n');
    expect(rows.rows).toEqual([{ n: 1 }]);
  });
});
