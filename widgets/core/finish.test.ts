import { expect } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import type { LitElement } from 'lit';
import type { ServiceTransactionsList } from '../transactions-list/define.js';
import { everyRoutes, mountEvery } from '../testing/all-widgets.js';
import { $, $$, resizeViewport, settle, text } from '../testing/helpers.js';
import { backgroundOf, contrast, deepActive, rgba, ringOf } from '../testing/measure.js';
import { brokenWords } from '../testing/words.js';
import { mockApi, page, type MockApi } from '../testing/mock-api.js';
import { after, afterEach, before, describe, it } from '../testing/mocha.js';
import { aTransaction } from '../testing/records.js';
import { configure } from './config.js';

// The kit's finish, measured as a person sees it: all thirteen elements with a busy firm's data, from
// a 320 px phone to a desktop. No word breaks inside a table cell or a button (a table that cannot
// keep its words whole turns into labelled rows), every failure of the server reads one way,
// a background refresh leaves the Refresh button as it was, and every focus ring stands out
// from what is behind it.

let api: MockApi;
let container: HTMLElement;
let elements: LitElement[];

/** Every element measured as it is now (a table fits or turns into rows after each render). */
async function rerender() {
  for (const el of elements) el.requestUpdate();
  await Promise.all(elements.map((el) => el.updateComplete));
}

describe('finish', () => {
  before(async () => {
    configure({ apiBase: 'http://api.test', token: 'pwt_test' });
    api = mockApi(everyRoutes);
    container = document.createElement('div');
    document.body.append(container);
    elements = (await mountEvery(container)) as LitElement[];
  });
  after(() => {
    container.remove();
    api.restore();
  });
  afterEach(() => resizeViewport(800, 600));

  for (const width of [320, 375, 768, 1280]) {
    it(`breaks no word in a table cell or a button of any element at ${width} px`, async () => {
      await resizeViewport(width, 900);
      await rerender();
      expect(elements.flatMap(brokenWords)).to.deep.equal([]);
      expect(document.documentElement.scrollWidth, 'page width').to.be.at.most(width);
    });
  }

  it('keeps the consoles’ tables tables on a desktop, and labelled rows on a phone', async () => {
    const tables = [
      'service-transactions-list',
      'service-sync-problems',
      'service-webhook-events',
      'service-trust-ledger',
    ];
    const layout = () =>
      tables.map((tag) =>
        container
          .querySelector(tag)!
          .shadowRoot!.querySelector('[data-fit]')!
          .hasAttribute('data-rows')
          ? 'rows'
          : 'table',
      );
    await resizeViewport(1280, 900);
    await rerender();
    // The transactions' columns (an e-mail for a payer) need more than the list's 40rem.
    expect(layout()).to.deep.equal(['rows', 'table', 'table', 'table']);
    await resizeViewport(375, 900);
    await rerender();
    expect(layout()).to.deep.equal(['rows', 'rows', 'rows', 'rows']);
    const list = container.querySelector('service-transactions-list')!;
    const cell = list.shadowRoot!.querySelector('td[data-label="Payer"]')!;
    expect(getComputedStyle(cell, '::before').content).to.equal('"Payer"');
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`draws every focus ring at 3:1 or more against what is behind it (${colorScheme})`, async () => {
      await emulateMedia({ colorScheme });
      await resizeViewport(1280, 900);
      try {
        const seen = new Set<Element>();
        const weak: string[] = [];
        (document.activeElement as HTMLElement | null)?.blur();
        let previous: Element | null = null;
        for (let i = 0; i < 400; i += 1) {
          await sendKeys({ press: 'Tab' });
          const focused = deepActive();
          // A date input's month, day and year each take a Tab: still the same control.
          if (focused && focused === previous) continue;
          previous = focused;
          if (!focused || seen.has(focused) || !container.contains(hostOf(focused))) break;
          seen.add(focused);
          const ring = ringOf(focused);
          const name = `<${hostOf(focused).localName}> ${focused.localName}#${focused.id}`;
          if (!ring) {
            weak.push(`${name}: no ring`);
            continue;
          }
          const ratio = contrast(
            rgba(getComputedStyle(ring).outlineColor),
            backgroundOf(ring.parentElement ?? ring),
          );
          if (ratio < 3) weak.push(`${name}: ${ratio.toFixed(2)}:1`);
        }
        expect(seen.size, 'controls reached by Tab').to.be.greaterThan(40);
        expect(weak).to.deep.equal([]);
      } finally {
        await emulateMedia({ colorScheme: 'light' });
      }
    });
  }

  it('leaves the Refresh button as it is while a background refresh runs', async () => {
    const list = container.querySelector<ServiceTransactionsList>('service-transactions-list')!;
    const button = $(list, '[part~="button"]');
    const before = button.getBoundingClientRect().width;
    let release!: () => void;
    api.restore();
    api = mockApi({
      ...everyRoutes,
      'GET /api/transactions': () =>
        new Promise((resolve) => (release = () => resolve(page([aTransaction()])))),
    });
    // What the poll does when the page shows again: a reload nobody asked for.
    document.dispatchEvent(new Event('visibilitychange'));
    await settle(list);
    expect($$(list, '[part~="refreshing"]'), 'the quiet mark').to.have.length(1);
    expect(button.getBoundingClientRect().width).to.equal(before);
    expect(text(button)).to.equal('Refresh');
    release();
    await settle(list);
    expect($$(list, '[part~="refreshing"]')).to.have.length(0);
    expect(button.getBoundingClientRect().width).to.equal(before);
    api.restore();
    api = mockApi(everyRoutes);
  });
});

