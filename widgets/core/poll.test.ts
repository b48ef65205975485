import { expect } from '@open-wc/testing';
import { LitElement } from 'lit';
import { sleep } from '../testing/mock-api.js';
import { afterEach, describe, it } from '../testing/mocha.js';
import { MAX_BACKOFF_MS, PollController } from './poll.js';

// The live refresh every polling widget shares: its timing, back-off and pause while hidden.

class PollHost extends LitElement {
  ok = true;
  runs = 0;
  interval = 50;
  readonly poll = new PollController(this, {
    run: async () => {
      this.runs += 1;
      return this.ok;
    },
    interval: () => this.interval,
  });
}
customElements.define('poll-test-host', PollHost);

let visibility = 'visible';
function pretendVisibility(state: 'visible' | 'hidden') {
  visibility = state;
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  delete (document as { visibilityState?: unknown }).visibilityState;
  document.querySelectorAll('poll-test-host').forEach((el) => el.remove());
});

function mount(): PollHost {
  pretendVisibility('visible');
  const el = document.createElement('poll-test-host') as PollHost;
  document.body.append(el);
  return el;
}

describe('PollController', () => {
  it('reloads every interval while connected, and never after the element left', async () => {
    const el = mount();
    await sleep(280);
    expect(el.runs).to.be.within(4, 6);
    el.remove();
    const runs = el.runs;
    await sleep(150);
    expect(el.runs).to.equal(runs);
  });

  it('backs off while reloads fail, up to a minute, and comes back after a success', async () => {
    const el = mount();
    el.ok = false;
    await sleep(60);
    expect(el.runs).to.equal(1);
    // Failed once: the next wait is doubled (100 ms), then 200 ms.
    expect(el.poll.delay).to.equal(100);
    await sleep(120);
    expect(el.runs).to.equal(2);
    expect(el.poll.delay).to.equal(200);
    await sleep(120);
    expect(el.runs, 'no reload within the doubled wait').to.equal(2);
    el.interval = 40_000;
    expect(el.poll.delay).to.equal(MAX_BACKOFF_MS);
    el.interval = 50;
    el.ok = true;
    await el.poll.poke();
    expect(el.poll.delay).to.equal(50);
  });

  it('makes no request while the page is hidden, and reloads at once when it shows again', async () => {
    const el = mount();
    await sleep(70);
    const runs = el.runs;
    expect(runs).to.be.at.least(1);
    pretendVisibility('hidden');
    await sleep(200);
    expect(el.runs).to.equal(runs);
    pretendVisibility('visible');
    // At once: long before an interval has passed.
    await sleep(5);
    expect(el.runs).to.equal(runs + 1);
  });

  it('does not poll with an interval of 0', async () => {
    const el = mount();
    el.interval = 0;
    el.poll.restart();
    const runs = el.runs;
    await sleep(150);
    expect(el.runs).to.equal(runs);
  });
});
