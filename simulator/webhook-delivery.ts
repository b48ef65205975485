// Signed webhook delivery with the remote's retry ladder. One POST per registered URL carries a
// JSON array of the events it subscribed to; the body bytes are fixed at the first attempt and
// re-sent unchanged on retries, signed with the URL's current secret. A URL whose deliveries
// keep dying without a 2xx in the window is disabled, as the real service does.
import { createHmac } from 'node:crypto';
import type { Logger } from 'pino';
import type { FaultBox } from './faults.js';
import type { IdSource } from './ids.js';
import type { FirmState, WebhookUrlRecord } from './state.js';

export interface DeliveryOptions {
  /** Waits after a failed attempt. Default 5 min, 20 min, 60 min, 1 day; then dead-lettered. */
  retryDelaysMs?: number[];
  /** A 2xx must arrive within this. Default 5 000 ms. */
  timeoutMs?: number;
  /** A dead letter disables a URL with no 2xx within this long. Default 24 h. */
  disableAfterMs?: number;
  /** X-SIGNATURE encoding. Default base64 (the remote's). */
  signatureEncoding?: 'base64' | 'hex';
  /**
   * Which URLs may receive POSTs (checked at every attempt; a refused one is dead at once).
   * Default: any. Demo mode allows only the server's own address, so a URL registered through
   * the simulator cannot make it POST elsewhere (server-side request forgery).
   */
  allowUrl?: (url: string) => boolean;
  /** Sends the POSTs (tests may wrap it). Default: global fetch. */
  fetch?: typeof fetch;
}

const REAL_RETRY_DELAYS_MS = [5 * 60_000, 20 * 60_000, 60 * 60_000, 24 * 60 * 60_000];

export interface WebhookEvent {
  type: string;
  eventId: string;
  firmId: string;
  data: Record<string, unknown>;
}

interface DeliveryAttempt {
  attempt: number;
  at: string;
  ok: boolean;
  status: number | null;
  error: string | null;
  durationMs: number;
}

export interface Delivery {
  id: string;
  firmId: string;
  webhookUrlId: string;
  url: string;
  eventIds: string[];
  body: string;
  reason: 'event' | 'redelivery' | 'batch' | 'flush' | 'duplicate';
  state: 'pending' | 'retrying' | 'delivered' | 'dead';
  attempts: DeliveryAttempt[];
  nextAttemptAt: string | null;
}

function signWebhookBody(body: string, secret: string, encoding: 'base64' | 'hex' = 'base64') {
  return createHmac('sha512', secret).update(body).digest(encoding);
}

/** The deliveries of every firm: each POST, its attempts, its retries. */
export class WebhookDelivery {
  private readonly retryDelaysMs: number[];
  private readonly timeoutMs: number;
  private readonly disableAfterMs: number;
  private readonly encoding: 'base64' | 'hex';
  private readonly fetchImpl: typeof fetch;
  private readonly allowUrl: (url: string) => boolean;
  /** Every delivery made, oldest first. */
  readonly log: Delivery[] = [];
  private readonly retryTimers = new Map<Delivery, NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly closing = new AbortController();

  constructor(
    options: DeliveryOptions,
    private readonly ids: IdSource,
    private readonly faults: FaultBox,
    private readonly firmById: (id: string) => FirmState | undefined,
    private readonly logger?: Logger,
  ) {
    this.retryDelaysMs = options.retryDelaysMs ?? REAL_RETRY_DELAYS_MS;
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.disableAfterMs = options.disableAfterMs ?? 24 * 60 * 60_000;
    this.encoding = options.signatureEncoding ?? 'base64';
    this.fetchImpl = options.fetch ?? fetch;
    this.allowUrl = options.allowUrl ?? (() => true);
  }

  /** Sends `events` to every enabled URL of the firm (or the one given) subscribed to them. */
  send(
    firm: FirmState,
    events: WebhookEvent[],
    reason: Delivery['reason'],
    onlyUrlId?: string,
  ): Delivery[] {
    const deliveries: Delivery[] = [];
    for (const target of firm.webhookUrls.values()) {
      if (target.disabled || (onlyUrlId && target.id !== onlyUrlId)) continue;
      const subscribed = events.filter((e) => target.enabledWebhooks.includes(e.type));
      if (subscribed.length === 0) continue;
      const delivery: Delivery = {
        id: this.ids.uuid(),
        firmId: firm.id,
        webhookUrlId: target.id,
        url: target.url,
        eventIds: subscribed.map((e) => e.eventId),
        body: JSON.stringify(subscribed),
        reason,
        state: 'pending',
        attempts: [],
        nextAttemptAt: null,
      };
      this.log.push(delivery);
      deliveries.push(delivery);
      this.track(this.attempt(delivery));
    }
    return deliveries;
  }

