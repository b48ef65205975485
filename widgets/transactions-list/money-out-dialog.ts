import { css, html, nothing } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { isApiError, type ApiClient } from '../../shared/api-client.js';
import { newIdempotencyKey } from '../../shared/idempotency.js';
import { toCents } from '../../shared/money.js';
import type { MoneyOutKind } from '../../shared/money-out.js';
import type { MoneyOutAwaitingApproval, MoneyOutResult } from '../../shared/money-out-answer.js';
import { refundableAmount } from '../../shared/money-out-rules.js';
import type { Transaction } from '../../shared/schemas.js';
import { alertBox, errorMessage, serverFieldErrors } from '../core/alerts.js';
import { ServiceTransactionRefundedEvent, ServiceTransactionVoidedEvent } from '../core/events.js';
import { currencySymbol, formatMoney, methodLabel, statusLabel } from '../core/format.js';
import { msg, str } from '../core/localize.js';
import {
  ServiceElement,
  renderField,
  renderSubmit,
  renderTextField,
} from '../core/service-element.js';
import { checkAmount, formatAmountInput, parseAmount } from '../core/validate.js';
import { renderTrustWarning, trustWarning, type TrustWarning } from './trust-warning.js';

// The refund / void dialog of <service-transactions-list>: loaded on demand (import()) the first
// time an admin opens it, so the list's first load does not carry it. A modal <dialog>: focus
// stays inside, Escape closes it, and the list puts focus back on the button that opened it.

/** What is on show: the form (with a refusal, maybe), or the outcome. */
type Phase = 'form' | 'sending' | 'done';

/** The service finished the request (200); any other status is still open at the service (202). */
const DONE: ReadonlySet<string> = new Set(['SUCCESS', 'PARTIAL_SUCCESS']);

/** Fired on the dialog when it closed (Escape, Cancel, Close): the list puts focus back. */
export const DIALOG_CLOSED = 'money-out-dialog-closed';

const dialogStyles = css`
  dialog {
    box-sizing: border-box;
    inline-size: min(30rem, calc(100vw - 1.5rem));
    max-block-size: calc(100dvh - 1.5rem);
    padding: var(--_gap);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
    color: var(--_text);
    box-shadow: 0 12px 32px rgb(0 0 0 / 35%);
  }
  dialog::backdrop {
    background: rgb(0 0 0 / 50%);
  }
  textarea {
    font: inherit;
    font-size: max(16px, 1em);
    color: inherit;
    inline-size: 100%;
    box-sizing: border-box;
    min-block-size: 4.5rem;
    padding: 0.45rem 0.6rem;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.75);
    background: var(--_input);
    resize: vertical;
  }
  .summary {
    margin: 0;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }
`;

/**
 * Refunds or voids one payment: the amount (refunds; prefilled with what is still refundable), a
 * reason, the trust warning with an admin's override (a balance that would go negative, or funds
 * not yet collected), and the outcome: done, pending at the payment service, waiting for a second
 * approver (an override, with `requireSecondApprover` on), or refused and why. Each submit sends
 * one `Idempotency-Key`; sending the same thing again after its answer was lost (the network, a
 * 5xx) sends the same key, so the payment is never refunded twice.
 *
 * @tagname service-money-out-dialog
 * @summary The refund / void dialog of the transactions list (loaded on demand).
 *
 * @fires service-transaction-refunded - A refund was made, is pending at the service, or waits for a second approver (`detail.status` `awaiting_approval`); `detail` is the API's answer.
 * @fires service-transaction-voided - A void was made, is pending, or waits for a second approver; `detail` is the API's answer.
 * @fires service-error - The call failed or was refused; the dialog shows why.
 *
 * @csspart dialog - The dialog box.
 * @csspart trust-warning - The trust guard's warning and its override.
 * @csspart result - The outcome: done, or pending at the payment service.
 */
export class ServiceMoneyOutDialog extends ServiceElement {
  static override styles = [ServiceElement.styles, dialogStyles];

  /** The API client of the list that opened the dialog. */
  @property({ attribute: false }) client?: ApiClient;
  /** What to do: `refund` or `void`. */
  @property() kind: MoneyOutKind = 'refund';
  /** The payment. */
  @property({ attribute: false }) transaction?: Transaction;

  @state() private phase: Phase = 'form';
  @state() private error: unknown;
  @state() private amountErrors: string[] = [];
  @state() private overrideErrors: string[] = [];
  @state() private trust?: TrustWarning;
  @state() private answer?: MoneyOutResult;

  @query('dialog') private dialog!: HTMLDialogElement;
  @query('form') private form?: HTMLFormElement;

  /** The last submit: its body and key, and whether its answer is still unknown (lost). */
  #attempt?: { body: string; key: string; lost: boolean };

