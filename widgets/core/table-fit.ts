import { html, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { formatDateTime } from './format.js';

/**
 * A table keeps its columns only while they fit: words never break inside a cell, so a table
 * whose columns need more than its card's width (on a phone, in a side column, with a long name)
 * is laid out as labelled rows instead (`data-rows` on its `[data-fit]` wrapper; styles/lists.ts).
 * Measured after every render, and again when the element's width changes. Measuring is
 * synchronous (reading a box lays the page out), so no frame is waited for.
 */
export class TableFit implements ReactiveController {
  readonly #host: ReactiveControllerHost & HTMLElement & { renderRoot: ParentNode };
  #observer: ResizeObserver | undefined;
  #width = -1;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(host: ReactiveControllerHost & HTMLElement & { renderRoot: ParentNode }) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {
    // Acting in the observer's callback would resize what it observes within the same frame
    // (a "loop" error): the fit runs in a task of its own.
    this.#observer ??= new ResizeObserver(([entry]) => {
      const width = entry?.contentRect.width ?? 0;
      if (width === this.#width) return;
      this.#width = width;
      clearTimeout(this.#timer);
      this.#timer = setTimeout(() => this.fit());
    });
    this.#observer.observe(this.#host);
  }

  hostDisconnected(): void {
    this.#observer?.disconnect();
    clearTimeout(this.#timer);
  }

  hostUpdated(): void {
    this.fit();
  }

  /** Lays each table out as a table, and as rows where it is wider than its wrapper. */
  fit(): void {
    for (const wrapper of this.#host.renderRoot.querySelectorAll<HTMLElement>('[data-fit]')) {
      const table = wrapper.querySelector('table');
      if (!table) continue;
      wrapper.removeAttribute('data-rows');
      wrapper.toggleAttribute('data-rows', table.offsetWidth > wrapper.clientWidth + 1);
    }
  }
}

/**
 * A table's date and time ("Nov 21," "10:00 AM"): the full date in its title, and a line break
 * allowed only between the day and the hour, so a narrow column keeps each whole.
 */
export function renderTime(iso: string) {
  const brief = formatDateTime(iso, true);
  const at = brief.lastIndexOf(', ');
  return html`<time datetime=${iso} title=${formatDateTime(iso)}
    >${at < 0 ? brief : html`<span>${brief.slice(0, at + 1)}</span> <span>${brief.slice(at + 2)}</span>`}</time
  >`;
}
