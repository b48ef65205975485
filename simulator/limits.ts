// Per-firm usage limits of the remote: N requests per sliding window and M concurrent requests.
// Only GraphQL requests count; rejected ones do not use up the window.

export interface LimitOptions {
  /** Requests accepted per window and firm. Default 500. */
  requestsPerWindow?: number;
  /** Window length. Default 60 000 ms; tests and benchmarks compress it. */
  windowMs?: number;
  /** Requests in flight per firm. Default 10. */
  maxConcurrent?: number;
  /** Retry-After on a 429. Default: the window in whole seconds (the remote asks for 60 s). */
  retryAfterSeconds?: number;
}

export interface FirmStats {
  /** Authenticated GraphQL requests, including rejected ones. */
  requests: number;
  accepted: number;
  /** 429s because the window was full. */
  rateLimited: number;
  /** 429s because too many requests were in flight. */
  concurrencyLimited: number;
  inFlight: number;
  /** Most requests in flight at once, seen so far. */
  peakConcurrent: number;
  /**
   * Most requests (rejected ones included) that arrived within any one window, seen so far: what
   * a client sharing the budget across processes must keep at or under `requestsPerWindow`.
   */
  peakWindowRequests: number;
  /**
   * Accepted requests in consecutive windows counted from the first accepted one (since the
   * last reset), zeros included: how much of its budget a client used, window by window.
   */
  acceptedPerWindow: number[];
  /** Requests answered by an injected fault. */
  faulted: number;
}

type Admission =
  | { ok: true; release: () => void }
  | { ok: false; reason: 'rate' | 'concurrency'; retryAfterSeconds: number };

interface FirmUsage {
  accepted: number[]; // start times inside the window, oldest first
  arrived: number[]; // arrival times of every request inside the window, oldest first
  firstAcceptedAt: number | undefined; // where acceptedPerWindow's windows begin
  stats: FirmStats;
}

const emptyStats = (): FirmStats => ({
  requests: 0,
  accepted: 0,
  rateLimited: 0,
  concurrencyLimited: 0,
  inFlight: 0,
  peakConcurrent: 0,
  peakWindowRequests: 0,
  acceptedPerWindow: [],
  faulted: 0,
});

export class RateLimiter {
  readonly requestsPerWindow: number;
  readonly windowMs: number;
  readonly maxConcurrent: number;
  private readonly retryAfterSeconds: number;
  private readonly usage = new Map<string, FirmUsage>();

  constructor(options: LimitOptions = {}) {
    this.requestsPerWindow = options.requestsPerWindow ?? 500;
    this.windowMs = options.windowMs ?? 60_000;
    this.maxConcurrent = options.maxConcurrent ?? 10;
    this.retryAfterSeconds =
      options.retryAfterSeconds ?? Math.max(1, Math.ceil(this.windowMs / 1000));
  }

  private of(firmId: string): FirmUsage {
    let usage = this.usage.get(firmId);
    if (!usage) {
      usage = { accepted: [], arrived: [], firstAcceptedAt: undefined, stats: emptyStats() };
      this.usage.set(firmId, usage);
    }
    return usage;
  }

  acquire(firmId: string, now = Date.now()): Admission {
    const usage = this.of(firmId);
    const { stats } = usage;
    stats.requests++;
    usage.arrived.push(now);
    while ((usage.arrived[0] ?? now) <= now - this.windowMs) usage.arrived.shift();
    stats.peakWindowRequests = Math.max(stats.peakWindowRequests, usage.arrived.length);
    while (usage.accepted.length && (usage.accepted[0] ?? 0) <= now - this.windowMs)
      usage.accepted.shift();
    if (usage.accepted.length >= this.requestsPerWindow) {
      stats.rateLimited++;
      return { ok: false, reason: 'rate', retryAfterSeconds: this.retryAfterSeconds };
    }
    if (stats.inFlight >= this.maxConcurrent) {
      stats.concurrencyLimited++;
      return { ok: false, reason: 'concurrency', retryAfterSeconds: this.retryAfterSeconds };
    }
    usage.accepted.push(now);
    stats.accepted++;
    usage.firstAcceptedAt ??= now;
    const window = Math.floor((now - usage.firstAcceptedAt) / this.windowMs);
    while (stats.acceptedPerWindow.length <= window) stats.acceptedPerWindow.push(0);
    stats.acceptedPerWindow[window] = (stats.acceptedPerWindow[window] ?? 0) + 1;
    stats.inFlight++;
    stats.peakConcurrent = Math.max(stats.peakConcurrent, stats.inFlight);
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        stats.inFlight--;
      },
    };
  }

  recordFault(firmId: string): void {
    this.of(firmId).stats.faulted++;
  }

  /** A copy of the firm's counters. */
  stats(firmId: string): FirmStats {
    const { stats } = this.of(firmId);
    return { ...stats, acceptedPerWindow: [...stats.acceptedPerWindow] };
  }

  /** Zeroes the counters (not the window or the requests in flight). */
  resetStats(firmId: string): void {
    const usage = this.of(firmId);
    usage.stats = { ...emptyStats(), inFlight: usage.stats.inFlight };
    usage.firstAcceptedAt = undefined;
  }
}
