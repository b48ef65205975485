import { html, nothing } from 'lit';
import type { Reconciliation } from '../../shared/ledger-api.js';
import { fromCents, toCents } from '../../shared/money.js';
import { alertBox } from '../core/alerts.js';
import { formatMoney } from '../core/format.js';
import { msg, str } from '../core/localize.js';
import { lineName, money } from './tables.js';

// A run's three balances side by side (the adjusted bank balance, the book, the client ledgers;
// the account's own money when it holds any), and whether they agree: balanced, or not balanced
// with the API's reasons (in the kit's language: it asks in it), the clients below zero named.

/** One balance: its name, its amount, and how it is made up. */
const figure = (name: string, amount: string, detail: unknown, part: string) =>
  html`<div class="figure" part="figure ${part}">
    <span class="label">${name}</span>
    <strong class="figure-amount">${formatMoney(amount)}</strong>
    ${detail ? html`<span class="hint">${detail}</span>` : nothing}
  </div>`;

export function renderBalancesSide(r: Reconciliation) {
  const items = fromCents(toCents(r.adjustedBankBalance) - toCents(r.statementBalance));
  return html`<div class="figures" part="balances">
    ${figure(
      msg('Adjusted bank balance'),
      r.adjustedBankBalance,
      msg(str`Statement ${formatMoney(r.statementBalance)}, uncleared items ${formatMoney(items)}`),
      'adjusted-balance',
    )}
    ${figure(msg('Book balance'), r.bookBalance, msg('Every entry up to the statement date'), 'book-balance')}
    ${figure(
      msg('Client ledger total'),
      r.clientLedgerTotal,
      msg('The clients’ balances added up'),
      'client-total',
    )}
    ${
      r.accountMoney === '0.00'
        ? nothing
        : figure(
            msg('The account’s own money'),
            r.accountMoney,
            msg('Bank charges, interest, firm funds: on no client’s line'),
            'account-money',
          )
    }
  </div>`;
}

/** The API's sentence with its amounts kept whole: no line break after a minus ("−⏎$175.00"). */
const whole = (sentence: string) => sentence.replaceAll('\u2212', '\u2212\u2060');

/** A list under its label (nothing when empty). */
const namedList = (label: string, part: string, lines: unknown[]) =>
  lines.length
    ? html`<p class="label">${label}</p>
        <ul part=${part}>
          ${lines.map((line) => html`<li>${line}</li>`)}
        </ul>`
    : nothing;

/** Balanced, or not balanced with every reason and who is below zero. */
export function renderRunState(r: Reconciliation) {
  const balanced = r.status === 'balanced';
  return alertBox(
    balanced ? 'success' : 'warning',
    html`<p class="h sub">${balanced ? msg('Balanced') : msg('Not balanced')}</p>
      ${
        balanced
          ? html`<p>${whole(r.headline)}</p>`
          : html`<ul part="reasons">
              ${r.reasons.map((reason) => html`<li>${whole(reason)}</li>`)}
            </ul>`
      }
      ${namedList(
        msg('Below zero'),
        'negative-clients',
        r.negativeClients.map(
          (l) =>
            html`${lineName(l)}${l.matterName ? html` · ${l.matterName}` : nothing}:
            ${money(l.balance, true)}`,
        ),
      )}
      ${namedList(
        msg('Not matched'),
        'unmatched',
        r.unmatched.map(
          (u) =>
            html`${
              u.kind === 'unassigned_money'
                ? msg('Money in the account that names no client')
                : msg('A payment booked but not yet in a bank deposit')
            }:
            ${formatMoney(u.amount)}`,
        ),
      )}`,
    'result',
  );
}
