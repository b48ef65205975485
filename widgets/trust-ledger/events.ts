// The trust ledger's events, in a file of their own beside the element (like the operations
// widgets' events), so the kit's first-load bundle does not carry them. They bubble and cross
// shadow roots like every event of the kit.

import { kitEvent } from '../core/kit-event.js';
import type { Reconciliation } from '../../shared/ledger-api.js';

export interface ReconciliationCreatedDetail {
  /** The API's answer: balanced or variance, its three totals, reasons, unmatched, negatives. */
  reconciliation: Reconciliation;
}

/** A three-way reconciliation was run and stored (`<service-trust-ledger>`, admin). */
export class ServiceReconciliationCreatedEvent extends kitEvent<ReconciliationCreatedDetail>(
  'service-reconciliation-created',
) {}

declare global {
  interface GlobalEventHandlersEventMap {
    'service-reconciliation-created': ServiceReconciliationCreatedEvent;
  }
}
