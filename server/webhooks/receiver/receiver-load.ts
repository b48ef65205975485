// Acks first: how busy this process's webhook receiver is, and so how many jobs the worker beside
// it may run. An ack has the remote's 5 s deadline (a late one is a failure there, and a day of
// failures disables our URL); the processing behind it has none. During a burst the worker in
// the same process competes with the receiver for the event loop, the database and the CPU, so
// it steps down to a tenth of its jobs until the burst is answered, and catches up after it
// (bench:webhooks side by side: a quarter to a third more acks/s and a lower p99 on PostgreSQL
// and on PGlite; the processing ends later, most on PGlite).

/** Requests in hand at once from which the receiver is busy: the remote retrying a backlog. */
export const BUSY_FROM = 8;

/** The receiver's requests in hand, counted while each is answered. */
export class ReceiverLoad {
  #inHand = 0;

  /** Runs `answer`, counting it in hand until it settles. */
  async track<T>(answer: () => Promise<T>): Promise<T> {
    this.#inHand++;
    try {
      return await answer();
    } finally {
      this.#inHand--;
    }
  }

  get inHand(): number {
    return this.#inHand;
  }

  /**
   * The jobs a worker of `concurrency` may run beside the receiver now: all of them, or a tenth
   * (at least one, so the work behind the acks never stops) while the receiver is busy.
   */
  workerCapacity(concurrency: number): number {
    return this.#inHand >= BUSY_FROM ? Math.max(1, Math.ceil(concurrency / 10)) : concurrency;
  }
}
