import { Task, TaskStatus, initialState } from '@lit/task';
import { css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { ApiClient, ListOptions } from '../../shared/api-client.js';
import type { Page } from '../../shared/schemas.js';
import { alertBox, errorMessage, renderAlert } from '../core/alerts.js';
import { PollController } from '../core/poll.js';
import { ServiceElement, spinner } from '../core/service-element.js';
import { TableFit } from '../core/table-fit.js';
import { msg } from '../core/localize.js';
import { formatTime } from '../core/format.js';

/** Rows per page ("Show more" loads the next). */
export const PAGE_SIZE = 25;
/** The API's largest page: a reload of everything shown asks for at most this many. */
const MAX_LIMIT = 200;

/**
 * The base of the operations lists (sync problems, the webhook event log): a page of rows newest
 * first, "Show more" through the API's cursor, and live refresh while visible (PollController).
 * A refresh reloads as many rows as are shown, so "Show more" is not undone by the next poll;
 * a failed refresh keeps the rows on show under its alert. Consoles: wider than the kit's forms
 * by default (--service-max-width, 64rem), their tables kept as tables while they fit.
 */
export abstract class PagedList<T extends { id: string }> extends ServiceElement {
  static override styles = [
    ServiceElement.styles,
    css`
      :host {
        max-inline-size: var(--service-max-width, 64rem);
      }
    `,
  ];

  /** Reload every this many seconds while the page is visible (0: only on demand). */
  @property({ attribute: 'poll-interval', type: Number }) pollInterval = 5;

  /** The rows shown, newest first. */
  @state() protected rows: T[] = [];
  @state() protected nextCursor: string | null = null;
  @state() protected loadedAt?: Date;
  /** The outcome of the last action (a retry, a replay, a reconciliation), announced. */
  @state() protected outcome = '';

  /** The filter the rows shown were loaded with: a new one starts from one page again. */
  #shownFilter: unknown;

  protected abstract fetchPage(
    api: ApiClient,
    options: ListOptions,
    signal: AbortSignal,
  ): Promise<Page<T>>;

  /** What the list is filtered by (a status); a change loads it again from the top. */
  protected filterKey(): unknown {
    return '';
  }

  protected readonly load = new Task(this, {
    args: () => [this.api, this.filterKey()] as const,
    task: async ([api, filter]: readonly [ApiClient, unknown], { signal }) => {
      if (!api.hasToken) return initialState;
      const same = filter === this.#shownFilter;
      const limit = same ? Math.min(MAX_LIMIT, Math.max(PAGE_SIZE, this.rows.length)) : PAGE_SIZE;
      return { page: await this.fetchPage(api, { limit }, signal), filter, limit };
    },
    onComplete: ({ page, filter, limit }) => {
      // "Show more" may have added rows while this reload ran: they stay, with their cursor.
      const added = filter === this.#shownFilter ? this.rows.slice(limit) : [];
      const seen = new Set(page.data.map((r) => r.id));
      this.rows = [...page.data, ...added.filter((r) => !seen.has(r.id))];
      this.nextCursor = added.length ? this.nextCursor : page.nextCursor;
      this.loadedAt = new Date();
      this.#shownFilter = filter;
      this.loaded('load');
    },
    onError: (error) => this.emitError('load', error, true),
  });

  protected readonly fit = new TableFit(this);

  protected readonly more = new Task(this, {
    autoRun: false,
    task: async ([cursor]: [string], { signal }) =>
      this.fetchPage(this.api, { limit: PAGE_SIZE, cursor }, signal),
    onComplete: (page) => {
      const seen = new Set(this.rows.map((r) => r.id));
      this.rows = [...this.rows, ...page.data.filter((r) => !seen.has(r.id))];
      this.nextCursor = page.nextCursor;
    },
    onError: (error) => this.emitError('load', error),
  });

  protected readonly poll = new PollController(this, {
    run: async () => {
      if (this.load.status !== TaskStatus.PENDING) await this.load.run();
      return this.load.status !== TaskStatus.ERROR;
    },
    interval: () => (this.pollInterval > 0 ? this.pollInterval * 1000 : 0),
  });

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('pollInterval')) this.poll.restart();
  }

  /** Loads the list again now. */
  async refresh(): Promise<void> {
    await this.poll.poke();
  }

  /** Whether the rows have been loaded at least once. */
  protected get hasLoaded(): boolean {
    return this.loadedAt !== undefined;
  }

  /** The failed load's alert (once loaded, it says as of when the rows shown are). */
  /** A failed reload; `asOf` says what is shown instead ("Showing the problems as of 10:04."). */
  protected renderLoadState(asOf: (time: string) => string) {
    if (this.load.status !== TaskStatus.ERROR) return nothing;
    return this.hasLoaded
      ? alertBox(
          'error',
          html`<p>
            ${msg('Could not refresh.')} ${errorMessage(this.load.error)}
            ${this.rows.length ? asOf(formatTime(this.loadedAt!)) : nothing}
          </p>`,
          'error warning',
        )
      : renderAlert(this.load.error);
  }

  /** Whether the rows shown are current (the last load worked): an empty list means none. */
  protected get current(): boolean {
    return this.hasLoaded && this.load.status !== TaskStatus.ERROR;
  }

  /** The button that loads the next page, saying what ("Show more problems"). */
  protected renderMore(label: string) {
    const busy = this.more.status === TaskStatus.PENDING;
    return html`${this.more.status === TaskStatus.ERROR ? renderAlert(this.more.error) : nothing}
    ${
      this.nextCursor
        ? html`<button
            type="button"
            part="button more-button"
            aria-disabled=${busy ? 'true' : 'false'}
            @click=${() => !busy && this.nextCursor && this.more.run([this.nextCursor])}
          >
            ${busy ? html`${spinner}${msg('Loading…')}` : label}
          </button>`
        : nothing
    }`;
  }

  /** An action's onError: its outcome is gone, the failure said (`operation`). */
  protected failed(operation: string) {
    return (error: unknown) => {
      this.outcome = '';
      this.emitError(operation, error);
    };
  }

  /** Runs `task` with `args`, then focuses its outcome or its alert (a row may have left). */
  protected async runAndFocus<A extends unknown[]>(task: Task<A, unknown>, args: A) {
    await task.run(args);
    await this.updateComplete;
    this.renderRoot
      .querySelector<HTMLElement>(
        task.status === TaskStatus.ERROR ? '[part~="error"]' : '[part~="result"]',
      )
      ?.focus();
  }

  /** The last action's outcome, in the success tone. */
  protected renderOutcome() {
    return this.outcome ? alertBox('success', html`<p>${this.outcome}</p>`, 'result') : nothing;
  }

  /** What shows before the first load. */
  protected renderFirstLoad(loading: string) {
    if (this.load.status === TaskStatus.ERROR) return nothing;
    return this.configured
      ? html`<p class="hint">${spinner}${loading}</p>`
      : this.renderUnconfigured();
  }
}
