// Signed webhook delivery with the remote's retry ladder. One POST per registered URL carries a
// JSON array of the events it subscribed to; the body bytes are fixed at the first attempt and
// re-sent unchanged on retries, signed with the URL's current secret.
import { createHmac } from 'node:crypto';
import type { Logger } from 'pino';
import { notFound } from './errors.js';
import type { FaultBox } from './faults.js';
import type { IdSource } from './ids.js';
import type { EventInput, WebhookLogEntry } from './ledger.js';
import type { FirmState, WebhookUrlRecord } from './state.js';

export interface WebhookOptions {
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
  /**
   * The ids of webhookEventsList's entries: the event's own eventId (default), or an id of the
   * log entry apart from it (`own`): the real service's docs do not say which, so both are served.
   */
  webhookEventIds?: 'event' | 'own';
}

export const REAL_RETRY_DELAYS_MS = [5 * 60_000, 20 * 60_000, 60 * 60_000, 24 * 60 * 60_000];

export interface WebhookEvent {
  type: string;
  eventId: string;
  firmId: string;
  data: Record<string, unknown>;
}

/** deliver: send at once; hold: queue until flush(); suppress: record only, never send. */
export type DeliveryMode = 'deliver' | 'hold' | 'suppress';

export interface DeliveryAttempt {
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

export interface EmittedEvent {
  event: WebhookEvent;
  emittedAt: string;
  mode: DeliveryMode;
}

export function signWebhookBody(
  body: string,
  secret: string,
  encoding: 'base64' | 'hex' = 'base64',
) {
  return createHmac('sha512', secret).update(body).digest(encoding);
}

interface FirmWebhooks {
  mode: DeliveryMode;
  events: Map<string, EmittedEvent>;
  held: WebhookEvent[];
}

export class WebhookDispatcher {
  private readonly retryDelaysMs: number[];
  private readonly timeoutMs: number;
  private readonly disableAfterMs: number;
  private readonly encoding: 'base64' | 'hex';
  private readonly fetchImpl: typeof fetch;
  private readonly allowUrl: (url: string) => boolean;
  private readonly byFirm = new Map<string, FirmWebhooks>();
  private readonly log: Delivery[] = [];
  private readonly retryTimers = new Map<Delivery, NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly closing = new AbortController();
  private readonly logIds: 'event' | 'own';

  constructor(
    options: WebhookOptions,
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
    this.logIds = options.webhookEventIds ?? 'event';
    this.allowUrl = options.allowUrl ?? (() => true);
  }

  private of(firmId: string): FirmWebhooks {
    let state = this.byFirm.get(firmId);
    if (!state) {
      state = { mode: 'deliver', events: new Map(), held: [] };
      this.byFirm.set(firmId, state);
    }
    return state;
  }

  /** Records the events and, in `deliver` mode, sends them as one batch per subscribed URL. */
  emit(firm: FirmState, inputs: EventInput[]): WebhookEvent[] {
    const state = this.of(firm.id);
    const events = inputs.map((input) => ({
      type: input.type,
      eventId: this.ids.uuid(),
      firmId: firm.id,
      data: input.data,
    }));
    const emittedAt = new Date().toISOString();
    for (const event of events)
      state.events.set(event.eventId, { event, emittedAt, mode: state.mode });
    if (state.mode === 'deliver') this.send(firm, events, 'event');
    else if (state.mode === 'hold') state.held.push(...events);
    return events;
  }

  setMode(firmId: string, mode: DeliveryMode): void {
    this.of(firmId).mode = mode;
  }

  mode(firmId: string): DeliveryMode {
    return this.of(firmId).mode;
  }

  events(firmId: string): EmittedEvent[] {
    return [...this.of(firmId).events.values()];
  }

  held(firmId: string): WebhookEvent[] {
    return [...this.of(firmId).held];
  }

  deliveries(firmId?: string): Delivery[] {
    return this.log.filter((d) => firmId === undefined || d.firmId === firmId);
  }

