/* global document, fetch, setTimeout -- a browser script: the lint config knows only TypeScript globals */
// The demo host page's script: plain JavaScript, no framework, as on any intranet page. It gets
// a widget token from the server (demo mode only), configures the kit once for the whole page,
// and wires the steps together from the widgets' events, like a wizard would.
import { getToken } from './demo-token.js';

const $ = (selector) => document.querySelector(selector);
const kitStatus = $('#kit-status');

let kit;
try {
  kit = await import('/widgets/service-widgets.js');
} catch {
  kitStatus.hidden = false;
  kitStatus.textContent =
    'The widget kit is not built: run "npm run build:widgets" (npm start does it), then reload.';
}

if (kit) {
  kit.configure({ getToken });
  // The operations widgets are files of their own, outside the kit: loaded where they show.
  await Promise.all([
    import('/widgets/service-sync-problems.js'),
    import('/widgets/service-webhook-events.js'),
    import('/widgets/service-trust-ledger.js'),
    import('/widgets/service-payment-plan-create.js'),
    import('/widgets/service-payment-plan.js'),
  ]);

  const matter = $('service-matter-create');
  const paymentLink = $('service-payment-link-create');
  const aggregateCreate = $('service-aggregate-link-create');
  const aggregateUpdate = $('service-aggregate-link-update');
  const transactions = $('service-transactions-list');
  const payLink = $('#pay-link');
  const payAggregate = $('#pay-aggregate');
  const payStatus = $('#pay-status');
  let lastLink = null;
  let lastAggregate = null;
  const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  /** "Pay “Retainer” ($250.00)": which link, and how much. */
  const payLabel = (record, what) =>
    `Pay ${record.name ? `“${record.name}”` : `the ${what}`} (${usd.format(Number(record.amount))})`;

  // Each created record fills in the next step, the way a flow screen passes its outputs on.
  document.addEventListener('service-record-created', ({ detail }) => {
    const { recordType, record } = detail;
    if (recordType === 'client') {
      matter.clientId = record.id;
      paymentLink.clientId = record.id;
      aggregateCreate.clientId = record.id;
    } else if (recordType === 'matter') {
      paymentLink.clientId = record.clientId;
      paymentLink.matterId = record.id;
    } else if (recordType === 'paymentLink') {
      lastLink = record;
      aggregateCreate.clientId = record.clientId;
      aggregateCreate.paymentLinkIds = [record.id];
      payLink.textContent = payLabel(record, 'payment link');
      payLink.disabled = !record.serviceId;
    } else if (recordType === 'aggregateLink') {
      lastAggregate = record;
      aggregateUpdate.aggregateLinkId = record.id;
      payAggregate.textContent = payLabel(record, 'aggregate link');
      payAggregate.disabled = !record.serviceId;
    }
  });

  const settle = $('#settle');
  const settleStatus = $('#settle-status');

  /** POSTs to a demo route with the page's token (renewed once on a 401): `{ res, answer }`. */
  async function post(path, body) {
    const send = async (renew) =>
      fetch(path, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await getToken({ renew })}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
    let res = await send(false);
    if (res.status === 401) res = await send(true);
    return { res, answer: await res.json().catch(() => ({})) };
  }
  const refused = ({ res, answer }) => answer.error?.message ?? `the server answered ${res.status}`;

  async function pay(body, what) {
    payStatus.textContent = `Paying the ${what}…`;
    const sent = await post('/demo/pay', body);
    if (!sent.res.ok) {
      payStatus.textContent = `Not paid: ${refused(sent)}`;
      return;
    }
    payStatus.textContent = `Paid. The simulator sent the signed webhook; the transaction appears in the list.`;
    setTimeout(() => transactions.refresh(), 800);
  }

  settle.addEventListener('click', async () => {
    settleStatus.textContent = 'Settling…';
    const sent = await post('/demo/settle', {});
    if (!sent.res.ok) {
      settleStatus.textContent = `Not settled: ${refused(sent)}`;
      return;
    }
    const { transactions: count, depositId } = sent.answer;
    settleStatus.textContent = count
      ? `Settled: ${count === 1 ? '1 payment' : `${count} payments`} deposited in ${depositId}. Refund is offered in the list.`
      : 'Nothing to settle: every payment is deposited already.';
    setTimeout(() => transactions.refresh(), 800);
  });

  // The payment plan step: its own module (demo-plans.js), wired with the same demo calls.
  (await import('./demo-plans.js')).wirePlans({ post, refused });

  payLink.addEventListener(
    'click',
    () => lastLink && pay({ paymentLinkId: lastLink.id }, 'payment link'),
  );
  payAggregate.addEventListener(
    'click',
    () => lastAggregate && pay({ aggregateLinkId: lastAggregate.id }, 'aggregate link'),
  );

  // The event log: every kit event reaches the document, whatever shadow root it came from.
  const log = $('#events');
  const describe = (event) => {
    const { detail } = event;
    if (event.type === 'service-error') return `${detail.operation}: ${detail.message}`;
    if (event.type === 'service-bank-accounts-synced') return `${detail.synced} accounts`;
    if (event.type === 'service-sync-retried') return `${detail.retried} retried`;
    if (event.type === 'service-webhook-events-replayed') return `${detail.replayed} replayed`;
    if (event.type === 'service-reconciliation-created') {
      return `${detail.reconciliation.status} ${detail.reconciliation.variance}`;
    }
    const name = detail.record?.name ?? detail.record?.url ?? detail.record?.id ?? '';
    return `${detail.recordType} ${name}`.trim();
  };
  for (const type of [
    'service-record-created',
    'service-record-updated',
    'service-record-deleted',
    'service-bank-accounts-synced',
    'service-sync-retried',
    'service-webhook-events-replayed',
    'service-reconciliation-created',
    'service-error',
  ]) {
    document.addEventListener(type, (event) => {
      const item = document.createElement('li');
      item.textContent = `${new Date().toLocaleTimeString()} ${type}: ${describe(event)}`;
      log.prepend(item);
    });
  }
}
