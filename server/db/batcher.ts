// Group commit for work that arrives concurrently: items submitted while a write is in flight
// (or in the same turn of the event loop) are written together by the next one. Each statement
// costs far more than a row, above all on the embedded database, so a burst of webhooks, of
// staged events or of finished jobs becomes a few writes of many rows instead of many writes of
// one. One write at a time per batcher keeps the order of writes simple and lets rows be locked
// in one order.

interface BatcherOptions {
  /** Most items in one write. */
  maxItems?: number;
  /**
   * When a write of several items fails, write each again alone, so one bad item fails only
   * itself (its job retries) and the others go through.
   */
  splitOnFailure?: boolean;
}

interface Waiting<T, R> {
  item: T;
  resolve(result: R): void;
  reject(error: unknown): void;
}

export class Batcher<T, R> {
  readonly #write: (items: T[]) => Promise<R[]>;
  readonly #maxItems: number;
  readonly #split: boolean;
  #waiting: Waiting<T, R>[] = [];
  #writing = false;

  constructor(write: (items: T[]) => Promise<R[]>, options: BatcherOptions = {}) {
    this.#write = write;
    this.#maxItems = options.maxItems ?? 200;
    this.#split = options.splitOnFailure ?? false;
  }

  /** Resolves with the item's own result once the write that carried it committed. */
  submit(item: T): Promise<R> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ item, resolve, reject });
      if (!this.#writing) void this.#drain();
    });
  }

  async #drain(): Promise<void> {
    this.#writing = true;
    try {
      while (this.#waiting.length > 0) {
        // One turn of the event loop first: what is arriving now (requests being read, jobs
        // reaching this point) joins this write. With an embedded database working on this
        // thread, a write would otherwise carry only what was queued before it began.
        await new Promise((resolve) => setImmediate(resolve));
        const batch = this.#waiting.splice(0, this.#maxItems);
        await this.#run(batch);
      }
    } finally {
      this.#writing = false;
    }
  }

  async #run(batch: Waiting<T, R>[]): Promise<void> {
    try {
      const results = await this.#write(batch.map((w) => w.item));
      batch.forEach((w, i) => w.resolve(results[i] as R));
    } catch (error) {
      if (!this.#split || batch.length === 1) {
        for (const w of batch) w.reject(error);
        return;
      }
      for (const w of batch) await this.#run([w]);
    }
  }
}
