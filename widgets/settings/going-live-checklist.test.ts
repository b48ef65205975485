import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { IntegrationHealth } from '../../shared/webhooks.js';
import { configure } from '../core/config.js';
import { loadLanguage } from '../core/localize.js';
import { $, $$, settle, text } from '../testing/helpers.js';
import { mockApi, until, type MockApi } from '../testing/mock-api.js';
import { afterEach, before, describe, it } from '../testing/mocha.js';
import './define-checklist.js';
import type { ServiceGoingLiveChecklist } from './define-checklist.js';

let api: MockApi;
afterEach(() => api?.restore());
before(() => configure({ apiBase: 'http://api.test', token: 'pwt_test' }));

/** The service as the checklist sees it through the integration health, changed by the test. */
function service() {
  const s = {
    tokenSet: false,
    tokenOk: false,
    synced: null as string | null,
    endpoint: null as NonNullable<IntegrationHealth['webhooks']['endpoint']> | null,
    verified: null as string | null,
  };
  const health = (): IntegrationHealth => ({
    environment: 'sandbox',
    apiKey: {
      isSet: s.tokenSet,
      ok: s.tokenOk,
      firm: s.tokenOk ? { id: 'f1', name: 'Sandbox firm' } : null,
      role: s.tokenOk ? 'firm' : null,
      error: s.tokenOk ? null : s.tokenSet ? 'Invalid API key' : 'No API token is configured',
    },
    webhookSecret: { isSet: true, previousValidUntil: null },
    webhooks: {
      lastReceivedAt: s.verified,
      lastVerifiedAt: s.verified,
      failedVerifications24h: 0,
      deadEvents: 0,
      urls: null,
      urlDisabled: null,
      urlsError: null,
      endpoint: s.endpoint,
    },
    bankAccounts: { lastSyncedAt: s.synced },
    reconciliation: { lastStartedAt: null, lastFinishedAt: null, lastError: null, watermark: null },
    sync: { problems: 0 },
  });
  return { s, health };
}

const stateOf = (el: Element) =>
  Object.fromEntries($$(el, 'li').map((li) => [li.dataset.step, li.dataset.state]));

