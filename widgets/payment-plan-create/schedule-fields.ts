import { css, html, nothing } from 'lit';
import {
  PLAN_FREQUENCIES,
  PLAN_PAYMENT_METHODS,
  type PlanFrequency,
  type PlanPaymentMethod,
} from '../../shared/payment-plan-values.js';
import type { PaymentPlanCreate } from '../../shared/payment-plans.js';
import type { FieldCheck } from '../core/form-element.js';
import { formatDate } from '../core/format.js';
import { msg, str } from '../core/localize.js';
import { ifDefined, renderField, renderTextField } from '../core/service-element.js';
import { amountExample, checkAmount, normalizeAmount } from '../core/validate.js';
import { frequencyLabel } from '../payment-plan/words.js';

// The payment plan form's schedule: how often it charges, from which day, when it ends (never, on
// a date, after a number of payments, once an amount is paid) and the payment methods the client
// may enrol. Its checks are the API's rules (shared/payment-plans.ts), in the form's language.

export const ENDS_KINDS = ['never', 'on', 'payments', 'amountPaid'] as const;
export type EndsKind = (typeof ENDS_KINDS)[number];

/** What the person chose and typed for the schedule. */
export interface ScheduleDraft {
  frequency: PlanFrequency;
  startDate: string;
  endsKind: EndsKind;
  endsOn: string;
  endsPayments: string;
  endsAmountPaid: string;
  methods: readonly PlanPaymentMethod[];
}

/** Today as the API counts it (UTC), `YYYY-MM-DD`. */
export const todayUtc = () => new Date().toISOString().slice(0, 10);

const isDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

function checkStart(value: string): string[] {
  if (!value) return [];
  if (!isDay(value)) return [msg('must be a date')];
  const today = todayUtc();
  return value < today ? [msg(str`must be today (${formatDate(today)}) or later`)] : [];
}

function checkEndsOn(value: string, start: string): string[] {
  if (!value) return [msg('is required: choose the last day')];
  if (!isDay(value)) return [msg('must be a date')];
  return value < (start || todayUtc()) ? [msg('must be on or after the start date')] : [];
}

function checkPayments(value: string): string[] {
  const n = Number(value.trim());
  return /^\d+$/.test(value.trim()) && n >= 1 && n <= 1000
    ? []
    : [msg('must be a whole number from 1 to 1000')];
}

/** The schedule's checks, in the order of its fields. */
export function checkSchedule(d: ScheduleDraft): FieldCheck[] {
  const ends: Record<EndsKind, FieldCheck | null> = {
    never: null,
    on: { field: 'endsOn', label: msg('Last day'), messages: checkEndsOn(d.endsOn, d.startDate) },
    payments: {
      field: 'endsPayments',
      label: msg('Number of payments'),
      messages: checkPayments(d.endsPayments),
    },
    amountPaid: {
      field: 'endsAmountPaid',
      label: msg('Amount to collect (USD)'),
      messages: checkAmount(d.endsAmountPaid),
    },
  };
  return [
    { field: 'startDate', label: msg('First payment'), messages: checkStart(d.startDate) },
    ...(ends[d.endsKind] ? [ends[d.endsKind]!] : []),
  ];
}

/** The API's `schedule`, `startDate` and `paymentMethodsAllowed`; call after the checks passed. */
export function scheduleInput(
  d: ScheduleDraft,
): Pick<PaymentPlanCreate, 'schedule' | 'startDate' | 'paymentMethodsAllowed'> {
  const ends: PaymentPlanCreate['schedule']['ends'] =
    d.endsKind === 'on'
      ? { on: d.endsOn }
      : d.endsKind === 'payments'
        ? { payments: Number(d.endsPayments.trim()) }
        : d.endsKind === 'amountPaid'
          ? { amountPaid: normalizeAmount(d.endsAmountPaid) }
          : 'never';
  return {
    schedule: { frequency: d.frequency, ends },
    ...(d.startDate ? { startDate: d.startDate } : {}),
    ...(d.methods.length ? { paymentMethodsAllowed: [...d.methods] } : {}),
  };
}

/** How the form shows a method the client may enrol. */
export function planMethodLabel(method: PlanPaymentMethod): string {
  const labels: Record<PlanPaymentMethod, string> = {
    ACH: msg('Bank account (ACH)'),
    CREDIT: msg('Credit card'),
    DEBIT: msg('Debit card'),
    CHECK: msg('Check'),
    PUSH_TO_CARD: msg('Push to card'),
  };
  return labels[method];
}

export interface ScheduleView {
  frequency: PlanFrequency;
  endsKind: EndsKind;
  methods: readonly PlanPaymentMethod[];
  /** The messages of a field (the form's own checks or the API's), by the control's id. */
  errors: (id: string) => string[];
  set: (change: Partial<Pick<ScheduleDraft, 'frequency' | 'endsKind'>>) => void;
  /** Ticks or unticks a method (of the methods as they are then, not as rendered). */
  toggle: (method: PlanPaymentMethod, on: boolean) => void;
}

