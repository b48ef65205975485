import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/** The slots of the Int32Array the thread's file system shares with us (pglite-durable-fs.js). */
const STATE = {
  /** Flushes of WAL files (pg_wal/…): one per commit PostgreSQL waits for. */
  walFlushes: 0,
  /** Flushes of other files and folders (checkpoints, new files, renames). */
  otherFlushes: 1,
  /** Non-zero: writes that need new space fail with ENOSPC. */
  diskFull: 2,
  /** Writes refused for it. */
  refusedWrites: 3,
};

// PGlite in a thread of its own (pglite-thread-worker.js), reached by messages. drizzle's PGlite
// driver calls `query`, `exec` and `transaction` on its client: both faces answer those the way
// PGlite does, so the application's database code is the same as on PGlite in this thread.
// The `urgent` face is for the writes an outside caller waits for (webhook acks): when the
// connection frees, its requests run before any waiting request of the `normal` face.

type Params = unknown[] | undefined;

interface Request {
  op: 'query' | 'exec' | 'begin' | 'end' | 'close';
  sql?: string;
  params?: Params;
  options?: Record<string, unknown>;
  tx?: number;
  urgent?: boolean;
  commit?: boolean;
}

type Reply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: Record<string, unknown> };

type Parser = (text: string, typeId: number) => unknown;

/** The subset of PGlite the application and drizzle use. */
export type PgliteClient = Pick<PGlite, 'query' | 'exec' | 'transaction'>;

/** An error from the thread, with PostgreSQL's fields (code, detail, ...) as PGlite has them. */
function toError(fields: Record<string, unknown>): Error {
  const error = new Error(String(fields.message));
  Object.assign(error, fields);
  return error;
}

/**
 * drizzle asks for some types as text through parser functions, which cannot cross threads: the
 * thread hands those types over as text and the parsers run here.
 */
function splitParsers(options: QueryOptions | undefined): {
  sent: Record<string, unknown> | undefined;
  parsers: Map<number, Parser>;
} {
  const parsers = new Map<number, Parser>();
  if (!options) return { sent: undefined, parsers };
  const { parsers: given, serializers, ...rest } = options;
  if (serializers) throw new Error('custom serializers are not supported on the PGlite thread');
  for (const [oid, parse] of Object.entries(given ?? {})) parsers.set(Number(oid), parse as Parser);
  return { sent: { ...rest, raw: [...parsers.keys()] }, parsers };
}

function applyParsers<T>(result: Results<T>, parsers: Map<number, Parser>): Results<T> {
  if (parsers.size === 0 || result.rows.length === 0) return result;
  const columns = result.fields
    .map((field, index) => ({ ...field, index, parse: parsers.get(field.dataTypeID) }))
    .filter((c) => c.parse);
  if (columns.length === 0) return result;
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const c of columns) {
      const key = Array.isArray(row) ? c.index : c.name;
      const value = row[key];
      if (value !== null && value !== undefined) row[key] = c.parse!(String(value), c.dataTypeID);
    }
  }
  return result;
}

