// The closed value lists of the spec's picklists, shared by the database constraints, the API
// validation and the widgets.

export const ROLES = ['admin', 'staff', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const PAYMENT_LINK_STATUSES = ['unpaid', 'partially_paid', 'paid', 'sealed'] as const;
export type PaymentLinkStatus = (typeof PAYMENT_LINK_STATUSES)[number];

export const TRANSACTION_STATUSES = [
  'PENDING',
  'SUCCESSFUL',
  'DEPOSITED',
  'FUNDS_IN_TRANSIT',
  'REFUNDED',
  'PARTIALLY_REFUNDED',
  'RETURNED',
  'VOIDED',
  'ERROR',
  'CHARGED_BACK',
  'HELD',
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** The spec's six methods plus PAYPAL and ZELLE, which the remote service also sends. */
export const TRANSACTION_METHODS = [
  'ACH',
  'CARD',
  'CREDIT',
  'DEBIT',
  'MANUAL',
  'PUSH_TO_CARD',
  'PAYPAL',
  'ZELLE',
] as const;
export type TransactionMethod = (typeof TRANSACTION_METHODS)[number];

/** The methods a payment link may be limited to: the remote's `PaymentMethod` less `UNKNOWN`. */
export const LINK_PAYMENT_METHODS = ['ACH', 'CHECK', 'CREDIT', 'DEBIT', 'PUSH_TO_CARD'] as const;
export type LinkPaymentMethod = (typeof LINK_PAYMENT_METHODS)[number];

/** A payment link takes at most this many amounts: one operating and one trust. */
export const MAX_LINK_AMOUNTS = 2;

export const BANK_ACCOUNT_CATEGORIES = ['operating', 'trust'] as const;
export type BankAccountCategory = (typeof BANK_ACCOUNT_CATEGORIES)[number];

/** Largest page a list answers. */
export const MAX_PAGE_SIZE = 200;
export const DEFAULT_PAGE_SIZE = 50;

export const SYNC_STATUSES = ['pending', 'synced', 'retrying', 'error'] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];
