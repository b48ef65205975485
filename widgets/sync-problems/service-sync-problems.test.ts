import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { SyncProblemRecord } from '../../shared/sync-problems.js';
import { sendKeys } from '@web/test-runner-commands';
import { configure } from '../core/config.js';
import { $, $$, focused, settle, text } from '../testing/helpers.js';
import { apiError, mockApi, sleep, type MockApi } from '../testing/mock-api.js';
import { afterEach, before, describe, it } from '../testing/mocha.js';
import { aClient, aPaymentLink, aProblem } from '../testing/records.js';
import './define.js';
import type { ServiceSyncProblems } from './define.js';

let api: MockApi;
afterEach(() => api?.restore());
before(() => configure({ apiBase: 'http://api.test', token: 'pwt_test' }));

const client = aProblem();
const link = aProblem({
  kind: 'paymentLink',
  name: 'Retainer',
  status: 'retrying',
  errorMessage: 'Remote service error (HTTP 500): Injected fault: HTTP 500',
  attempts: 1,
});
const removal = aProblem({
  kind: 'aggregateLinkRemoval',
  name: null,
  recordId: 'abcdef12-0000-4000-8000-000000000000',
  status: 'dead',
  errorMessage: 'aggregate link not found',
  attempts: 8,
  nextAttemptAt: null,
});

const rows = (el: Element) =>
  $$(el, 'tbody tr').map((row) => [...row.querySelectorAll('td')].map((td) => text(td)));

async function mount(pollInterval = 0) {
  const el = await fixture<ServiceSyncProblems>(
    html`<service-sync-problems poll-interval=${pollInterval}></service-sync-problems>`,
  );
  await settle(el, 4);
  return el;
}

/** A server whose problems go away when retried (as a sync that now works would). */
function server(initial: SyncProblemRecord[], nextCursor: string | null = null) {
  const state = { problems: [...initial] };
  api = mockApi({
    'GET /api/admin/sync-problems': ({ query }) => {
      const after = query.get('cursor');
      const data = after
        ? state.problems.slice(1)
        : state.problems.slice(0, 1 + (nextCursor ? 0 : 99));
      return { data, nextCursor: after ? null : nextCursor };
    },
    'POST /api/admin/sync-problems/retry': ({ body }) => {
      const { id } = body as { id?: string };
      const before = state.problems.length;
      state.problems = id ? state.problems.filter((p) => p.id !== id) : [];
      return { retried: before - state.problems.length };
    },
  });
  return state;
}

