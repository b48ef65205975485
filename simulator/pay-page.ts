// A bare payment page at a link's `url`, so a person clicking a link in the demo can pay it.
// Like a real pay link, the unguessable id is the only credential.
import { Hono } from 'hono';
import { fromCents, parseMoney, toCents } from '../shared/money.js';
import type { SimulatorParts } from './parts.js';
import {
  aggregateBalance,
  aggregateMembers,
  aggregateStatus,
  linkBalance,
  linkStatus,
} from './balances.js';
import { SURCHARGE_RATE } from './split-payments.js';
import { SimulatorError } from './errors.js';
import * as ledger from './ledger.js';
import { TRANSACTION_METHODS, type TransactionMethod } from './state.js';

const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** 125050 → "$1,250.50". */
const money = (cents: number) => usd.format(cents / 100);

const METHOD_NAMES: Partial<Record<TransactionMethod, string>> = {
  ACH: 'Bank transfer (ACH)',
  CREDIT: 'Credit card',
  DEBIT: 'Debit card',
  CARD: 'Card',
  PAYPAL: 'PayPal',
};
const methodName = (m: TransactionMethod) =>
  METHOD_NAMES[m] ?? m.charAt(0) + m.slice(1).toLowerCase().replaceAll('_', ' ');

const STYLE = `:root{color-scheme:light dark;font:16px/1.45 system-ui,sans-serif;background:#eef1f5;
color:#1b2631}body{margin:0;padding:2rem 1rem}main{max-width:26rem;margin:auto;padding:1.5rem;
border-radius:.9rem;background:#fff;box-shadow:0 4px 24px rgb(0 0 0/12%)}.firm{margin:0;
color:#4a5663;font-weight:600}h1{margin:.25rem 0;font-size:2.25rem}.what{margin:0 0 1rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0 0 1.25rem}
dt{color:#4a5663}dd{margin:0;text-align:end;font-variant-numeric:tabular-nums}
label{display:grid;gap:.25rem;margin:.75rem 0;font-weight:600}input,select{font:inherit;
font-weight:400;padding:.5rem .6rem;border:1px solid #8b95a3;border-radius:.5rem}button{width:100%;
margin-top:.5rem;padding:.7rem;border:0;border-radius:.5rem;background:#0f5b4d;color:#fff;
font:inherit;font-weight:700;cursor:pointer}.note{margin:1rem 0 0;color:#4a5663;
font-size:.875rem;text-align:center}@media (prefers-color-scheme:dark){:root{background:#0f1318;
color:#e4e8ee}main{background:#1b2028}.firm,dt,.note{color:#aab3c0}input,select{background:#12161c;
color:inherit}button{background:#6fd3bd;color:#0b1220}}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title>
<style>${STYLE}</style></head><body><main>${body}
<p class="note">A simulated payment page: no money moves.</p></main></body></html>`;
}

export function createPayPage(parts: SimulatorParts): Hono {
  const app = new Hono();

  app.get('/:id', (c) => {
    const found = parts.registry.findPayable(c.req.param('id'));
    if (!found) return c.html(page('Not found', '<h1>Payment link not found</h1>'), 404);
    const { firm } = found;
    const view = found.link
      ? {
          clientId: found.link.clientId,
          memo: found.link.memo,
          balance: linkBalance(firm, found.link),
          status: linkStatus(firm, found.link),
        }
      : {
          clientId: found.aggregate.clientId,
          memo: found.aggregate.memo,
          balance: aggregateBalance(firm, found.aggregate),
          status: aggregateStatus(firm, found.aggregate),
        };
    const { balance, status, memo } = view;
    const client = firm.clients.get(view.clientId);
    const partial = found.link !== undefined && found.link.partialPaymentAllowed !== false;
    // Only the methods the link takes (an aggregate: those all its links take).
    const links = found.link ? [found.link] : aggregateMembers(firm, found.aggregate);
    const methods = TRANSACTION_METHODS.filter((m) =>
      links.every((l) => ledger.acceptsMethod(l, m)),
    );
    const chosen = methods.includes('CREDIT') ? 'CREDIT' : methods[0];
    const options = methods
      .map(
        (m) => `<option value="${m}"${m === chosen ? ' selected' : ''}>${methodName(m)}</option>`,
      )
      .join('');
    const surcharge = links.some((l) => l.surchargeEnabled)
      ? `<p class="what">Cards add a ${SURCHARGE_RATE * 100}% surcharge.</p>`
      : '';
    const due = balance.totalOutstanding;
    const form =
      due > 0 && status !== 'sealed'
        ? `<form method="post">
<label>Amount (USD) <input name="amount" inputmode="decimal" value="${fromCents(due)}" ${partial ? '' : 'readonly'}></label>
<label>Payment method <select name="method">${options}</select></label>
<label>Name of the payer <input name="payerName" value="Test Payer" autocomplete="name"></label>
${surcharge}<button type="submit">Pay ${money(due)}</button></form>`
        : `<p><strong>${status === 'paid' ? 'Paid in full.' : 'Nothing to pay.'}</strong></p>`;
    return c.html(
      page(
        `Pay ${firm.name}`,
        `<p class="firm">${escape(firm.name)}</p>
<h1>${money(due > 0 ? due : balance.totalPaid)}</h1>
<p class="what">${memo ? `${escape(memo)} · ` : ''}for ${escape(client?.clientName ?? 'a client')}</p>
<dl><dt>Paid</dt><dd>${money(balance.totalPaid)}</dd><dt>Outstanding</dt><dd>${money(due)}</dd>
<dt>Status</dt><dd>${escape(status.charAt(0).toUpperCase() + status.slice(1).replaceAll('_', ' '))}</dd></dl>
${form}`,
      ),
    );
  });

  app.post('/:id', async (c) => {
    const id = c.req.param('id');
    const found = parts.registry.findPayable(id);
    if (!found) return c.html(page('Not found', '<h1>Payment link not found</h1>'), 404);
    const form = await c.req.parseBody();
    const amountText = typeof form.amount === 'string' ? parseMoney(form.amount) : null;
    const method = String(form.method ?? 'CREDIT') as TransactionMethod;
    if (!TRANSACTION_METHODS.includes(method) || amountText === null) {
      return c.html(page('Invalid', '<h1>Invalid amount or method</h1>'), 400);
    }
    const options = {
      amount: toCents(amountText),
      method,
      payerName: typeof form.payerName === 'string' ? form.payerName : null,
    };
    try {
      if (found.link) ledger.payPaymentLink(parts.ledger, found.firm, id, options);
      else ledger.payAggregateLink(parts.ledger, found.firm, id, options);
    } catch (error) {
      if (!(error instanceof SimulatorError)) throw error;
      return c.html(page('Not paid', `<h1>Not paid</h1><p>${escape(error.message)}</p>`), 409);
    }
    return c.redirect(c.req.url, 303);
  });

  return app;
}
