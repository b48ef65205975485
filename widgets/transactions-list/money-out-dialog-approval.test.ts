import { expect } from '@open-wc/testing';
import type { MoneyOutAwaitingApproval } from '../../shared/money-out-answer.js';
import { configure } from '../core/config.js';
import type { ServiceErrorEvent, ServiceTransactionRefundedEvent } from '../core/events.js';
import { $, focused, text } from '../testing/helpers.js';
import { json, mockApi, type MockApi } from '../testing/mock-api.js';
import { afterEach, before, describe, it } from '../testing/mocha.js';
import {
  answer,
  field,
  listRoutes,
  mount,
  open,
  settled,
  submit,
} from '../testing/money-out-screen.js';
import './define.js';

// The refund dialog's answers beyond the balance guard: money paid but not yet collected (409
// TRUST_FUNDS_NOT_COLLECTED, overridable with a reason), and an override that waits for a second
// admin (202 `awaiting_approval`, the `requireSecondApprover` setting).

let api: MockApi;
afterEach(() => api?.restore());
before(() => configure({ apiBase: 'http://api.test', token: 'pwt_test' }));

const notCollected = () =>
  json(
    {
      error: {
        code: 'TRUST_FUNDS_NOT_COLLECTED',
        message: '$200.00 is more than the matter’s collected trust funds of $100.00',
        details: {
          balance: '250.00',
          uncollected: '150.00',
          available: '100.00',
          amount: '200.00',
          after: '-100.00',
          scope: 'matter',
        },
        requestId: 'req-1',
      },
    },
    409,
  );

const awaiting: MoneyOutAwaitingApproval = {
  status: 'awaiting_approval',
  idempotencyKey: 'k',
  approval: {
    id: crypto.randomUUID(),
    kind: 'money_out',
    status: 'pending',
    what: 'Refund of $200.00',
    amount: '200.00',
    reason: 'Client instructed in writing',
    refusal: 'not collected',
    subjectId: settled.id,
    requestedBy: { id: 'u-1', name: 'Ana Ruiz' },
    requestedAt: '2026-11-29T10:00:00.000Z',
    expiresAt: '2026-12-06T10:00:00.000Z',
    decidedBy: null,
    decidedAt: null,
    result: null,
  },
  original: settled,
  reversals: [],
};

/** An admin's list whose refunds answer `refund` (given the override sent, or none). */
async function dialogWith(refund: (override: unknown) => Response | object) {
  api = mockApi({
    ...listRoutes('admin', () => [settled]),
    'POST /api/transactions/:id/refund': (call) =>
      refund((call.body as { override?: unknown }).override),
  });
  const el = await mount();
  const heard: ServiceTransactionRefundedEvent[] = [];
  const errors: ServiceErrorEvent[] = [];
  el.addEventListener('service-transaction-refunded', (e) => heard.push(e));
  el.addEventListener('service-error', (e) => errors.push(e));
  const dialog = await open(el, 'refund', settled);
  field(dialog, 'amount').value = '200.00';
  await submit(dialog);
  return { dialog, heard, errors };
}

describe('the refund dialog beyond the collected funds', () => {
  it('offers the override for money not yet collected, sent with its reason', async () => {
    const { dialog, heard, errors } = await dialogWith((override) =>
      override ? answer() : notCollected(),
    );
    await expect(dialog).to.be.accessible();
    const warning = $(dialog, '[part~="trust-warning"]');
    expect(text(warning)).to.contain(
      'Trust funds not yet collected. This is more than the matter’s collected trust funds of $100.00: $150.00 is paid but not yet collected',
    );
    expect(errors.map((e) => e.detail.code)).to.deep.equal(['TRUST_FUNDS_NOT_COLLECTED']);
    const why = field(dialog, 'overrideReason');
    expect(focused(dialog)).to.equal(why);
    expect(text($(dialog, '[part~="submit"]'))).to.equal('Override and refund');
    why.value = 'Card payment confirmed by the bank';
    await submit(dialog);
    const calls = api.callsTo('POST /api/transactions/:id/refund');
    expect(calls.map((c) => c.body)).to.deep.equal([
      { amount: '200.00' },
      { amount: '200.00', override: { reason: 'Card payment confirmed by the bank' } },
    ]);
    expect(text($(dialog, '[part~="result"]'))).to.contain('Refunded $200.00.');
    expect(heard).to.have.length(1);
  });

  it('says an override waiting for a second approver (202) is neither done nor failed', async () => {
    const { dialog, heard, errors } = await dialogWith((override) =>
      override ? json(awaiting, 202) : notCollected(),
    );
    field(dialog, 'overrideReason').value = 'Client instructed in writing';
    await submit(dialog);
    const result = $(dialog, '[part~="result"]');
    expect(result.getAttribute('part')).to.contain('awaiting-approval');
    expect(result.dataset.tone).to.equal('warning');
    expect(text(result)).to.equal(
      'Waiting for a second approver. The refund of $200.00 goes to the payment service once another admin approves it.',
    );
    expect(text(result)).not.to.contain('Refunded');
    expect(focused(dialog)).to.equal(result);
    await expect(dialog).to.be.accessible();
    // The event says so: its detail is the API's answer, awaiting approval.
    expect(heard.map((e) => e.detail.status)).to.deep.equal(['awaiting_approval']);
    expect(heard[0]!.detail).to.deep.equal(awaiting);
    // The 409 before it was the only error.
    expect(errors.map((e) => e.detail.code)).to.deep.equal(['TRUST_FUNDS_NOT_COLLECTED']);
  });
});
