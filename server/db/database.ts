import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.js';

// The database's types, apart from the handle that opens it (index.ts), so the modules the
// handle itself uses (migrations, the disk-space watch) name them without a circle.

/** The one database type all code is written against: PGlite and postgres.js share it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A database or an open transaction on it: domain functions accept either. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'> & {
  transaction: Database['transaction'];
};