export class PgliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(v: unknown): void; reject(e: unknown): void }>();
  /** Shared with the thread: its flush counts and the simulated full disk (pglite-durable-fs.js). */
  readonly #state = new Int32Array(new SharedArrayBuffer(Object.keys(STATE).length * 4));
  #nextId = 1;
  #failure: Error | undefined;
  readonly ready: Promise<void>;
  /** For everything. */
  readonly normal: PgliteClient;
  /** For the writes an outside caller is waiting on: they go first. */
  readonly urgent: PgliteClient;

  constructor(options: { dataDir?: string; postgresqlconf: string[] }) {
    this.#worker = new Worker(new URL('./pglite-thread-worker.js', import.meta.url), {
      workerData: { ...options, state: this.#state, slots: STATE },
    });
    this.ready = new Promise((resolve, reject) => {
      const onReady = (message: { ready?: boolean; error?: Record<string, unknown> }) => {
        if (message.ready === undefined) return;
        this.#worker.off('message', onReady);
        if (message.ready) resolve();
        else reject(toError(message.error ?? {}));
      };
      this.#worker.on('message', onReady);
      this.#worker.once('error', reject);
    });
    this.#worker.on('message', (reply: Reply) => {
      const waiting = this.#pending.get(reply.id);
      if (!waiting) return;
      this.#pending.delete(reply.id);
      if (reply.ok) waiting.resolve(reply.result);
      else waiting.reject(toError(reply.error));
    });
    // A thread that died answers nothing more: everything waiting fails, and so does what follows.
    const fail = (error: Error) => {
      this.#failure ??= error;
      for (const waiting of this.#pending.values()) waiting.reject(this.#failure);
      this.#pending.clear();
    };
    this.#worker.on('error', fail);
    this.#worker.on('exit', (code) => fail(new Error(`the PGlite thread stopped (exit ${code})`)));
    this.normal = this.#face(false);
    this.urgent = this.#face(true);
  }

  #send<T>(request: Request): Promise<T> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.#worker.postMessage({ id, ...request });
    });
  }

  async #query<T>(
    base: Partial<Request>,
    sql: string,
    params: Params,
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    const { sent, parsers } = splitParsers(options);
    const result = await this.#send<Results<T>>({
      ...base,
      op: 'query',
      sql,
      params,
      options: sent,
    });
    return applyParsers(result, parsers);
  }

  #exec(base: Partial<Request>, sql: string, options?: QueryOptions): Promise<Results[]> {
    const { sent } = splitParsers(options);
    return this.#send({ ...base, op: 'exec', sql, options: sent });
  }

  /** Statements on the connection a transaction holds. */
  #transactionClient(tx: number): Transaction {
    let closed = false;
    const open = () => {
      if (closed) throw new Error('the transaction is closed');
      return { tx };
    };
    const client = {
      query: <T>(sql: string, params?: Params, options?: QueryOptions) =>
        this.#query<T>(open(), sql, params, options),
      sql: () => {
        throw new Error('tagged template queries are not supported on the PGlite thread');
      },
      exec: (sql: string, options?: QueryOptions) => this.#exec(open(), sql, options),
      rollback: async () => {
        await this.#send({ ...open(), op: 'end', commit: false });
        closed = true;
      },
      listen: () => {
        throw new Error('listen is not supported on the PGlite thread');
      },
      get closed() {
        return closed;
      },
      close: () => {
        closed = true;
      },
    };
    return client as unknown as Transaction;
  }

  #face(urgent: boolean): PgliteClient {
    const transaction = async <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> => {
      const tx = await this.#send<number>({ op: 'begin', urgent });
      const client = this.#transactionClient(tx);
      let result: T;
      try {
        result = await callback(client);
      } catch (error) {
        if (!client.closed) await this.#send({ op: 'end', tx, commit: false });
        throw error;
      }
      if (!client.closed) await this.#send({ op: 'end', tx, commit: true });
      return result;
    };
    return {
      query: <T>(sql: string, params?: Params, options?: QueryOptions) =>
        this.#query<T>({ urgent }, sql, params, options),
      exec: (sql: string, options?: QueryOptions) => this.#exec({ urgent }, sql, options),
      transaction,
    } as PgliteClient;
  }

  /** Flushes of the files on disk so far: the WAL's (one per commit) and the others'. */
  flushes(): { wal: number; other: number } {
    return {
      wal: Atomics.load(this.#state, STATE.walFlushes),
      other: Atomics.load(this.#state, STATE.otherFlushes),
    };
  }

  /**
   * A full disk, for the tests of one: while on, writes that need new space fail with ENOSPC.
   * Answers how many writes were refused so far.
   */
  simulateDiskFull(full: boolean): number {
    Atomics.store(this.#state, STATE.diskFull, full ? 1 : 0);
    return Atomics.load(this.#state, STATE.refusedWrites);
  }

  /** Closes the database (after what is already queued) and ends the thread. */
  async close(): Promise<void> {
    if (!this.#failure) await this.#send({ op: 'close' });
    await this.#worker.terminate();
  }
}
