import type {
  AggregateLink,
  BankAccount,
  Client,
  Matter,
  PaymentLink,
  Settings,
  Transaction,
} from '../../shared/schemas.js';
import type { WorkKind, WorkProgress, WorkProgressReport } from '../../shared/progress.js';
import type { SyncProblemRecord } from '../../shared/sync-problems.js';
import type { WebhookEventRecord } from '../../shared/webhooks.js';

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
  amounts: [],
  memo: null,
  paymentMethodsAllowed: null,
  partialPaymentAllowed: null,
  surchargeEnabled: false,
  sendReceipts: true,
  status: 'unpaid',
  url: 'https://pay.example.com/pay/abc',
  ...synced,
  ...over,
});

export const anAggregateLink = (over: Partial<AggregateLink> = {}): AggregateLink => ({
  id: id(),
  name: 'All fees',
  paymentLinkIds: [],
  clientId: null,
  amount: '0.00',
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
  paymentPlanId: null,
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

/** The settings as GET /api/settings answers them: a sandbox token set, no webhook secret. */
export const aSettings = (over: Partial<Settings> = {}): Settings => ({
  productionEnvironment: false,
  apiToken: { isSet: true, last4: '2814' },
  webhookSecret: { isSet: false, last4: null },
  previousWebhookSecret: { isSet: false, last4: null, validUntil: null },
  allowedOrigins: [],
  requireSecondApprover: false,
  collectedAfterDays: 5,
  timeZone: 'America/New_York',
  reminderDays: [3, 7, 14],
  updatedAt: at,
  service: {
    demoMode: false,
    productionUrl: 'https://api.payments.example/',
    sandboxUrl: 'https://api.sandbox.payments.example/',
    sandboxToken: true,
  },
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

/** A webhook event of the log (GET /api/admin/webhook-events): processed unless told. */
export const anEvent = (over: Partial<WebhookEventRecord> = {}): WebhookEventRecord => {
  const n = id().slice(-12);
  return {
    id: `00000000-0000-4000-a000-${n}`,
    eventId: `evt_${Number(n)}`,
    type: 'transaction.created',
    status: 'processed',
    error: null,
    attempts: 1,
    transactionIds: [`txn_${Number(n)}`],
    receivedAt: at,
    processedAt: '2026-11-21T10:00:01.000Z',
    updatedAt: '2026-11-21T10:00:01.000Z',
    ...over,
  };
};

/** A sync problem (GET /api/admin/sync-problems): a client whose sync failed, unless told. */
export const aProblem = (over: Partial<SyncProblemRecord> = {}): SyncProblemRecord => {
  const problemId = `00000000-0000-4000-9000-${id().slice(-12)}`;
  return {
    id: problemId,
    kind: 'client',
    recordId: problemId,
    name: 'Jane Roe',
    status: 'error',
    errorMessage: 'name is too long',
    attempts: 3,
    nextAttemptAt: '2026-11-21T11:00:00.000Z',
    amount: null,
    updatedAt: at,
    ...over,
  };
};
