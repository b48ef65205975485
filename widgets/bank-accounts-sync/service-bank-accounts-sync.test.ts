import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { configure } from '../core/config.js';
import { $, $$, focused, settle, text } from '../testing/helpers.js';
import { apiError, mockApi, until, type MockApi } from '../testing/mock-api.js';
import { afterEach, before, describe, it } from '../testing/mocha.js';
import { aWorkProgress, progressReport } from '../testing/records.js';
import './define.js';
import type { ServiceBankAccountsSync } from './define.js';

let api: MockApi;
afterEach(() => api?.restore());
before(() => configure({ apiBase: 'http://api.test', token: 'pwt_test' }));

const mount = () =>
  fixture<ServiceBankAccountsSync>(html`<service-bank-accounts-sync></service-bank-accounts-sync>`);

describe('<service-bank-accounts-sync>', () => {
  it('is accessible', async () => {
    api = mockApi({});
    await expect(await mount()).to.be.accessible();
  });

  it('is busy while syncing, then says how many accounts were synced', async () => {
    let release!: () => void;
    const answer = new Promise<void>((resolve) => (release = resolve));
    api = mockApi({
      'POST /api/actions/BankAccountsSync': async () => {
        await answer;
        return { synced: 3, added: 2, updated: 1, removed: 0 };
      },
    });
    const el = await mount();
    const synced = oneEvent(el, 'service-bank-accounts-synced');
    $(el, 'button').click();
    await settle(el);
    expect(text($(el, 'button'))).to.equal('Syncing…');
    expect($(el, 'button').getAttribute('aria-disabled')).to.equal('true');
    expect($(el, '[part="card"]').getAttribute('aria-busy')).to.equal('true');
    $(el, 'button').click(); // a second click while busy does nothing
    release();
    expect((await synced).detail).to.deep.equal({ synced: 3, added: 2, updated: 1, removed: 0 });
    await settle(el);
    expect(text($(el, '[role="status"]'))).to.equal(
      '3 bank accounts synced (2 added, 1 updated, 0 removed).',
    );
    expect(api.callsTo('POST /api/actions/BankAccountsSync')).to.have.length(1);
    expect(api.calls[0]!.body).to.deep.equal({});
  });

  it('shows the error in plain words and emits service-error', async () => {
    api = mockApi({
      'POST /api/actions/BankAccountsSync': () =>
        apiError(502, 'Bank accounts could not be synced: the payment service answered 500'),
    });
    const el = await mount();
    const failed = oneEvent(el, 'service-error');
    $(el, 'button').click();
    expect((await failed).detail).to.include({ operation: 'BankAccountsSync', status: 502 });
    await settle(el);
    expect(text($(el, '[role="alert"]'))).to.contain('the payment service answered 500');
    await expect(el).to.be.accessible();
  });

  it('runs from the keyboard, and the button keeps focus', async () => {
    api = mockApi({
      'POST /api/actions/BankAccountsSync': () => ({ synced: 1, added: 1, updated: 0, removed: 0 }),
    });
    const el = await mount();
    await sendKeys({ press: 'Tab' });
    expect(focused(el)).to.equal($(el, 'button'));
    const synced = oneEvent(el, 'service-bank-accounts-synced');
    await sendKeys({ press: 'Space' });
    await synced;
    await settle(el);
    expect(text($(el, '[role="status"]'))).to.contain('1 bank account synced');
    expect(focused(el)).to.equal($(el, 'button'));
  });

  it('shows the accounts copied of those listed while it syncs, then the outcome', async () => {
    let release!: () => void;
    const answer = new Promise<void>((resolve) => (release = resolve));
    const running = aWorkProgress({ done: 2, total: 5 });
    api = mockApi({
      'POST /api/actions/BankAccountsSync': async () => {
        await answer;
        return { synced: 5, added: 5, updated: 0, removed: 0 };
      },
      'GET /api/admin/progress': () => progressReport('bankAccounts', running),
    });
    const el = await mount();
    $(el, 'button').click();
    await until(() => $$(el, 'progress').length === 1, 3000, 'the progress bar');
    const bar = $<HTMLProgressElement>(el, 'progress');
    expect(bar.max).to.equal(5);
    expect(bar.value).to.equal(2);
    expect(bar.getAttribute('aria-label')).to.equal('Bank accounts copied');
    expect(text($(el, '[part~="progress"]'))).to.equal('2 / 5');
    expect(text($(el, 'button'))).to.equal('Syncing…');
    await expect(el).to.be.accessible();
    release();
    await until(() => text($(el, '[role="status"]')).includes('5 bank accounts synced'));
    expect($$(el, '[part~="progress"]')).to.have.length(0);
  });

  it('shows the spinner alone when the last run is over or the progress cannot be read', async () => {
    let release!: () => void;
    const answer = new Promise<void>((resolve) => (release = resolve));
    const finished = aWorkProgress({
      done: 3,
      total: 3,
      startedAt: '2026-11-21T09:00:00.000Z',
      finishedAt: '2026-11-21T09:00:01.000Z',
    });
    let reads = 0;
    api = mockApi({
      'POST /api/actions/BankAccountsSync': async () => {
        await answer;
        return { synced: 3, added: 0, updated: 3, removed: 0 };
      },
      'GET /api/admin/progress': () => {
        reads += 1;
        return reads === 1
          ? progressReport('bankAccounts', finished)
          : apiError(503, 'The database is unavailable', undefined, 'unavailable');
      },
    });
    const el = await mount();
    $(el, 'button').click();
    await until(() => reads >= 2, 3000, 'two progress reads');
    await settle(el);
    // The finished run is the one before this sync; a failed read is no failure of the sync.
    expect($$(el, '[part~="progress"]')).to.have.length(0);
    expect($$(el, '[role="alert"]')).to.have.length(0);
    expect(text($(el, 'button'))).to.equal('Syncing…');
    release();
    await until(() => text($(el, '[role="status"]')).includes('3 bank accounts synced'));
  });
});
