// Packs operations submitted close together into shared requests, for bulk work: everything
// submitted for one org within one tick (or `delayMs`) goes out together, `maxBatchSize` per
// request, so a bulk import of 1,000 clients costs 40 requests of the org's 500/min, not 1,000.

import type { Settled } from './executor.js';
import type { RemoteOperation } from './operation.js';
import { operationTypeOf } from './batch.js';
import { orgKey } from '../org-key.js';

type RunBatch = (
  orgId: string,
  ops: readonly RemoteOperation<unknown>[],
) => Promise<Settled<unknown>[]>;

interface AutoBatcherOptions {
  /** Operations per request; a full group is sent at once. */
  readonly maxBatchSize?: number;
  /** How long to gather: 0 means "until the current tick's work is done" (setImmediate). */
  readonly delayMs?: number;
}

interface Entry {
  readonly op: RemoteOperation<unknown>;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
  readonly signal: AbortSignal | undefined;
  readonly onAbort: () => void;
  done: boolean;
}

interface Group {
  readonly orgId: string;
  readonly entries: Entry[];
  cancelTimer: () => void;
}

export class AutoBatcher {
  private readonly groups = new Map<string, Group>();
  private readonly maxBatchSize: number;
  private readonly delayMs: number;

  constructor(
    private readonly runBatch: RunBatch,
    options: AutoBatcherOptions = {},
  ) {
    this.maxBatchSize = options.maxBatchSize ?? 25;
    this.delayMs = options.delayMs ?? 0;
  }

  /**
   * Queues `op` for the next request of its org and type and resolves with its own result.
   * Aborting `signal` before the request leaves withdraws the operation; after that it cannot
   * be recalled (it shares the request with others).
   */
  submit<T>(orgId: string, op: RemoteOperation<T>, signal?: AbortSignal): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      // Queries and mutations cannot share a document: one group per org and type.
      const key = orgKey(orgId, operationTypeOf(op.document));
      let group = this.groups.get(key);
      if (!group) {
        group = { orgId, entries: [], cancelTimer: () => undefined };
        this.groups.set(key, group);
        const scheduled = group;
        group.cancelTimer = this.schedule(() => this.flushGroup(key, scheduled));
      }
      const entry: Entry = {
        op,
        resolve: resolve as (value: unknown) => void,
        reject,
        signal,
        done: false,
        onAbort: () => {
          if (entry.done) return;
          entry.done = true;
          reject(signal?.reason);
        },
      };
      signal?.addEventListener('abort', entry.onAbort, { once: true });
      group.entries.push(entry);
      if (group.entries.length >= this.maxBatchSize) this.flushGroup(key, group);
    });
  }

  /** Sends everything queued now, e.g. before shutdown or at the end of a bulk import. */
  flush(): void {
    for (const [key, group] of [...this.groups]) this.flushGroup(key, group);
  }

  /** Operations waiting for their request. */
  get pending(): number {
    let count = 0;
    for (const group of this.groups.values()) count += group.entries.filter((e) => !e.done).length;
    return count;
  }

  private schedule(fn: () => void): () => void {
    if (this.delayMs > 0) {
      const timer = setTimeout(fn, this.delayMs);
      return () => clearTimeout(timer);
    }
    const immediate = setImmediate(fn);
    return () => clearImmediate(immediate);
  }

  private flushGroup(key: string, group: Group): void {
    if (this.groups.get(key) !== group) return;
    this.groups.delete(key);
    group.cancelTimer();
    const live = group.entries.filter((entry) => {
      entry.signal?.removeEventListener('abort', entry.onAbort);
      return !entry.done;
    });
    if (live.length === 0) return;
    for (const entry of live) entry.done = true;
    this.runBatch(
      group.orgId,
      live.map((entry) => entry.op),
    ).then(
      (results) => {
        live.forEach((entry, i) => {
          const result = results[i];
          if (result?.ok) entry.resolve(result.value);
          else entry.reject(result ? result.error : new Error('missing batch result'));
        });
      },
      // The whole request failed (network, 429, 5xx, ...): it failed for each of them.
      (error: unknown) => live.forEach((entry) => entry.reject(error)),
    );
  }
}
