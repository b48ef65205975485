import { html, nothing } from 'lit';
import type { LedgerTransferInput } from '../../shared/ledger-api.js';
import type { BankAccount } from '../../shared/schemas.js';
import { accountLabel } from '../core/format.js';
import { msg } from '../core/localize.js';
import { renderField, renderTextField } from '../core/service-element.js';
import {
  amountField,
  dateField,
  readAmount,
  readRequired,
  valueOf,
  type FieldErrors,
  type FieldsContext,
} from './entry-forms.js';

// "Transfer to operating": earned fees from a client's (or matter's) trust balance in the account
// shown to one of the firm's operating accounts, the invoice named (docs/api.md, Transfers of
// earned fees). Both sides are posted at once by the API; the trust side is guarded.

/** The transfer's own fields; the client and matter are the record view's. */
export function renderTransferFields(
  ctx: FieldsContext,
  operating: readonly BankAccount[] | undefined,
) {
  const none = operating !== undefined && operating.length === 0;
  return html`${renderField(
    {
      id: 'toBankAccountId',
      label: msg('To operating account'),
      errors: ctx.errors('toBankAccountId'),
      hint: none
        ? msg(
            'No operating bank account yet: sync the bank accounts from the payment service first.',
          )
        : undefined,
    },
    ({ describedBy, invalid }) =>
      html`<select
        id="toBankAccountId"
        name="toBankAccountId"
        part="input"
        required
        ?disabled=${!operating?.length}
        aria-describedby=${describedBy ?? nothing}
        aria-invalid=${invalid ?? nothing}
      >
        ${
          operating === undefined
            ? html`<option value="">${msg('Loading…')}</option>`
            : operating.map((a) => html`<option value=${a.id}>${accountLabel(a)}</option>`)
        }
      </select>`,
  )}
  ${amountField(ctx)} ${dateField(ctx)}
  ${renderTextField({
    id: 'invoice',
    label: msg('Invoice'),
    errors: ctx.errors('invoice'),
    required: true,
    maxlength: 100,
  })}
  ${renderTextField({
    id: 'purpose',
    label: msg('Purpose'),
    errors: ctx.errors('purpose'),
    optional: true,
    maxlength: 255,
  })}`;
}

/** The body of POST /api/ledger/transfers from the form, or the fields' problems. */
export function readTransfer(
  form: HTMLFormElement,
  ctx: Pick<FieldsContext, 'clientId' | 'matterId'> & { bankAccountId: string },
): { body: LedgerTransferInput; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const amount = readAmount(form, errors);
  readRequired(form, errors, 'invoice');
  if (!ctx.clientId) errors.clientId = [msg('is required: choose the client')];
  const to = valueOf(form, 'toBankAccountId');
  if (!to) errors.toBankAccountId = [msg('is required: choose the operating account')];
  const purpose = valueOf(form, 'purpose');
  return {
    body: {
      clientId: ctx.clientId ?? '',
      matterId: ctx.matterId || undefined,
      fromBankAccountId: ctx.bankAccountId,
      toBankAccountId: to,
      amount,
      date: valueOf(form, 'date'),
      invoice: valueOf(form, 'invoice'),
      purpose: purpose || undefined,
    },
    errors,
  };
}
