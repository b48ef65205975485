import type { Sql } from 'postgres';

/**
 * A postgres.js client whose queries from drizzle run as prepared statements, for the webhook
 * receiver's connections only. drizzle runs every query unnamed (`prepare: false`), and
 * postgres.js sends an unnamed query with parameters in two round trips (Parse and Describe,
 * wait for the parameter types, then Bind and Execute); a prepared one takes one round trip after
 * its first use on a connection. For the inbox write, which every ack waits for, that took the
 * ack p99 of a 10,000-webhook burst on PostgreSQL from ~70 ms to ~50 ms (bench:webhooks).
 *
 * Only for a client that never has two queries in flight at once (the inbox writes one batch at
 * a time): postgres.js 3.4.9 re-prepares a statement a schema change invalidated ("cached plan
 * must not change result type"), but a query pipelined behind another on the same connection
 * never settles after that retry. The workers' pool, with many queries at once, stays unnamed.
 */
export function withPreparedStatements(sql: Sql): Sql {
  return new Proxy(sql, {
    get(target, key, receiver) {
      if (key === 'unsafe') {
        return (query: string, params?: unknown[], options?: object) =>
          target.unsafe(query, params as never, { ...options, prepare: true });
      }
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}
