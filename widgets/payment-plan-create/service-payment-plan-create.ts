import { Task, TaskStatus } from '@lit/task';
import { html, nothing } from 'lit';
import { state } from 'lit/decorators.js';
import type { PlanFrequency, PlanPaymentMethod } from '../../shared/payment-plan-values.js';
import type { PaymentPlanDetail } from '../../shared/payment-plans-api.js';
import type { BankAccount, Client } from '../../shared/schemas.js';
import { renderAlert, renderSaved, serverFieldErrors } from '../core/alerts.js';
import { ServiceRecordCreatedEvent } from '../core/events.js';
import { resettable, type FieldCheck } from '../core/form-element.js';
import { currencySymbol, formatMoney } from '../core/format.js';
import { CopyController, renderUrl } from '../core/link-result.js';
import { msg, str } from '../core/localize.js';
import { renderSubmit, renderTextField } from '../core/service-element.js';
import {
  amountExample,
  assertValid,
  checkAmount,
  checkChosen,
  maxAmount,
  normalizeAmount,
  parseAmount,
} from '../core/validate.js';
import { ClientAccountForm } from '../payment-link-create/client-account-form.js';
import { scheduleSentence } from '../payment-plan/words.js';
import {
  checkSchedule,
  renderScheduleFields,
  scheduleInput,
  scheduleStyles,
  toggled,
  type EndsKind,
  type ScheduleDraft,
} from './schedule-fields.js';

interface Draft extends ScheduleDraft {
  client: Client | null;
  matterId: string;
  account: BankAccount | undefined;
  amount: string;
}

/** The form's checks, in the order of its fields (the server's rules). */
const checkDraft = (d: Draft): FieldCheck[] => [
  {
    field: 'clientId',
    label: msg('Client'),
    messages: checkChosen(d.client?.id, msg('is required: choose a client')),
  },
  {
    field: 'bankAccountId',
    label: msg('Bank account'),
    messages: checkChosen(d.account?.id, msg('is required: choose a bank account')),
  },
  { field: 'amount', label: msg('Amount of each payment (USD)'), messages: checkAmount(d.amount) },
  ...checkSchedule(d),
];

/** Where the API names a field the form shows under another id. */
const API_FIELDS: Record<string, string[]> = {
  bankAccountId: ['amounts', 'amounts.0.bankAccountId'],
  amount: ['amounts.0.amount'],
  frequency: ['schedule.frequency'],
  endsOn: ['schedule.ends.on', 'schedule.ends'],
  endsPayments: ['schedule.ends.payments', 'schedule.ends'],
  endsAmountPaid: ['schedule.ends.amountPaid', 'schedule.ends'],
};

/**
 * A form that creates a payment plan (the service's subscription): a client (and optionally one of
 * its matters), the bank account and the amount of each payment — one amount into one account,
 * the payment service's rule — how often it charges, from which day, when it ends (never, on a
 * date, after a number of payments, or once an amount is paid) and the payment methods the client
 * may enrol. It shows the plan with its enrolment link (copy button): the plan charges nothing
 * until the client enrols a payment method there. Not part of the kit's script: load
 * `service-payment-plan-create.js` where it is shown.
 *
 * @tagname service-payment-plan-create
 * @summary Creates a payment plan and shows the client's enrolment link.
 *
 * @fires service-record-created - `detail: { recordType: 'paymentPlan', record }` once the plan is created (and pushed to the payment service).
 * @fires service-error - A call failed; `detail` has the API's message and field messages.
 * @fires service-ready - Rendered with the bank accounts loaded.
 * @fires service-change - The person edited something; `detail: { isValid }`.
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
 * @csspart result - The created plan.
 * @csspart url - The enrolment link.
 * @csspart copy-button - The button that copies the enrolment link.
 */
export class ServicePaymentPlanCreate extends ClientAccountForm<PaymentPlanDetail> {
  static override styles = [ClientAccountForm.styles, scheduleStyles];

  @state() private frequency: PlanFrequency = 'monthly';
  @state() private endsKind: EndsKind = 'never';
  @state() private methods: readonly PlanPaymentMethod[] = [];
  /** The amount being typed, as it will be sent (null while it is not an amount). */
  @state() private amountPreview: string | null = null;

  private readonly copier = new CopyController(this);

