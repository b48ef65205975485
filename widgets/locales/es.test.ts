import { expect } from '@open-wc/testing';
import type { LitElement } from 'lit';
import { configure } from '../core/config.js';
import { loadLanguage } from '../core/localize.js';
import { everyRoutes, mountEvery } from '../testing/all-widgets.js';
import { $, resizeViewport, settle, text } from '../testing/helpers.js';
import { mockApi, type MockApi } from '../testing/mock-api.js';
import { after, before, describe, it } from '../testing/mocha.js';
import { brokenWords } from '../testing/words.js';
import { es } from './es.js';

// The whole kit under lang="es", with a busy firm's data: no text of the English catalog that
// has a Spanish of its own is left anywhere a person (or a screen reader) meets it, and dates
// and money read the Spanish way.

let api: MockApi;
let container: HTMLElement;
let elements: LitElement[];

/** Every text node and every attribute a person or a screen reader meets, across shadow roots. */
function shownTexts(root: ParentNode, into: string[] = []): string[] {
  const ATTRIBUTES = [
    'aria-label',
    'title',
    'placeholder',
    'label',
    'data-label',
    'aria-valuetext',
  ];
  for (const node of root.querySelectorAll('*')) {
    for (const name of ATTRIBUTES) {
      const value = node.getAttribute(name)?.trim();
      if (value) into.push(value);
    }
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE && child.textContent!.trim()) {
        into.push(child.textContent!.replace(/\s+/g, ' ').trim());
      }
    }
    if (node.shadowRoot) shownTexts(node.shadowRoot, into);
  }
  return into;
}

/** The English texts whose Spanish differs, as patterns of a whole text (values as `.+`). */
const english = Object.entries(es)
  .filter(([en, target]) => en !== target)
  .map(([en]) => {
    const parts = en.split(/\$\{\d+\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    return { en, pattern: new RegExp(`^${parts.join('.+')}$`) };
  });

/** Words of the records themselves (the payment service's own error, a matter's name), not of the kit. */
const FROM_THE_API = ['Transaction not found.', 'Estate of Roe'];

describe('the kit in Spanish', () => {
  before(async () => {
    configure({ apiBase: 'http://api.test', token: 'pwt_test' });
    api = mockApi(everyRoutes);
    await loadLanguage('es');
    container = document.createElement('div');
    container.lang = 'es';
    document.body.append(container);
    elements = (await mountEvery(container)) as LitElement[];
    // The settings card's parts arrive on demand.
    for (const tag of ['service-going-live-checklist', 'service-allowed-origins']) {
      await customElements.whenDefined(tag);
      const part = container.querySelector('service-settings')!.shadowRoot!.querySelector(tag);
      await settle(part as LitElement, 6);
    }
  });
  after(() => {
    container.remove();
    api.restore();
  });

  it('leaves no English text of the catalog on any element', () => {
    const texts = shownTexts(container);
    expect(texts.length).to.be.above(200);
    const left = texts
      .filter((t) => !FROM_THE_API.includes(t))
      .flatMap((t) =>
        english.filter(({ pattern }) => pattern.test(t)).map(({ en }) => `${t} (“${en}”)`),
      );
    expect(left).to.deep.equal([]);
  });

  it('shows every element’s own words in Spanish', () => {
    const headings = elements.map((el) => text($(el, '[part~="heading"]')));
    expect(headings).to.deep.equal([
      'Configuración del servicio de pagos',
      'Nuevo cliente',
      'Nuevo asunto',
      'Nuevo enlace de pago',
      'Nuevo enlace agrupado',
      'Cambiar un enlace agrupado',
      'Cuentas bancarias',
      'Transacciones recientes',
      'Problemas de sincronización',
      'Eventos de webhook',
      'Libro de fideicomiso',
    ]);
    const texts = shownTexts(container);
    for (const spanish of [
      'Crear enlace de pago',
      'Guardar cambios',
      'Reintentar todo',
      'Fondos en tránsito',
      'Envío a tarjeta',
      'Lista para la puesta en marcha',
    ]) {
      expect(texts, spanish).to.include(spanish);
    }
  });

  it('writes money and dates the Spanish way (Intl), in US dollars', () => {
    const list = container.querySelector('service-transactions-list')!;
    expect(text($(list, 'td.amount'))).to.match(/^21\.474\.836,47\sUS\$/);
    const expected = new Intl.DateTimeFormat('es', {
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }).format(new Date(list.shadowRoot!.querySelector('time')!.getAttribute('datetime')!));
    expect(text($(list, 'time'))).to.equal(expected);
    // Spanish month abbreviations, 24-hour clock.
    expect(expected).to.match(/^\d{1,2} [a-z]{3,4}\.?,? \d{1,2}:\d{2}$/);
    const form = container.querySelector('service-payment-link-create')!;
    expect(text($(form, '#amount-hint'))).to.match(
      /^Por ejemplo, 1\.250,00 \(como máximo 21\.474\.836,47\sUS\$\)\.$/,
    );
    expect(text($(form, '.prefixed span'))).to.equal('US$');
  });

  for (const width of [375, 1280]) {
    it(`breaks no Spanish word in a table cell or a button at ${width} px`, async () => {
      await resizeViewport(width, 900);
      for (const el of elements) el.requestUpdate();
      await Promise.all(elements.map((el) => el.updateComplete));
      expect(elements.flatMap(brokenWords)).to.deep.equal([]);
      expect(document.documentElement.scrollWidth, 'page width').to.be.at.most(width);
      await resizeViewport(800, 600);
    });
  }
});
