import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { configure } from '../core/config.js';
import { $, focused, settle, text } from '../testing/helpers.js';
import { apiError, mockApi, type MockApi } from '../testing/mock-api.js';
import { afterEach, before, describe, it } from '../testing/mocha.js';
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
});
