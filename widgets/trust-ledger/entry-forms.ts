import { html, nothing } from 'lit';
import type { LedgerEntryInput } from '../../shared/ledger-api.js';
import type { EntryMethod, NonClientKind } from '../../shared/ledger.js';
import { currencySymbol } from '../core/format.js';
import { msg } from '../core/localize.js';
import { renderField, renderTextField } from '../core/service-element.js';
import { checkAmount, checkName, parseAmount } from '../core/validate.js';
import { entryKindLabel } from './tables.js';

// The trust ledger's record forms' fields (docs/api.md#receipts-and-disbursements): a
// disbursement (money out of a client's trust: payee, method, cheque number, purpose), a receipt
// (money in: payer, method), and an entry of the account's own money (a bank charge, interest,
// firm funds, a service fee: no client). Rendered and read here; record-view.ts sends them.

// Spelled out here, typed against shared/ledger.ts: its values would bring zod into the widgets.
const ENTRY_METHODS: readonly EntryMethod[] = ['check', 'wire', 'ach', 'transfer'];
const NON_CLIENT_KINDS: readonly NonClientKind[] = [
  'bank_charge',
  'interest',
  'firm_funds',
  'service_fee',
];

/** What the record forms record. */
export type RecordKind = 'disbursement' | 'receipt' | 'transfer' | 'account';
export const RECORD_KINDS: readonly RecordKind[] = [
  'disbursement',
  'receipt',
  'transfer',
  'account',
];

export const recordKindLabel = (kind: RecordKind) =>
  ({
    disbursement: msg('Disbursement'),
    receipt: msg('Receipt'),
    transfer: msg('Transfer to operating'),
    account: msg('Bank charge, interest or firm funds'),
  })[kind];

/** Money the account's own entries take out (the others pay in). */
const OUT_KINDS: ReadonlySet<NonClientKind> = new Set(['bank_charge', 'service_fee']);

/** Field messages by field name. */
export type FieldErrors = Record<string, string[]>;

/** What the fields read and show beside them. */
export interface FieldsContext {
  errors: (field: string) => string[];
  /** The chosen client (its id), the matter chosen (or ''). */
  clientId: string | undefined;
  matterId: string;
  /** The form's "today", the dates' default. */
  today: string;
}

/** The amount, in dollars, always typed positive: the form knows the direction. */
export const amountField = (ctx: FieldsContext, label = msg('Amount (USD)')) =>
  renderTextField({
    id: 'amount',
    label,
    errors: ctx.errors('amount'),
    inputmode: 'decimal',
    prefix: currencySymbol(),
    required: true,
  });

export const dateField = (ctx: FieldsContext) =>
  renderField(
    { id: 'date', label: msg('Date'), errors: ctx.errors('date') },
    ({ describedBy, invalid }) =>
      html`<input
        type="date"
        id="date"
        name="date"
        part="input"
        required
        .value=${ctx.today}
        aria-describedby=${describedBy ?? nothing}
        aria-invalid=${invalid ?? nothing}
      />`,
  );

const text = (ctx: FieldsContext, id: string, label: string, optional = false, max = 255) =>
  renderTextField({
    id,
    label,
    errors: ctx.errors(id),
    optional,
    required: !optional,
    maxlength: max,
  });

const methodLabel = (method: EntryMethod) =>
  ({
    check: msg('Check'),
    wire: msg('Wire transfer'),
    ach: msg('ACH'),
    transfer: msg('Transfer between accounts'),
  })[method];

const methodField = (ctx: FieldsContext) =>
  renderField(
    { id: 'method', label: msg('Method'), errors: ctx.errors('method') },
    ({ describedBy, invalid }) =>
      html`<select
        id="method"
        name="method"
        part="input"
        aria-describedby=${describedBy ?? nothing}
        aria-invalid=${invalid ?? nothing}
      >
        ${ENTRY_METHODS.map((m) => html`<option value=${m}>${methodLabel(m)}</option>`)}
      </select>`,
  );

