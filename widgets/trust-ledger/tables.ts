import { html, nothing } from 'lit';
import type {
  LedgerBalanceLine,
  LedgerBalances,
  LedgerDeposits,
  LedgerEntry,
} from '../../shared/ledger-api.js';
import { alertBox } from '../core/alerts.js';
import { formatDate, formatMoney } from '../core/format.js';
import { amountHead, renderTable } from '../operations/table.js';
import { msg, str } from '../core/localize.js';
import { spinner } from '../core/service-element.js';

// The trust ledger's tables: balances per client and matter, a client's or matter's entries with
// their running balance, and the bank deposits. Tables on a desktop, labelled rows where they do
// not fit (TableFit); amounts below zero in the danger tone, with their minus sign.

/**
 * An amount: muted when zero. A balance (`balance`: what a client or matter holds) is bold, and
 * below zero in the danger tone: money out (a refund, a return) is negative by nature, not alarm.
 */
export function money(amount: string, balance = false) {
  const text = formatMoney(amount);
  if (balance && amount.startsWith('-')) {
    return html`<strong class="text" data-tone="error" part="negative">${text}</strong>`;
  }
  if (amount === '0.00') return html`<span class="zero">${text}</span>`;
  return balance ? html`<strong>${text}</strong>` : html`<span>${text}</span>`;
}

/** A day (`2026-11-21`), as the locale writes it, in a <time>. */
export const day = (iso: string) => html`<time datetime=${iso}>${formatDate(iso)}</time>`;

/** A cell of money that is not a balance: zero ones step aside in labelled rows (a phone). */
const amountCell = (amount: string, label: string) =>
  html`<td class="amount" data-label=${label} ?data-zero=${amount === '0.00'}>
    ${money(amount)}
  </td>`;

/**
 * A table's totals row: "Total" across its first `span` columns, the total of each of `columns`
 * (key, label), then `last` (the balance, the net).
 */
function totalsRow<K extends string>(
  span: number,
  columns: readonly (readonly [K, string])[],
  totals: Record<K, string>,
  last: unknown,
) {
  return html`<tr part="totals">
    <th scope="row" colspan=${span}>${msg('Total')}</th>
    ${columns.map(([key, label]) => html`<td class="amount" data-label=${label}>${money(totals[key])}</td>`)}
    ${last}
  </tr>`;
}

/** A balance line's client and matter, as a person reads them. */
export const lineName = (l: Pick<LedgerBalanceLine, 'clientName' | 'matterName' | 'clientId'>) =>
  l.clientId ? (l.clientName ?? msg('Unnamed client')) : msg('No client');

const matterOf = (l: Pick<LedgerBalanceLine, 'matterName' | 'matterId'>) =>
  l.matterId ? (l.matterName ?? msg('Unnamed matter')) : msg('No matter');

/**
 * The balances report's columns of money, in the API's order. Named as sums of a kind of entry
 * (nouns, as a bookkeeper heads a column), never with a transaction's status words: in Spanish
 * those are adjectives ("Reembolsada") that do not head a column of amounts.
 */
const COLUMNS = () =>
  [
    ['received', msg('Receipts')],
    ['refunded', msg('Refunds')],
    ['returned', msg('ACH returns')],
    ['voided', msg('Voids')],
    ['chargedBack', msg('Chargebacks')],
    ['manual', msg('Manual entries')],
  ] as const;

/** What is collected of a balance (`null`: a past `asOf`, which has no such figure). */
const availableCell = (available: string | null) =>
  html`<td class="amount" data-label=${msg('Available')} part="available">
    ${available === null ? html`<span class="zero">—</span>` : money(available)}
  </td>`;

/** Why "Available" is less than "Balance": said once above the table, read with the column. */
export const renderAvailableHint = () =>
  html`<p class="hint" id="available-hint" part="hint available-hint">
    ${msg('Available: the balance less the payments not yet collected (the payment service has not reported them in transit or deposited). Uncollected money is in the balance but cannot be paid out yet without an override.')}
  </p>`;

/** `statement`: opens a line's client ledger statement. */
export function renderBalances(
  report: LedgerBalances,
  open: (line: LedgerBalanceLine) => void,
  statement: (line: LedgerBalanceLine) => void,
) {
  const columns = COLUMNS();
  return renderTable(
    msg('Balances per client and matter'),
    msg('Trust balances per client and matter'),
    'table balances',
    [
      msg('Client'),
      msg('Matter'),
      ...columns.map(([, label]) => amountHead(label)),
      amountHead(msg('Balance')),
      amountHead(msg('Available')),
    ],
    report.lines.map(
      (l) =>
        html`<tr
          part="row"
          data-client=${l.clientId ?? ''}
          data-matter=${l.matterId ?? ''}
          ?data-negative=${l.balance.startsWith('-')}
        >
          <td data-label=${msg('Client')}>
            ${
              l.clientId
                ? html`<button
                      type="button"
                      class="link"
                      part="entries-button"
                      @click=${() => open(l)}
                    >
                      ${lineName(l)}<span class="visually-hidden"
                        >, ${matterOf(l)}: ${msg('entries')}</span
                      >
                    </button>
                    <button
                      type="button"
                      class="link sub"
                      part="statement-button"
                      @click=${() => statement(l)}
                    >
                      ${msg('Statement')}<span class="visually-hidden"
                        >: ${lineName(l)}, ${matterOf(l)}</span
                      >
                    </button>`
                : html`<span>${lineName(l)}</span>`
            }
          </td>
          <td data-label=${msg('Matter')}><span>${matterOf(l)}</span></td>
          ${columns.map(([key, label]) => amountCell(l[key], label))}
          <td class="amount" data-label=${msg('Balance')} part="balance">
            ${money(l.balance, true)}
          </td>
          ${availableCell(l.available)}
        </tr>`,
    ),
    totalsRow(
      2,
      columns,
      report.totals,
      html`<td class="amount" data-label=${msg('Balance')} part="balance">
          ${money(report.totals.balance, true)}
        </td>
        ${availableCell(report.totals.available)}`,
    ),
  );
}