  private track(promise: Promise<void>): void {
    this.inFlight.add(promise);
    void promise.finally(() => this.inFlight.delete(promise));
  }

  /** Resolves when no attempt is in flight (scheduled retries do not count). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private async attempt(delivery: Delivery): Promise<void> {
    if (this.closing.signal.aborted) return;
    const firm = this.firmById(delivery.firmId);
    const target = firm?.webhookUrls.get(delivery.webhookUrlId);
    const started = Date.now();
    const record = (ok: boolean, status: number | null, error: string | null) =>
      delivery.attempts.push({
        attempt: delivery.attempts.length + 1,
        at: new Date(started).toISOString(),
        ok,
        status,
        error,
        durationMs: Date.now() - started,
      });
    if (!target || target.disabled) {
      record(false, null, 'webhook URL disabled');
      delivery.state = 'dead';
      delivery.nextAttemptAt = null;
      return;
    }
    if (!this.allowUrl(target.url)) {
      record(false, null, 'webhook URL not allowed by this simulator');
      delivery.state = 'dead';
      delivery.nextAttemptAt = null;
      return;
    }
    const fault = this.faults.take(delivery.firmId, 'webhook');
    if (fault?.kind === 'latency') await this.sleep(fault.latencyMs ?? 1_000);
    if (fault?.kind === 'duplicate') {
      const twin: Delivery = {
        ...delivery,
        id: this.ids.uuid(),
        reason: 'duplicate',
        attempts: [],
      };
      this.log.push(twin);
      this.track(this.attempt(twin));
    }
    const { ok, status, error } = await this.post(delivery, target);
    if (this.closing.signal.aborted) return;
    if (ok && fault?.kind === 'drop') {
      record(false, status, 'connection dropped after sending (injected fault)');
    } else {
      record(ok, status, error);
    }
    if (ok && fault?.kind !== 'drop') {
      delivery.state = 'delivered';
      delivery.nextAttemptAt = null;
      target.lastSuccessAt = Date.now();
      return;
    }
    this.failed(delivery, target);
  }

  private async post(
    delivery: Delivery,
    target: WebhookUrlRecord,
  ): Promise<{ ok: boolean; status: number | null; error: string | null }> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'x-signature': signWebhookBody(delivery.body, target.secret, this.encoding),
    };
    if (!target.removeUserAgentHeader) headers['user-agent'] = 'payment-service-simulator/1.0';
    try {
      const response = await this.fetchImpl(target.url, {
        method: 'POST',
        headers,
        body: delivery.body,
        signal: AbortSignal.any([AbortSignal.timeout(this.timeoutMs), this.closing.signal]),
      });
      await response.arrayBuffer(); // drain, still under the timeout
      const ok = response.status >= 200 && response.status < 300;
      return { ok, status: response.status, error: ok ? null : `HTTP ${response.status}` };
    } catch (error) {
      const name = (error as Error).name;
      const message =
        name === 'TimeoutError'
          ? `no answer within ${this.timeoutMs} ms`
          : (error as Error).message;
      return { ok: false, status: null, error: message };
    }
  }

  private failed(delivery: Delivery, target: WebhookUrlRecord): void {
    const delay = this.retryDelaysMs[delivery.attempts.length - 1];
    if (delay !== undefined) {
      delivery.state = 'retrying';
      delivery.nextAttemptAt = new Date(Date.now() + delay).toISOString();
      const timer = setTimeout(() => {
        this.retryTimers.delete(delivery);
        this.track(this.attempt(delivery));
      }, delay);
      timer.unref();
      this.retryTimers.set(delivery, timer);
      return;
    }
    delivery.state = 'dead';
    delivery.nextAttemptAt = null;
    const recent =
      target.lastSuccessAt !== null && Date.now() - target.lastSuccessAt <= this.disableAfterMs;
    if (!recent) {
      target.disabled = true;
      this.logger?.warn(
        { url: target.url },
        'webhook URL disabled: dead letter and no 2xx in the window',
      );
    }
  }

  /** Runs every scheduled retry now (a shortcut through the real schedule's long waits). */
  retryNow(firmId?: string): number {
    let count = 0;
    for (const [delivery, timer] of this.retryTimers) {
      if (firmId && delivery.firmId !== firmId) continue;
      clearTimeout(timer);
      this.retryTimers.delete(delivery);
      this.track(this.attempt(delivery));
      count++;
    }
    return count;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const signal = this.closing.signal;
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      signal.addEventListener('abort', done);
    });
  }

  async close(): Promise<void> {
    this.closing.abort();
    for (const timer of this.retryTimers.values()) clearTimeout(timer);
    this.retryTimers.clear();
    await this.settled();
  }
}
