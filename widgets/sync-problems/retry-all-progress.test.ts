import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { WorkProgress } from '../../shared/progress.js';
import type { SyncProblemRecord } from '../../shared/sync-problems.js';
import { configure } from '../core/config.js';
import { $, $$, focused, settle, text } from '../testing/helpers.js';
import { apiError, mockApi, until, type MockApi } from '../testing/mock-api.js';
import { aWorkProgress, progressReport } from '../testing/records.js';
import { afterEach, before, describe, it } from '../testing/mocha.js';
import './define.js';
import type { ServiceSyncProblems } from './define.js';

// "Retry all" in <service-sync-problems> goes on after its request: the re-queued jobs drain,
// and the widget shows how many the sync has tried again, from GET /api/admin/progress.

let api: MockApi;
afterEach(() => api?.restore());
before(() => configure({ apiBase: 'http://api.test', token: 'pwt_test' }));

const problem = (n: number): SyncProblemRecord => {
  const id = `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`;
  return {
    id,
    kind: 'client',
    recordId: id,
    name: `Client ${n}`,
    status: 'error',
    errorMessage: 'The remote service answered 503',
    attempts: 3,
    nextAttemptAt: null,
    amount: null,
    updatedAt: '2026-11-21T10:00:00.000Z',
  };
};
const draining = (done: number, finished = false) =>
  aWorkProgress({ done, total: 3, finishedAt: finished ? '2026-11-21T10:00:03.000Z' : null });

/** Three problems; "Retry all" re-queues them; each progress read answers the next of `reads`. */
function server(reads: (WorkProgress | Response)[]) {
  let problems = [problem(1), problem(2), problem(3)];
  api = mockApi({
    'GET /api/admin/sync-problems': () => ({ data: problems, nextCursor: null }),
    'POST /api/admin/sync-problems/retry': () => {
      const retried = problems.length;
      problems = [];
      return { retried };
    },
    'GET /api/admin/progress': () => {
      const p = reads.length > 1 ? reads.shift()! : reads[0]!;
      return p instanceof Response ? p : progressReport('retryAll', p);
    },
  });
}

async function mount() {
  const el = await fixture<ServiceSyncProblems>(
    html`<service-sync-problems poll-interval="0"></service-sync-problems>`,
  );
  await settle(el, 4);
  return el;
}

const outcome = (el: Element) => text($(el, '[part~="result"]'));

describe('<service-sync-problems> retry all progress', () => {
  it('shows those tried again of those put back in line until the queue drains', async () => {
    const reads: (WorkProgress | Response)[] = [draining(1)];
    server(reads);
    const el = await mount();
    const retried = oneEvent(el, 'service-sync-retried');
    $(el, '[part~="retry-all-button"]').click();
    expect((await retried).detail).to.deep.equal({ id: null, retried: 3 });
    await until(() => text($(el, '[part~="progress"]')) === '1 / 3', 3000, '1 / 3');
    const bar = $<HTMLProgressElement>(el, 'progress');
    expect([bar.value, bar.max]).to.deep.equal([1, 3]);
    expect(bar.getAttribute('aria-label')).to.equal('Retried records tried again');
    expect(outcome(el)).to.equal('3 records put back in line: the sync tries again now.');
    await expect(el).to.be.accessible();
    // The workers take on the rest: the next reads move on, and the last is finished.
    reads.splice(0, reads.length, draining(2), draining(3, true));
    await until(() => outcome(el).includes('tried them all again'), 5000, 'the drain to end');
    expect(outcome(el)).to.equal('3 records put back in line: the sync has tried them all again.');
    expect($$(el, '[part~="progress"]')).to.have.length(0);
  });

  it('runs from the keyboard; a progress that cannot be read leaves the outcome as it was', async () => {
    server([apiError(503, 'The database is unavailable', undefined, 'unavailable')]);
    const el = await mount();
    $(el, '[part~="retry-all-button"]').focus();
    expect(focused(el)).to.equal($(el, '[part~="retry-all-button"]'));
    const retried = oneEvent(el, 'service-sync-retried');
    await sendKeys({ press: 'Enter' });
    await retried;
    await until(() => api.callsTo('GET /api/admin/progress').length >= 1, 3000, 'a read');
    await settle(el, 4);
    expect(outcome(el)).to.equal('3 records put back in line: the sync tries again now.');
    expect($$(el, '[part~="progress"]')).to.have.length(0);
    expect($$(el, '[role="alert"]')).to.have.length(0);
    expect(focused(el)).to.equal($(el, '[part~="result"]'));
  });
});
