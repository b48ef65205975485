import type {
  AggregateLink,
  BankAccount,
  Client,
  Matter,
  PaymentLink,
  Transaction,
} from '../../shared/schemas.js';
import type { WorkKind, WorkProgress, WorkProgressReport } from '../../shared/progress.js';

// Records as the API answers them, for widget tests.

let n = 0;
const id = () => `00000000-0000-4000-8000-${String((n += 1)).padStart(12, '0')}`;
const at = '2026-11-21T10:00:00.000Z';
const synced = {
  serviceId: 'remote-1',
  syncErrorMessage: null,
  syncStatus: 'synced' as const,
  lastSyncedAt: at,
  syncAttempts: 0,
  nextSyncAt: null,
  createdAt: at,
  updatedAt: at,
};

export const aClient = (over: Partial<Client> = {}): Client => ({
  id: id(),
  name: 'Jane Roe',
  ...synced,
  ...over,
});

export const aMatter = (over: Partial<Matter> = {}): Matter => ({
  id: id(),
  name: 'Estate of Roe',
  clientId: id(),
  ...synced,
  ...over,
});

export const aBankAccount = (over: Partial<BankAccount> = {}): BankAccount => ({
  id: id(),
  name: 'Operating',
  category: 'operating',
  serviceId: 'remote-ba',
  isDefault: true,
  lastFour: '1111',
  isFeeAccount: false,
  isChargebackAccount: false,
  createdAt: at,
  updatedAt: at,
  ...over,
});

export const aPaymentLink = (over: Partial<PaymentLink> = {}): PaymentLink => ({
  id: id(),
  name: 'Retainer',
  amount: '150.00',
  bankAccountId: id(),
  clientId: id(),
  matterId: null,
  outstandingAmount: '150.00',
  paidAmount: '0.00',
  status: 'unpaid',
  url: 'https://pay.example.com/pay/abc',
  ...synced,
  ...over,
});

export const anAggregateLink = (over: Partial<AggregateLink> = {}): AggregateLink => ({
  id: id(),
  name: 'All fees',
  paymentLinkIds: [],
  url: 'https://pay.example.com/pay/agg',
  ...synced,
  ...over,
});

export const aTransaction = (over: Partial<Transaction> = {}): Transaction => ({
  id: id(),
  amount: '150.00',
  amountRefunded: '0.00',
  bankAccountId: null,
  clientId: null,
  matterId: null,
  paymentLinkId: null,
  originalTransactionId: null,
  originalServiceId: null,
  depositId: null,
  settledOn: null,
  surchargeAmount: '0.00',
  serviceId: 'remote-tx',
  createdOn: at,
  errorMessage: null,
  lastFour: '4242',
  method: 'CARD',
  payerEmail: 'pat@example.com',
  payerName: 'Pat Payer',
  status: 'SUCCESSFUL',
  type: 'payment',
  createdAt: at,
  updatedAt: at,
  ...over,
});

/** A run of long work as GET /api/admin/progress answers it: going unless `finishedAt` is set. */
export const aWorkProgress = (over: Partial<WorkProgress> = {}): WorkProgress => ({
  done: 0,
  total: 0,
  startedAt: at,
  finishedAt: null,
  ...over,
});

/** GET /api/admin/progress when only `kind` of the long work has run. */
export const progressReport = (
  kind: WorkKind,
  progress: WorkProgress | null,
): WorkProgressReport => ({
  bankAccounts: null,
  reconciliation: null,
  retryAll: null,
  [kind]: progress,
});