  private event(firmId: string, eventId: string): WebhookEvent {
    const found = this.of(firmId).events.get(eventId);
    if (!found) throw notFound('Webhook event', eventId);
    return found.event;
  }

  /** Sends an event again with the same eventId (the portal's manual resend). */
  redeliver(firm: FirmState, eventId: string, webhookUrlId?: string): Delivery[] {
    return this.send(firm, [this.event(firm.id, eventId)], 'redelivery', webhookUrlId);
  }

  /**
   * The delivery log of one URL, one entry per event, as the service's webhookEventsList shows
   * it: `success` once any delivery of it got a 2xx, else its latest delivery's state (`failed`
   * once dead-lettered, `retrying`, `pending`). The id is the event's eventId (what a resend
   * takes), or, with the `webhookEventIds: 'own'` option, an id of the log entry itself.
   */
  eventLog(firmId: string, webhookUrlId: string): WebhookLogEntry[] {
    const byEvent = new Map<string, Delivery[]>();
    for (const d of this.log) {
      if (d.firmId !== firmId || d.webhookUrlId !== webhookUrlId) continue;
      for (const eventId of d.eventIds) byEvent.set(eventId, [...(byEvent.get(eventId) ?? []), d]);
    }
    return [...byEvent].map(([eventId, deliveries]) => this.logEntry(firmId, eventId, deliveries));
  }

  private logEntry(firmId: string, eventId: string, deliveries: Delivery[]): WebhookLogEntry {
    const emitted = this.of(firmId).events.get(eventId);
    const latest = deliveries.at(-1)!;
    const delivered = deliveries.some((d) => d.state === 'delivered');
    const status = delivered
      ? 'success'
      : latest.state === 'dead'
        ? 'failed'
        : latest.state === 'retrying'
          ? 'retrying'
          : 'pending';
    const attempts = deliveries.flatMap((d) => d.attempts);
    return {
      id: this.logIds === 'own' ? `log-${eventId}` : eventId,
      createdOn: emitted?.emittedAt ?? new Date().toISOString(),
      status,
      errorMessage: delivered ? null : (attempts.at(-1)?.error ?? null),
      nextAttemptAt: delivered ? null : latest.nextAttemptAt,
      payload: emitted ? [emitted.event] : [],
      sendAttempts: attempts,
      url: latest.url,
      webhookUrlId: latest.webhookUrlId,
    };
  }

  /** webhookEventResend: the event (by its log id) to that URL again, same eventId. */
  resend(firm: FirmState, id: string, webhookUrlId: string): WebhookLogEntry {
    const eventId = id.startsWith('log-') ? id.slice(4) : id;
    this.send(firm, [this.event(firm.id, eventId)], 'redelivery', webhookUrlId);
    const deliveries = this.log.filter(
      (d) =>
        d.firmId === firm.id && d.webhookUrlId === webhookUrlId && d.eventIds.includes(eventId),
    );
    if (deliveries.length === 0) throw notFound('Webhook event', id);
    return this.logEntry(firm.id, eventId, deliveries);
  }

  /** Sends the given events as one body, in exactly the given order. */
  deliverBatch(firm: FirmState, eventIds: string[]): Delivery[] {
    return this.send(
      firm,
      eventIds.map((id) => this.event(firm.id, id)),
      'batch',
    );
  }

  /**
   * Sends the held events: as one body, or one POST after the other (each waits for the previous
   * attempt), oldest first or newest first.
   */
  async flush(
    firm: FirmState,
    options: { order?: 'fifo' | 'reverse'; batch?: boolean } = {},
  ): Promise<Delivery[]> {
    const state = this.of(firm.id);
    const events = state.held.splice(0);
    if (options.order === 'reverse') events.reverse();
    if (options.batch) return this.send(firm, events, 'flush');
    const deliveries: Delivery[] = [];
    for (const event of events) {
      const sent = this.send(firm, [event], 'flush');
      deliveries.push(...sent);
      await this.settled();
    }
    return deliveries;
  }

  private send(
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