  private readonly save = new Task<[Draft], { plan: PaymentPlanDetail; client: Client }>(this, {
    autoRun: false,
    task: resettable(async ([d], { signal }) => {
      assertValid(Object.fromEntries(checkDraft(d).map((c) => [c.field, [...c.messages]])));
      const [plan] = await this.api.action(
        'PaymentPlanCreate',
        {
          clientId: d.client!.id,
          matterId: d.matterId || null,
          amounts: [{ bankAccountId: d.account!.id, amount: normalizeAmount(d.amount) }],
          ...scheduleInput(d),
        },
        signal,
      );
      return { plan: plan!, client: d.client! };
    }),
    onComplete: ({ plan }) =>
      this.completed(
        plan,
        new ServiceRecordCreatedEvent({ recordType: 'paymentPlan', record: plan }),
      ),
    onError: (error) => this.emitError('PaymentPlanCreate', error),
  });

  protected override get formTask() {
    return this.save;
  }

  #draft(): Draft {
    return {
      client: this.picker.selected,
      matterId: this.chosenMatterId,
      account: this.chosenAccount,
      amount: this.draftValue('amount'),
      frequency: this.frequency,
      startDate: this.draftValue('startDate'),
      endsKind: this.endsKind,
      endsOn: this.draftValue('endsOn'),
      endsPayments: this.draftValue('endsPayments'),
      endsAmountPaid: this.draftValue('endsAmountPaid'),
      methods: this.methods,
    };
  }

  protected override checkDraft(): FieldCheck[] {
    return checkDraft(this.#draft());
  }

  protected override async work(): Promise<PaymentPlanDetail> {
    const { plan } = await this.runTask(this.save, [this.#draft()]);
    this.#clearTyped();
    return plan;
  }

  protected override clearDraft(): void {
    this.#clearTyped();
    this.clearChoices();
    this.frequency = 'monthly';
    this.endsKind = 'never';
    this.methods = [];
  }

  #clearTyped(): void {
    this.clearInputs('amount', 'startDate', 'endsOn', 'endsPayments', 'endsAmountPaid');
    this.amountPreview = null;
  }

  override render() {
    const pending = this.save.status === TaskStatus.PENDING;
    const error = this.save.status === TaskStatus.ERROR ? this.save.error : null;
    const done = this.save.status === TaskStatus.COMPLETE ? this.save.value : undefined;
    const errors = (id: string) =>
      [id, ...(API_FIELDS[id] ?? [])].flatMap((name) => serverFieldErrors(error, name));
    const shown = [
      ...['clientId', 'matterId', 'bankAccountId', 'amount', 'startDate'],
      ...Object.values(API_FIELDS).flat(),
      ...['frequency', 'endsOn', 'endsPayments', 'endsAmountPaid', 'paymentMethodsAllowed'],
    ];
    return html`<section part="card" aria-busy=${pending ? 'true' : 'false'}>
      ${this.renderHeading(msg('New payment plan'))} ${renderAlert(error, shown)}
      <form part="form" novalidate @submit=${this.onFormSubmit}>
        ${this.picker.render({ errors: errors('clientId') })}
        ${this.renderMatters(errors('matterId'))} ${this.renderAccounts(errors('bankAccountId'))}
        ${renderTextField({
          id: 'amount',
          label: msg('Amount of each payment (USD)'),
          errors: errors('amount'),
          hint: html`${
            this.amountPreview === null
              ? msg(str`For example ${amountExample()} (at most ${maxAmount()}).`)
              : html`${msg('That is')}
                  <strong part="amount-preview">${formatMoney(this.amountPreview)}</strong>.`
          }
          ${msg('One amount into one bank account: the payment service takes no second one. For another account, make another plan.')}`,
          required: true,
          inputmode: 'decimal',
          prefix: currencySymbol(),
          onInput: (e) =>
            (this.amountPreview = parseAmount((e.target as HTMLInputElement).value, this.locale)),
        })}
        ${renderScheduleFields({
          frequency: this.frequency,
          endsKind: this.endsKind,
          methods: this.methods,
          errors,
          set: (change) => Object.assign(this, change),
          toggle: (method, on) => (this.methods = toggled(this.methods, method, on)),
        })}
        ${renderSubmit(pending, msg('Create payment plan'), msg('Creating…'))}
      </form>
      ${done ? this.renderDone(done.plan, done.client) : nothing}
    </section>`;
  }

  private renderDone(plan: PaymentPlanDetail, client: Client) {
    return renderSaved(
      html`<p>${msg(str`Payment plan created for ${client.name}: ${scheduleSentence(plan)}`)}</p>
        ${
          plan.url
            ? html`<p>
                  ${msg('Send the client this enrolment link: the plan charges nothing until they enrol a payment method there.')}
                </p>
                ${renderUrl(plan.url, this.copier, msg('enrolment link'), msg('Copy enrolment link'))}`
            : nothing
        }`,
      plan.syncErrorMessage,
    );
  }
}
