import { fixture, html } from '@open-wc/testing';
import type { MoneyOutAnswer } from '../../shared/money-out-answer.js';
import type { Transaction } from '../../shared/schemas.js';
import { configure } from '../core/config.js';
import { $, settle } from './helpers.js';
import { json, page, until, type Handler } from './mock-api.js';
import { aTransaction } from './records.js';
import type { ServiceTransactionsList } from '../transactions-list/define.js';
import type { ServiceMoneyOutDialog } from '../transactions-list/money-out-dialog.js';

// The refund / void dialog's suites: the payments, the API's answers and refusals, a mounted
// list, and the dialog opened and submitted.

export const settled = aTransaction({
  type: 'ccPayment',
  amount: '250.00',
  amountRefunded: '50.00',
  payerName: 'Pat Payer',
  status: 'DEPOSITED',
});
export const pending = aTransaction({ type: 'achPayment', amount: '80.00', status: 'PENDING' });
export const refund = aTransaction({
  type: 'refund',
  amount: '50.00',
  status: 'SUCCESSFUL',
  originalTransactionId: settled.id,
});
export const spent = aTransaction({
  type: 'ccPayment',
  amount: '20.00',
  amountRefunded: '20.00',
  status: 'REFUNDED',
});

export const answer = (over: Partial<MoneyOutAnswer> = {}): MoneyOutAnswer => ({
  status: 'SUCCESS',
  idempotencyKey: 'k',
  request: {
    id: crypto.randomUUID(),
    kind: 'refund',
    status: 'SUCCESS',
    errorMessage: null,
    serviceId: 'rr-1',
    amount: '200.00',
  },
  original: { ...settled, amountRefunded: '250.00', status: 'REFUNDED' },
  reversals: [refund],
  ...over,
});

export const trustRefusal = () =>
  json(
    {
      error: {
        code: 'TRUST_BALANCE_WOULD_GO_NEGATIVE',
        message: 'This would take the matter’s trust balance of 120.00 below zero (to -80.00)',
        details: { balance: '120.00', amount: '200.00', after: '-80.00', scope: 'matter' },
        requestId: 'req-1',
      },
    },
    409,
  );

export async function mount() {
  // A fresh client per test: the role is remembered per API client.
  configure({ apiBase: 'http://api.test', token: 'pwt_test' });
  const el = await fixture<ServiceTransactionsList>(
    html`<service-transactions-list></service-transactions-list>`,
  );
  await settle(el, 5);
  // The list shows once loaded, an admin's Refund and Void with it (a file of their own).
  await until(() => el.shadowRoot!.querySelector('table, [part~="empty"]'), 3000, 'the list');
  return el;
}

export const dialogOf = (el: ServiceTransactionsList) =>
  $<ServiceMoneyOutDialog>(el, 'service-money-out-dialog');

/** Clicks a row's action and waits for its dialog to open. */
export async function open(el: ServiceTransactionsList, kind: 'refund' | 'void', t: Transaction) {
  $(el, `[data-action="${kind}"][data-id="${t.id}"]`).click();
  await until(() => el.shadowRoot!.querySelector('service-money-out-dialog'), 3000, 'the dialog');
  const dialog = dialogOf(el);
  await until(() => dialog.shadowRoot?.querySelector('dialog')?.open, 3000, 'open');
  return dialog;
}

export const field = (dialog: ServiceMoneyOutDialog, name: string) =>
  $<HTMLInputElement>(dialog, `[name="${name}"]`);

export async function submit(dialog: ServiceMoneyOutDialog, rounds = 4) {
  $(dialog, '[part~="submit"]').click();
  await settle(dialog, rounds);
}

/** The list's routes for `role` (its role, these transactions). */
export const listRoutes = (role: string, list: () => Transaction[]): Record<string, Handler> => ({
  'GET /api/me': () => ({ role, kind: 'widget-token' }),
  'GET /api/transactions': () => page(list()),
});
