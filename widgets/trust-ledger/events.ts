// The trust ledger's events, in a file of their own beside the element (like the operations
// widgets' events), so the kit's first-load bundle does not carry them. They bubble and cross
// shadow roots like every event of the kit.

import { kitEvent } from '../core/kit-event.js';
import type { ApprovalRecord } from '../../shared/approvals-api.js';
import type { LedgerEntry, Reconciliation } from '../../shared/ledger-api.js';

export interface ReconciliationCreatedDetail {
  /** The API's answer: balanced or variance, its three totals, reasons, unmatched, negatives. */
  reconciliation: Reconciliation;
}

/** A three-way reconciliation was run and stored (`<service-trust-ledger>`, admin). */
export class ServiceReconciliationCreatedEvent extends kitEvent<ReconciliationCreatedDetail>(
  'service-reconciliation-created',
) {}

export interface LedgerEntryPostedDetail {
  /** What the admin recorded: `disbursement`, `receipt`, `transfer` or `account` (the account's own money). */
  kind: 'disbursement' | 'receipt' | 'transfer' | 'account';
  /** The entries the API booked: one, or a transfer's two sides (trust, then operating). */
  entries: LedgerEntry[];
  /** A transfer's id (both its entries carry it), else null. */
  transferId: string | null;
}

/** An admin recorded a receipt, a disbursement, a transfer or an account entry (`<service-trust-ledger>`). */
export class ServiceLedgerEntryPostedEvent extends kitEvent<LedgerEntryPostedDetail>(
  'service-ledger-entry-posted',
) {}

export interface ApprovalDecidedDetail {
  /** The API's answer: `approved` (what it did in `result`) or `rejected`. */
  approval: ApprovalRecord;
}

/** An admin approved or rejected an approval, or its requester withdrew it (`<service-trust-ledger>`). */
export class ServiceApprovalDecidedEvent extends kitEvent<ApprovalDecidedDetail>(
  'service-approval-decided',
) {}

declare global {
  interface GlobalEventHandlersEventMap {
    'service-ledger-entry-posted': ServiceLedgerEntryPostedEvent;
    'service-reconciliation-created': ServiceReconciliationCreatedEvent;
    'service-approval-decided': ServiceApprovalDecidedEvent;
  }
}
