import { expect } from '@open-wc/testing';
import { configure } from '../core/config.js';
import { $, $$, focused, settle, text } from '../testing/helpers.js';
import { ANA, BEN, anApproval, tokenOf } from '../testing/ledger-records.js';
import { ADMIN, mount, routes } from '../testing/ledger-screen.js';
import { apiError, json, mockApi, type Handler, type MockApi } from '../testing/mock-api.js';
import { afterEach, before, describe, it } from '../testing/mocha.js';
import type { ServiceTrustLedger } from './define.js';
import type { ServiceApprovalDecidedEvent } from './events.js';
import './define.js';

// The trust ledger's approvals: what waits for a second admin (its count on their button), each
// with what, how much, why, what the guard said, who asked and until when; another admin approves
// it after a question (the outcome says what the guard said then) or rejects it; the person who
// asked withdraws their own; staff read only. The server's refusals are said plainly.

let api: MockApi;
afterEach(() => api?.restore());
before(() => configure({ apiBase: 'http://api.test', token: ADMIN }));

const cheque = anApproval();
const transfer = anApproval({
  id: 'a0000000-0000-4000-8000-0000000000a2',
  kind: 'transfer',
  what: 'Transfer of $100.00 to operating, invoice INV-7',
  amount: '100.00',
});
const refunded = anApproval({
  id: 'a0000000-0000-4000-8000-0000000000a3',
  kind: 'money_out',
  status: 'approved',
  what: 'Refund of $5.00 of transaction 3f…',
  amount: '5.00',
  decidedBy: BEN,
  decidedAt: '2026-11-21T10:00:00.000Z',
  result: { moneyOutRequestId: 'r-1' },
});

const approvalsButton = (el: HTMLElement) => $(el, '[part~="approvals-button"]');

async function openApprovals(el: ServiceTrustLedger) {
  approvalsButton(el).click();
  await settle(el, 4);
}

/** The ledger as `person` (an admin unless `role`), its approvals open. */
async function approvalsTab(person = BEN, over: Record<string, Handler> = {}, role = 'admin') {
  let waiting = [cheque, transfer];
  api = mockApi(
    routes({
      'GET /api/me': () => ({ role, kind: 'widget-token', person: { ...person, via: 'token' } }),
      'GET /api/approvals': () => ({ data: [...waiting, refunded] }),
      'POST /api/approvals/:id/approve': ({ params }) => {
        const done = waiting.find((a) => a.id === params.id)!;
        waiting = waiting.filter((a) => a !== done);
        return {
          ...done,
          status: 'approved',
          decidedBy: person,
          result: { guardAtApproval: 'passed: the money is there now' },
        };
      },
      'POST /api/approvals/:id/reject': ({ params }) => {
        const done = waiting.find((a) => a.id === params.id)!;
        waiting = waiting.filter((a) => a !== done);
        return { ...done, status: 'rejected', decidedBy: person };
      },
      ...over,
    }),
  );
  const el = await mount(role === 'admin' ? ADMIN : tokenOf(role));
  const heard: ServiceApprovalDecidedEvent[] = [];
  el.addEventListener('service-approval-decided', (e) => heard.push(e));
  expect(text(approvalsButton(el))).to.equal('Approvals (2)');
  expect(approvalsButton(el).dataset.tone).to.equal('warning');
  await openApprovals(el);
  return { el, heard };
}

const card = (el: HTMLElement, id: string) => $(el, `[part~="approval"][data-id="${id}"]`);
/** `selector` inside the approval `id`'s block. */
const inCard = (el: HTMLElement, id: string, selector: string) =>
  `[part~="approval"][data-id="${id}"] ${selector}`;

