import { Task, TaskStatus, initialState } from '@lit/task';
import { html, nothing, type ReactiveControllerHost } from 'lit';
import type { ApiClient } from '../../shared/api-client.js';
import { getLedgerBalances, type LedgerBalanceLine } from '../../shared/ledger-api.js';
import { renderAlert } from '../core/alerts.js';
import { msg } from '../core/localize.js';
import { spinner } from '../core/service-element.js';
import {
  renderAvailableHint,
  renderBalances,
  renderMoreButton,
  renderNegativeWarning,
} from './tables.js';

// The trust ledger's first view: the balances per client and matter, a page at a time ("Show
// more lines" with the API's cursor), with what is available beside each balance.

/** Balance lines per page. */
const BALANCES_PAGE = 50;

/** What the balances read from their element. */
export interface BalancesSource {
  api: () => ApiClient;
  accountId: () => string;
  onError: (error: unknown) => void;
}

/** What the view shows around the table, and what its lines open. */
export interface BalancesViewParts {
  /** The view's heading (a section of the element). */
  heading: (content: string) => unknown;
  /** The balances' CSV button. */
  download: () => unknown;
  /** Opens the record forms; null: the caller may not record. */
  record: (() => void) | null;
  open: (line: LedgerBalanceLine) => void;
  statement: (line: LedgerBalanceLine) => void;
}

export class LedgerBalancesView {
  /** The balance lines loaded so far (first page, then each "Show more lines"). */
  lines: LedgerBalanceLine[] = [];
  cursor: string | null = null;

  /** The first page (and the whole account's totals): reloaded by Refresh and the poll. */
  readonly task;
  /** The next page, added to those shown. */
  readonly more;

  constructor(host: ReactiveControllerHost, source: BalancesSource) {
    this.task = new Task(host, {
      args: () => [source.api(), source.accountId()] as const,
      task: async ([api, bankAccountId]: readonly [ApiClient, string], { signal }) =>
        bankAccountId && api.hasToken
          ? getLedgerBalances(api, { bankAccountId, limit: BALANCES_PAGE }, signal)
          : initialState,
      onComplete: (report) => {
        this.lines = report.lines;
        this.cursor = report.nextCursor;
      },
      onError: source.onError,
    });
    this.more = new Task(host, {
      autoRun: false,
      task: async ([cursor]: [string], { signal }) =>
        getLedgerBalances(
          source.api(),
          { bankAccountId: source.accountId(), limit: BALANCES_PAGE, cursor },
          signal,
        ),
      onComplete: (report) => {
        this.lines = [...this.lines, ...report.lines];
        this.cursor = report.nextCursor;
      },
      onError: source.onError,
    });
  }

  render(parts: BalancesViewParts) {
    const report = this.task.value;
    if (!report) {
      return this.task.status === TaskStatus.ERROR
        ? renderAlert(this.task.error)
        : html`<p class="hint">${spinner}${msg('Loading the balances…')}</p>`;
    }
    const lines = this.lines;
    const negative = lines.filter((l) => l.balance.startsWith('-')).length;
    const loading = this.more.status === TaskStatus.PENDING;
    return html`${this.task.status === TaskStatus.ERROR ? renderAlert(this.task.error) : nothing}
      <div class="row header">
        ${parts.heading(msg('Balances per client and matter'))}
        ${report.lines.length ? parts.download() : nothing}
        ${
          parts.record
            ? html`<button type="button" part="button record-button" @click=${parts.record}>
                ${msg('Record money in or out')}
              </button>`
            : nothing
        }
      </div>
      ${renderNegativeWarning(negative, this.cursor !== null)}
      ${
        lines.length
          ? html`${renderAvailableHint()}
            ${renderBalances({ ...report, lines }, parts.open, parts.statement)}`
          : html`<p class="hint" part="empty">${msg('No money in this trust account yet.')}</p>`
      }
      ${this.more.status === TaskStatus.ERROR ? renderAlert(this.more.error) : nothing}
      ${renderMoreButton(this.cursor, loading, msg('Show more lines'), (cursor) =>
        this.more.run([cursor]),
      )}`;
  }
}
