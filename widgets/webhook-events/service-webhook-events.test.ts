import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { WebhookEventRecord } from '../../shared/webhooks.js';
import { configure } from '../core/config.js';
import { $, $$, choose, focused, settle, text } from '../testing/helpers.js';
import { apiError, mockApi, sleep, type MockApi } from '../testing/mock-api.js';
import { afterEach, before, describe, it } from '../testing/mocha.js';
import { anEvent } from '../testing/records.js';
import './define.js';
import type { ServiceWebhookEvents } from './define.js';

let api: MockApi;
afterEach(() => api?.restore());
before(() => configure({ apiBase: 'http://api.test', token: 'pwt_test' }));

const processed = anEvent();
const dead = anEvent({
  type: 'transaction.refunded',
  status: 'dead',
  error: 'Remote service error (HTTP 500): Injected fault: HTTP 500',
  attempts: 8,
  transactionIds: ['txn_refund', 'txn_original'],
  processedAt: null,
});
const ignored = anEvent({ type: 'payout.created', status: 'ignored', transactionIds: [] });

const rows = (el: Element) =>
  $$(el, 'tbody tr').map((row) => [...row.querySelectorAll('td')].map((td) => text(td)));

async function mount(pollInterval = 0) {
  const el = await fixture<ServiceWebhookEvents>(
    html`<service-webhook-events poll-interval=${pollInterval}></service-webhook-events>`,
  );
  await settle(el, 4);
  return el;
}

/** An event log whose dead events are processed when replayed. */
function server(initial: WebhookEventRecord[], pageSize = 100) {
  const state = { events: initial.map((e) => ({ ...e })) };
  const find = (id: string) => state.events.find((e) => e.id === id);
  const revive = (e: WebhookEventRecord) => Object.assign(e, { status: 'processed', error: null });
  api = mockApi({
    'GET /api/admin/webhook-events': ({ query }) => {
      const status = query.get('status');
      const list = state.events.filter((e) => !status || e.status === status);
      const start = query.get('cursor') ? Number(query.get('cursor')) : 0;
      const end = start + Math.min(pageSize, Number(query.get('limit')));
      return { data: list.slice(start, end), nextCursor: end < list.length ? String(end) : null };
    },
    'GET /api/admin/webhook-events/:id': ({ params }) =>
      find(params.id!) ?? apiError(404, 'Webhook event not found'),
    'POST /api/admin/webhook-events/replay': () => {
      const deadOnes = state.events.filter((e) => e.status === 'dead');
      deadOnes.forEach(revive);
      return { replayed: deadOnes.length };
    },
    'POST /api/admin/webhook-events/:id/replay': ({ params }) => {
      const e = find(params.id!);
      if (!e || e.status !== 'dead') return { replayed: 0 };
      revive(e);
      return { replayed: 1 };
    },
  });
  return state;
}

