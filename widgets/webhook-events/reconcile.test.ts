import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { WorkProgress } from '../../shared/progress.js';
import { configure } from '../core/config.js';
import { $, $$, focused, settle, text } from '../testing/helpers.js';
import { apiError, mockApi, until, type MockApi, type Handler } from '../testing/mock-api.js';
import { afterEach, before, describe, it } from '../testing/mocha.js';
import { aWorkProgress, progressReport } from '../testing/records.js';
import './define.js';
import type { ServiceWebhookEvents } from './define.js';

// "Reconcile now" in <service-webhook-events>: progress while it runs, a run already going
// followed to its end (409), errors.

let api: MockApi;
afterEach(() => api?.restore());
before(() => configure({ apiBase: 'http://api.test', token: 'pwt_test' }));

const result = {
  pulled: 8,
  refreshed: 4,
  enqueued: 10,
  watermark: '2026-11-21T10:00:00.000Z',
  finishedAt: '2026-11-21T10:00:05.000Z',
};
const running = (done: number, total: number) => aWorkProgress({ done, total });
const ended = (done: number) =>
  aWorkProgress({ done, total: done, finishedAt: '2026-11-21T10:00:05.000Z' });

/** An empty event log, the reconcile route, and the progress it reports (one answer a read). */
function server(reconcile: Handler, progress: () => WorkProgress | null | Response) {
  api = mockApi({
    'GET /api/admin/webhook-events': () => ({ data: [], nextCursor: null }),
    'POST /api/admin/reconcile': reconcile,
    'GET /api/admin/progress': () => {
      const p = progress();
      return p instanceof Response ? p : progressReport('reconciliation', p);
    },
  });
}

async function mount() {
  const el = await fixture<ServiceWebhookEvents>(
    html`<service-webhook-events poll-interval="0"></service-webhook-events>`,
  );
  await settle(el, 4);
  return el;
}

const button = (el: Element) => $(el, '[part~="reconcile-button"]');

describe('<service-webhook-events> reconcile now', () => {
  it('shows the transactions checked while it runs, then the outcome, and emits service-reconciled', async () => {
    let release!: () => void;
    const answer = new Promise<void>((resolve) => (release = resolve));
    server(
      async () => {
        await answer;
        return result;
      },
      () => running(3, 12),
    );
    const el = await mount();
    const reconciled = oneEvent(el, 'service-reconciled');
    button(el).click();
    await until(() => $$(el, 'progress').length === 1, 3000, 'the progress bar');
    const bar = $<HTMLProgressElement>(el, 'progress');
    expect([bar.value, bar.max]).to.deep.equal([3, 12]);
    expect(bar.getAttribute('aria-label')).to.equal('Transactions reconciled');
    expect(text($(el, '[part~="progress"]'))).to.equal('3 / 12');
    expect(text(button(el))).to.equal('Reconciling…');
    expect(button(el).getAttribute('aria-disabled')).to.equal('true');
    await expect(el).to.be.accessible();
    button(el).click(); // a second click while it runs does nothing
    release();
    expect((await reconciled).detail).to.deep.equal({ result });
    await settle(el);
    expect(text($(el, '[part~="result"]'))).to.equal(
      'Reconciled: 12 transactions checked, 10 brought up to date.',
    );
    expect($$(el, '[part~="progress"]')).to.have.length(0);
    expect(api.callsTo('POST /api/admin/reconcile')).to.have.length(1);
  });

  it('follows a reconciliation already running (409) to its end', async () => {
    const reads = [running(0, 0), running(4, 10), ended(10)];
    server(
      () => apiError(409, 'A reconciliation is already running', undefined, 'conflict'),
      () => reads.shift() ?? ended(10),
    );
    const el = await mount();
    const reconciled = oneEvent(el, 'service-reconciled');
    button(el).click();
    await until(() => text($(el, '[part~="progress"]')) === '4 / 10', 5000, 'its progress');
    // Before the total is known the bar is indeterminate; now it counts.
    expect($<HTMLProgressElement>(el, 'progress').value).to.equal(4);
    expect((await reconciled).detail).to.deep.equal({ result: null });
    await settle(el);
    expect(text($(el, '[part~="result"]'))).to.equal(
      'The reconciliation that was running has ended: 10 transactions checked.',
    );
    expect($$(el, '[role="alert"]')).to.have.length(0);
  });

  it('runs from the keyboard, and the button keeps focus', async () => {
    server(
      () => result,
      () => ended(12),
    );
    const el = await mount();
    button(el).focus();
    expect(focused(el)).to.equal(button(el));
    const reconciled = oneEvent(el, 'service-reconciled');
    await sendKeys({ press: 'Enter' });
    await reconciled;
    await settle(el);
    expect(text($(el, '[part~="result"]'))).to.contain('12 transactions checked');
    expect(focused(el)).to.equal(button(el));
  });

  it('shows a failure in plain words, reports it as service-error, and stays accessible', async () => {
    server(
      () => apiError(502, 'Reconciliation failed: the payment service answered 500'),
      () => apiError(503, 'The database is unavailable', undefined, 'unavailable'),
    );
    const el = await mount();
    const failed = oneEvent(el, 'service-error');
    button(el).click();
    expect((await failed).detail).to.include({ operation: 'reconcile', status: 502 });
    await settle(el);
    expect(text($(el, '[role="alert"]'))).to.contain('the payment service answered 500');
    expect($$(el, '[part~="result"]')).to.have.length(0);
    expect($$(el, '[part~="progress"]')).to.have.length(0);
    expect(text(button(el))).to.equal('Reconcile now');
    await expect(el).to.be.accessible();
  });
});
