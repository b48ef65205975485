import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/database.js';
import { rowsOf, type Database, type DatabaseHandle } from './index.js';

// The webhook receiver's database (receiverDb): on PostgreSQL its queries run as prepared
// statements (prepared-statements.ts), and one that a schema change invalidated is prepared
// again; on PGlite the same queries answer the same.

const onPostgres = process.env.TEST_DATABASE === 'postgres';
let database: DatabaseHandle;
let receiver: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  receiver = database.receiverDb ?? database.db;
  await database.db.execute(sql`create table prepared_probe (id int primary key, name text)`);
  await database.db.execute(sql`insert into prepared_probe values (1, 'one'), (2, 'two')`);
});
afterAll(() => database?.close());

const byId = (id: number) => sql`select * from prepared_probe where id = ${id}`;

describe("the receiver's queries", () => {
  it('answer the same query with other values', async () => {
    expect(rowsOf(await receiver.execute(byId(1)))).toEqual([{ id: 1, name: 'one' }]);
    expect(rowsOf(await receiver.execute(byId(2)))).toEqual([{ id: 2, name: 'two' }]);
  });

  it('run as named prepared statements on PostgreSQL (PGlite has no such cache)', async () => {
    // A prepared statement is listed while it runs; an unnamed one never is.
    const seen = rowsOf<{ statement: string }>(
      await receiver.execute(sql`
        select statement /* prepared_probe_marker */ from pg_prepared_statements
        where statement like ${'%prepared_probe_marker%'}`),
    );
    expect(seen).toHaveLength(onPostgres ? 1 : 0);
  });

  it('are prepared again after a migration changed what they return', async () => {
    // One at a time, as the inbox writes: enough runs for each connection to hold the statement.
    for (let i = 0; i < 4; i++) await receiver.execute(byId(1));
    await database.db.execute(sql`alter table prepared_probe add column note text default 'new'`);
    for (let i = 0; i < 4; i++) {
      expect(rowsOf(await receiver.execute(byId(1)))).toEqual([
        { id: 1, name: 'one', note: 'new' },
      ]);
    }
  });
});
