import type { LitElement } from 'lit';
import { setViewport } from '@web/test-runner-commands';

// Small helpers for widget tests.

/** One element inside the widget's shadow root (fails loudly when missing). */
export function $<T extends Element = HTMLElement>(el: Element, selector: string): T {
  const found = el.shadowRoot?.querySelector<T>(selector);
  if (!found) throw new Error(`No ${selector} in <${el.localName}>`);
  return found;
}

export const $$ = <T extends Element = HTMLElement>(el: Element, selector: string): T[] => [
  ...(el.shadowRoot?.querySelectorAll<T>(selector) ?? []),
];

/** Lets pending fetches, tasks and renders finish. */
export async function settle(el: LitElement, rounds = 3): Promise<void> {
  for (let i = 0; i < rounds; i += 1) {
    await new Promise((resolve) => setTimeout(resolve));
    await el.updateComplete;
  }
}

/**
 * Resizes the page and resolves once the page has its new size. Not by waiting for animation
 * frames: a page of concurrent runs sometimes gets none (modernweb-dev/web#2588). Layout and
 * media queries need no frame: reading a box or a computed style brings them up to date.
 */
export async function resizeViewport(width: number, height: number): Promise<void> {
  await setViewport({ width, height });
  while (window.innerWidth !== width || window.innerHeight !== height) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The focused element inside the widget. */
export const focused = (el: Element) => el.shadowRoot?.activeElement ?? null;

/** Sets an input's value the way typing does (an input event follows). */
export function type(input: HTMLInputElement, value: string): void {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
}

/** Chooses an option of a select the way a user does (a change event follows). */
export function choose(select: HTMLSelectElement, value: string): void {
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

/** An element's text with its whitespace collapsed, as a reader would see it. */
export const text = (node: Element | null | undefined) =>
  (node?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** Adds a payment link in a link chooser: picks it in the select, then presses Add. */
export function addLink(el: Element, value: string, select = '#paymentLinkIds'): void {
  choose($<HTMLSelectElement>(el, select), value);
  $(el, '[part~="add-button"]').click();
}
