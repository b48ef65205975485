import { expect, fixture, html } from '@open-wc/testing';
import '../index.js';
import type { ServicePaymentLinkCreate } from '../payment-link-create/define.js';
import type { ServiceTransactionsList } from '../transactions-list/define.js';
import { $, settle } from '../testing/helpers.js';
import { mockApi, page, until, type MockApi } from '../testing/mock-api.js';
import { after, describe, it } from '../testing/mocha.js';
import { aBankAccount, aClient } from '../testing/records.js';
import { configure } from './config.js';

// configure() in any order (its own test file: the page has no configuration before it). The
// docs' module example imports the kit first, so elements render before the page configures
// them; a later configure() (a new token) reaches every element already on the page.

const client = aClient({ name: 'Preselected Client' });
const bearer = (call: { headers: Headers }) => call.headers.get('authorization');

let api: MockApi;
after(() => api?.restore());

describe('configure() after the elements are on the page', () => {
  it('loads what they waited for, then a new token reaches them all', async () => {
    api = mockApi({
      'GET /api/clients/:id': () => client,
      'GET /api/bank-accounts': () => page([aBankAccount()]),
      'GET /api/matters': () => page([]),
      'GET /api/transactions': () => page([]),
    });
    const host = await fixture<HTMLDivElement>(
      html`<div>
        <service-payment-link-create client-id=${client.id}></service-payment-link-create>
        <service-transactions-list></service-transactions-list>
      </div>`,
    );
    const form = host.querySelector<ServicePaymentLinkCreate>('service-payment-link-create')!;
    const list = host.querySelector<ServiceTransactionsList>('service-transactions-list')!;
    await settle(form);
    // Nothing asked without a token, and nothing failed for good.
    expect(api.calls).to.have.length(0);
    expect(form.shadowRoot!.querySelector('[role="alert"]')).to.equal(null);

    configure({ apiBase: 'http://api.test', token: 'pwt_first' });
    await until(() => $<HTMLInputElement>(form, '#clientId').value === client.name);
    await until(() => api.callsTo('GET /api/transactions').length === 1);
    expect(api.calls.map(bearer)).to.satisfy((all: string[]) =>
      all.every((b) => b === 'Bearer pwt_first'),
    );
    expect(form.shadowRoot!.textContent).not.to.contain('No token is configured');

    const before = api.calls.length;
    configure({ apiBase: 'http://api.test', token: 'pwt_second' });
    await until(() => api.callsTo('GET /api/transactions').length === 2);
    await until(() => api.callsTo('GET /api/bank-accounts').length === 2);
    expect(api.calls.slice(before).map(bearer)).to.satisfy((all: string[]) =>
      all.every((b) => b === 'Bearer pwt_second'),
    );
    // The chosen client stays chosen.
    expect($<HTMLInputElement>(form, '#clientId').value).to.equal(client.name);
    await settle(list);
  });
});
