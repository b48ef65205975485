import type { Page } from 'playwright-core';
import { brokenWords } from '../widgets/testing/words.js';

// What a screen suite measures of an element as a person sees it: what sticks out of the page's
// width (inside its shadow roots too), and the words the layout broke across two lines.

/** The element `tag`'s faults of layout: none is []. */
export async function layoutFaults(page: Page, tag: string): Promise<string[]> {
  // A string, evaluated as written: tsx's helpers do not exist in the page.
  const wide = await page.evaluate<string[]>(`(() => {
    const all = (root) =>
      [...root.querySelectorAll('*')].flatMap((e) => [e, ...(e.shadowRoot ? all(e.shadowRoot) : [])]);
    return all(document.querySelector(${JSON.stringify(tag)}))
      .filter((node) => node.getBoundingClientRect().right > innerWidth + 0.5)
      .map((node) => node.localName + '.' + node.className)
      .slice(0, 5);
  })()`);
  const broken = await page.evaluate<string[]>(
    `(${brokenWords})(document.querySelector(${JSON.stringify(tag)}))`,
  );
  return [...wide, ...broken];
}