describe('<service-sync-problems>', () => {
  it('is accessible, with problems and when all is in step', async () => {
    server([client, link, removal]);
    await expect(await mount()).to.be.accessible();
    api.restore();
    server([]);
    await expect(await mount()).to.be.accessible();
  });

  it('lists each problem with its type, name, message, attempts and next try', async () => {
    server([client, link, removal]);
    const el = await mount();
    expect(api.callsTo('GET /api/admin/sync-problems')[0]!.query.get('limit')).to.equal('25');
    expect($$(el, 'th').map((th) => text(th))).to.deep.equal([
      'Type',
      'Status',
      'Name',
      'Message',
      'Attempts',
      'Next try',
      'Action',
    ]);
    const [a, b, c] = rows(el);
    expect(a!.slice(0, 5)).to.deep.equal([
      'Client',
      'Failed',
      'Jane Roe',
      'name is too long.',
      '3',
    ]);
    expect(a![5]).to.match(/^Nov 21, \d{1,2}:00/);
    expect(b!.slice(0, 5)).to.deep.equal([
      'Payment link',
      'Retrying',
      'Retainer',
      // The payment service's failure in plain words, never the transport's.
      'The payment service had a problem answering. Try again in a few minutes.',
      '1',
    ]);
    expect(c!.slice(0, 6)).to.deep.equal([
      'Aggregate link removal',
      'Gave up',
      'Deleted record abcdef12',
      'aggregate link not found.',
      '8',
      'Only when retried',
    ]);
    // Each row's button says which record it retries.
    expect(text($$(el, '[part~="retry-button"]')[1])).to.equal('Retry: Payment link Retainer');
  });

  it('says all is in step when nothing fails', async () => {
    server([]);
    const el = await mount();
    expect(text($(el, '[part~="empty"]'))).to.equal(
      'All is in step: every record has reached the payment service.',
    );
    expect($$(el, '[part~="retry-all-button"]')).to.have.length(0);
  });

  it('retries one problem from the keyboard, announces it and emits service-sync-retried', async () => {
    server([client, link]);
    const el = await mount();
    // Tab: Retry all, then the first row's Retry.
    await sendKeys({ press: 'Tab' });
    expect(text(focused(el))).to.equal('Retry all');
    await sendKeys({ press: 'Tab' });
    expect(text(focused(el))).to.equal('Retry: Client Jane Roe');
    const event = oneEvent(el, 'service-sync-retried');
    await sendKeys({ press: 'Enter' });
    expect((await event).detail).to.deep.equal({ id: client.id, retried: 1 });
    expect(api.callsTo('POST /api/admin/sync-problems/retry')[0]!.body).to.deep.equal({
      id: client.id,
    });
    await settle(el, 4);
    expect(text($(el, '[part~="result"]'))).to.equal(
      '1 record put back in line: the sync tries again now.',
    );
    // The list is reloaded at once: the retried record is gone, and focus is not lost.
    expect(rows(el).map((r) => r[2])).to.deep.equal(['Retainer']);
    expect(focused(el)).to.equal($(el, '[part~="result"]'));
  });

  it('retries all, then shows that all is in step', async () => {
    server([client, link, removal]);
    const el = await mount();
    const event = oneEvent(el, 'service-sync-retried');
    $(el, '[part~="retry-all-button"]').click();
    expect((await event).detail).to.deep.equal({ id: null, retried: 3 });
    expect(api.callsTo('POST /api/admin/sync-problems/retry')[0]!.body).to.deep.equal({});
    await settle(el, 4);
    expect(text($(el, '[part~="result"]'))).to.equal(
      '3 records put back in line: the sync tries again now.',
    );
    expect($$(el, '[part~="empty"]')).to.have.length(1);
  });

  it('shows API errors in plain words and reports them as service-error', async () => {
    api = mockApi({
      'GET /api/admin/sync-problems': () => apiError(403, 'This needs the admin role'),
    });
    const errorEvent = oneEvent(document, 'service-error');
    const el = await mount();
    expect((await errorEvent).detail).to.include({ operation: 'load', status: 403 });
    expect(text($(el, '[role="alert"]'))).to.contain('This needs the admin role');
    await expect(el).to.be.accessible();

    api.restore();
    api = mockApi({
      'GET /api/admin/sync-problems': () => ({ data: [client], nextCursor: null }),
      'POST /api/admin/sync-problems/retry': () =>
        apiError(503, 'The database is unavailable', undefined, 'unavailable'),
    });
    const el2 = await mount();
    const retryError = oneEvent(el2, 'service-error');
    $(el2, '[part~="retry-button"]').click();
    expect((await retryError).detail).to.include({ operation: 'retry', status: 503 });
    await settle(el2, 4);
    expect(text($(el2, '[part~="error"]'))).to.equal('The database is unavailable.');
    expect(focused(el2)).to.equal($(el2, '[part~="error"]'));
    // The problem is still listed.
    expect(rows(el2)).to.have.length(1);
  });

  it('names an unnamed payment link by its amount, client and date', async () => {
    const jane = aClient({ name: 'Jane Roe' });
    const unnamed = aPaymentLink({ name: null, amount: '1250.50', clientId: jane.id });
    const state = {
      problems: [aProblem({ kind: 'paymentLink', name: null, recordId: unnamed.id })],
    };
    api = mockApi({
      'GET /api/admin/sync-problems': () => ({ data: state.problems, nextCursor: null }),
      'GET /api/payment-links/:id': () => unnamed,
      'GET /api/clients/:id': () => jane,
    });
    const el = await mount();
    await settle(el, 4);
    expect(rows(el)[0]![2]).to.equal('$1,250.50 · Jane Roe · Nov 21, 10:00 AM');
  });

  it('offers Retry all only for what does not retry on its own', async () => {
    server([link]);
    const el = await mount();
    expect(rows(el)).to.have.length(1);
    expect($$(el, '[part~="retry-all-button"]')).to.have.length(0);
  });

  it('shows a refused refund with the service message and no retry at all', async () => {
    const refund = aProblem({
      kind: 'refund',
      name: null,
      recordId: 'fedcba98-0000-4000-8000-000000000000',
      status: 'failed',
      errorMessage: 'Card closed',
      attempts: 1,
      nextAttemptAt: null,
      amount: '4.00',
    });
    const voided = aProblem({ ...refund, id: crypto.randomUUID(), kind: 'void', amount: null });
    server([refund, voided]);
    const el = await mount();
    expect(rows(el)).to.deep.equal([
      [
        'Refund',
        'Refused by the service',
        '$4.00 · Transaction fedcba98',
        'Card closed.',
        '1',
        'Never: ask again from the transaction',
        '',
      ],
      [
        'Void',
        'Refused by the service',
        'Transaction fedcba98',
        'Card closed.',
        '1',
        'Never: ask again from the transaction',
        '',
      ],
    ]);
    expect($$(el, '[part~="retry-button"]')).to.have.length(0);
    expect($$(el, '[part~="retry-all-button"]')).to.have.length(0);
    await expect(el).to.be.accessible();
    // Beside a record that does retry, "Retry all" is offered (the server skips the refund).
    api.restore();
    server([client, refund]);
    const both = await mount();
    expect($$(both, '[part~="retry-button"]')).to.have.length(1);
    expect($$(both, '[part~="retry-all-button"]')).to.have.length(1);
  });

  it('pages with the API cursor', async () => {
    server([client, link, removal], 'cursor-1');
    const el = await mount();
    expect(rows(el)).to.have.length(1);
    $(el, '[part~="more-button"]').click();
    await settle(el, 4);
    expect(api.callsTo('GET /api/admin/sync-problems')[1]!.query.get('cursor')).to.equal(
      'cursor-1',
    );
    expect(rows(el).map((r) => r[2])).to.deep.equal([
      'Jane Roe',
      'Retainer',
      'Deleted record abcdef12',
    ]);
    expect($$(el, '[part~="more-button"]')).to.have.length(0);
  });

  it('refreshes while visible; when that fails it keeps the rows, and never says all is in step', async () => {
    let fail = false;
    let problems = [client];
    api = mockApi({
      'GET /api/admin/sync-problems': () =>
        fail ? apiError(503, 'The database is unavailable') : { data: problems, nextCursor: null },
    });
    const el = await mount(0.1);
    fail = true;
    await sleep(250);
    await settle(el);
    expect(text($(el, '[part~="warning"]'))).to.match(
      /^Could not refresh\. The database is unavailable\. Showing the problems as of /,
    );
    expect(rows(el)).to.have.length(1);
    fail = false;
    problems = [];
    await sleep(250);
    await settle(el);
    expect($$(el, '[part~="empty"]')).to.have.length(1);
    fail = true;
    await sleep(250);
    await settle(el);
    // Down again: whether all is in step is not known.
    expect(text($(el, '[part~="warning"]'))).to.equal(
      'Could not refresh. The database is unavailable.',
    );
    expect($$(el, '[part~="empty"]')).to.have.length(0);
  });
});
