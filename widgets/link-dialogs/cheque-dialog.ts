import { html, nothing } from 'lit';
import { query, state } from 'lit/decorators.js';
import { isApiError } from '../../shared/api-client.js';
import { newIdempotencyKey } from '../../shared/idempotency.js';
import {
  recordManualPayment,
  type ManualPaymentAnswer,
  type ManualPaymentCreate,
  type RequestTarget,
} from '../../shared/link-requests-api.js';
import type { BankAccount, PaymentLink } from '../../shared/schemas.js';
import { errorMessage, serverFieldErrors } from '../core/alerts.js';
import { accountLabel, currencySymbol, formatMoney } from '../core/format.js';
import { msg, str } from '../core/localize.js';
import { renderField, renderTextField } from '../core/service-element.js';
import { checkAmount, formatAmountInput, parseAmount } from '../core/validate.js';
import { ServiceManualPaymentRecordedEvent } from './events.js';
import { LinkDialog } from './link-dialog.js';

/** How the money came: the memo on the statement starts with it. */
type Method = 'cheque' | 'cash';

/**
 * Records a cheque or cash the firm received on a payment link: the amount (on a link split
 * between operating and trust, each account's part, prefilled with what each still owes), the
 * payer, cheque or cash, and the statement memo (a cheque number, say). One `Idempotency-Key` per
 * opening of the dialog: a submit sent again (its answer lost, or a double click) records the
 * payment once. Loaded on demand by the link's "Record a cheque…" button.
 *
 * @tagname service-cheque-dialog
 * @summary The "Record a cheque" dialog of a payment link (loaded on demand).
 *
 * @fires service-manual-payment-recorded - The payment was recorded; `detail` is the API's answer `{ payment, transactions }`.
 * @fires service-error - The call failed or was refused; the dialog shows why.
 *
 * @csspart dialog - The dialog box.
 * @csspart result - The payment recorded.
 */
export class ServiceChequeDialog extends LinkDialog {
  @state() private link?: PaymentLink;
  @state() private accounts = new Map<string, BankAccount>();
  @state() private method: Method = 'cheque';
  @state() private sending = false;
  @state() private error: unknown;
  @state() private errors: Record<string, string[]> = {};
  @state() private answer?: ManualPaymentAnswer;

  @query('form') private form?: HTMLFormElement;

  /** This opening's key: every submit of it sends the same one. */
  #key = '';

  async open(target: RequestTarget): Promise<void> {
    Object.assign(this, {
      target,
      link: undefined,
      method: 'cheque',
      error: undefined,
      errors: {},
      answer: undefined,
      loadError: undefined,
    });
    this.#key = newIdempotencyKey();
    await this.show();
    try {
      const [link, accounts] = await Promise.all([
        this.api.getPaymentLink(target.id),
        this.api.listBankAccounts({ limit: 200 }),
      ]);
      this.accounts = new Map(accounts.data.map((a) => [a.id, a]));
      this.link = link;
      await this.updateComplete;
      this.form?.reset();
      // What each part still owes, as the element's locale writes it (read back the same way).
      this.inOwnLocale(() =>
        this.parts.forEach((part, i) => {
          const input = this.field(`amount-${i}`);
          if (input) input.value = formatAmountInput(part.outstandingAmount);
        }),
      );
      this.field('amount-0')?.focus();
    } catch (error) {
      this.loadError = error;
      this.emitError('load', error);
    }
  }

  private get parts() {
    return this.link?.amounts ?? [];
  }

  private get split() {
    return this.parts.length > 1;
  }

  private field(name: string) {
    return this.form?.elements.namedItem(name) as HTMLInputElement | null;
  }

  /** "Trust (IOLTA) ··2222 (trust)": which account a part goes into. */
  private accountName(id: string | null) {
    const account = id ? this.accounts.get(id) : undefined;
    if (!account) return msg('Bank account');
    return account.category === 'trust'
      ? msg(str`${accountLabel(account)} (trust)`)
      : msg(str`${accountLabel(account)} (operating)`);
  }