describe('<service-going-live-checklist>', () => {
  it('goes from nothing to all steps done, offering the next action as a button', async () => {
    const { s, health } = service();
    const at = '2026-11-23T07:00:00.000Z';
    api = mockApi({
      'GET /api/admin/integration-health': () => health(),
      'POST /api/actions/BankAccountsSync': () => {
        s.synced = at;
        return { synced: 3, added: 3, updated: 0, removed: 0 };
      },
      'POST /api/admin/webhook-endpoint': () => {
        s.endpoint = {
          registered: true,
          url: 'https://payments.example.com/webhooks/o1',
          disabled: false,
          action: 'created',
          checkedAt: at,
          error: null,
        };
        return {
          action: 'created',
          endpoint: { id: 'w1', url: s.endpoint.url, disabled: false },
          error: null,
        };
      },
    });
    const el = await fixture<ServiceGoingLiveChecklist>(
      html`<service-going-live-checklist poll-interval="0.05"></service-going-live-checklist>`,
    );
    await settle(el, 4);
    await expect(el).to.be.accessible();

    // Nothing done: the token is the next step, with no button (it is saved in the form above).
    expect(stateOf(el)).to.deep.equal({
      token: 'next',
      bankAccounts: 'waiting',
      endpoint: 'waiting',
      webhook: 'waiting',
    });
    expect(text($(el, 'li[data-step="token"]'))).to.contain('Save the API token');
    expect($$(el, 'button')).to.have.length(0);
    expect(text($(el, '[role="status"]'))).to.equal('0 of 4 done.');

    // A working token is saved elsewhere: polling ticks the step off on its own.
    s.tokenSet = true;
    s.tokenOk = true;
    await until(() => stateOf(el).token === 'done', 3000, 'the token step');
    expect(stateOf(el).bankAccounts).to.equal('next');

    // The next action is a button: it syncs the bank accounts and announces it.
    const synced = oneEvent(el, 'service-bank-accounts-synced');
    $<HTMLButtonElement>(el, 'li[data-step="bankAccounts"] button').click();
    expect((await synced).detail).to.deep.include({ synced: 3 });
    await until(() => stateOf(el).bankAccounts === 'done', 3000, 'the bank accounts step');
    expect(api.callsTo('POST /api/actions/BankAccountsSync')).to.have.length(1);

    // Endpoint not registered (PUBLIC_URL was missing): the reason shows; "Register again".
    s.endpoint = {
      registered: false,
      url: null,
      disabled: null,
      action: 'skipped',
      checkedAt: at,
      error: 'PUBLIC_URL is not set',
    };
    await until(
      () => text($(el, 'li[data-step="endpoint"]')).includes('PUBLIC_URL'),
      3000,
      'reason',
    );
    $<HTMLButtonElement>(el, 'li[data-step="endpoint"] button').click();
    await until(() => stateOf(el).endpoint === 'done', 3000, 'the endpoint step');
    expect(api.callsTo('POST /api/admin/webhook-endpoint')).to.have.length(1);
    expect(stateOf(el).webhook).to.equal('next');
    expect($$(el, 'button')).to.have.length(0);

    // The first webhook arrives and verifies: all done.
    s.verified = at;
    await until(() => stateOf(el).webhook === 'done', 3000, 'the webhook step');
    expect(text($(el, '[role="status"]'))).to.equal('All done: payments flow in.');
    await expect(el).to.be.accessible();
  });

  it('shows a disabled endpoint as the next step, and stops polling once removed', async () => {
    const { s, health } = service();
    s.tokenSet = s.tokenOk = true;
    s.synced = '2026-11-23T07:00:00.000Z';
    s.endpoint = {
      registered: true,
      url: 'https://payments.example.com/webhooks/o1',
      disabled: true,
      action: 'unchanged',
      checkedAt: s.synced,
      error: null,
    };
    api = mockApi({ 'GET /api/admin/integration-health': () => health() });
    const el = await fixture<ServiceGoingLiveChecklist>(
      html`<service-going-live-checklist poll-interval="0.05"></service-going-live-checklist>`,
    );
    await settle(el, 4);
    expect(stateOf(el).endpoint).to.equal('next');
    expect(text($(el, 'li[data-step="endpoint"]'))).to.contain('disabled it');
    el.remove();
    const calls = api.callsTo('GET /api/admin/integration-health').length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(api.callsTo('GET /api/admin/integration-health').length).to.equal(calls);
  });

  it('keeps each step beside its mark on a narrow card (240 px)', async () => {
    const { health } = service();
    api = mockApi({ 'GET /api/admin/integration-health': () => health() });
    const el = await fixture<ServiceGoingLiveChecklist>(
      html`<service-going-live-checklist
        poll-interval="0"
        style="display: block; inline-size: 240px"
      ></service-going-live-checklist>`,
    );
    await settle(el, 4);
    for (const step of $$(el, 'li')) {
      const mark = step.querySelector('[part~="mark"]')!.getBoundingClientRect();
      const label = step.querySelector('[part~="mark"] + span')!.getBoundingClientRect();
      expect(label.top, text(step)).to.be.below(mark.bottom);
      expect(label.left, text(step)).to.be.at.least(mark.right);
    }
    // Each mark says its state in words, in its tone's colour.
    const words = {
      done: ['✓ Done', 'success'],
      next: ['Next', 'warning'],
      waiting: ['To do', 'muted'],
    };
    for (const step of $$(el, 'li')) {
      const mark = step.querySelector('[part~="mark"]')!;
      expect([text(mark), mark.getAttribute('data-tone')]).to.deep.equal(
        words[step.dataset.state as keyof typeof words],
      );
    }
  });

  it('keeps a step’s button inside a phone’s card, in French', async () => {
    const { s, health } = service();
    s.tokenSet = true;
    s.tokenOk = true;
    api = mockApi({ 'GET /api/admin/integration-health': () => health() });
    await loadLanguage('fr');
    // The settings card is the container its checklist is measured against (300 px: a phone's).
    const card = await fixture<HTMLElement>(
      html`<div lang="fr" style="container-type: inline-size; inline-size: 300px">
        <service-going-live-checklist poll-interval="0"></service-going-live-checklist>
      </div>`,
    );
    const el = card.querySelector<ServiceGoingLiveChecklist>('service-going-live-checklist')!;
    await settle(el, 4);
    const button = $(el, 'li[data-step="bankAccounts"] button');
    expect(text(button)).to.equal('Synchroniser les comptes');
    expect(button.getBoundingClientRect().right).to.be.at.most(card.getBoundingClientRect().right);
  });
});
