import { Task, TaskStatus } from '@lit/task';
import { html, nothing } from 'lit';
import { state } from 'lit/decorators.js';
import type { BankAccount, Client, PaymentLink } from '../../shared/schemas.js';
import { renderAlert, renderSaved, serverFieldErrors } from '../core/alerts.js';
import { ServiceRecordCreatedEvent } from '../core/events.js';
import { accountLabel, currencySymbol, formatMoney } from '../core/format.js';
import { CopyController, renderUrl } from '../core/link-result.js';
import { resettable, type FieldCheck } from '../core/form-element.js';
import { renderTextField, renderSubmit } from '../core/service-element.js';
import {
  assertValid,
  checkAmount,
  checkChosen,
  checkName,
  amountExample,
  maxAmount,
  normalizeAmount,
  parseAmount,
} from '../core/validate.js';
import { msg, str } from '../core/localize.js';
import { loadLinkActions, type LinkActions } from '../core/link-actions.js';
import { ClientAccountForm } from './client-account-form.js';
import type { LinkOptions } from './link-options.js';

interface Draft {
  name: string;
  amount: string;
  account: BankAccount | undefined;
  client: Client | null;
  matterId: string;
}

/** The form's checks, in the order of its fields (the server's words), then the options'. */
const checkDraft = (d: Draft, options?: LinkOptions): FieldCheck[] => [
  { field: 'paymentLinkName', label: msg('Name'), messages: checkName(d.name, false) },
  {
    field: 'bankAccountId',
    label: msg('Bank account'),
    messages: checkChosen(d.account?.id, msg('is required: choose a bank account')),
  },
  {
    field: 'clientId',
    label: msg('Client'),
    messages: checkChosen(d.client?.id, msg('is required: choose a client')),
  },
  { field: 'amount', label: msg('Amount (USD)'), messages: checkAmount(d.amount) },
  ...(options?.checks() ?? []),
];

/**
 * A form that creates a payment link (the spec's `servicePaymentLinkCreate`): its name, the bank
 * account it collects into (synced accounts, grouped operating / trust), the client, optionally
 * one of the client's matters, and the amount; behind an "Options" disclosure (loaded when first
 * opened), a split with a second amount into the other kind of account, the payment methods,
 * partial payments, the surcharge (never on trust), the memo and receipts. It shows the link's
 * URL with a copy button, and a split link's amount per account.
 * New bank accounts (`service-bank-accounts-synced`) and matters (`service-record-created`) from
 * other widgets on the page appear without a reload.
 *
 * @tagname service-payment-link-create
 * @summary Creates a payment link and shows its URL.
 *
 * @fires service-record-created - `detail: { recordType: 'paymentLink', record }` once the link is created.
 * @fires service-error - A call failed; `detail` has the API's message and field messages.
 * @fires service-ready - Rendered with the bank accounts loaded.
 * @fires service-change - The person edited something; `detail: { isValid }`.
 * @fires service-payment-request-sent - The created link's payment request was sent; `detail` is the request.
 * @fires service-manual-payment-recorded - A cheque or cash was recorded on the created link; `detail` is the API's answer.
 *
 * @csspart form - The form.
 * @csspart field - A label with its control, hint and messages.
 * @csspart label - A field's label.
 * @csspart input - Inputs and selects.
 * @csspart combobox - The client search input.
 * @csspart listbox - The client suggestions.
 * @csspart option - One suggested client.
 * @csspart hint - Help under a field.
 * @csspart field-error - A field's messages.
 * @csspart amount-preview - The amount being typed, formatted as it will be charged.
 * @csspart warning - A warning (no trust account, a sync problem).
 * @csspart button - Buttons.
 * @csspart submit - The submit button.
 * @csspart result - The created link.
 * @csspart url - The link's URL.
 * @csspart copy-button - The button that copies the URL.
 * @csspart options - The "Options" disclosure (a `<details>`).
 * @csspart options-summary - Its summary, which opens and closes it.
 * @csspart options-panel - The options, once loaded.
 * @csspart checkbox - A checkbox of the options.
 * @csspart total - The split link's total, under its second amount.
 * @csspart split - A split link's amounts per account, in the outcome.
 * @csspart request-button - The link's "Send request…" (its dialog loads on demand).
 * @csspart cheque-button - The link's "Record a cheque…" (its dialog loads on demand).
 */
export class ServicePaymentLinkCreate extends ClientAccountForm<PaymentLink> {
  /** The amount being typed, as it will be sent (null while it is not an amount). */
  @state() private amountPreview: string | null = null;
  @state() private optionsOpen = false;
  /** The options behind the disclosure, once it was opened (their file loads then). */
  #options?: LinkOptions;
  /** Send request and Record a cheque, once loaded (core/link-actions.ts). */
  #actions?: LinkActions;

  private readonly copier = new CopyController(this);

