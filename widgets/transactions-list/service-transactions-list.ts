import { Task, TaskStatus, initialState } from '@lit/task';
import { css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { ApiClient } from '../../shared/api-client.js';
import type { MoneyOutKind } from '../../shared/money-out.js';
import { moneyOutBlock, refundableAmount } from '../../shared/money-out-rules.js';
import type { Transaction } from '../../shared/schemas.js';
import { alertBox, errorMessage, plainRemote, renderAlert } from '../core/alerts.js';
import { callerRole } from '../core/caller-role.js';
import { clientNames } from '../core/client-names.js';
import {
  formatDate,
  formatMoney,
  formatTime,
  methodLabel,
  statusLabel,
  statusTone,
} from '../core/format.js';
import { PollController, reloadOf } from '../core/poll.js';
import { ServiceElement, spinner } from '../core/service-element.js';
import { msg, str } from '../core/localize.js';
import { loadLinkActions, type LinkActions } from '../core/link-actions.js';
import { TableFit, renderTime } from '../core/table-fit.js';
import type { ServiceMoneyOutDialog } from './money-out-dialog.js';

/** The spec: the list shows the 10 most recent transactions. */
const SHOWN = 10;
/** Polling faster than this would only load the server. */
const MIN_POLL_SECONDS = 2;

interface Loaded {
  transactions: Transaction[];
  clients: Map<string, string>;
  at: Date;
  /** Whether Refund and Void are offered: the caller is an admin, and a row has one. */
  admin: boolean;
}

/** What a transaction is, in the current language, keyed by the service's `type` names. */
function typeLabel(type: string | null): string {
  if (/Payment$/.test(type ?? '')) return msg('Payment');
  const labels: Record<string, string> = {
    refund: msg('Refund'),
    void: msg('Void'),
    achReturn: msg('Return'),
    chargeback: msg('Chargeback'),
    chargeback_reversal: msg('Chargeback reversal'),
  };
  return (type && labels[type]) || (type ?? '—');
}

/** A payer's or client's name: clamped to a few lines in its cell, whole in its title. */
const nameCell = (name: string | null | undefined) =>
  html`<span class="name" title=${name || nothing}>${name || '—'}</span>`;

/** Types whose money goes out of the firm's account: shown with a true minus sign. */
const MONEY_OUT = /^(refund|void|achReturn|reverse|chargeback|payout)$/;

/** The actions an admin may take on a transaction: refund what is left, void what is pending. */
function actionsOf(t: Transaction): MoneyOutKind[] {
  const kinds: MoneyOutKind[] = [];
  if (!moneyOutBlock('refund', t) && refundableAmount(t) !== '0.00') kinds.push('refund');
  if (!moneyOutBlock('void', t)) kinds.push('void');
  return kinds;
}

/**
 * A table of the 10 most recent transactions (the spec's `serviceTransactionsList`): date, payer,
 * amount, method, status and client. A refresh button reloads it; with `poll-interval` it also
 * reloads on its own while the page is visible. To an admin (the token's role, GET /api/me) each
 * payment with money left shows Refund, and each payment not settled yet Void: a dialog asks the
 * amount and a reason, shows the trust guard's warning with an override, then the outcome; the
 * list reloads to show the payment and its refund or void.
 *
 * @tagname service-transactions-list
 * @summary The 10 most recent transactions; refunds and voids for admins.
 *
 * @fires service-error - Loading failed, or a refund or void was refused; `detail` has the API's message.
 * @fires service-transaction-refunded - A payment was refunded (or the refund is pending at the service); `detail` is the API's answer `{ status, request, original, reversals }`.
 * @fires service-transaction-voided - A payment was voided (or the void is pending at the service); `detail` is the API's answer.
 * @fires service-payment-request-sent - A payment request was sent for a payment's link (staff); `detail` is the request.
 * @fires service-manual-payment-recorded - A cheque or cash was recorded on a payment's link (staff); the list reloads.
 *
 * @csspart table - The table.
 * @csspart row - A transaction's row.
 * @csspart status - A transaction's status.
 * @csspart empty - The text shown when there is no transaction yet.
 * @csspart button - The refresh button.
 * @csspart refreshing - The quiet mark of a refresh in progress beside the button.
 * @csspart warning - A refresh failed: the list shown is the last one loaded.
 * @csspart action - A payment's Refund or Void button, under its status (admins only), and its link's Send request and Record a cheque (staff).
 */
export class ServiceTransactionsList extends ServiceElement {
  // A payment's actions sit under its status, compact, so the table keeps its six columns.
  static override styles = [
    ServiceElement.styles,
    css`
      [part~='action'] {
        padding: 0.1rem 0.4rem;
        font-size: 0.875em;
      }
      .amount .sub {
        white-space: normal;
      }
      .actions {
        display: flex;
        justify-content: inherit;
        gap: 0.25rem;
        margin-block-start: 0.25rem;
      }
    `,
  ];

  /** Reload every this many seconds (at least 2) while the page is visible; 0 or absent: never. */
  @property({ attribute: 'poll-interval', type: Number }) pollInterval = 0;

  /** Set by the refresh button, so only a reload the user asked for is announced. */
  @state() private announce = false;
  /** The last list loaded: a failed refresh keeps it on show, under a warning. */
  @state() private last?: Loaded;

  /** An admin's Refund and Void buttons, loaded with the list an admin sees. */
  #moneyOut?: typeof import('./money-out-actions.js');
  /** Send request and Record a cheque, once loaded (core/link-actions.ts). */
  #actions?: LinkActions;
  /** The refund / void dialog, once an admin opened it (its module loads then). */
  /** The dialog's file, once loaded. */
  #dialog?: typeof import('./define-money-out-dialog.js');
  @state() private dialogOpen = false;
  /** The button that opened the dialog, to put focus back on when it closes. */
  #opener?: { kind: MoneyOutKind; id: string };

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
      // The role is asked (once per client) only when a row could offer an action.
      const role = data.some((t) => actionsOf(t).length > 0 || t.paymentLinkId)
        ? await callerRole(api)
        : null;
      const admin = role === 'admin';
      // Refund and Void, like the dialog they open, load only for an admin (the kit's budget).
      if (admin) this.#moneyOut ??= await import('./money-out-actions.js');
      // A payment's link offers Send request and Record a cheque to staff and admins.
      if (admin || role === 'staff') loadLinkActions(this, (actions) => (this.#actions = actions));
      return { transactions: data, clients, at: new Date(), admin } satisfies Loaded;
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
    run: reloadOf(this.load),
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

  /** Opens the refund or void dialog for a payment, loading it the first time. */
  private async openMoneyOut(kind: MoneyOutKind, t: Transaction): Promise<void> {
    this.#opener = { kind, id: t.id };
    this.#dialog = await import('./define-money-out-dialog.js');
    this.dialogOpen = true;
    await this.updateComplete;
    await this.renderRoot
      .querySelector<ServiceMoneyOutDialog>('service-money-out-dialog')
      ?.open(kind, t);
  }

  /** The dialog closed: focus goes back to the button that opened it (or to Refresh). */
  private async onDialogClosed(): Promise<void> {
    await this.updateComplete;
    this.#dialog?.focusOpener(this.renderRoot, this.#opener);
  }

  /** "Payment"; "Refund of $1,250.50 on Nov 28, 2026" where the payment it reverses is listed too. */
  private renderType(t: Transaction, loaded: Loaded) {
    const label = typeLabel(t.type);
    const original =
      t.originalTransactionId && loaded.transactions.find((o) => o.id === t.originalTransactionId);
    return original
      ? msg(str`${label} of ${formatMoney(original.amount)} on ${formatDate(original.createdOn)}`)
      : label;
  }

  private renderDialog() {
    return this.dialogOpen && this.#dialog
      ? this.#dialog.renderDialog({
          client: this.api,
          theme: this.theme,
          headingLevel: this.headingLevel,
          refresh: () => this.refresh(),
          closed: () => this.onDialogClosed(),
        })
      : nothing;
  }

  private renderTable(loaded: Loaded) {
    if (loaded.transactions.length === 0) {
      return html`<p class="hint" part="empty">${msg('No transactions yet.')}</p>`;
    }
    return html`<div data-fit role="region" aria-label=${msg('Transactions')}>
      <table part="table">
        <caption class="visually-hidden">
          ${msg(str`The ${SHOWN} most recent transactions, newest first`)}
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
                <td data-label=${msg('Payer')}>${nameCell(t.payerName ?? t.payerEmail)}</td>
                <td class="amount" data-label=${msg('Amount')}>
                  <span
                    >${MONEY_OUT.test(t.type ?? '') ? '\u2212' : ''}${formatMoney(t.amount)}
                    <span class="hint sub">${this.renderType(t, loaded)}</span>${
                      t.amountRefunded !== '0.00'
                        ? html` <span class="hint sub"
                            >${msg(str`${formatMoney(t.amountRefunded)} refunded`)}</span
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
                        ? html` <span class="hint sub">${plainRemote(t.errorMessage)}</span>`
                        : nothing
                    }${loaded.admin ? this.#moneyOut?.renderMoneyOutActions(t, actionsOf(t), (kind) => this.openMoneyOut(kind, t)) : nothing}${this.#actions?.renderPaymentActions(this, this.api, t)}</span
                  >
                </td>
                <td data-label=${msg('Client')}>
                  ${nameCell(t.clientId && loaded.clients.get(t.clientId))}
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
      ${this.renderDialog()}
    </section>`;
  }
}
