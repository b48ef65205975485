/** Runs at most one `fn` per key at a time; callers arriving meanwhile share its result. */
export class SingleFlight {
  readonly #running = new Map<string, Promise<unknown>>();

  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const current = this.#running.get(key);
    if (current) return current as Promise<T>;
    const flight = fn().finally(() => this.#running.delete(key));
    this.#running.set(key, flight);
    return flight;
  }
}
