import { Task, TaskStatus, initialState } from '@lit/task';
import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { ApiClient } from '../../shared/api-client.js';
import type { Transaction } from '../../shared/schemas.js';
import { alertBox, errorMessage, renderAlert } from '../core/alerts.js';
import { clientNames } from '../core/client-names.js';
import { formatMoney, formatTime, methodLabel, statusLabel, statusTone } from '../core/format.js';
import { PollController } from '../core/poll.js';
import { ServiceElement, spinner } from '../core/service-element.js';
import { msg, str } from '../core/localize.js';
import { TableFit, renderTime } from '../core/table-fit.js';

/** The spec: the list shows the 10 most recent transactions. */
const SHOWN = 10;
/** Polling faster than this would only load the server. */
const MIN_POLL_SECONDS = 2;

interface Loaded {
  transactions: Transaction[];
  clients: Map<string, string>;
  at: Date;
}

/**
 * A read-only table of the 10 most recent transactions (the spec's `serviceTransactionsList`):
 * date, payer, amount, method, status and client. A refresh button reloads it; with
 * `poll-interval` it also reloads on its own while the page is visible.
 *
 * @tagname service-transactions-list
 * @summary The 10 most recent transactions.
 *
 * @fires service-error - Loading failed; `detail` has the API's message.
 *
 * @csspart table - The table.
 * @csspart row - A transaction's row.
 * @csspart status - A transaction's status.
 * @csspart empty - The text shown when there is no transaction yet.
 * @csspart button - The refresh button.
 * @csspart refreshing - The quiet mark of a refresh in progress beside the button.
 * @csspart warning - A refresh failed: the list shown is the last one loaded.
 */
export class ServiceTransactionsList extends ServiceElement {
  /** Reload every this many seconds (at least 2) while the page is visible; 0 or absent: never. */
  @property({ attribute: 'poll-interval', type: Number }) pollInterval = 0;

  /** Set by the refresh button, so only a reload the user asked for is announced. */
  @state() private announce = false;
  /** The last list loaded: a failed refresh keeps it on show, under a warning. */
  @state() private last?: Loaded;

  private readonly load = new Task(this, {
    args: () => [this.api] as const,
    task: async ([api]: readonly [ApiClient], { signal }) => {
      if (!api.hasToken) return initialState;
      const { data } = await api.listTransactions({ limit: SHOWN }, signal);
      const clients = await clientNames(
        api,
        data.map((t) => t.clientId),
        signal,
      );
      return { transactions: data, clients, at: new Date() } satisfies Loaded;
    },
    onComplete: (loaded) => {
      if (loaded) this.last = loaded;
      this.loaded('load');
    },
    onError: (error) => this.emitError('load', error, true),
  });

  protected readonly fit = new TableFit(this);

  /** Reloads while the page is visible, backing off while the API fails (see PollController). */
  readonly #poll = new PollController(this, {
    run: async () => {
      if (this.load.status !== TaskStatus.PENDING) await this.load.run();
      return this.load.status !== TaskStatus.ERROR;
    },
    interval: () =>
      this.pollInterval > 0 ? Math.max(this.pollInterval, MIN_POLL_SECONDS) * 1000 : 0,
  });

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('pollInterval')) this.#poll.restart();
  }

  /** Loads the transactions again. */
  async refresh(): Promise<void> {
    this.announce = true;
    await this.load.run();
  }

  private renderTable(loaded: Loaded) {
    if (loaded.transactions.length === 0) {
      return html`<p class="hint" part="empty">${msg('No transactions yet.')}</p>`;
    }
    return html`<div data-fit role="region" aria-label=${msg('Transactions')}>
      <table part="table">
        <caption class="visually-hidden">
          The ${SHOWN} most recent transactions, newest first
        </caption>
        <thead>
          <tr>
            <th scope="col">${msg('Date')}</th>
            <th scope="col">${msg('Payer')}</th>
            <th scope="col" class="amount">${msg('Amount')}</th>
            <th scope="col">${msg('Method')}</th>
            <th scope="col">${msg('Status')}</th>
            <th scope="col">${msg('Client')}</th>
          </tr>
        </thead>
        <tbody>
          ${loaded.transactions.map(
            (t) =>
              html`<tr part="row">
                <td data-label=${msg('Date')}>${renderTime(t.createdOn)}</td>
                <td data-label=${msg('Payer')}>
                  <span>${t.payerName ?? t.payerEmail ?? '—'}</span>
                </td>
                <td class="amount" data-label=${msg('Amount')}>
                  <span
                    >${formatMoney(t.amount)}${
                      t.amountRefunded !== '0.00'
                        ? html` <span class="hint sub"
                            >${formatMoney(t.amountRefunded)} refunded</span
                          >`
                        : nothing
                    }</span
                  >
                </td>
                <td data-label=${msg('Method')}>
                  <span>${methodLabel(t.method)}${t.lastFour ? ` ··${t.lastFour}` : ''}</span>
                </td>
                <td part="status" data-label=${msg('Status')}>
                  <span
                    ><span class="badge" data-tone=${statusTone(t.status)}
                      >${statusLabel(t.status)}</span
                    >${
                      t.errorMessage
                        ? html` <span class="hint sub">${t.errorMessage}</span>`
                        : nothing
                    }</span
                  >
                </td>
                <td data-label=${msg('Client')}>
                  <span>${(t.clientId && loaded.clients.get(t.clientId)) || '—'}</span>
                </td>
              </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
  }

  override render() {
    const pending = this.load.status === TaskStatus.PENDING;
    const failed = this.load.status === TaskStatus.ERROR;
    const loaded = this.load.value ?? this.last;
    return html`<section part="card" aria-busy=${pending ? 'true' : 'false'}>
      <div class="row header">
        ${this.renderHeading(msg('Recent transactions'))}
        <button
          type="button"
          part="button"
          aria-disabled=${pending ? 'true' : 'false'}
          @click=${() => !pending && this.refresh()}
        >
          ${msg('Refresh')}
        </button>
        <span class="hint" role="status"
          >${
            pending && loaded
              ? html`<span part="refreshing"
                  >${spinner}${this.announce ? msg('Refreshing…') : nothing}</span
                >`
              : this.announce && !failed && loaded
                ? msg(str`Updated at ${formatTime(loaded.at)}.`)
                : nothing
          }</span
        >
      </div>
      ${
        failed && loaded
          ? alertBox(
              'error',
              html`<p>
                ${msg('Could not refresh.')} ${errorMessage(this.load.error)}
                ${msg(str`Showing the transactions as of ${formatTime(loaded.at)}.`)}
              </p>`,
              'error warning',
            )
          : failed
            ? renderAlert(this.load.error)
            : nothing
      }
      ${
        loaded
          ? this.renderTable(loaded)
          : pending
            ? html`<p class="hint">${spinner}${msg('Loading transactions…')}</p>`
            : this.renderUnconfigured()
      }
    </section>`;
  }
}