describe('<service-webhook-events>', () => {
  it('is accessible, with events, with details open, and empty', async () => {
    server([dead, processed, ignored]);
    const el = await mount();
    await expect(el).to.be.accessible();
    $(el, '[part~="details-button"]').click();
    await settle(el, 4);
    await expect(el).to.be.accessible();
    api.restore();
    server([]);
    await expect(await mount()).to.be.accessible();
  });

  it('lists the events newest first with kind, status, attempts and error', async () => {
    server([dead, processed, ignored]);
    const el = await mount();
    expect(api.callsTo('GET /api/admin/webhook-events')[0]!.query.get('limit')).to.equal('25');
    expect($$(el, 'th').map((th) => text(th))).to.deep.equal([
      'Received',
      'Kind',
      'Status',
      'Attempts',
      'Error',
      'Actions',
    ]);
    const [a, b, c] = rows(el);
    expect(a!.slice(1, 5)).to.deep.equal([
      'transaction.refunded',
      'Dead',
      '8',
      'The payment service had a problem answering. Try again in a few minutes.',
    ]);
    expect(a![0]).to.match(/^Nov 21, \d{1,2}:00/);
    expect(b!.slice(1, 5)).to.deep.equal(['transaction.created', 'Processed', '1', '—']);
    expect(c!.slice(1, 3)).to.deep.equal(['payout.created', 'Ignored']);
    // Only the dead event can be replayed.
    expect($$(el, '[part~="replay-button"]').map((b) => text(b))).to.deep.equal([
      `Replay: transaction.refunded ${dead.eventId}`,
    ]);
  });

  it('says when there is no event, for the log and for a status', async () => {
    server([processed]);
    const el = await mount();
    choose($<HTMLSelectElement>(el, '#status'), 'dead');
    await settle(el, 4);
    expect(api.callsTo('GET /api/admin/webhook-events').at(-1)!.query.get('status')).to.equal(
      'dead',
    );
    expect(text($(el, '[part~="empty"]'))).to.equal('No event is dead.');
    api.restore();
    server([]);
    expect(text($(await mount(), '[part~="empty"]'))).to.equal('No webhook received yet.');
  });

  it('filters by status', async () => {
    server([dead, processed, ignored]);
    const el = await mount();
    choose($<HTMLSelectElement>(el, '#status'), 'ignored');
    await settle(el, 4);
    expect(rows(el).map((r) => r[1])).to.deep.equal(['payout.created']);
    choose($<HTMLSelectElement>(el, '#status'), '');
    await settle(el, 4);
    expect(rows(el)).to.have.length(3);
  });

  it('opens an event’s details from the keyboard, read from its own route, never a signature', async () => {
    const state = server([dead, processed]);
    // Whatever else the API might send, only the listed fields are shown.
    Object.assign(state.events[0]!, { signature: 'sig-must-not-show' });
    const el = await mount();
    // Tab: Reconcile now, Replay all dead, the filter, then the first row's Details.
    for (let i = 0; i < 4; i += 1) await sendKeys({ press: 'Tab' });
    expect(text(focused(el))).to.equal(`Details: transaction.refunded ${dead.eventId}`);
    await sendKeys({ press: 'Enter' });
    await settle(el, 4);
    expect(api.callsTo('GET /api/admin/webhook-events/:id')[0]!.params.id).to.equal(dead.id);
    const details = $(el, '[part~="details"]');
    expect(focused(el)).to.equal(details);
    expect($(el, '[part~="details-button"]').getAttribute('aria-expanded')).to.equal('true');
    // Under the row whose button opened it.
    const row = $(el, `tr[data-id="${dead.id}"]`);
    expect(row.nextElementSibling!.contains(details)).to.equal(true);
    const pairs = $$(el, '[part~="details"] dt').map((dt) => [
      text(dt),
      text(dt.nextElementSibling),
    ]);
    expect(pairs.slice(0, 5)).to.deep.equal([
      ['Kind', 'transaction.refunded'],
      ['Status', 'Dead'],
      ['Transaction ids', 'txn_refund txn_original'],
      ['Attempts', '8'],
      ['Error', 'The payment service had a problem answering. Try again in a few minutes.'],
    ]);
    expect(pairs.map(([k]) => k).slice(5)).to.deep.equal(['Received', 'Processed', 'Last change']);
    expect(text(el.shadowRoot!.querySelector('[part~="card"]'))).not.to.contain(
      'sig-must-not-show',
    );
    expect(text(details).toLowerCase()).not.to.contain('signature');
    // Escape closes it and gives focus back to the row's button.
    await sendKeys({ press: 'Escape' });
    await settle(el);
    expect($$(el, '[part~="details"]')).to.have.length(0);
    expect(text(focused(el))).to.equal(`Details: transaction.refunded ${dead.eventId}`);
  });

  it('shows statuses as badges, and Replay all dead as the primary button only with dead events', async () => {
    server([dead, processed]);
    let el = await mount();
    expect($$(el, 'td[part~="status"] .badge').map((b) => [text(b), b.dataset.tone])).to.deep.equal(
      [
        ['Dead', 'error'],
        ['Processed', 'success'],
      ],
    );
    expect($(el, '[part~="replay-all-button"]').classList.contains('primary')).to.equal(true);
    api.restore();
    server([processed]);
    el = await mount();
    expect($(el, '[part~="replay-all-button"]').classList.contains('primary')).to.equal(false);
  });

  it('puts its heading at the level the page asks for', async () => {
    server([processed]);
    const el = await fixture<ServiceWebhookEvents>(
      html`<service-webhook-events poll-interval="0" heading-level="3"></service-webhook-events>`,
    );
    await settle(el, 4);
    expect($(el, '[part~="heading"]').getAttribute('aria-level')).to.equal('3');
  });

  it('replays a dead event and emits service-webhook-events-replayed', async () => {
    server([dead, processed]);
    const el = await mount();
    const event = oneEvent(el, 'service-webhook-events-replayed');
    $(el, '[part~="replay-button"]').click();
    expect((await event).detail).to.deep.equal({ id: dead.id, replayed: 1 });
    await settle(el, 4);
    expect(text($(el, '[part~="result"]'))).to.equal(
      '1 event replayed: it goes through the pipeline again.',
    );
    expect(focused(el)).to.equal($(el, '[part~="result"]'));
    // Reloaded at once: processed now, so no replay button.
    expect(rows(el)[0]![2]).to.equal('Processed');
    expect($$(el, '[part~="replay-button"]')).to.have.length(0);
  });

  it('replays all dead events', async () => {
    const other = anEvent({ status: 'dead', error: 'boom' });
    server([dead, other, processed]);
    const el = await mount();
    const event = oneEvent(el, 'service-webhook-events-replayed');
    $(el, '[part~="replay-all-button"]').click();
    expect((await event).detail).to.deep.equal({ id: null, replayed: 2 });
    await settle(el, 4);
    expect(text($(el, '[part~="result"]'))).to.equal(
      '2 events replayed: they go through the pipeline again.',
    );
    expect(rows(el).map((r) => r[2])).to.deep.equal(['Processed', 'Processed', 'Processed']);
  });

  it('shows API errors in plain words and reports them as service-error', async () => {
    api = mockApi({
      'GET /api/admin/webhook-events': () => apiError(403, 'This needs the admin role'),
    });
    const loadError = oneEvent(document, 'service-error');
    const el = await mount();
    expect((await loadError).detail).to.include({ operation: 'load', status: 403 });
    expect(text($(el, '[role="alert"]'))).to.contain('This needs the admin role');

    api.restore();
    api = mockApi({
      'GET /api/admin/webhook-events': () => ({ data: [dead], nextCursor: null }),
      'GET /api/admin/webhook-events/:id': () => apiError(404, 'Webhook event not found'),
      'POST /api/admin/webhook-events/:id/replay': () =>
        apiError(503, 'The database is unavailable'),
    });
    const el2 = await mount();
    const replayError = oneEvent(el2, 'service-error');
    $(el2, '[part~="replay-button"]').click();
    expect((await replayError).detail).to.include({ operation: 'replay', status: 503 });
    await settle(el2, 4);
    expect(text($(el2, '[part~="error"]'))).to.equal('The database is unavailable.');
    expect(focused(el2)).to.equal($(el2, '[part~="error"]'));
    $(el2, '[part~="details-button"]').click();
    await settle(el2, 4);
    expect(text($(el2, '[part~="details"] [role="alert"]'))).to.equal('Webhook event not found.');
  });

  it('pages with the API cursor, and a refresh keeps what "Show more" added', async () => {
    const many = Array.from({ length: 30 }, () => anEvent());
    server(many);
    const el = await mount(0.1);
    expect(rows(el)).to.have.length(25);
    $(el, '[part~="more-button"]').click();
    await settle(el, 4);
    expect(api.callsTo('GET /api/admin/webhook-events')[1]!.query.get('cursor')).to.equal('25');
    expect(rows(el)).to.have.length(30);
    expect($$(el, '[part~="more-button"]')).to.have.length(0);
    const before = api.callsTo('GET /api/admin/webhook-events').length;
    await sleep(250);
    await settle(el);
    const refreshes = api.callsTo('GET /api/admin/webhook-events').slice(before);
    expect(refreshes.length).to.be.at.least(1);
    expect(refreshes[0]!.query.get('limit')).to.equal('30');
    expect(rows(el)).to.have.length(30);
  });
});