  private async submit(event: Event) {
    event.preventDefault();
    if (this.sending || !this.link) return;
    const typed = this.parts.map((_, i) => this.field(`amount-${i}`)?.value.trim() ?? '');
    const errors: Record<string, string[]> = {};
    const amounts = this.inOwnLocale(() =>
      typed.map((value, i) => {
        // On a split link a part left empty (or 0) is not paid now; one part at least is.
        if (this.split && !/[1-9]/.test(value)) return null;
        const problems = checkAmount(value, this.locale);
        if (problems.length) errors[`amount-${i}`] = problems;
        return parseAmount(value, this.locale);
      }),
    );
    if (this.split && amounts.every((a) => a === null) && !Object.keys(errors).length) {
      errors['amount-0'] = [msg('is required: one part at least')];
    }
    const email = this.field('payerEmail')?.value.trim() ?? '';
    if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      errors.payerEmail = [msg('is not an email address')];
    }
    this.errors = errors;
    this.error = undefined;
    if (Object.keys(errors).length) return this.focusWithin('[aria-invalid="true"]');
    const body: ManualPaymentCreate = this.split
      ? {
          amounts: this.parts.flatMap((part, i) =>
            amounts[i] ? [{ bankAccountId: part.bankAccountId!, amount: amounts[i] }] : [],
          ),
        }
      : { amount: amounts[0]! };
    const payerName = this.field('payerName')?.value.trim();
    if (payerName) body.payerName = payerName;
    if (email) body.payerEmail = email;
    const memo = this.field('memo')?.value.trim();
    const word = this.method === 'cash' ? msg('Cash') : msg('Cheque');
    body.memo = memo ? `${word} ${memo}`.slice(0, 255) : word;
    this.sending = true;
    try {
      this.answer = await recordManualPayment(this.api, this.link.id, body, {
        idempotencyKey: this.#key,
      });
      this.emit(new ServiceManualPaymentRecordedEvent(this.answer));
      await this.focusWithin('[part~="result"]');
    } catch (error) {
      this.error = error;
      const fields = isApiError(error) ? error.fields : {};
      this.errors = this.split
        ? Object.fromEntries(
            Object.entries(fields).flatMap(([key, messages]) => {
              const i = /^amounts\.(\d+)/.exec(key)?.[1];
              return i === undefined ? [] : [[`amount-${i}`, messages]];
            }),
          )
        : { 'amount-0': serverFieldErrors(error, 'amount') };
      this.emitError('recordManualPayment', error);
      await this.focusWithin('[aria-invalid="true"], [part~="error"]');
    } finally {
      this.sending = false;
    }
  }

  private renderAmounts() {
    return html`<fieldset class=${this.split ? 'split' : ''}>
      ${this.split ? html`<legend>${msg('Amount received (USD)')}</legend>` : nothing}
      ${this.parts.map((part, i) =>
        renderTextField({
          id: `amount-${i}`,
          label: this.split ? this.accountName(part.bankAccountId) : msg('Amount received (USD)'),
          errors: this.errors[`amount-${i}`] ?? [],
          hint: msg(str`Still owed: ${formatMoney(part.outstandingAmount)}.`),
          inputmode: 'decimal',
          prefix: currencySymbol(),
          required: !this.split,
        }),
      )}
    </fieldset>`;
  }

  private renderForm() {
    return html`<form novalidate @submit=${this.submit}>
      ${this.renderAmounts()}
      ${renderField(
        { id: 'method', label: msg('Received as'), errors: [] },
        () =>
          html`<select
            id="method"
            name="method"
            part="input"
            @change=${(e: Event) => (this.method = (e.target as HTMLSelectElement).value as Method)}
          >
            <option value="cheque" ?selected=${this.method === 'cheque'}>${msg('Cheque')}</option>
            <option value="cash" ?selected=${this.method === 'cash'}>${msg('Cash')}</option>
          </select>`,
      )}
      ${renderTextField({
        id: 'memo',
        label: this.method === 'cash' ? msg('Memo') : msg('Cheque number or memo'),
        errors: serverFieldErrors(this.error, 'memo'),
        optional: true,
        maxlength: 200,
        hint: msg('On the statement at the payment service.'),
      })}
      <div class="split">
        ${renderTextField({
          id: 'payerName',
          label: msg('Payer'),
          errors: serverFieldErrors(this.error, 'payerName'),
          optional: true,
          maxlength: 255,
        })}
        ${renderTextField({
          id: 'payerEmail',
          label: msg('Payer’s email'),
          errors: this.errors.payerEmail ?? serverFieldErrors(this.error, 'payerEmail'),
          optional: true,
        })}
      </div>
      ${this.renderFormEnd(
        this.error &&
          html`${msg('The payment was not recorded.')} ${errorMessage(this.error)}
          ${
            !isApiError(this.error) || this.error.status === 0 || this.error.status >= 500
              ? msg('Sending it again is safe: it is recorded once.')
              : nothing
          }`,
        this.sending,
        msg('Record payment'),
        msg('Recording…'),
      )}
    </form>`;
  }

  private renderDone(answer: ManualPaymentAnswer) {
    return this.renderOutcome(
      'success',
      html`<p>
          <strong>${msg(str`Recorded ${formatMoney(answer.payment.amount)}.`)}</strong>
        </p>
        ${
          answer.transactions.length > 1
            ? html`<ul>
                ${answer.transactions.map(
                  (t) =>
                    html`<li>${this.accountName(t.bankAccountId)}: ${formatMoney(t.amount)}</li>`,
                )}
              </ul>`
            : nothing
        }`,
    );
  }

  override render() {
    const link = this.link;
    const title = link?.name
      ? msg(str`Record a cheque for “${link.name}”`)
      : msg('Record a cheque');
    const closed = link && (link.status === 'paid' || link.status === 'sealed');
    return this.renderFrame(
      title,
      this.sending,
      !link
        ? this.renderLoading()
        : this.answer
          ? this.renderDone(this.answer)
          : closed
            ? this.renderClosedLink(msg('This link takes no more payments.'))
            : this.renderForm(),
    );
  }
}
