// The payment plan view's event, in a file of its own beside the element (like the trust
// ledger's), so the kit's first-load bundle does not carry it. It bubbles and crosses shadow
// roots like every event of the kit.

import { kitEvent } from '../core/kit-event.js';
import type { PaymentPlanDetail } from '../../shared/payment-plans-api.js';

export interface PaymentPlanCanceledDetail {
  /** The plan after its cancel reached the payment service (`status: 'canceled'`). */
  plan: PaymentPlanDetail;
}

/** A payment plan was canceled from `<service-payment-plan>`: the client is charged no more. */
export class ServicePaymentPlanCanceledEvent extends kitEvent<PaymentPlanCanceledDetail>(
  'service-payment-plan-canceled',
) {}

declare global {
  interface GlobalEventHandlersEventMap {
    'service-payment-plan-canceled': ServicePaymentPlanCanceledEvent;
  }
}