  protected override get api(): ApiClient {
    return this.client ?? super.api;
  }

  /** Part of the list: the list says when it is ready, not its dialog. */
  protected override isLoaded(): boolean {
    return false;
  }

  /** Opens the dialog for `kind` of `transaction`, afresh. */
  async open(kind: MoneyOutKind, transaction: Transaction): Promise<void> {
    this.kind = kind;
    this.transaction = transaction;
    this.phase = 'form';
    this.error = undefined;
    this.amountErrors = [];
    this.overrideErrors = [];
    this.trust = undefined;
    this.answer = undefined;
    this.#attempt = undefined;
    await this.updateComplete;
    this.form?.reset();
    const amount = this.field('amount');
    // In the element's locale, as submit() reads it back (there): unchanged, it submits as is.
    const prefill = this.inOwnLocale(() => formatAmountInput(refundableAmount(transaction)));
    if (amount) amount.value = prefill;
    if (!this.dialog.open) this.dialog.showModal();
    (amount ?? this.field('reason'))?.focus();
  }

  /** Closes the dialog (the list puts focus back where it was). */
  close(): void {
    if (this.dialog?.open) this.dialog.close();
  }

  private field(name: string) {
    return this.form?.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement | null;
  }

  private get refundable(): string {
    return this.transaction ? refundableAmount(this.transaction) : '0.00';
  }

  /** The amount's problems: the kit's strict money reading, then what is refundable. */
  private checkAmount(value: string): string[] {
    const problems = checkAmount(value);
    if (problems.length) return problems;
    const amount = parseAmount(value)!;
    if (toCents(amount) > toCents(this.refundable)) {
      return [msg(str`must be at most ${formatMoney(this.refundable)}, what is still refundable`)];
    }
    return [];
  }

  private async submit(event: Event): Promise<void> {
    event.preventDefault();
    if (this.phase === 'sending' || !this.transaction) return;
    const body: { amount?: string; reason?: string; override?: { reason: string } } = {};
    if (this.kind === 'refund') {
      const typed = this.field('amount')?.value ?? '';
      this.amountErrors = this.inOwnLocale(() => this.checkAmount(typed));
      if (this.amountErrors.length) return this.focusWithin('[aria-invalid="true"]');
      body.amount = parseAmount(typed, this.locale)!;
    }
    const reason = this.field('reason')?.value.trim();
    if (reason) body.reason = reason;
    if (this.trust) {
      const why = this.field('overrideReason')?.value.trim() ?? '';
      this.overrideErrors = why ? [] : [msg('is required: say why the guard may be overridden')];
      if (!why) return this.focusWithin('[aria-invalid="true"]');
      body.override = { reason: why };
    }
    await this.send(body);
  }

  private async send(body: { amount?: string; reason?: string; override?: { reason: string } }) {
    const transaction = this.transaction!;
    const text = JSON.stringify(body);
    // The same thing sent again after its answer was lost is the same submit: the same key.
    const key =
      this.#attempt?.lost && this.#attempt.body === text ? this.#attempt.key : newIdempotencyKey();
    this.#attempt = { body: text, key, lost: true };
    this.phase = 'sending';
    this.error = undefined;
    try {
      const answer =
        this.kind === 'refund'
          ? await this.api.refundTransaction(transaction.id, body, { idempotencyKey: key })
          : await this.api.voidTransaction(transaction.id, body, { idempotencyKey: key });
      this.#attempt.lost = false;
      this.answer = answer;
      this.trust = undefined;
      this.phase = 'done';
      this.emit(
        this.kind === 'refund'
          ? new ServiceTransactionRefundedEvent(answer)
          : new ServiceTransactionVoidedEvent(answer),
      );
      await this.focusWithin('[part~="result"]');
    } catch (error) {
      // A refusal is an answer; a network failure or a 5xx may have acted: retried with its key.
      if (isApiError(error) && error.status > 0 && error.status < 500) this.#attempt.lost = false;
      this.phase = 'form';
      const trust = trustWarning(error);
      if (trust) {
        this.trust = trust;
        this.error = undefined;
        this.emitError(this.kind, error);
        await this.focusWithin('[name="overrideReason"]');
        return;
      }
      this.error = error;
      this.amountErrors = serverFieldErrors(error, 'amount');
      this.emitError(this.kind, error);
      await this.focusWithin('[aria-invalid="true"], [part~="error"]');
    }
  }

  private onClose() {
    this.dispatchEvent(new Event(DIALOG_CLOSED));
  }