  private readonly save = new Task<
    [Draft],
    { link: PaymentLink; account: BankAccount; client: Client }
  >(this, {
    autoRun: false,
    task: resettable(async ([d], { signal }) => {
      loadLinkActions(this, (actions) => (this.#actions = actions));
      const options = this.#options;
      assertValid(
        Object.fromEntries(checkDraft(d, options).map((c) => [c.field, [...c.messages]])),
      );
      const main = { amount: normalizeAmount(d.amount), bankAccountId: d.account!.id };
      const [link] = await this.api.action(
        'PaymentLinkCreate',
        {
          ...(options?.body(main) ?? main),
          clientId: d.client!.id,
          matterId: d.matterId || null,
          paymentLinkName: d.name.trim() || null,
        },
        signal,
      );
      return { link: link as PaymentLink, account: d.account!, client: d.client! };
    }),
    onComplete: ({ link }) =>
      this.completed(
        link,
        new ServiceRecordCreatedEvent({ recordType: 'paymentLink', record: link }),
      ),
    onError: (error) => {
      // A message for an option is shown (and focused) with the options open.
      if (this.#options?.owns(error)) this.optionsOpen = true;
      this.emitError('PaymentLinkCreate', error);
    },
  });

  readonly #toggle = async (event: Event) => {
    this.optionsOpen = (event.target as HTMLDetailsElement).open;
    const { LinkOptions } = await import('./link-options.js');
    this.#options ??= new LinkOptions(this, () => [this.accounts.value ?? [], this.accountId]);
    this.requestUpdate();
  };

  /** The messages for the control `id`: the API's field of that name, or the options' split. */
  #errors(error: unknown, id: string): string[] {
    return this.#options?.errors(error, id) ?? serverFieldErrors(error, id);
  }

  protected override get formTask() {
    return this.save;
  }

  #draft(): Draft {
    return {
      name: this.draftValue('paymentLinkName'),
      amount: this.draftValue('amount'),
      account: this.chosenAccount,
      client: this.picker.selected,
      matterId: this.chosenMatterId,
    };
  }

  protected override checkDraft(): FieldCheck[] {
    return checkDraft(this.#draft(), this.#options);
  }

  protected override async work(): Promise<PaymentLink> {
    const { link } = await this.runTask(this.save, [this.#draft()]);
    this.#clearTyped();
    return link;
  }

  protected override clearDraft(): void {
    this.#clearTyped();
    this.clearChoices();
    this.#options?.clear(true);
  }

  #clearTyped(): void {
    this.clearInputs('paymentLinkName', 'amount');
    this.amountPreview = null;
    this.#options?.clear();
  }

  override render() {
    const pending = this.save.status === TaskStatus.PENDING;
    const error = this.save.status === TaskStatus.ERROR ? this.save.error : null;
    const done = this.save.status === TaskStatus.COMPLETE ? this.save.value : undefined;
    const fieldsShown = ['paymentLinkName', 'bankAccountId', 'clientId', 'matterId', 'amount'];
    return html`<section part="card" aria-busy=${pending ? 'true' : 'false'}>
      ${this.renderHeading(msg('New payment link'))}
      ${renderAlert(error, this.#options?.shown(error, fieldsShown) ?? fieldsShown)}
      <form part="form" novalidate @submit=${this.onFormSubmit}>
        ${renderTextField({
          id: 'paymentLinkName',
          label: msg('Name'),
          optional: true,
          errors: serverFieldErrors(error, 'paymentLinkName'),
          maxlength: 255,
        })}
        ${this.renderAccounts(this.#errors(error, 'bankAccountId'))}
        ${this.picker.render({ errors: serverFieldErrors(error, 'clientId') })}
        ${this.renderMatters(serverFieldErrors(error, 'matterId'))}
        ${renderTextField({
          id: 'amount',
          label: msg('Amount (USD)'),
          errors: this.#errors(error, 'amount'),
          hint:
            this.amountPreview === null
              ? msg(str`For example ${amountExample()} (at most ${maxAmount()}).`)
              : html`${msg('That is')}
                  <strong part="amount-preview">${formatMoney(this.amountPreview)}</strong>.`,
          required: true,
          inputmode: 'decimal',
          prefix: currencySymbol(),
          onInput: (e) =>
            (this.amountPreview = parseAmount((e.target as HTMLInputElement).value, this.locale)),
        })}
        <details part="options" .open=${this.optionsOpen} @toggle=${this.#toggle}>
          <summary part="options-summary">${msg('Options')}</summary>
          ${this.#options?.render(error, this.amountPreview)}
        </details>
        ${renderSubmit(pending, msg('Create payment link'), msg('Creating…'))}
      </form>
      ${
        done
          ? renderSaved(
              html`${
                this.#options?.result(done.link, done.client.name) ??
                html`<p>
                  ${
                    done.account.category === 'trust'
                      ? msg(
                          str`Payment link for ${formatMoney(done.link.amount)} created for ${done.client.name}, into the trust account ${accountLabel(done.account)}.`,
                        )
                      : msg(
                          str`Payment link for ${formatMoney(done.link.amount)} created for ${done.client.name}, into the operating account ${accountLabel(done.account)}.`,
                        )
                  }
                </p>`
              }
              ${renderUrl(done.link.url, this.copier)}
              ${done.link.serviceId ? this.#actions?.renderLinkActions(this, this.api, 'payment-link', done.link.id) : nothing}`,
              done.link.syncErrorMessage,
            )
          : nothing
      }
    </section>`;
  }
}
