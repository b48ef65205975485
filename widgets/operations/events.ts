// The operations widgets' events, beside the kit's own (widgets/core/events.ts) but in a file of
// their own, so the eight core elements' bundle does not carry them. They bubble and cross
// shadow roots like every event of the kit.

import { kitEvent } from '../core/kit-event.js';
import type { ReconcileResult } from '../../shared/webhooks.js';

export interface RetriedDetail {
  /** The problem retried, or null for "Retry all". */
  id: string | null;
  /** How many were put back in line. */
  retried: number;
}

/** Sync problems were put back in line (`<service-sync-problems>`). */
export class ServiceSyncRetriedEvent extends kitEvent<RetriedDetail>('service-sync-retried') {}

export interface ReplayedDetail {
  /** The event replayed, or null for "Replay all dead". */
  id: string | null;
  /** How many went through the pipeline again. */
  replayed: number;
}

/** Dead webhook events were replayed (`<service-webhook-events>`). */
export class ServiceWebhookEventsReplayedEvent extends kitEvent<ReplayedDetail>(
  'service-webhook-events-replayed',
) {}

export interface ReconciledDetail {
  /**
   * What the run did, or null when a run started elsewhere (the schedule, another admin) was
   * followed to its end instead: its numbers are in the integration health.
   */
  result: ReconcileResult | null;
}

/** A reconciliation ran to its end ("Reconcile now" in `<service-webhook-events>`). */
export class ServiceReconciledEvent extends kitEvent<ReconciledDetail>('service-reconciled') {}

declare global {
  interface GlobalEventHandlersEventMap {
    'service-sync-retried': ServiceSyncRetriedEvent;
    'service-webhook-events-replayed': ServiceWebhookEventsReplayedEvent;
    'service-reconciled': ServiceReconciledEvent;
  }
}
