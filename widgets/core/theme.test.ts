import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import '../client-create/define.js';
import type { ServiceClientCreate } from '../client-create/define.js';
import { $ } from '../testing/helpers.js';
import { backgroundOf, contrast, rgba } from '../testing/measure.js';
import { mockApi, type MockApi } from '../testing/mock-api.js';
import { after, afterEach, before, describe, it } from '../testing/mocha.js';
import { configure } from './config.js';

// Themes the host controls: the `theme` attribute and configure({ theme }) pin the scheme
// whatever the OS prefers, and an accent set alone keeps every text and ring on it readable.

let api: MockApi;
before(() => {
  api = mockApi({});
  configure({ apiBase: 'http://api.test', token: 'pwt_test' });
});
after(() => api.restore());
afterEach(async () => {
  configure({ apiBase: 'http://api.test', token: 'pwt_test' });
  await emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
});

const WHITE = 'rgb(255, 255, 255)';
const DARK = 'rgb(27, 32, 40)';

const surface = (el: Element) => getComputedStyle($(el, '[part~="card"]')).backgroundColor;

const mount = (theme?: string) =>
  fixture<ServiceClientCreate>(
    theme
      ? html`<service-client-create theme=${theme}></service-client-create>`
      : html`<service-client-create></service-client-create>`,
  );

describe('themes', () => {
  it('keeps theme="light" light on a dark OS, and theme="dark" dark on a light one', async () => {
    const light = await mount('light');
    const dark = await mount('dark');
    const auto = await mount();
    await emulateMedia({ colorScheme: 'dark' });
    expect(surface(light)).to.equal(WHITE);
    expect(getComputedStyle($(light, '[part~="card"]')).colorScheme).to.equal('light');
    expect(surface(auto)).to.equal(DARK);
    await emulateMedia({ colorScheme: 'light' });
    expect(surface(dark)).to.equal(DARK);
    expect(getComputedStyle($(dark, '[part~="card"]')).colorScheme).to.equal('dark');
    expect(surface(auto)).to.equal(WHITE);
  });

  it('lets configure({ theme }) pin every element without a theme of its own', async () => {
    const plain = await mount();
    const pinned = await mount('dark');
    const follows = await mount('auto');
    await emulateMedia({ colorScheme: 'dark' });
    configure({ apiBase: 'http://api.test', token: 'pwt_test', theme: 'light' });
    expect(surface(plain)).to.equal(WHITE);
    expect(surface(pinned)).to.equal(DARK);
    expect(surface(follows)).to.equal(DARK);
    configure({ apiBase: 'http://api.test', token: 'pwt_test', theme: 'dark' });
    await emulateMedia({ colorScheme: 'light' });
    expect(surface(plain)).to.equal(DARK);
    expect(surface(follows)).to.equal(WHITE);
    // A theme set as a property is the attribute.
    plain.theme = 'light';
    await plain.updateComplete;
    expect(plain.getAttribute('theme')).to.equal('light');
    expect(surface(plain)).to.equal(WHITE);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`keeps buttons, links and rings readable on any accent set alone (${colorScheme})`, async () => {
      // (No colour transition: a computed style is read at once.)
      await emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      const el = await mount();
      const card = $(el, '[part~="card"]');
      const link = document.createElement('a');
      link.href = '#';
      link.textContent = 'a link';
      card.append(link);
      const button = $(el, 'button.primary');
      const input = $(el, 'input');
      const weak: string[] = [];
      for (const accent of [
        '#1d4ed8',
        '#8ab4ff',
        '#0f5b4d',
        '#6fd3bd',
        '#ffeb3b',
        '#00ff00',
        '#00ffff',
        '#ff0000',
        '#e91e63',
        '#7f7f7f',
        '#000000',
        '#ffffff',
        'hsl(200 100% 50%)',
        'oklch(70% 0.2 140)',
      ]) {
        el.style.setProperty('--service-color-accent', accent);
        const onButton = contrast(
          rgba(getComputedStyle(button).color),
          rgba(getComputedStyle(button).backgroundColor),
        );
        const ink = contrast(rgba(getComputedStyle(link).color), backgroundOf(card));
        input.focus();
        const ring = contrast(rgba(getComputedStyle(input).outlineColor), backgroundOf(card));
        if (onButton < 4.5) weak.push(`${accent}: button text ${onButton.toFixed(2)}:1`);
        if (ink < 4.5) weak.push(`${accent}: link ${ink.toFixed(2)}:1`);
        if (ring < 3) weak.push(`${accent}: focus ring ${ring.toFixed(2)}:1`);
      }
      expect(weak).to.deep.equal([]);
      // A page that names the text on its accent has the last word.
      el.style.setProperty('--service-color-accent', '#123456');
      el.style.setProperty('--service-color-on-accent', 'rgb(250, 250, 0)');
      expect(getComputedStyle(button).color).to.equal('rgb(250, 250, 0)');
    });
  }
});
