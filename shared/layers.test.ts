import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_LAYERS } from './layers.js';
import {
  allImports,
  importsIn,
  reach,
  rel,
  resolve,
  root,
  runtimeImports,
  sourcesOf,
  importedFiles,
  widgetSources as shippedWidgets,
} from './testing/imports.js';

// The architecture's import rules, checked on the source:
//  - shared/ imports neither server/ nor widgets/;
//  - widgets/ never imports server/, and nothing the widgets load at run time reaches zod:
//    the zod schemas in shared/ are imported with `import type` only (erased by TypeScript), so
//    the bundle carries the types' names and nothing else;
//  - the server's modules import only downwards in its layer table (SERVER_LAYERS below);
//    every import counts (shared/testing/imports.ts reads them);
//  - only the queue names the `jobs` table; only the book takes the history lock or refreshes
//    the trust findings;
//  - the simulator (simulator/) stands in for the remote: it imports only shared/ and the remote's
//    contract, and only demo mode and the test harnesses import it.

const widgetSources = shippedWidgets();

describe('import boundaries', () => {
  it('shared/ imports neither server/ nor widgets/', () => {
    const offenders = sourcesOf('shared').flatMap((f) =>
      runtimeImports(f)
        .filter((spec) =>
          /(^|\/)(server|widgets)\//.test(path.relative(root, resolve(f, spec) ?? '')),
        )
        .map((spec) => `${path.relative(root, f)} → ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('widgets/ reach neither server/ nor zod at run time', () => {
    expect(widgetSources.length).toBeGreaterThan(10);
    const offenders = widgetSources.flatMap((f) =>
      [...reach(f)]
        .filter((m) => m === 'zod' || m.startsWith('zod/') || m.startsWith('server/'))
        .map((m) => `${path.relative(root, f)} → ${m}`),
    );
    expect(offenders).toEqual([]);
  });

  it('widgets/ and shared/ name no server/ module, not even its types', () => {
    // A type import is erased from the bundle, but it ties the browser's code to the server's
    // shapes all the same: what both sides share lives in shared/.
    const browserSide = [...widgetSources, ...sourcesOf('shared')];
    const offenders = browserSide.flatMap((f) =>
      allImports(f)
        .map((i) => resolve(f, i.spec))
        .filter((t): t is string => t !== null && path.isAbsolute(t))
        .filter((t) => {
          const target = path.relative(root, t);
          return (
            target.startsWith('server/') ||
            (f.includes('/shared/') && target.startsWith('widgets/'))
          );
        })
        .map((t) => `${path.relative(root, f)} → ${path.relative(root, t)}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the rule sees a value import of a zod module (the check itself works)', () => {
    const reached = reach(path.join(root, 'shared', 'schemas.ts'));
    expect(reached.has('zod')).toBe(true);
  });
});

// The server's layers, top to bottom: shared/layers.ts (SERVER_LAYERS), the one source.

/** The member (folder or file) a module belongs to, and its layer's index; null: in none. */
function placeOf(relative: string): { member: string; index: number } | null {
  for (const [index, { members }] of SERVER_LAYERS.entries()) {
    for (const member of members) {
      if (relative === member || relative.startsWith(`${member}/`)) return { member, index };
    }
  }
  return null;
}

const layerOf = (place: { index: number }) => SERVER_LAYERS[place.index]?.layer;

/** Why `from` may not import `to` (both relative to the root), or null when it may. */
function layerViolation(from: string, to: string): string | null {
  const a = placeOf(from);
  const b = placeOf(to);
  if (!a || !b || a.member === b.member || b.index > a.index) return null;
  if (b.index === a.index && SERVER_LAYERS[a.index]?.peers) return null;
  if (b.index === a.index) return `${from} → ${to} (a peer in its own layer: ${layerOf(a)})`;
  return `${from} → ${to} (a layer above: ${layerOf(a)} → ${layerOf(b)})`;
}

// Rules the table's order alone does not say: a layer below that a module may reach only through
// another one (or from one named module). Types count here too.
const ONLY_THROUGH: readonly {
  from: string;
  to: string;
  /** Modules of `from` that may import `to` directly. */
  except?: readonly string[];
  rule: string;
}[] = [
  {
    from: 'server/domain',
    to: 'server/queue',
    rule: 'the domain reaches the queue only through sync-rules (server/sync-rules/)',
  },
  {
    from: 'server/remote',
    to: 'server/db',
    except: ['server/remote/limiter-store.ts'],
    rule: 'remote reaches the database only in its limiter store (server/remote/limiter-store.ts)',
  },
];

// Rooms of one folder kept apart: the webhook receiver is the request path, answered within the
// remote's 5 s; the pipeline and the reconciliation are the worker's path. The receiver shares
// with them only the job kinds (server/webhooks/jobs.ts), never their code.
const APART: readonly { from: string; to: string; except?: readonly string[]; rule: string }[] = [
  {
    from: 'server/webhooks/receiver',
    to: 'server/webhooks/pipeline',
    rule: 'the receiver (the request path) never imports the pipeline (the worker path)',
  },
  {
    from: 'server/webhooks/receiver',
    to: 'server/webhooks/reconcile',
    rule: 'the receiver (the request path) never imports the reconciliation',
  },
];

const within = (file: string, member: string) => file === member || file.startsWith(`${member}/`);

/** Which "only through" or "apart" rule `from` importing `to` breaks (from the root), or null. */
function throughViolation(from: string, to: string): string | null {
  const broken = [...ONLY_THROUGH, ...APART].find(
    (r) => within(from, r.from) && within(to, r.to) && !('except' in r && r.except?.includes(from)),
  );
  return broken ? `${from} → ${to} (${broken.rule})` : null;
}

// Tests may reach anything to set their case up (a harness, the table itself); the rules are the
// product's modules'.
const serverSources = sourcesOf('server');

/** What every import of the server's modules breaks of `rule` (paths from the root). */
function offendersOf(rule: (from: string, to: string) => string | null): string[] {
  return serverSources.flatMap((f) =>
    allImports(f).flatMap(({ spec }) => {
      const target = resolve(f, spec);
      if (!target || !path.isAbsolute(target)) return [];
      return rule(rel(f), rel(target)) ?? [];
    }),
  );
}

// The queue owns the `jobs` table: no other module queries it, by drizzle's table object or in
// SQL text. Its schema and migrations define it.
const JOBS_OWNERS = ['server/queue/', 'server/db/schema/', 'server/db/migrations/'];
const JOBS_IN_SQL = /\b(?:from|into|update|join|table)\s+jobs\b/i;
const JOBS_IN_DRIZZLE = /^\s*import\s*\{[^}]*\bjobs\b[^}]*\}\s*from\s*['"][^'"]*db\/schema\//m;

/** Whether source text names the `jobs` table (comments aside: they may talk about jobs). */
function namesJobsTable(source: string): boolean {
  const code = withoutComments(source);
  return JOBS_IN_SQL.test(code) || JOBS_IN_DRIZZLE.test(code);
}

const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

// The book (server/book/) is the one writer of money: it alone takes an organization's history
// lock (every money write appends to the chain under it, in order) and refreshes the trust
// findings (in the same database transaction as the write they follow). A source hands it its
// snapshots; it never takes the lock or refreshes a finding itself.
const BOOK = 'server/book/';
const BOOK_ONLY = /\b(?:lockHistory|refresh[A-Za-z]*Findings)\s*\(/;

/** Whether source text takes the history lock or refreshes findings (comments aside). */
function writesLikeTheBook(source: string): boolean {
  return BOOK_ONLY.test(withoutComments(source));
}

// The simulator stands in for the remote service: it speaks the remote's contract (its schema and
// types) and shared/ words, and nothing of ours mounts it but demo mode and the test harnesses.
const SIMULATOR_READS = [
  'shared/',
  'server/remote/sdl.ts',
  'server/remote/types.ts',
  'server/remote/money-out-types.ts',
];
const SIMULATOR_MOUNTS = ['server/demo.ts', 'server/http/routes/demo.ts', 'server/testing/'];

describe('server layers', () => {
  it('every server module sits in a layer of the table', () => {
    expect(serverSources.length).toBeGreaterThan(100);
    expect(serverSources.map(rel).filter((f) => !placeOf(f))).toEqual([]);
  });

  it('nothing imports upwards (types included)', () => {
    expect(offendersOf(layerViolation)).toEqual([]);
  });

  it('the rule refuses an upward import and a peer import (the check itself works)', () => {
    expect(layerViolation('server/domain/clients.ts', 'server/sync/service.ts')).toMatch(
      /a layer above: domain .* → sync engine/,
    );
    expect(layerViolation('server/domain/clients.ts', 'server/http/context.ts')).toMatch(
      /a layer above/,
    );
    expect(
      layerViolation('server/webhooks/receiver/receiver.ts', 'server/actions/run-action.ts'),
    ).toMatch(/a layer above/);
    expect(layerViolation('server/webhooks/admin.ts', 'server/sync/service.ts')).toMatch(
      /a peer in its own layer: sync engine \| webhooks/,
    );
    expect(layerViolation('server/sync/handlers.ts', 'server/webhooks/jobs.ts')).toMatch(
      /a peer in its own layer: sync engine \| webhooks/,
    );
    expect(layerViolation('server/integration-health.ts', 'server/sync/problems.ts')).toBeNull();
    expect(
      layerViolation('server/integration-health.ts', 'server/webhooks/pipeline/inbox.ts'),
    ).toBeNull();
    expect(layerViolation('server/sync/service.ts', 'server/domain/clients.ts')).toBeNull();
    expect(layerViolation('server/config.ts', 'server/errors.ts')).toBeNull();
  });

  it('nothing skips a layer it may reach only through another, nor joins rooms kept apart', () => {
    expect(offendersOf(throughViolation)).toEqual([]);
  });

  it('the "only through" and "apart" rules refuse a shortcut (the check itself works)', () => {
    expect(
      throughViolation('server/webhooks/receiver/receiver.ts', 'server/webhooks/pipeline/inbox.ts'),
    ).toMatch(/the receiver \(the request path\) never imports the pipeline/);
    expect(
      throughViolation('server/webhooks/receiver/inbox-writer.ts', 'server/webhooks/jobs.ts'),
    ).toBeNull();
    expect(
      throughViolation('server/webhooks/pipeline/inbox.ts', 'server/webhooks/receiver/events.ts'),
    ).toBeNull();
    expect(throughViolation('server/domain/clients.ts', 'server/queue/queue.ts')).toMatch(
      /only through sync-rules/,
    );
    expect(throughViolation('server/remote/client.ts', 'server/db/index.ts')).toMatch(
      /only in its limiter store/,
    );
    expect(throughViolation('server/remote/limiter-store.ts', 'server/db/index.ts')).toBeNull();
    expect(throughViolation('server/sync-rules/requests.ts', 'server/queue/queue.ts')).toBeNull();
    expect(throughViolation('server/domain/clients.ts', 'server/sync-rules/rules.ts')).toBeNull();
  });

  it('sees dynamic imports, type-level ones too, and the JavaScript modules', () => {
    const source = [
      "const { createApp } = await import('../app.js');",
      "type Deps = typeof import('../http/context.js');",
      "import { x } from './x.js';",
    ].join('\n');
    expect(importsIn(source)).toEqual([
      { spec: './x.js', typeOnly: false },
      { spec: '../app.js', typeOnly: false },
      { spec: '../http/context.js', typeOnly: true },
    ]);
    expect(serverSources.map(rel)).toContain('server/db/pglite-thread-worker.js');
    expect(resolve(path.join(root, 'server/db/x.ts'), './pglite-thread-worker.js')).toBe(
      path.join(root, 'server/db/pglite-thread-worker.js'),
    );
    expect(resolve(path.join(root, 'server/db/x.ts'), './index.js')).toBe(
      path.join(root, 'server/db/index.ts'),
    );
  });

  it('no module outside the queue names the jobs table (in SQL or through drizzle)', () => {
    const offenders = serverSources
      .map(rel)
      .filter((f) => !JOBS_OWNERS.some((owner) => f.startsWith(owner)))
      .filter((f) => namesJobsTable(readFileSync(path.join(root, f), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('the jobs rule sees SQL and drizzle uses of the table, not talk about jobs', () => {
    expect(namesJobsTable('await db.execute(sql`delete from jobs where id = ${id}`);')).toBe(true);
    expect(namesJobsTable('sql`insert into\n jobs (org_id) values (1)`')).toBe(true);
    expect(namesJobsTable("import { clients, jobs } from '../db/schema/index.js';")).toBe(true);
    expect(namesJobsTable('// the worker runs jobs from the queue\nconst jobs = [];')).toBe(false);
    expect(namesJobsTable('const open = await openJobs(db); // not from jobs directly')).toBe(
      false,
    );
  });
});

describe('the book and the simulator', () => {
  it('only the book takes the history lock or refreshes the trust findings', () => {
    const offenders = serverSources
      .map(rel)
      .filter((f) => !f.startsWith(BOOK))
      .filter((f) => writesLikeTheBook(readFileSync(path.join(root, f), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('the book rule sees a lock or a refresh, not talk of them (the check itself works)', () => {
    expect(writesLikeTheBook('await lockHistory(tx, orgId);')).toBe(true);
    expect(writesLikeTheBook('await refreshEntryFindings (db, orgId, entry);')).toBe(true);
    expect(writesLikeTheBook('// the book takes lockHistory(tx) first\nawait store(tx);')).toBe(
      false,
    );
  });

  it('money out never imports the webhook pipeline (nor the sync engine): peers', () => {
    expect(
      layerViolation('server/money-out/run.ts', 'server/webhooks/pipeline/stage-event.ts'),
    ).toMatch(/a peer in its own layer: sync engine \| webhooks \| money out/);
    expect(
      layerViolation('server/webhooks/pipeline/stage-event.ts', 'server/money-out/run.ts'),
    ).toMatch(/a peer in its own layer/);
    expect(
      layerViolation('server/money-out/run.ts', 'server/book/money-out/results.ts'),
    ).toBeNull();
    expect(layerViolation('server/book/ledger/post.ts', 'server/money-out/run.ts')).toMatch(
      /a layer above: book/,
    );
  });

  it('the simulator imports only shared/ and the remote contract', () => {
    const offenders = sourcesOf('simulator').flatMap((f) =>
      importedFiles(f)
        .map(rel)
        .filter((t) => !t.startsWith('simulator/') && !SIMULATOR_READS.some((r) => t.startsWith(r)))
        .map((t) => `${rel(f)} → ${t}`),
    );
    expect(offenders).toEqual([]);
  });

  it('only demo mode and the test harnesses import the simulator', () => {
    const offenders = serverSources.flatMap((f) =>
      importedFiles(f)
        .map(rel)
        .filter((t) => t.startsWith('simulator/'))
        .filter(() => !SIMULATOR_MOUNTS.some((m) => rel(f).startsWith(m)))
        .map((t) => `${rel(f)} → ${t}`),
    );
    expect(offenders).toEqual([]);
  });
});
