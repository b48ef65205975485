// The embedded database's own thread (started by pglite-thread.ts). PGlite runs each statement
// synchronously in WebAssembly: on the server's thread, a worker's query held up every HTTP
// request, signature check and ack for its whole duration. Here it holds up only this thread.
//
// Plain JavaScript so that it loads without a TypeScript loader (tsx, vitest) in the thread.
//
// One statement or one transaction runs at a time (PGlite has one connection). When the
// connection frees, an urgent request (a write an ack waits for) goes before every waiting
// normal one; a transaction holds the connection from its BEGIN to its COMMIT or ROLLBACK, and
// only its own statements run meanwhile.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { DurableNodeFS } from './pglite-durable-fs.js';

const { dataDir, postgresqlconf, state, slots } = workerData;
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

const options = { extensions: { pg_trgm }, postgresqlconf };
// On disk: the flushes PostgreSQL asks for reach the files (pglite-durable-fs.js), with fsync on
// (PGlite's default start turns it off with -F). In memory (tests) there is nothing to flush.
const pg = dataDir
  ? new PGlite({
      ...options,
      fs: new DurableNodeFS(dataDir, state, slots),
      startParams: PGlite.defaultStartParams.filter((param) => param !== '-F'),
    })
  : new PGlite(options);

/** Requests waiting for the connection: [urgent, normal]. */
const waiting = [[], []];
/** Statements of the open transaction, waiting for the statement before them. */
const inTransaction = [];
/** The open transaction's id, or null. */
let holder = null;
let busy = false;
let nextTransaction = 1;

/** A PGlite error as plain fields (a structured clone keeps no class, and drops own fields). */
function plainError(error) {
  const fields = { name: error?.name ?? 'Error', message: String(error?.message ?? error) };
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
    }
  }
  return fields;
}

/** Values of the types in `raw` are handed over as PostgreSQL's text (the caller parses them). */
function queryOptions(options) {
  if (!options) return undefined;
  const { raw, ...rest } = options;
  if (!raw?.length) return rest;
  return { ...rest, parsers: Object.fromEntries(raw.map((oid) => [oid, (text) => text])) };
}

async function run(message) {
  switch (message.op) {
    case 'query':
      return pg.query(message.sql, message.params, queryOptions(message.options));
    case 'exec':
      return pg.exec(message.sql, message.options);
    case 'begin':
      await pg.exec(message.sql ?? 'BEGIN');
      holder = nextTransaction++;
      return holder;
    case 'end':
      try {
        await pg.exec(message.commit ? 'COMMIT' : 'ROLLBACK');
      } finally {
        holder = null;
      }
      return null;
    case 'close':
      await pg.close();
      return null;
    default:
      throw new Error(`unknown request ${message.op}`);
  }
}

/** The next request allowed on the connection, or undefined. */
function next() {
  if (holder !== null) return inTransaction.shift();
  return waiting[0].shift() ?? waiting[1].shift();
}

async function pump() {
  if (busy) return;
  busy = true;
  try {
    await pg.waitReady;
    for (let message = next(); message; message = next()) {
      try {
        port.postMessage({ id: message.id, ok: true, result: await run(message) });
      } catch (error) {
        port.postMessage({ id: message.id, ok: false, error: plainError(error) });
      }
    }
  } finally {
    busy = false;
  }
}

port.on('message', (message) => {
  if (message.tx !== undefined) {
    if (message.tx !== holder) {
      port.postMessage({
        id: message.id,
        ok: false,
        error: { name: 'Error', message: 'the transaction is no longer open' },
      });
      return;
    }
    inTransaction.push(message);
  } else {
    waiting[message.urgent ? 0 : 1].push(message);
  }
  void pump();
});

pg.waitReady.then(
  () => port.postMessage({ ready: true }),
  (error) => port.postMessage({ ready: false, error: plainError(error) }),
);
