import type { PaymentPlanDetail } from '../../shared/payment-plans-api.js';

// Payment plans as the API answers them, for widget tests.

let n = 0;
const id = () => `00000000-0000-4000-9000-${String((n += 1)).padStart(12, '0')}`;
const at = '2026-11-21T10:00:00.000Z';

export const aPlan = (over: Partial<PaymentPlanDetail> = {}): PaymentPlanDetail => ({
  id: id(),
  clientId: id(),
  matterId: null,
  amounts: [{ bankAccountId: id(), amount: '300.00' }],
  schedule: { frequency: 'monthly', ends: { payments: 3 } },
  startDate: '2026-12-01',
  paymentMethodsAllowed: null,
  serviceId: 'sub-1',
  status: 'active',
  url: 'https://pay.example.com/pay/subscriptions/sub-1',
  paidAmount: '300.00',
  outstandingAmount: '600.00',
  upcomingPayments: [
    { billDate: '2027-01-01', amount: '300.00' },
    { billDate: '2027-02-01', amount: '300.00' },
  ],
  cancelRequested: false,
  lastPayment: null,
  attention: null,
  syncErrorMessage: null,
  syncStatus: 'synced',
  lastSyncedAt: at,
  syncAttempts: 0,
  nextSyncAt: null,
  createdAt: at,
  updatedAt: at,
  payments: [
    {
      transactionId: id(),
      amount: '300.00',
      status: 'SUCCESSFUL',
      createdOn: '2026-12-01T09:00:00.000Z',
      errorMessage: null,
    },
  ],
  ...over,
});