const KINDS = (): Record<LedgerEntry['kind'], string> => ({
  received: msg('Payment received'),
  refunded: msg('Refund'),
  returned: msg('ACH return'),
  voided: msg('Void'),
  charged_back: msg('Chargeback'),
  manual: msg('Manual entry'),
  bank_charge: msg('Bank charge'),
  interest: msg('Interest'),
  firm_funds: msg('Firm funds'),
  service_fee: msg('Service fee'),
});

/** What an entry is, as a bookkeeper names it (a chargeback given back: money returned). */
export const entryKindLabel = (kind: string, amount: string) =>
  kind === 'charged_back' && !amount.startsWith('-')
    ? msg('Chargeback reversed: returned to trust')
    : (KINDS()[kind as LedgerEntry['kind']] ?? kind);

export function renderEntries(entries: readonly LedgerEntry[]) {
  return renderTable(
    msg('Entries'),
    msg('Entries newest first, with the balance after each'),
    'table entries',
    [
      msg('Date'),
      msg('Entry'),
      msg('Memo'),
      amountHead(msg('Amount')),
      amountHead(msg('Running balance')),
    ],
    entries.map(
      (e) =>
        html`<tr part="row" data-id=${e.id} data-kind=${e.kind}>
          <td data-label=${msg('Date')}>${day(e.date)}</td>
          <td data-label=${msg('Entry')}>
            <span
              >${entryKindLabel(e.kind, e.amount)}${
                e.reversesEntryId
                  ? html` <span class="hint sub">${msg('Reversal')}</span>`
                  : nothing
              }</span
            >
          </td>
          <td data-label=${msg('Memo')}><span>${e.memo ?? e.reason ?? '—'}</span></td>
          <td class="amount" data-label=${msg('Amount')}>${money(e.amount)}</td>
          <td class="amount" data-label=${msg('Running balance')} part="running-balance">
            ${money(e.runningBalance, true)}
          </td>
        </tr>`,
    ),
  );
}

export function renderDeposits(report: LedgerDeposits) {
  const amounts = [
    ['gross', msg('Gross')],
    ['refunds', msg('Refunds')],
    ['chargebackReversals', msg('Chargebacks reversed')],
    ['surcharges', msg('Surcharges')],
  ] as const;
  return renderTable(
    msg('Deposits'),
    msg('Bank deposits: the transactions of each, as one line of the bank statement'),
    'table deposits',
    [
      msg('Deposit'),
      msg('Settled'),
      amountHead(msg('Transactions')),
      ...amounts.map(([, label]) => amountHead(label)),
      amountHead(msg('Net')),
    ],
    report.deposits.map(
      (d) =>
        html`<tr part="row" data-deposit=${d.depositId}>
          <td data-label=${msg('Deposit')}><code>${d.depositId}</code></td>
          <td data-label=${msg('Settled')}>
            ${d.settledOn ? day(d.settledOn) : html`<span>${msg('Not yet')}</span>`}
          </td>
          <td class="amount" data-label=${msg('Transactions')}>
            <span>${d.transactions}</span>
          </td>
          ${amounts.map(([key, label]) => amountCell(d[key], label))}
          <td class="amount" data-label=${msg('Net')}>${money(d.net)}</td>
        </tr>`,
    ),
    totalsRow(
      3,
      amounts,
      report.totals,
      html`<td class="amount" data-label=${msg('Net')}>
        <strong>${formatMoney(report.totals.net)}</strong>
      </td>`,
    ),
  );
}

/** "Show more …": the next page with the API's cursor; none after the last page. */
export const renderMoreButton = (
  cursor: string | null,
  loading: boolean,
  label: string,
  load: (cursor: string) => unknown,
) =>
  cursor
    ? html`<button
        type="button"
        part="button more-button"
        aria-disabled=${loading ? 'true' : 'false'}
        @click=${() => !loading && load(cursor)}
      >
        ${loading ? html`${spinner}${msg('Loading…')}` : label}
      </button>`
    : nothing;

/** How many balance lines are below zero (of those loaded, while more pages remain). */
export function renderNegativeWarning(negative: number, partial: boolean) {
  if (!negative) return nothing;
  return alertBox(
    'warning',
    html`<p>
      ${
        partial
          ? msg(
              str`Below zero: ${negative} of the lines shown (more lines are not loaded yet). A trust balance must never be negative; the ledger shows what to look into, it is not a legal determination.`,
            )
          : msg(
              str`Below zero: ${negative} of the client and matter balances. A trust balance must never be negative; the ledger shows what to look into, it is not a legal determination.`,
            )
      }
    </p>`,
    'warning',
  );
}
