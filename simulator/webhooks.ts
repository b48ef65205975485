// The simulator's webhooks: the events each firm emits, how they go out (at once, held for a
// flush, or suppressed) and what the service tells about them afterwards (the delivery log, a
// resend). Sending them, signed and retried, is webhook-delivery.ts's.
import type { Logger } from 'pino';
import { notFound } from './errors.js';
import type { FaultBox } from './faults.js';
import type { IdSource } from './ids.js';
import type { EventInput, WebhookLogEntry } from './ledger.js';
import type { FirmState } from './state.js';
import {
  WebhookDelivery,
  type Delivery,
  type DeliveryOptions,
  type WebhookEvent,
} from './webhook-delivery.js';
import { deliveriesByEvent, eventIdOfLogId, logEntry, type LogIds } from './webhook-log.js';

export interface WebhookOptions extends DeliveryOptions {
  /**
   * The ids of webhookEventsList's entries: the event's own eventId (default), or an id of the
   * log entry apart from it (`own`): the real service's docs do not say which, so both are served.
   */
  webhookEventIds?: LogIds;
}

/** deliver: send at once; hold: queue until flush(); suppress: record only, never send. */
export type DeliveryMode = 'deliver' | 'hold' | 'suppress';

export interface EmittedEvent {
  event: WebhookEvent;
  emittedAt: string;
  mode: DeliveryMode;
}

interface FirmWebhooks {
  mode: DeliveryMode;
  events: Map<string, EmittedEvent>;
  held: WebhookEvent[];
}

export class WebhookDispatcher {
  private readonly byFirm = new Map<string, FirmWebhooks>();
  private readonly delivery: WebhookDelivery;
  private readonly logIds: LogIds;

  constructor(
    options: WebhookOptions,
    private readonly ids: IdSource,
    faults: FaultBox,
    firmById: (id: string) => FirmState | undefined,
    logger?: Logger,
  ) {
    this.delivery = new WebhookDelivery(options, ids, faults, firmById, logger);
    this.logIds = options.webhookEventIds ?? 'event';
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
    if (state.mode === 'deliver') this.delivery.send(firm, events, 'event');
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
    return this.delivery.log.filter((d) => firmId === undefined || d.firmId === firmId);
  }

  private event(firmId: string, eventId: string): WebhookEvent {
    const found = this.of(firmId).events.get(eventId);
    if (!found) throw notFound('Webhook event', eventId);
    return found.event;
  }

  /** Sends an event again with the same eventId (the portal's manual resend). */
  redeliver(firm: FirmState, eventId: string, webhookUrlId?: string): Delivery[] {
    return this.delivery.send(firm, [this.event(firm.id, eventId)], 'redelivery', webhookUrlId);
  }

  /** The delivery log of one URL, one entry per event, as the service's webhookEventsList. */
  eventLog(firmId: string, webhookUrlId: string): WebhookLogEntry[] {
    const byEvent = deliveriesByEvent(this.delivery.log, firmId, webhookUrlId);
    return [...byEvent].map(([eventId, deliveries]) =>
      logEntry(eventId, deliveries, this.of(firmId).events.get(eventId), this.logIds),
    );
  }

  /** webhookEventResend: the event (by its log id) to that URL again, same eventId. */
  resend(firm: FirmState, id: string, webhookUrlId: string): WebhookLogEntry {
    const eventId = eventIdOfLogId(id);
    this.delivery.send(firm, [this.event(firm.id, eventId)], 'redelivery', webhookUrlId);
    const deliveries = deliveriesByEvent(this.delivery.log, firm.id, webhookUrlId).get(eventId);
    if (!deliveries) throw notFound('Webhook event', id);
    return logEntry(eventId, deliveries, this.of(firm.id).events.get(eventId), this.logIds);
  }

  /** Sends the given events as one body, in exactly the given order. */
  deliverBatch(firm: FirmState, eventIds: string[]): Delivery[] {
    return this.delivery.send(
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
    if (options.batch) return this.delivery.send(firm, events, 'flush');
    const deliveries: Delivery[] = [];
    for (const event of events) {
      deliveries.push(...this.delivery.send(firm, [event], 'flush'));
      await this.delivery.settled();
    }
    return deliveries;
  }

  /** Resolves when no attempt is in flight (scheduled retries do not count). */
  settled(): Promise<void> {
    return this.delivery.settled();
  }

  /** Runs every scheduled retry now (a shortcut through the real schedule's long waits). */
  retryNow(firmId?: string): number {
    return this.delivery.retryNow(firmId);
  }

  close(): Promise<void> {
    return this.delivery.close();
  }
}
