import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { Settings } from '../../shared/schemas.js';
import { configure } from '../core/config.js';
import { $, settle, text } from '../testing/helpers.js';
import { apiError, mockApi, type MockApi } from '../testing/mock-api.js';
import { afterEach, before, describe, it } from '../testing/mocha.js';
import { aSettings } from '../testing/records.js';
import './define-allowed-origins.js';
import type { ServiceAllowedOrigins } from './define-allowed-origins.js';

let api: MockApi;
afterEach(() => api?.restore());
before(() => configure({ apiBase: 'http://api.test', token: 'pwt_test' }));

const settings = (allowedOrigins: string[]): Settings => aSettings({ allowedOrigins });

async function mount() {
  const el = await fixture<ServiceAllowedOrigins>(
    html`<service-allowed-origins></service-allowed-origins>`,
  );
  await settle(el);
  return el;
}

const area = (el: Element) => $<HTMLTextAreaElement>(el, 'textarea');

describe('<service-allowed-origins>', () => {
  it('shows the saved origins one a line, and saves the edited list normalized', async () => {
    api = mockApi({
      'GET /api/settings': () => settings(['https://portal.example.com']),
      'PUT /api/settings': (c) => settings((c.body as Settings).allowedOrigins),
    });
    const el = await mount();
    expect(area(el).value).to.equal('https://portal.example.com');
    await expect(el).to.be.accessible();
    area(el).value = 'https://portal.example.com\n\n  https://Intranet.example.org/  \n';
    const saved = oneEvent(el, 'service-record-updated');
    $(el, 'button').click();
    expect((await saved).detail.recordType).to.equal('settings');
    expect(api.callsTo('PUT /api/settings')[0]!.body).to.deep.equal({
      allowedOrigins: ['https://portal.example.com', 'https://intranet.example.org'],
    });
    await settle(el);
    expect(text($(el, '[part~="result"]'))).to.equal('2 allowed.');
  });

  it('names each line that is not an origin, before sending anything', async () => {
    api = mockApi({ 'GET /api/settings': () => settings([]) });
    const el = await mount();
    area(el).value = 'https://ok.example.com\nhttps://*.example.com\njavascript:alert(1)';
    $(el, 'button').click();
    await settle(el);
    const message = text($(el, '#allowedOrigins-error'));
    expect(message).to.contain('“https://*.example.com” has a wildcard');
    expect(message).to.contain('“javascript:alert(1)” is not an origin');
    expect(area(el).getAttribute('aria-invalid')).to.equal('true');
    expect(api.callsTo('PUT /api/settings')).to.have.length(0);
  });

  it('shows the server’s message for a refused line next to the field', async () => {
    api = mockApi({
      'GET /api/settings': () => settings([]),
      'PUT /api/settings': () =>
        apiError(400, 'The request body is not valid', {
          'allowedOrigins.0': ['“https://a.example” is refused by the server'],
        }),
    });
    const el = await mount();
    area(el).value = 'https://a.example';
    $(el, 'button').click();
    await oneEvent(el, 'service-error');
    await settle(el);
    expect(text($(el, '#allowedOrigins-error'))).to.contain('is refused by the server');
  });
});
