import { Task, TaskStatus, initialState } from '@lit/task';
import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { ApiClient } from '../../shared/api-client.js';
import type { BankAccount, Client, PaymentLink } from '../../shared/schemas.js';
import { renderAlert, renderSaved, serverFieldErrors } from '../core/alerts.js';
import { ClientPicker } from '../core/record-picker.js';
import { ServiceRecordCreatedEvent } from '../core/events.js';
import { accountLabel, currencySymbol, formatMoney } from '../core/format.js';
import { CopyController, renderUrl } from '../core/link-result.js';
import { renderLinkActions } from '../core/link-actions.js';
import { ServiceFormElement, resettable, type FieldCheck } from '../core/form-element.js';
import { ifDefined, renderField, renderTextField, renderSubmit } from '../core/service-element.js';
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
import { renderAccountField } from './account-field.js';

interface Draft {
  name: string;
  amount: string;
  account: BankAccount | undefined;
  client: Client | null;
  matterId: string;
}

/** The form's checks, in the order of its fields (the server's words). */
const checkDraft = (d: Draft): FieldCheck[] => [
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
];

/**
 * A form that creates a payment link (the spec's `servicePaymentLinkCreate`): its name, the bank
 * account it collects into (synced accounts, grouped operating / trust), the client, optionally
 * one of the client's matters, and the amount. It shows the link's URL with a copy button.
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
 * @csspart request-button - The link's "Send request…" (its dialog loads on demand).
 * @csspart cheque-button - The link's "Record a cheque…" (its dialog loads on demand).
 */
export class ServicePaymentLinkCreate extends ServiceFormElement<PaymentLink> {
  /** Preselects this client (its id). */
  @property({ attribute: 'client-id' }) clientId?: string;

  /** Preselects this matter (its id; it must be one of the client's). */
  @property({ attribute: 'matter-id' }) matterId?: string;

  @state() private accountId = '';
  @state() private chosenMatterId = '';
  /** The amount being typed, as it will be sent (null while it is not an amount). */
  @state() private amountPreview: string | null = null;

  private readonly copier = new CopyController(this);

  private readonly picker = new ClientPicker(
    this,
    () => this.api,
    () => {
      this.chosenMatterId = this.picker.selected?.id === this.clientId ? (this.matterId ?? '') : '';
    },
    'clientId',
  );

  /** The bank accounts, the default first (and chosen until the person picks another). */
  private readonly accounts = new Task(this, {
    args: () => [this.api] as const,
    task: async ([api]: readonly [ApiClient], { signal }) =>
      api.hasToken
        ? (await api.listBankAccounts({ limit: 200 }, signal)).data.sort(
            (a, b) => Number(b.isDefault) - Number(a.isDefault),
          )
        : initialState,
    onComplete: (accounts) => {
      if (!accounts.some((a) => a.id === this.accountId)) {
        this.accountId = accounts.find((a) => a.isDefault)?.id ?? '';
      }
    },
    onError: (error) => this.emitError('load', error),
  });

  private readonly matters = new Task(this, {
    args: () => [this.api, this.picker.selected?.id] as const,
    task: async ([api, clientId]: readonly [ApiClient, string | undefined], { signal }) => {
      if (!api.hasToken) return initialState;
      return clientId ? (await api.listMatters({ clientId, limit: 200 }, signal)).data : [];
    },
  });

