// The link dialogs' events, in a file of their own beside them (like the trust ledger's), so the
// kit's first load does not carry them. They bubble and cross shadow roots like every event of
// the kit: a host page hears them on the element whose link the dialog is for, or on `document`.
import type { ManualPaymentAnswer, PaymentRequest } from '../../shared/link-requests-api.js';
import { kitEvent } from '../core/kit-event.js';

/**
 * A payment request was sent (or stored, the service not reached yet: `sentAt` null); `detail`
 * is the request as the API answered it.
 */
export class ServicePaymentRequestSentEvent extends kitEvent<PaymentRequest>(
  'service-payment-request-sent',
) {}

/**
 * A cheque or cash was recorded on a payment link; `detail` is the API's answer,
 * `{ payment: { serviceId, amount }, transactions }` (one transaction per bank account).
 */
export class ServiceManualPaymentRecordedEvent extends kitEvent<ManualPaymentAnswer>(
  'service-manual-payment-recorded',
) {}

declare global {
  interface GlobalEventHandlersEventMap {
    'service-payment-request-sent': ServicePaymentRequestSentEvent;
    'service-manual-payment-recorded': ServiceManualPaymentRecordedEvent;
  }
}