/** The widget of the page an element belongs to (the settings card for its parts). */
function hostOf(node: Element): Element {
  let host = node;
  for (let root = host.getRootNode(); root instanceof ShadowRoot; root = host.getRootNode()) {
    host = root.host;
  }
  return host;
}

describe('finish: the server down', () => {
  let down: HTMLElement;
  let original: typeof fetch;
  const events: CustomEvent[] = [];
  const onError = (event: Event) => events.push(event as CustomEvent);

  before(async () => {
    configure({ apiBase: 'http://api.test', token: 'pwt_test' });
    original = window.fetch;
    // Nothing answers: every call fails the way a browser fails a fetch to a server that is down.
    window.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    document.addEventListener('service-error', onError);
    down = document.createElement('div');
    document.body.append(down);
    await mountEvery(down);
  });
  after(() => {
    window.fetch = original;
    document.removeEventListener('service-error', onError);
    down.remove();
  });

  it('shows the failure in one look, the kit’s error alert, and in words a person reads', () => {
    const person = 'The payment server could not be reached. Check the connection, then try again.';
    const shown: Element[] = [];
    for (const host of down.querySelectorAll('*')) {
      for (const node of host.shadowRoot?.querySelectorAll('*') ?? []) {
        if (node.children.length === 0 && text(node).includes(person)) shown.push(node);
      }
    }
    // Every element that loads something says so.
    const hosts = new Set(shown.map((node) => (node.getRootNode() as ShadowRoot).host.localName));
    expect([...hosts].sort()).to.deep.equal([
      'service-aggregate-link-create',
      'service-aggregate-link-update',
      'service-matter-create',
      'service-payment-link-create',
      'service-payment-plan',
      'service-payment-plan-create',
      'service-settings',
      'service-sync-problems',
      'service-transactions-list',
      'service-trust-ledger',
      'service-webhook-events',
    ]);
    const looks = new Set(
      shown.map((node) => {
        const alert = node.closest('.alert');
        if (!alert) return `not in an alert: <${node.localName} class="${node.className}">`;
        const style = getComputedStyle(alert);
        return [
          alert.getAttribute('data-tone'),
          alert.getAttribute('role'),
          style.backgroundColor,
          style.borderInlineStartColor,
          style.borderInlineStartWidth,
          style.paddingInlineStart,
          style.borderRadius,
          getComputedStyle(alert, '::before').content,
        ].join(' ');
      }),
    );
    expect([...looks]).to.have.length(1);
    expect([...looks][0]).to.match(/^error alert /);
    // The transport's words are the developer's: in the event, never on the page.
    const page = [...down.querySelectorAll('*')]
      .map((host) => text(host.shadowRoot as unknown as Element))
      .join(' ');
    expect(page).not.to.contain('The server could not be reached: check');
    expect(events.map((e) => e.detail.message)).to.include(
      'The server could not be reached: check the connection and try again',
    );
  });

  it('tells the page once per failure episode, not on every failed poll', async () => {
    const list = down.querySelector<ServiceTransactionsList>('service-transactions-list')!;
    const fromList = () => events.filter((e) => e.target === list).length;
    expect(fromList()).to.equal(1);
    await list.refresh();
    document.dispatchEvent(new Event('visibilitychange'));
    await settle(list);
    expect(fromList()).to.equal(1);
    // Back up, then down again: a new episode.
    window.fetch = (input, init) => (original as typeof fetch)(input, init);
    const api = mockApi({ 'GET /api/transactions': () => page([]) });
    await list.refresh();
    api.restore();
    window.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    await list.refresh();
    expect(fromList()).to.equal(2);
  });
});