/** The fields of a disbursement, a receipt or an account entry (the client's are the view's). */
export function renderEntryFields(kind: Exclude<RecordKind, 'transfer'>, ctx: FieldsContext) {
  if (kind === 'account') {
    return html`${renderField(
      {
        id: 'entryKind',
        label: msg('Kind'),
        errors: ctx.errors('kind'),
        hint: msg(
          'Bank charges and service fees are taken out; interest and firm funds are paid in.',
        ),
      },
      ({ describedBy }) =>
        html`<select
          id="entryKind"
          name="entryKind"
          part="input"
          aria-describedby=${describedBy ?? nothing}
        >
          ${NON_CLIENT_KINDS.map((k) => html`<option value=${k}>${entryKindLabel(k, '1')}</option>`)}
        </select>`,
    )}
    ${amountField(ctx)} ${dateField(ctx)} ${text(ctx, 'memo', msg('Memo'))}`;
  }
  const out = kind === 'disbursement';
  return html`${amountField(ctx)} ${dateField(ctx)}
  ${out ? text(ctx, 'payee', msg('Payee')) : text(ctx, 'payer', msg('Payer'))} ${methodField(ctx)}
  ${text(ctx, 'reference', msg('Check number or reference'), true, 100)}
  ${text(ctx, 'purpose', msg('Purpose'))}`;
}

/** A form control's value, trimmed ('' when absent). */
export const valueOf = (form: HTMLFormElement, name: string) =>
  ((form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '').trim();

/** The amount typed (positive), checked: the API's string, or its problems. */
export function readAmount(form: HTMLFormElement, errors: FieldErrors): string {
  const typed = valueOf(form, 'amount');
  const problems = checkAmount(typed);
  if (problems.length) errors.amount = problems;
  return parseAmount(typed) ?? '';
}

/** Checks `names` are filled in (and short enough). */
export function readRequired(form: HTMLFormElement, errors: FieldErrors, ...names: string[]) {
  for (const name of names) {
    const problems = checkName(valueOf(form, name));
    if (problems.length) errors[name] = problems;
  }
  if (!valueOf(form, 'date')) errors.date = [msg('is required')];
}

/** The body of POST /api/ledger/entries from the form, or the fields' problems. */
export function readEntry(
  kind: Exclude<RecordKind, 'transfer'>,
  form: HTMLFormElement,
  ctx: Pick<FieldsContext, 'clientId' | 'matterId'> & { bankAccountId: string },
): { body: LedgerEntryInput; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const amount = readAmount(form, errors);
  const common = { bankAccountId: ctx.bankAccountId, date: valueOf(form, 'date') };
  if (kind === 'account') {
    readRequired(form, errors, 'memo');
    const entryKind = valueOf(form, 'entryKind') as NonClientKind;
    const sign = OUT_KINDS.has(entryKind) ? '-' : '';
    const body = { ...common, kind: entryKind, amount: `${sign}${amount}` };
    return { body: { ...body, memo: valueOf(form, 'memo') }, errors };
  }
  const party = kind === 'disbursement' ? 'payee' : 'payer';
  readRequired(form, errors, party, 'purpose');
  if (!ctx.clientId) errors.clientId = [msg('is required: choose the client')];
  const reference = valueOf(form, 'reference');
  return {
    body: {
      ...common,
      kind: 'manual',
      clientId: ctx.clientId,
      matterId: ctx.matterId || undefined,
      amount: `${kind === 'disbursement' ? '-' : ''}${amount}`,
      [party]: valueOf(form, party),
      method: valueOf(form, 'method') as LedgerEntryInput['method'],
      reference: reference || undefined,
      purpose: valueOf(form, 'purpose'),
    },
    errors,
  };
}

/** The inputs a success empties (the client, matter, date and method stay for the next one). */
export const TYPED_FIELDS = ['amount', 'payee', 'payer', 'reference', 'purpose', 'memo', 'invoice'];
