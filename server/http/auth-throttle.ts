// Failed authentication, throttled per client address. Without it an address could try about
// 1,100 operator or API keys a second. Every key is still checked: a valid one always passes,
// from any address, at once (an office behind one address where one script sends a wrong key
// must not lock out the rest). What changes is the answer to a wrong one: past `maxFailures` in
// a window, 429 with Retry-After instead of 401, until the window has room again.

export interface AuthThrottleOptions {
  /** Failures an address may have in a window before it is answered 429. Default 20. */
  maxFailures?: number;
  /** Default 60 s. */
  windowMs?: number;
  /** Addresses remembered at most; the least recent go first. Default 10,000. */
  maxAddresses?: number;
  now?: () => number;
}

export class AuthThrottle {
  readonly #maxFailures: number;
  readonly #windowMs: number;
  readonly #maxAddresses: number;
  readonly #now: () => number;
  /** Failure times per address, oldest first (at most maxFailures + 1 kept). */
  readonly #failures = new Map<string, number[]>();

  constructor(options: AuthThrottleOptions = {}) {
    this.#maxFailures = options.maxFailures ?? 20;
    this.#windowMs = options.windowMs ?? 60_000;
    this.#maxAddresses = options.maxAddresses ?? 10_000;
    this.#now = options.now ?? Date.now;
  }

  /** Counts a failure of `address`; answers the seconds it must wait when over the limit. */
  failed(address: string): number | null {
    const now = this.#now();
    const times = (this.#failures.get(address) ?? []).filter((t) => t > now - this.#windowMs);
    times.push(now);
    if (times.length > this.#maxFailures + 1) times.shift();
    // Most recent last in the map's order, so the eviction below drops the least recent.
    this.#failures.delete(address);
    this.#failures.set(address, times);
    if (this.#failures.size > this.#maxAddresses) {
      const [oldest] = this.#failures.keys();
      if (oldest !== undefined) this.#failures.delete(oldest);
    }
    if (times.length <= this.#maxFailures) return null;
    // Room again once the oldest failure of the last maxFailures + 1 leaves the window.
    return Math.max(1, Math.ceil(((times[0] as number) + this.#windowMs - now) / 1000));
  }
}