  private renderSummary(t: Transaction) {
    const payer = t.payerName ?? t.payerEmail ?? '—';
    const method = `${methodLabel(t.method)}${t.lastFour ? ` ··${t.lastFour}` : ''}`;
    return html`<p class="summary" id="summary">
      ${msg(str`${formatMoney(t.amount)} from ${payer}, ${method}.`)}
      ${
        this.kind === 'refund'
          ? msg(str`Still refundable: ${formatMoney(this.refundable)}.`)
          : msg('A void cancels the whole payment before it settles.')
      }
    </p>`;
  }

  private renderForm(t: Transaction) {
    const refund = this.kind === 'refund';
    const sending = this.phase === 'sending';
    const label = this.trust
      ? refund
        ? msg('Override and refund')
        : msg('Override and void')
      : refund
        ? msg('Refund payment')
        : msg('Void payment');
    return html`<form novalidate @submit=${this.submit}>
      ${this.renderSummary(t)}
      ${
        refund
          ? renderTextField({
              id: 'amount',
              label: msg('Amount to refund (USD)'),
              errors: this.amountErrors,
              inputmode: 'decimal',
              prefix: currencySymbol(),
              required: true,
              onInput: () => {
                this.amountErrors = [];
                this.trust = undefined;
              },
            })
          : nothing
      }
      ${renderField(
        { id: 'reason', label: msg('Reason'), errors: [], optional: true },
        ({ describedBy }) =>
          html`<textarea
            id="reason"
            name="reason"
            maxlength="1000"
            aria-describedby=${describedBy ?? nothing}
          ></textarea>`,
      )}
      ${this.trust ? renderTrustWarning(this.trust, this.overrideErrors) : nothing}
      ${
        this.error
          ? alertBox(
              'error',
              html`<p>
                ${refund ? msg('The refund was refused.') : msg('The void was refused.')}
                ${errorMessage(this.error)}
              </p>`,
            )
          : nothing
      }
      <div class="actions">
        ${renderSubmit(sending, label, refund ? msg('Refunding…') : msg('Voiding…'), 'danger')}
        <button type="button" part="button cancel" @click=${() => this.close()}>
          ${msg('Cancel')}
        </button>
      </div>
    </form>`;
  }

  private renderOutcome(answer: MoneyOutResult) {
    if (answer.status === 'awaiting_approval') return this.renderAwaiting(answer);
    const refund = this.kind === 'refund';
    const done = DONE.has(answer.status);
    const amount = answer.request.amount ?? answer.original.amount;
    const text = done
      ? html`<p>
          <strong
            >${
              refund
                ? msg(str`Refunded ${formatMoney(amount)}.`)
                : msg(str`Voided ${formatMoney(answer.original.amount)}.`)
            }</strong
          >
          ${msg(str`The payment is now ${statusLabel(answer.original.status)}.`)}
        </p>`
      : html`<p>
          <strong
            >${
              refund ? msg(str`Refund of ${formatMoney(amount)} sent.`) : msg('Void sent.')
            }</strong
          >
          ${msg('The payment service is still working on it: the list shows the outcome once it is done.')}
        </p>`;
    return this.renderResult(done ? 'success' : 'pending', text);
  }

  /** A second admin must approve the override first (the `requireSecondApprover` setting). */
  private renderAwaiting(answer: MoneyOutAwaitingApproval) {
    const amount = formatMoney(answer.approval.amount ?? answer.original.amount);
    return this.renderResult(
      'awaiting-approval',
      html`<p>
        <strong>${msg('Waiting for a second approver.')}</strong>
        ${
          this.kind === 'refund'
            ? msg(
                str`The refund of ${amount} goes to the payment service once another admin approves it.`,
              )
            : msg('The void goes to the payment service once another admin approves it.')
        }
      </p>`,
    );
  }

  private renderResult(state: 'success' | 'pending' | 'awaiting-approval', text: unknown) {
    return html`<div class="stack">
      <div
        class="alert"
        data-tone=${state === 'success' ? 'success' : 'warning'}
        role="status"
        part="alert result ${state}"
        tabindex="-1"
      >
        ${text}
      </div>
      <div class="actions">
        <button type="button" part="button close" @click=${() => this.close()}>
          ${msg('Close')}
        </button>
      </div>
    </div>`;
  }

  override render() {
    const t = this.transaction;
    const refund = this.kind === 'refund';
    return html`<dialog
      part="dialog"
      aria-labelledby="title"
      aria-describedby=${this.phase === 'done' ? nothing : 'summary'}
      aria-busy=${this.phase === 'sending' ? 'true' : 'false'}
      @close=${this.onClose}
    >
      <div class="stack">
        ${this.renderHeadingAt(0, refund ? msg('Refund payment') : msg('Void payment'), 'title')}
        ${
          !t
            ? nothing
            : this.phase === 'done' && this.answer
              ? this.renderOutcome(this.answer)
              : this.renderForm(t)
        }
      </div>
    </dialog>`;
  }
}
