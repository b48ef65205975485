import { expect } from '@open-wc/testing';
import type { LitElement } from 'lit';
import { mountAll } from '../testing/all-widgets.js';
import { resizeViewport } from '../testing/helpers.js';
import { mockApi, type MockApi } from '../testing/mock-api.js';
import { after, afterEach, before, describe, it } from '../testing/mocha.js';
import { configure } from './config.js';

// Every element from a 320 px phone to a desktop, with the longest names a firm could type:
// nothing inside an element may stick out of it, and the page never scrolls sideways.

let api: MockApi;
let container: HTMLElement;
let elements: HTMLElement[];
before(async () => {
  configure({ apiBase: 'http://api.test', token: 'pwt_test' });
  const { worstCaseRoutes } = await import('../testing/all-widgets.js');
  api = mockApi(worstCaseRoutes);
  container = document.createElement('div');
  document.body.append(container);
  elements = await mountAll(container);
});
after(() => {
  container.remove();
  api.restore();
});
afterEach(() => resizeViewport(800, 600));

/** The elements of a widget's shadow root that stick out of the widget's box. */
function overflowing(el: HTMLElement): string[] {
  const box = el.getBoundingClientRect();
  const out: string[] = [];
  for (const node of el.shadowRoot!.querySelectorAll<HTMLElement>('*')) {
    if (node.closest('.visually-hidden, [hidden]')) continue;
    for (const rect of node.getClientRects()) {
      if (rect.width === 0) continue;
      if (rect.left < box.left - 0.5 || rect.right > box.right + 0.5) {
        out.push(
          `${node.localName}${node.id ? `#${node.id}` : ''}.${node.className}: ${Math.round(rect.width)} px`,
        );
      }
    }
    // (A text input's value scrolls within it by design.)
    const scrolls = node.scrollWidth > node.clientWidth + 1 && node.localName !== 'input';
    if (scrolls && getComputedStyle(node).overflowX !== 'visible') {
      out.push(`${node.localName}.${node.className} scrolls sideways`);
    }
  }
  return out;
}

describe('layout', () => {
  for (const width of [320, 375, 768, 1280]) {
    it(`fits every element at ${width} px, with nothing wider than its container`, async () => {
      await resizeViewport(width, 900);
      expect(document.documentElement.scrollWidth, 'page width').to.be.at.most(width);
      for (const el of elements) {
        const box = el.getBoundingClientRect();
        expect(box.right, el.localName).to.be.at.most(width);
        expect(overflowing(el), el.localName).to.deep.equal([]);
      }
    });
  }

  it('lays a table out as labelled rows where a word cannot fit, even on a desktop', async () => {
    const list = elements.at(-1)!;
    const root = list.shadowRoot!;
    await resizeViewport(1280, 900);
    (list as unknown as LitElement).requestUpdate();
    await (list as unknown as LitElement).updateComplete;
    // A payer's name of 250 letters: no column can hold it whole.
    expect(getComputedStyle(root.querySelector('thead')!).display).to.equal('none');
    const cell = root.querySelector('td[data-label="Payer"]')!;
    expect(getComputedStyle(cell, '::before').content).to.equal('"Payer"');
  });
});