describe('<service-trust-ledger> approvals', () => {
  it('lists what waits with its figures and who asked, then what was decided', async () => {
    const { el } = await approvalsTab();
    const cards = $$(el, '[part~="approval"]');
    expect(cards.map((c) => c.dataset.kind)).to.deep.equal(['disbursement', 'transfer']);
    const first = text(cards[0]!);
    for (const words of [
      'Disbursement',
      'Disbursement of $500.00 to County Recorder (1042)',
      'Amount $500.00',
      'Asked by Ana Ruiz · Nov 20, 2026',
      'Reason for the override Court deadline today',
      'The trust guard said This would take the matter’s trust balance of $39.00',
    ]) {
      expect(first).to.contain(words);
    }
    const decided = $$(el, 'table[part~="history"] tbody tr');
    expect(decided.map((r) => r.dataset.status)).to.deep.equal(['approved']);
    expect(text(decided[0]!)).to.contain('Ben Ortiz');
    await expect(el).to.be.accessible();
  });

  it('another admin approves after a question: done, said so, the balances and the count reload', async () => {
    const { el, heard } = await approvalsTab(BEN);
    const balancesBefore = api.callsTo('GET /api/ledger/balances').length;
    $(el, inCard(el, cheque.id, '[part~="approve-button"]')).click();
    await settle(el, 3);
    // Nothing is sent before the answer to the question.
    expect(api.callsTo('POST /api/approvals/:id/approve')).to.have.length(0);
    const question = $(el, inCard(el, cheque.id, '[part~="confirm"]'));
    expect(text(question)).to.contain(
      'Approve it? It is done at once, beyond the trust guard, as Ana Ruiz asked it.',
    );
    await expect(el).to.be.accessible();
    $(el, '[part~="confirm-approve"]').click();
    await settle(el, 5);
    expect(api.callsTo('POST /api/approvals/:id/approve').map((c) => c.params.id)).to.deep.equal([
      cheque.id,
    ]);
    const outcome = $(el, '[part~="decision"]');
    expect(outcome.dataset.tone).to.equal('success');
    expect(text(outcome)).to.equal('Approved: it was done as it was asked.');
    expect(focused(el)).to.equal(outcome);
    expect(heard.map((e) => e.detail.approval.status)).to.deep.equal(['approved']);
    expect(api.callsTo('GET /api/ledger/balances').length).to.equal(balancesBefore + 1);
    expect(text(approvalsButton(el))).to.equal('Approvals (1)');
    expect($$(el, '[part~="approval"]').map((c) => c.dataset.kind)).to.deep.equal(['transfer']);
  });

  it('says what the guard said at approval when the money was no longer there', async () => {
    const gone = 'This would take the matter’s trust balance of $0.00 below zero (to −$500.00).';
    const { el } = await approvalsTab(BEN, {
      'POST /api/approvals/:id/approve': () => ({
        ...cheque,
        status: 'approved',
        decidedBy: BEN,
        result: { ledgerEntryIds: 'e-1', guardAtApproval: gone },
      }),
    });
    $(el, inCard(el, cheque.id, '[part~="approve-button"]')).click();
    await settle(el, 3);
    $(el, '[part~="confirm-approve"]').click();
    await settle(el, 5);
    const outcome = $(el, '[part~="decision"]');
    expect(outcome.dataset.tone).to.equal('warning');
    expect(text(outcome)).to.equal(
      `Approved: it was done as it was asked. The trust guard at approval: ${gone}`,
    );
  });

  it('the person who asked only withdraws their own; a refusal of the server is said plainly', async () => {
    const { el, heard } = await approvalsTab(ANA, {
      'POST /api/approvals/:id/reject': () =>
        apiError(409, 'This approval was decided already', undefined, 'conflict'),
    });
    expect($$(el, '[part~="approve-button"]')).to.have.length(0);
    expect(text(card(el, cheque.id))).to.contain('You asked for it: another admin approves it.');
    expect(text($(el, inCard(el, cheque.id, '[part~="reject-button"]')))).to.equal('Withdraw');
    $(el, inCard(el, cheque.id, '[part~="reject-button"]')).click();
    await settle(el, 5);
    const outcome = $(el, '[part~="decision"]');
    expect(text(outcome)).to.contain('This approval was decided already');
    expect(focused(el)).to.equal($(el, '[part~="decision"] [part~="error"]'));
    expect(heard).to.have.length(0);
  });

  it('withdrawn by its requester: said so, no longer waiting', async () => {
    const { el, heard } = await approvalsTab(ANA);
    $(el, inCard(el, transfer.id, '[part~="reject-button"]')).click();
    await settle(el, 5);
    expect(api.callsTo('POST /api/approvals/:id/reject').map((c) => c.params.id)).to.deep.equal([
      transfer.id,
    ]);
    expect(text($(el, '[part~="decision"]'))).to.equal('Withdrawn: it will not be done.');
    expect(heard.map((e) => e.detail.approval.status)).to.deep.equal(['rejected']);
    expect($$(el, '[part~="approval"]').map((c) => c.dataset.kind)).to.deep.equal(['disbursement']);
  });

  it('staff read what waits, without the buttons', async () => {
    const { el } = await approvalsTab(BEN, {}, 'staff');
    expect($$(el, '[part~="approve-button"], [part~="reject-button"]')).to.have.length(0);
    expect(text(card(el, cheque.id))).to.contain('An admin approves or rejects it.');
  });

  it('nothing waiting: the button has no count, the view says so; back to the balances', async () => {
    api = mockApi(routes({ 'GET /api/approvals': () => json({ data: [] }) }));
    const el = await mount();
    expect(text(approvalsButton(el))).to.equal('Approvals');
    expect(approvalsButton(el).dataset.tone).to.equal(undefined);
    await openApprovals(el);
    expect(text($(el, '[part~="empty"]'))).to.equal('Nothing waits for approval.');
    expect(focused(el)).to.equal($(el, '[part~="back-button"]'));
    $(el, '[part~="back-button"]').click();
    await settle(el, 3);
    expect($$(el, '[part~="balances"]').length).to.be.greaterThan(0);
    expect(focused(el)).to.equal(approvalsButton(el));
    // The Balances tab chosen again closes them too.
    await openApprovals(el);
    $(el, '#tab-balances').click();
    await settle(el, 3);
    expect($$(el, '[part~="empty"]')).to.have.length(0);
    expect($$(el, '[part~="balances"]').length).to.be.greaterThan(0);
  });
});
