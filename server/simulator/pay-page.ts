// A bare payment page at a link's `url`, so a person clicking a link in the demo can pay it.
// Like a real pay link, the unguessable id is the only credential.
import { Hono } from 'hono';
import { fromCents, parseMoney, toCents } from '../../shared/money.js';
import type { SimulatorParts } from './app.js';
import { aggregateBalance, aggregateStatus, linkBalance, linkStatus } from './balances.js';
import { SimulatorError } from './errors.js';
import * as ledger from './ledger.js';
import { TRANSACTION_PAYMENT_METHODS, type TransactionPaymentMethod } from './state.js';

const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<style>body{font:16px system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}
label{display:block;margin:.5rem 0}.note{color:#555}</style></head><body>${body}</body></html>`;
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
    const options = TRANSACTION_PAYMENT_METHODS.map((m) => `<option>${m}</option>`).join('');
    const form =
      balance.totalOutstanding > 0 && status !== 'sealed'
        ? `<form method="post">
<label>Amount (USD) <input name="amount" value="${fromCents(balance.totalOutstanding)}" ${partial ? '' : 'readonly'}></label>
<label>Method <select name="method">${options}</select></label>
<label>Name <input name="payerName" value="Test Payer"></label>
<button type="submit">Pay</button></form>`
        : '<p>Nothing to pay.</p>';
    return c.html(
      page(
        `Pay ${firm.name}`,
        `<h1>${escape(firm.name)}</h1>
<p>Client: ${escape(client?.clientName ?? '')}${memo ? ` — ${escape(memo)}` : ''}</p>
<p>Status: <strong>${status}</strong>. Paid ${fromCents(balance.totalPaid)}, outstanding ${fromCents(balance.totalOutstanding)}.</p>
${form}<p class="note">Simulated payment page: no money moves.</p>`,
      ),
    );
  });

  app.post('/:id', async (c) => {
    const id = c.req.param('id');
    const found = parts.registry.findPayable(id);
    if (!found) return c.html(page('Not found', '<h1>Payment link not found</h1>'), 404);
    const form = await c.req.parseBody();
    const amountText = typeof form.amount === 'string' ? parseMoney(form.amount) : null;
    const method = String(form.method ?? 'CREDIT') as TransactionPaymentMethod;
    if (!TRANSACTION_PAYMENT_METHODS.includes(method) || amountText === null) {
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