  private readonly save = new Task<
    [Draft],
    { link: PaymentLink; account: BankAccount; client: Client }
  >(this, {
    autoRun: false,
    task: resettable(async ([d], { signal }) => {
      assertValid(Object.fromEntries(checkDraft(d).map((c) => [c.field, [...c.messages]])));
      const [link] = await this.api.action(
        'PaymentLinkCreate',
        {
          amount: normalizeAmount(d.amount),
          bankAccountId: d.account!.id,
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
    onError: (error) => this.emitError('PaymentLinkCreate', error),
  });

  readonly #onSynced = () => void this.accounts.run();
  readonly #onCreated = (event: Event) => {
    const { detail } = event as ServiceRecordCreatedEvent;
    if (detail.recordType === 'matter' && detail.record.clientId === this.picker.selected?.id) {
      void this.matters.run();
    }
  };

  override connectedCallback(): void {
    super.connectedCallback();
    globalThis.addEventListener('service-bank-accounts-synced', this.#onSynced);
    globalThis.addEventListener('service-record-created', this.#onCreated);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    globalThis.removeEventListener('service-bank-accounts-synced', this.#onSynced);
    globalThis.removeEventListener('service-record-created', this.#onCreated);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('clientId')) void this.picker.selectById(this.clientId);
    if (changed.has('matterId') && this.picker.selected?.id === this.clientId) {
      this.chosenMatterId = this.matterId ?? '';
    }
  }

  /** Loads the bank accounts and the client's matters again. */
  reload(): void {
    void this.accounts.run();
    void this.matters.run();
  }

  protected override isLoaded(): boolean {
    return (
      this.accounts.status === TaskStatus.COMPLETE || this.accounts.status === TaskStatus.ERROR
    );
  }

  protected override get formTask() {
    return this.save;
  }

  #draft(): Draft {
    return {
      name: this.draftValue('paymentLinkName'),
      amount: this.draftValue('amount'),
      account: this.accounts.value?.find((a) => a.id === this.accountId),
      client: this.picker.selected,
      matterId: this.chosenMatterId,
    };
  }

  protected override checkDraft(): FieldCheck[] {
    return checkDraft(this.#draft());
  }

  protected override async work(): Promise<PaymentLink> {
    const { link } = await this.runTask(this.save, [this.#draft()]);
    this.#clearTyped();
    return link;
  }

  protected override clearDraft(): void {
    this.#clearTyped();
    this.accountId = '';
    this.picker.select(null);
    void this.picker.selectById(this.clientId);
  }

  #clearTyped(): void {
    this.clearInputs('paymentLinkName', 'amount');
    this.amountPreview = null;
  }

  private renderMatters(errors: string[]) {
    const client = this.picker.selected;
    const matters = client ? (this.matters.value ?? []) : [];
    const pending = this.matters.status === TaskStatus.PENDING;
    return html`${renderField(
      {
        id: 'matterId',
        label: msg('Matter'),
        optional: true,
        errors,
        hint: client ? undefined : msg('Choose the client first.'),
      },
      ({ describedBy, invalid }) =>
        html`<select
          id="matterId"
          part="input"
          ?disabled=${!client}
          aria-describedby=${ifDefined(describedBy)}
          aria-invalid=${ifDefined(invalid)}
          @change=${(e: Event) => (this.chosenMatterId = (e.target as HTMLSelectElement).value)}
        >
          <option value="">
            ${
              !client || matters.length
                ? msg('No matter')
                : pending
                  ? msg('Loading matters…')
                  : msg('The client has no matters')
            }
          </option>
          ${matters.map(
            (m) =>
              html`<option value=${m.id} ?selected=${m.id === this.chosenMatterId}>
                ${m.name}
              </option>`,
          )}
        </select>`,
    )}
    ${this.matters.status === TaskStatus.ERROR ? renderAlert(this.matters.error) : nothing}`;
  }

  override render() {
    const pending = this.save.status === TaskStatus.PENDING;
    const error = this.save.status === TaskStatus.ERROR ? this.save.error : null;
    const done = this.save.status === TaskStatus.COMPLETE ? this.save.value : undefined;
    const fieldsShown = ['paymentLinkName', 'bankAccountId', 'clientId', 'matterId', 'amount'];
    return html`<section part="card" aria-busy=${pending ? 'true' : 'false'}>
      ${this.renderHeading(msg('New payment link'))} ${renderAlert(error, fieldsShown)}
      <form part="form" novalidate @submit=${this.onFormSubmit}>
        ${renderTextField({
          id: 'paymentLinkName',
          label: msg('Name'),
          optional: true,
          errors: serverFieldErrors(error, 'paymentLinkName'),
          maxlength: 255,
        })}
        ${renderAccountField(
          this.accounts,
          this.accountId,
          serverFieldErrors(error, 'bankAccountId'),
          (id) => (this.accountId = id),
        )}
        ${this.picker.render({ errors: serverFieldErrors(error, 'clientId') })}
        ${this.renderMatters(serverFieldErrors(error, 'matterId'))}
        ${renderTextField({
          id: 'amount',
          label: msg('Amount (USD)'),
          errors: serverFieldErrors(error, 'amount'),
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
        ${renderSubmit(pending, msg('Create payment link'), msg('Creating…'))}
      </form>
      ${
        done
          ? renderSaved(
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
                </p>
                ${renderUrl(done.link.url, this.copier)}
                ${done.link.serviceId ? renderLinkActions(this, this.api, 'payment-link', done.link.id) : nothing}`,
              done.link.syncErrorMessage,
            )
          : nothing
      }
    </section>`;
  }
}
