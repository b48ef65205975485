import { html, nothing } from 'lit';
import type { Reconciliation } from '../../shared/ledger-api.js';
import { AMOUNT_MESSAGES } from '../../shared/money.js';
import { alertBox } from '../core/alerts.js';
import { currencySymbol, formatDate, formatDateTime, formatMoney } from '../core/format.js';
import { amountHead, renderTable } from '../operations/table.js';
import { msg, str } from '../core/localize.js';
import { renderSubmit, renderTextField, renderField } from '../core/service-element.js';
import { amountExample, assertValid, checkAmount, normalizeAmount } from '../core/validate.js';
import { day, lineName, money } from './tables.js';

// The three-way reconciliation (admin): the form (the bank statement's balance and its date), the
// result (balanced, or the variance and why), and the reconciliations run before.

/** Today in UTC, as the date input and the ledger count days. */
export const today = () => new Date().toISOString().slice(0, 10);

/**
 * A bank statement's balance as typed: the kit's strict amount in the current locale
 * ("1,300.00", "$1,300" in en; "1.300,00", "1300,00 US$" in es), but zero and below zero too (an
 * empty or overdrawn account). The amount as the API takes it, or the message why it is not one.
 */
export function readStatementBalance(value: string): { amount: string } | { problem: string } {
  const text = value
    .trim()
    .replace(/^(?:US)?\$\s*|\s*(?:US)?\$$/g, '')
    .trim();
  const negative = /^[-\u2212]/.test(text);
  const rest = negative ? text.slice(1).trim() : text;
  if (/^0*(?:[.,]0{0,2})?$/.test(rest) && /0/.test(rest)) return { amount: '0.00' };
  const [problem] = checkAmount(rest);
  if (problem)
    return {
      problem: problem === AMOUNT_MESSAGES.notPositive ? AMOUNT_MESSAGES.notAnAmount : problem,
    };
  const amount = normalizeAmount(rest);
  return { amount: negative ? `-${amount}` : amount };
}

/** The form's statement balance and date as the API takes them; throws the field messages. */
export function readReconcileForm(
  balance: string,
  asOf: string,
): { statementBalance: string; asOf: string } {
  const read = readStatementBalance(balance);
  assertValid({
    statementBalance: 'problem' in read ? [read.problem] : [],
    asOf: asOf ? [] : [msg('is required: choose the statement’s date')],
  });
  return { statementBalance: (read as { amount: string }).amount, asOf };
}

export function renderReconcileForm(options: {
  pending: boolean;
  errors: { statementBalance: string[]; asOf: string[] };
  onSubmit: (event: SubmitEvent) => void;
}) {
  const { pending, errors, onSubmit } = options;
  return html`<form part="form" novalidate @submit=${onSubmit}>
    <div class="fields">
      ${renderTextField({
        id: 'statementBalance',
        label: msg('Bank statement balance'),
        errors: errors.statementBalance,
        hint: msg(str`As the bank statement shows it, for example ${amountExample('1300')}.`),
        required: true,
        inputmode: 'decimal',
        prefix: currencySymbol(),
      })}
      ${renderField(
        {
          id: 'asOf',
          label: msg('Statement date'),
          errors: errors.asOf,
          hint: msg('The ledger counts to the end of this day (UTC).'),
        },
        ({ describedBy, invalid }) =>
          html`<input
            id="asOf"
            name="asOf"
            type="date"
            part="input"
            required
            max=${today()}
            value=${today()}
            aria-describedby=${describedBy ?? nothing}
            aria-invalid=${invalid ?? nothing}
          />`,
      )}
    </div>
    ${renderSubmit(pending, msg('Reconcile'), msg('Reconciling…'))}
  </form>`;
}

/** The outcome of a run: what it found, and why it is a variance. */
export function renderReconciliation(r: Reconciliation) {
  const balanced = r.status === 'balanced';
  // The date stays on one line.
  const asOf = formatDate(r.asOf).replaceAll(' ', '\u00a0');
  return alertBox(
    balanced ? 'success' : 'warning',
    html`<p class="h sub">
        ${
          balanced
            ? msg(str`Balanced as of ${asOf}.`)
            : // The API's first reason, in the kit's language (it sends it as Accept-Language).
              r.headline
        }
      </p>
      ${
        balanced
          ? html`<p>
              ${msg('The bank statement, the trust account book and the client ledgers agree.')}
            </p>`
          : // The first reason is the headline: the others below it.
            r.reasons.length > 1
            ? html`<ul part="reasons">
                ${r.reasons.slice(1).map((reason) => html`<li>${reason}</li>`)}
              </ul>`
            : ''
      }
      <dl part="totals">
        <dt>${msg('Bank statement')}</dt>
        <dd>${money(r.statementBalance, true)}</dd>
        <dt>${msg('Trust account book')}</dt>
        <dd>${money(r.bookBalance, true)}</dd>
        <dt>${msg('Client ledgers')}</dt>
        <dd>${money(r.clientLedgerTotal, true)}</dd>
        <dt>${msg('Variance (statement − book)')}</dt>
        <dd><strong>${formatMoney(r.variance)}</strong></dd>
      </dl>
      ${
        r.negativeClients.length
          ? html`<p class="label">${msg('Below zero')}</p>
              <ul part="negative-clients">
                ${r.negativeClients.map(
                  (l) =>
                    html`<li>
                      ${lineName(l)}${l.matterName ? html` · ${l.matterName}` : nothing}:
                      ${money(l.balance, true)}
                    </li>`,
                )}
              </ul>`
          : nothing
      }
      ${
        r.unmatched.length
          ? html`<p class="label">${msg('Not matched')}</p>
              <ul part="unmatched">
                ${r.unmatched.map(
                  (u) =>
                    html`<li>
                      ${
                        u.kind === 'unassigned_money'
                          ? msg('Money in the account that names no client')
                          : msg('A payment booked but not yet in a bank deposit')
                      }:
                      ${formatMoney(u.amount)}
                    </li>`,
                )}
              </ul>`
          : nothing
      }`,
    'result',
  );
}

export function renderHistory(runs: readonly Reconciliation[]) {
  if (runs.length === 0) {
    return html`<p class="hint" part="empty">${msg('No reconciliation has been run yet.')}</p>`;
  }
  return renderTable(
    msg('Past reconciliations'),
    msg('Reconciliations run, newest first'),
    'table history',
    [
      msg('Statement date'),
      msg('Result'),
      amountHead(msg('Bank statement')),
      amountHead(msg('Book')),
      amountHead(msg('Variance')),
      msg('Run'),
    ],
    runs.map(
      (r) =>
        html`<tr part="row" data-id=${r.id} data-status=${r.status}>
          <td data-label=${msg('Statement date')}>${day(r.asOf)}</td>
          <td data-label=${msg('Result')}>
            <span class="badge" data-tone=${r.status === 'balanced' ? 'success' : 'warning'}
              >${r.status === 'balanced' ? msg('Balanced') : msg('Variance')}</span
            >
          </td>
          <td class="amount" data-label=${msg('Bank statement')}>${money(r.statementBalance)}</td>
          <td class="amount" data-label=${msg('Book')}>${money(r.bookBalance)}</td>
          <td class="amount" data-label=${msg('Variance')}>${money(r.variance)}</td>
          <td data-label=${msg('Run')}>
            <time datetime=${r.createdAt} title=${r.createdBy}
              >${formatDateTime(r.createdAt, true)}</time
            >
          </td>
        </tr>`,
    ),
  );
}
