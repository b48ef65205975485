import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import type { Sql } from 'postgres';
import { schema, type Database, type DatabaseHandle } from '../db/index.js';

// Query plans for tests that guard how a statement reads its table (an index, a bounded number of
// rows) on both databases: the statements a call sends are recorded, then one is run again under
// EXPLAIN ANALYZE.

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

interface Statement {
  query: string;
  params: unknown[];
}

export interface PlanProbe {
  /** The database, through which every statement sent lands in `sent`. */
  logged: Database;
  /** What `logged` sent since the last `clear()`, in order. */
  sent: Statement[];
  clear(): void;
  /**
   * The plan of `statement` run under EXPLAIN ANALYZE, in a transaction rolled back afterwards
   * (a write changes nothing), after the statements of `before` (settings it ran with).
   */
  explain(statement: Statement, before?: Statement[]): Promise<PlanNode[]>;
}

type Plan = { 'QUERY PLAN': [{ Plan: PlanNode }] };

/** Every node of a plan, the root first. */
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/** Rows the scans of `table` read: those they answered and those their filter dropped. */
export const rowsRead = (nodes: PlanNode[], table: string) =>
  nodes
    .filter((n) => n['Relation Name'] === table)
    .reduce(
      (sum, n) =>
        sum +
        ((n['Actual Rows'] ?? 0) + (n['Rows Removed by Filter'] ?? 0)) * (n['Actual Loops'] ?? 1),
      0,
    );

/** The plan in one line, for assertion messages: `Limit > Index Scan jobs_claimable > ...`. */
export const describePlan = (nodes: PlanNode[]) =>
  nodes.map((n) => `${n['Node Type']}${n['Index Name'] ? ` ${n['Index Name']}` : ''}`).join(' > ');

const explainSql = (query: string) => `explain (analyze, format json) ${query}`;

export function planProbe(database: DatabaseHandle): PlanProbe {
  const sent: Statement[] = [];
  const logger = { logQuery: (query: string, params: unknown[]) => sent.push({ query, params }) };
  const client = (database.db as unknown as { $client: unknown }).$client;
  let logged: Database;
  let explain: PlanProbe['explain'];
  if (database.kind === 'pglite') {
    const pglite = client as PGlite;
    logged = drizzlePglite({ client: pglite, schema, logger }) as unknown as Database;
    explain = (statement, before = []) =>
      pglite.transaction(async (tx) => {
        for (const s of before) await tx.query(s.query, s.params);
        const result = await tx.query<Plan>(explainSql(statement.query), statement.params);
        await tx.rollback();
        return nodesOf(result.rows[0]!['QUERY PLAN'][0].Plan);
      });
  } else {
    const pg = client as Sql;
    logged = drizzlePostgres({ client: pg, schema, logger }) as unknown as Database;
    explain = async (statement, before = []) => {
      const connection = await pg.reserve();
      try {
        await connection.unsafe('begin');
        for (const s of before) await connection.unsafe(s.query, s.params as never[]);
        const rows = await connection.unsafe(
          explainSql(statement.query),
          statement.params as never[],
        );
        return nodesOf((rows[0] as unknown as Plan)['QUERY PLAN'][0].Plan);
      } finally {
        await connection.unsafe('rollback');
        connection.release();
      }
    };
  }
  return { logged, sent, clear: () => void sent.splice(0), explain };
}
