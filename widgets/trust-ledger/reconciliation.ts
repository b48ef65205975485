import { html, nothing } from 'lit';
import type { Reconciliation } from '../../shared/ledger-api.js';
import { AMOUNT_MESSAGES } from '../../shared/money.js';
import { currencySymbol, formatDate, formatDateTime, formatter } from '../core/format.js';
import { amountHead, renderTable } from '../operations/table.js';
import { msg, str } from '../core/localize.js';
import {
  renderSubmit,
  renderTextField,
  renderField,
  type FieldOptions,
} from '../core/service-element.js';
import {
  amountExample,
  assertValid,
  checkAmount,
  formatAmountInput,
  normalizeAmount,
} from '../core/validate.js';
import { money } from './tables.js';

// The month's reconciliation, its start (admin): the statement's month and its opening and closing
// balances; and the reconciliations run before, each opened from its row.

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

/** The messages of a typed amount (none when it reads). */
export const amountProblems = (read: { amount: string } | { problem: string }) =>
  'problem' in read ? [read.problem] : [];

const pad = (n: number) => String(n).padStart(2, '0');

/** The month before today's (`2026-10` in November), as the month input takes it. */
export function previousMonth(now = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}`;
}

/** This month (`2026-11`): the latest a statement can be of. */
export const thisMonth = (now = new Date()) => `${now.getFullYear()}-${pad(now.getMonth() + 1)}`;

/** The last day of a month (`2026-11` → `2026-11-30`): the statement's date. */
export function monthEnd(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/**
 * The day a run's statement date is (`asOf` is the end of that day in the firm's time zone, an
 * instant): the nearest UTC midnight is the next day's, whatever the zone (within 12 hours).
 */
export function statementDay(asOf: string): string {
  const next = Math.round((Date.parse(asOf) + 1) / 86_400_000) * 86_400_000;
  return new Date(next - 86_400_000).toISOString().slice(0, 10);
}

/** "November 2026" (en), "noviembre de 2026" (es): a run's month. */
export const monthName = (asOf: string) =>
  formatter(
    'month',
    (locale) =>
      new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  ).format(new Date(`${statementDay(asOf)}T00:00:00Z`));

/** "Nov 30, 2026": a run's statement date, as the locale writes a day. */
export const statementDate = (asOf: string) => formatDate(statementDay(asOf));

export interface StartInput {
  asOf: string;
  openingBalance: string;
  statementBalance: string;
}

/** The start form's month and balances as the API takes them; throws the field messages. */
export function readStartForm(month: string, opening: string, closing: string): StartInput {
  const [open, close] = [readStatementBalance(opening), readStatementBalance(closing)];
  const known = /^\d{4}-(0[1-9]|1[0-2])$/.test(month.trim());
  assertValid({
    asOf: known ? [] : [msg('is required: choose the statement’s month')],
    openingBalance: amountProblems(open),
    statementBalance: amountProblems(close),
  });
  return {
    asOf: monthEnd(month.trim()),
    openingBalance: (open as { amount: string }).amount,
    statementBalance: (close as { amount: string }).amount,
  };
}

/** A day's or a month's input (`type`), labelled, with its hint and messages. */
export const dayField = (
  options: FieldOptions & { type: 'date' | 'month'; max: string; value: string },
) =>
  renderField(
    options,
    ({ describedBy, invalid }) =>
      html`<input
        id=${options.id}
        name=${options.id}
        type=${options.type}
        part="input"
        required
        max=${options.max}
        value=${options.value}
        aria-describedby=${describedBy ?? nothing}
        aria-invalid=${invalid ?? nothing}
      />`,
  );

/** An amount's input, the currency before it (typed the locale's way: readStatementBalance). */
export const amountInput = (id: string, label: string, errors: string[], hint: unknown) =>
  renderTextField({
    id,
    label,
    errors,
    hint,
    required: true,
    inputmode: 'decimal',
    prefix: currencySymbol(),
  });

export function renderStartForm(options: {
  pending: boolean;
  errors: { asOf: string[]; openingBalance: string[]; statementBalance: string[] };
  /** The last closed month's closing balance: this statement's opening one, most likely. */
  lastClosing: string | null;
  onSubmit: (event: SubmitEvent) => void;
}) {
  const { pending, errors, lastClosing, onSubmit } = options;
  const hint = msg(str`As the statement shows it, for example ${amountExample('1300')}.`);
  return html`<form part="form start-form" novalidate @submit=${onSubmit}>
    <div class="fields">
      ${dayField({
        id: 'month',
        type: 'month',
        label: msg('Statement month'),
        errors: errors.asOf,
        hint: msg('The statement ends on the month’s last day.'),
        max: thisMonth(),
        value: previousMonth(),
      })}
      ${amountInput('openingBalance', msg('Opening balance'), errors.openingBalance, hint)}
      ${amountInput('statementBalance', msg('Closing balance'), errors.statementBalance, hint)}
    </div>
    ${
      lastClosing === null
        ? nothing
        : html`<p class="hint">
            ${msg(str`The last closed month ended at ${formatAmountInput(lastClosing)}.`)}
          </p>`
    }
    ${renderSubmit(pending, msg('Start the reconciliation'), msg('Starting…'))}
  </form>`;
}

/** Where a run's sign-off stands: closed, prepared, or not signed. */
export function signoffBadge(r: Reconciliation) {
  if (r.closedAt) return html`<span class="badge" data-tone="success">${msg('Closed')}</span>`;
  if (r.signoffs.length)
    return html`<span class="badge" data-tone="muted">${msg('Signed once')}</span>`;
  return html`<span class="badge" data-tone="muted">${msg('Not signed')}</span>`;
}

/** A run's state: balanced or not. */
export const resultBadge = (r: Reconciliation) =>
  html`<span class="badge" data-tone=${r.status === 'balanced' ? 'success' : 'warning'}
    >${r.status === 'balanced' ? msg('Balanced') : msg('Not balanced')}</span
  >`;

export function renderHistory(runs: readonly Reconciliation[], open: (r: Reconciliation) => void) {
  if (runs.length === 0) {
    return html`<p class="hint" part="empty">${msg('No reconciliation has been run yet.')}</p>`;
  }
  return renderTable(
    msg('Past reconciliations'),
    msg('Reconciliations run, newest first'),
    'table history',
    [
      msg('Month'),
      msg('Result'),
      msg('Sign-off'),
      amountHead(msg('Closing balance')),
      amountHead(msg('Book')),
      msg('Run'),
      { label: msg('Actions'), hidden: true },
    ],
    runs.map(
      (r) =>
        html`<tr part="row" data-id=${r.id} data-status=${r.status}>
          <td data-label=${msg('Month')}>
            <time datetime=${statementDay(r.asOf)}>${monthName(r.asOf)}</time>
          </td>
          <td data-label=${msg('Result')}>${resultBadge(r)}</td>
          <td data-label=${msg('Sign-off')}>${signoffBadge(r)}</td>
          <td class="amount" data-label=${msg('Closing balance')}>${money(r.statementBalance)}</td>
          <td class="amount" data-label=${msg('Book')}>${money(r.bookBalance)}</td>
          <td data-label=${msg('Run')}>
            <time datetime=${r.createdAt} title=${r.by?.name ?? r.createdBy}
              >${formatDateTime(r.createdAt, true)}</time
            >
          </td>
          <td>
            <button type="button" part="button open-button" @click=${() => open(r)}>
              ${msg('Open')}<span class="visually-hidden">: ${monthName(r.asOf)}</span>
            </button>
          </td>
        </tr>`,
    ),
  );
}
