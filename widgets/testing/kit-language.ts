import { expect } from '@open-wc/testing';
import type { LitElement } from 'lit';
import type { Catalog } from '../locales/catalog.js';
import { configure } from '../core/config.js';
import { loadLanguage } from '../core/localize.js';
import { everyRoutes, mountEvery } from './all-widgets.js';
import { $, resizeViewport, settle, text } from './helpers.js';
import { mockApi, type MockApi } from './mock-api.js';
import { after, before, describe, it } from './mocha.js';
import { brokenWords } from './words.js';

// The whole kit under one `lang`, with a busy firm's data (all-widgets.ts): no text of the English
// catalog that has a translation of its own is left anywhere a person (or a screen reader) meets
// it, every element's heading and some of its words are the language's, and no word of it breaks
// in a table cell or a button on a phone or a desktop. A language's test file (es.test.ts) runs
// it, and adds what is its own (how money and dates read).

/** Every text node and every attribute a person or a screen reader meets, across shadow roots. */
export function shownTexts(root: ParentNode, into: string[] = []): string[] {
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

/** The English texts whose translation differs, as patterns of a whole text (values as `.+`). */
const untranslated = (catalog: Catalog) =>
  Object.entries(catalog)
    .filter(([en, target]) => en !== target)
    .map(([en]) => {
      const parts = en.split(/\$\{\d+\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
      return { en, pattern: new RegExp(`^${parts.join('.+')}$`) };
    });

/** Words of the records themselves (the payment service's own error, a matter's name), not of the kit. */
const FROM_THE_API = ['Transaction not found.', 'Estate of Roe'];

export interface KitLanguage {
  /** The language's name, in English ("Spanish"). */
  name: string;
  lang: string;
  catalog: Catalog;
  /** The thirteen elements' headings, in the kit's order. */
  headings: string[];
  /** Some of the elements' own words, each shown somewhere. */
  words: string[];
  /** More checks of the language's own, given the mounted container. */
  more?: (container: () => HTMLElement) => void;
}

export function checkKitIn({ name, lang, catalog, headings, words, more }: KitLanguage): void {
  let api: MockApi;
  let container: HTMLElement;
  let elements: LitElement[];
  const english = untranslated(catalog);

  describe(`the kit in ${name}`, () => {
    before(async () => {
      configure({ apiBase: 'http://api.test', token: 'pwt_test' });
      api = mockApi(everyRoutes);
      await loadLanguage(lang);
      container = document.createElement('div');
      container.lang = lang;
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

    it(`shows every element’s own words in ${name}`, () => {
      expect(elements.map((el) => text($(el, '[part~="heading"]')))).to.deep.equal(headings);
      const texts = shownTexts(container);
      for (const word of words) expect(texts, word).to.include(word);
    });

    more?.(() => container);

    for (const width of [375, 1280]) {
      it(`breaks no ${name} word in a table cell or a button at ${width} px`, async () => {
        await resizeViewport(width, 900);
        for (const el of elements) el.requestUpdate();
        await Promise.all(elements.map((el) => el.updateComplete));
        expect(elements.flatMap(brokenWords)).to.deep.equal([]);
        expect(document.documentElement.scrollWidth, 'page width').to.be.at.most(width);
        await resizeViewport(800, 600);
      });
    }
  });
}
