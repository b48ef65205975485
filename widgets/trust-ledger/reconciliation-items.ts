import { html, nothing } from 'lit';
import type { Reconciliation, ReconciliationItem } from '../../shared/ledger-api.js';
import { formatMoney } from '../core/format.js';
import { amountHead, renderTable } from '../operations/table.js';
import { msg, str } from '../core/localize.js';
import { renderField, renderSubmit, renderTextField, spinner } from '../core/service-element.js';
import { amountExample, assertValid, checkName } from '../core/validate.js';
import {
  amountInput,
  amountProblems,
  dayField,
  readStatementBalance,
  statementDay,
} from './reconciliation.js';
import { day, money } from './tables.js';

// A run's reconciling items: what stands between the statement and the book (computed from the
// records, or added by hand and carried from month to month until cleared), each marked cleared
// once it is on a statement; and the small form that adds one.

type Kind = ReconciliationItem['kind'];

const KINDS: readonly Kind[] = [
  'deposit_in_transit',
  'outstanding_disbursement',
  'service_debit',
  'other',
];

export const kindLabel = (kind: Kind) =>
  ({
    deposit_in_transit: msg('Deposit in transit'),
    outstanding_disbursement: msg('Outstanding disbursement'),
    service_debit: msg('Service debit'),
    other: msg('Other'),
  })[kind];

export function renderItems(
  r: Reconciliation,
  options: {
    /** Whether "Mark cleared" shows (an admin, the month open). */
    editable: boolean;
    /** The item being cleared now. */
    clearing: string | null;
    onClear: (item: ReconciliationItem) => void;
  },
) {
  if (r.items.length === 0) {
    return html`<p class="hint" part="empty">
      ${msg('No reconciling items: nothing in transit.')}
    </p>`;
  }
  const { editable, clearing, onClear } = options;
  return renderTable(
    msg('Reconciling items'),
    msg('Reconciling items: what the statement does not show yet'),
    'table items',
    [
      msg('Kind'),
      msg('Date'),
      msg('Description'),
      amountHead(msg('Amount')),
      msg('Cleared'),
      ...(editable ? [{ label: msg('Actions'), hidden: true }] : []),
    ],
    r.items.map(
      (item) =>
        html`<tr part="row" data-id=${item.id} ?data-cleared=${item.cleared}>
          <td data-label=${msg('Kind')}><span>${kindLabel(item.kind)}</span></td>
          <td data-label=${msg('Date')}>${day(item.date)}</td>
          <td data-label=${msg('Description')}>
            <span
              >${item.description}
              ${
                item.origin === 'added'
                  ? html`<span class="badge" data-tone="muted">${msg('Added')}</span>`
                  : nothing
              }</span
            >
          </td>
          <td class="amount" data-label=${msg('Amount')}>${money(item.amount)}</td>
          <td data-label=${msg('Cleared')}>
            ${
              item.cleared
                ? html`<span class="badge" data-tone="success">${msg('Cleared')}</span>`
                : html`<span class="badge" data-tone="muted">${msg('Not cleared')}</span>`
            }
          </td>
          ${
            editable
              ? html`<td>
                  ${
                    item.cleared
                      ? nothing
                      : html`<button
                          type="button"
                          part="button clear-button"
                          aria-disabled=${clearing ? 'true' : 'false'}
                          @click=${() => !clearing && onClear(item)}
                        >
                          ${clearing === item.id ? spinner : nothing}${msg('Mark cleared')}<span
                            class="visually-hidden"
                            >: ${kindLabel(item.kind)}, ${formatMoney(item.amount)}</span
                          >
                        </button>`
                  }
                </td>`
              : nothing
          }
        </tr>`,
    ),
  );
}

export interface ItemInput {
  kind: Kind;
  amount: string;
  date: string;
  description: string;
}

/** The add-item form's values as the API takes them; throws the field messages. */
export function readItemForm(values: ItemInput): ItemInput {
  const read = readStatementBalance(values.amount);
  const amount = 'amount' in read && Number(read.amount) === 0 ? null : read;
  assertValid({
    kind: KINDS.includes(values.kind) ? [] : [msg('is required')],
    date: values.date ? [] : [msg('is required: choose the item’s date')],
    description: checkName(values.description),
    amount: amount ? amountProblems(amount) : [msg('must not be zero')],
  });
  return {
    ...values,
    description: values.description.trim(),
    amount: (amount as { amount: string }).amount,
  };
}

/** The kinds an item may be, as a select. */
const kindSelect = ({ describedBy }: { describedBy: string | undefined }) =>
  html`<select id="kind" name="kind" part="input" aria-describedby=${describedBy ?? nothing}>
    ${KINDS.map((k) => html`<option value=${k}>${kindLabel(k)}</option>`)}
  </select>`;

export function renderAddItem(options: {
  run: Reconciliation;
  pending: boolean;
  errors: (field: keyof ItemInput) => string[];
  onSubmit: (event: SubmitEvent) => void;
}) {
  const { run, pending, errors, onSubmit } = options;
  const statement = statementDay(run.asOf);
  return html`<form part="form item-form" novalidate @submit=${onSubmit}>
    <div class="fields">
      ${renderField({ id: 'kind', label: msg('Kind'), errors: errors('kind') }, kindSelect)}
      ${dayField({
        id: 'date',
        type: 'date',
        label: msg('Date'),
        errors: errors('date'),
        max: statement,
        value: statement,
      })}
      ${renderTextField({
        id: 'description',
        label: msg('Description'),
        errors: errors('description'),
        required: true,
        maxlength: 255,
      })}
      ${amountInput(
        'amount',
        msg('Amount'),
        errors('amount'),
        msg(
          str`For example ${amountExample('150')}; a deposit adds, a disbursement takes, other as signed.`,
        ),
      )}
    </div>
    ${renderSubmit(pending, msg('Add item'), msg('Adding…'))}
  </form>`;
}
