import { expect, fixture, html } from '@open-wc/testing';
import { configure } from './config.js';
import { $, settle, text } from '../testing/helpers.js';
import { mockApi, page, type MockApi } from '../testing/mock-api.js';
import { afterEach, describe, it } from '../testing/mocha.js';
import { aClient, aTransaction } from '../testing/records.js';
import '../client-create/define.js';
import '../transactions-list/define.js';
import { loadLanguage, localeOf, registerLocale } from './localize.js';

// Two languages: the locale is, first found, a `lang` on the element or an ancestor below <html>,
// configure({ locale }), <html lang>, English; text, dates and money follow it, and configure()
// switches it on a page already shown.

let api: MockApi;
afterEach(() => {
  api?.restore();
  document.documentElement.lang = 'en';
  configure({ apiBase: 'http://api.test', token: 'pwt_test' });
});

const jane = aClient({ name: 'Jane Roe' });
const routes = {
  'GET /api/transactions': () =>
    page([
      aTransaction({
        clientId: jane.id,
        amount: '1250.50',
        type: 'ccPayment',
        createdOn: '2026-11-21T10:00:00.000Z',
      }),
    ]),
  'GET /api/clients': () => page([jane]),
};

/**
 * The Spanish texts come on demand: wait for them to arrive (the load the elements started, or
 * an already loaded catalog), then a few rounds to render.
 */
const settled = async (el: Element) => {
  await loadLanguage('es');
  await settle(el as never, 8);
};

describe('two languages', () => {
  it('find the locale: the element or an ancestor, then configure(), then <html lang>', async () => {
    configure({ apiBase: 'http://api.test', token: 'pwt_test' });
    const host = await fixture(
      html`<div>
        <section><p></p></section>
      </div>`,
    );
    const p = host.querySelector('p')!;
    expect(localeOf(p)).to.equal('en');
    document.documentElement.lang = 'es-MX';
    expect(localeOf(p)).to.equal('es-MX');
    configure({ apiBase: 'http://api.test', token: 'pwt_test', locale: 'en-GB' });
    expect(localeOf(p)).to.equal('en-GB');
    host.querySelector('section')!.lang = 'es';
    expect(localeOf(p)).to.equal('es');
    p.lang = 'en';
    expect(localeOf(p)).to.equal('en');
  });

  it('show an element under lang="es" in Spanish, with Spanish formats', async () => {
    api = mockApi(routes);
    const host = await fixture(
      html`<div lang="es"><service-transactions-list></service-transactions-list></div>`,
    );
    const list = host.querySelector('service-transactions-list')!;
    await settled(list);
    expect(text($(list, '[part~="heading"]'))).to.equal('Transacciones recientes');
    expect(text($(list, 'button'))).to.equal('Actualizar');
    const headers = [...list.shadowRoot!.querySelectorAll('th')].map((th) => text(th));
    expect(headers).to.deep.equal(['Fecha', 'Pagador', 'Importe', 'Método', 'Estado', 'Cliente']);
    const amount = text($(list, 'td.amount'));
    // Spanish writes the decimal comma and the currency after the number.
    expect(amount).to.match(/^1\.?250,50\sUS\$ Pago$/);
  });

  it('switch on configure({ locale }) without a reload, and back', async () => {
    api = mockApi(routes);
    const form = await fixture(html`<service-client-create></service-client-create>`);
    await settled(form);
    expect(text($(form, 'button[part~="submit"]'))).to.equal('Create client');
    configure({ apiBase: 'http://api.test', token: 'pwt_test', locale: 'es' });
    await settled(form);
    expect(text($(form, 'button[part~="submit"]'))).to.equal('Crear cliente');
    expect(text($(form, 'label'))).to.contain('Nombre del cliente');
    configure({ apiBase: 'http://api.test', token: 'pwt_test' });
    await settled(form);
    expect(text($(form, 'button[part~="submit"]'))).to.equal('Create client');
  });

  it('follow a lang set later on the page', async () => {
    api = mockApi(routes);
    const host = await fixture(html`<div><service-client-create></service-client-create></div>`);
    const form = host.querySelector('service-client-create')!;
    await settled(form);
    host.setAttribute('lang', 'es');
    await settled(form);
    expect(text($(form, 'button[part~="submit"]'))).to.equal('Crear cliente');
  });

  it('fall back to English for a language the kit lacks', async () => {
    api = mockApi(routes);
    const host = await fixture(
      html`<div lang="de"><service-client-create></service-client-create></div>`,
    );
    const form = host.querySelector('service-client-create')!;
    await settled(form);
    expect(text($(form, 'button[part~="submit"]'))).to.equal('Create client');
  });

  it('show French under lang="fr-CA", and a host’s registered language at once', async () => {
    api = mockApi(routes);
    const host = await fixture(
      html`<div lang="fr-CA"><service-client-create></service-client-create></div>`,
    );
    const form = host.querySelector('service-client-create')!;
    await loadLanguage('fr');
    await settle(form as never, 8);
    expect(text($(form, 'button[part~="submit"]'))).to.equal('Créer le client');
    host.setAttribute('lang', 'pt-BR');
    registerLocale('pt', { 'Create client': 'Criar cliente' });
    await settle(form as never, 8);
    expect(text($(form, 'button[part~="submit"]'))).to.equal('Criar cliente');
    // A message it lacks shows in English, never blank.
    expect(text($(form, '[part~="heading"]'))).to.equal('New client');
  });
});
