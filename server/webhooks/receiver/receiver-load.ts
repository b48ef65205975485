// Acks first: how busy this process's webhook receiver is, and so how many jobs the worker beside
// it may run. An ack has the remote's 5 s deadline (a late one is a failure there, and a day of
// failures disables our URL); the processing behind it has none. During a burst the worker in
// the same process competes with the receiver for the event loop, the database and the CPU, so
// until the burst is answered it starts jobs only once a second, a tenth of its concurrency at a
// time (the work behind the acks never stops, and a long flood still drains), and catches up
// after it. bench:webhooks side by side: stepping down to a tenth at all times gave a quarter to
// a third more acks/s and a lower p99 on PostgreSQL and on PGlite; starting only once a second
// took the PostgreSQL p99 lower again on a loaded machine, within the noise on a quiet one
// (docs/operations.md has the figures). The processing ends later, most on PGlite.

/** Requests in hand at once from which the receiver is busy: the remote retrying a backlog. */
export const BUSY_FROM = 8;

/** While the receiver is busy, the worker starts jobs at most this often. */
export const BUSY_STARTS_EVERY_MS = 1_000;

/** The receiver's requests in hand, counted while each is answered. */
export class ReceiverLoad {
  #inHand = 0;
  /** When the worker was last let start jobs while the receiver was busy. */
  #lastBusyStart = Number.NEGATIVE_INFINITY;

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
   * The jobs a worker of `concurrency` may start now beside the receiver: all of them; while the
   * receiver is busy, none, except a tenth (at least one) once every BUSY_STARTS_EVERY_MS.
   */
  workerCapacity(concurrency: number, now = Date.now()): number {
    if (this.#inHand < BUSY_FROM) return concurrency;
    if (now - this.#lastBusyStart < BUSY_STARTS_EVERY_MS) return 0;
    this.#lastBusyStart = now;
    return Math.max(1, Math.ceil(concurrency / 10));
  }
}