/** `methods` with `method` ticked or not, in the service's order. */
export const toggled = (
  methods: readonly PlanPaymentMethod[],
  method: PlanPaymentMethod,
  on: boolean,
) => PLAN_PAYMENT_METHODS.filter((m) => (m === method ? on : methods.includes(m)));

const select =
  <V extends string>(
    id: string,
    values: readonly V[],
    chosen: V,
    label: (value: V) => string,
    pick: (value: V) => void,
  ) =>
  (a: { describedBy: string | undefined; invalid: 'true' | undefined }) =>
    html`<select
      id=${id}
      name=${id}
      part="input"
      aria-describedby=${ifDefined(a.describedBy)}
      aria-invalid=${ifDefined(a.invalid)}
      @change=${(e: Event) => pick((e.target as HTMLSelectElement).value as V)}
    >
      ${values.map((v) => html`<option value=${v} ?selected=${v === chosen}>${label(v)}</option>`)}
    </select>`;

const dateInput =
  (id: string, min: string) =>
  (a: { describedBy: string | undefined; invalid: 'true' | undefined }) =>
    html`<input
      id=${id}
      name=${id}
      type="date"
      part="input"
      min=${min}
      aria-describedby=${ifDefined(a.describedBy)}
      aria-invalid=${ifDefined(a.invalid)}
    />`;

function endsLabel(kind: EndsKind): string {
  const labels: Record<EndsKind, string> = {
    never: msg('Never: until canceled'),
    on: msg('On a date'),
    payments: msg('After a number of payments'),
    amountPaid: msg('When an amount is paid'),
  };
  return labels[kind];
}

/** The input of the chosen end (none for "never"). */
function renderEndsValue(view: ScheduleView) {
  switch (view.endsKind) {
    case 'on':
      return renderField(
        { id: 'endsOn', label: msg('Last day'), errors: view.errors('endsOn') },
        dateInput('endsOn', todayUtc()),
      );
    case 'payments':
      return renderTextField({
        id: 'endsPayments',
        label: msg('Number of payments'),
        errors: view.errors('endsPayments'),
        hint: msg('From 1 to 1000.'),
        required: true,
        inputmode: 'numeric',
      });
    case 'amountPaid':
      return renderTextField({
        id: 'endsAmountPaid',
        label: msg('Amount to collect (USD)'),
        errors: view.errors('endsAmountPaid'),
        hint: msg(
          str`The plan ends once the client has paid this much (for example ${amountExample('900')}).`,
        ),
        required: true,
        inputmode: 'decimal',
      });
    default:
      return nothing;
  }
}

/** Frequency, first payment, end and methods. */
export function renderScheduleFields(view: ScheduleView) {
  return html`${renderField(
      { id: 'frequency', label: msg('How often'), errors: view.errors('frequency') },
      select('frequency', PLAN_FREQUENCIES, view.frequency, frequencyLabel, (frequency) =>
        view.set({ frequency }),
      ),
    )}
    ${renderField(
      {
        id: 'startDate',
        label: msg('First payment'),
        optional: true,
        errors: view.errors('startDate'),
        hint: msg('Empty: today. The plan charges on this day of the week, month or year.'),
      },
      dateInput('startDate', todayUtc()),
    )}
    ${renderField(
      { id: 'ends', label: msg('Ends'), errors: [] },
      select('ends', ENDS_KINDS, view.endsKind, endsLabel, (endsKind) => view.set({ endsKind })),
    )}
    ${renderEndsValue(view)}
    <fieldset part="field" class="methods" aria-describedby="methods-hint">
      <legend part="label">
        ${msg('Payment methods the client may enrol')}
        <span class="hint">${msg('(optional)')}</span>
      </legend>
      ${PLAN_PAYMENT_METHODS.map(
        (method) =>
          html`<label class="check">
            <input
              type="checkbox"
              id=${`method-${method}`}
              .checked=${view.methods.includes(method)}
              @change=${(e: Event) => view.toggle(method, (e.target as HTMLInputElement).checked)}
            />
            ${planMethodLabel(method)}
          </label>`,
      )}
      <p class="hint" id="methods-hint" part="hint">
        ${msg('None checked: the firm’s usual methods at the payment service.')}
      </p>
      ${
        view.errors('paymentMethodsAllowed').length
          ? html`<p class="field-error" part="field-error">
              ${view.errors('paymentMethodsAllowed').join('; ')}
            </p>`
          : nothing
      }
    </fieldset>`;
}

/** The methods' box: a fieldset that reads like the other fields, its checkboxes in a wrap. */
export const scheduleStyles = css`
  fieldset.methods {
    display: flex;
    flex-wrap: wrap;
    gap: 0.35rem 1.25rem;
    margin: 0;
    padding: 0;
    border: 0;
    min-inline-size: 0;
  }
  fieldset.methods > legend {
    padding: 0;
    margin-block-end: 0.35rem;
  }
  fieldset.methods > p {
    flex-basis: 100%;
    margin: 0;
  }
  label.check {
    display: inline-flex;
    align-items: center;
    gap: 0.4rem;
    font-weight: 400;
  }
`;
