import assert from 'node:assert/strict';
import { clientWithAccounts, createPaymentLink, sandbox, transactions } from './demo-records.js';
import { demoSuite, test } from './suite.js';

// The operations widgets against the real server in demo mode: the simulator's fault settings
// make a sync fail and a webhook event die; the fault cleared, <service-sync-problems> retries
// the record and <service-webhook-events> replays the event, both through to success.

const demo = demoSuite();
const { call } = demo;

test('a failed sync and a dead event, retried and replayed to success', async () => {
  const { page, pageErrors, server } = demo;
  await page.goto(server.url);
  const problems = page.locator('service-sync-problems');
  const events = page.locator('service-webhook-events');
  await problems.getByText('All is in step').waitFor();
  await events.getByText('No webhook received yet.').waitFor();

  // A payment link to pay later, made while the payment service answers.
  const { clientId, accounts } = await clientWithAccounts(demo, 'Pat Payer');
  const bankAccountId = accounts[0]!.id;
  const link = await createPaymentLink(demo, { clientId, bankAccountId, amount: '120.00' });
  assert.ok(link.serviceId, 'the payment link reached the payment service');

  // The payment service now refuses every GraphQL request (HTTP 400: not worth a retry).
  const fault = { target: 'graphql', kind: 'status', status: 400, count: 100_000 };
  await sandbox(demo, 'POST', '/faults', fault);

  // A sync that fails: the client is kept here, in error with the remote's refusal.
  const [failed] = await call<{ syncStatus: string }[]>('POST', '/api/actions/ClientCreate', {
    name: 'Robin Refused',
  });
  assert.equal(failed!.syncStatus, 'error');
  const problemRow = problems.locator('tr[part="row"]', { hasText: 'Robin Refused' });
  await problemRow.waitFor();
  // The remote's refusal in plain words, never the transport's.
  assert.match(await problemRow.innerText(), /Client[\s\S]*turned the request down/);
  assert.doesNotMatch(await problemRow.innerText(), /HTTP/);
  // An unnamed payment link that failed to sync: named by its amount and client, not its id.
  await createPaymentLink(demo, { clientId, bankAccountId, amount: '75.00' });
  await problems.locator('tr[part="row"]', { hasText: '$75.00 · Pat Payer' }).waitFor();

  // A webhook whose transaction cannot be fetched: its event dies.
  await call('POST', '/demo/pay', { paymentLinkId: link.id });
  const deadRow = events.locator('tr[part="row"][data-status="dead"]');
  await deadRow.waitFor({ timeout: 30_000 });
  assert.match(await deadRow.innerText(), /transaction\.created[\s\S]*Dead/);
  // Its details: kind, the transaction it names, attempts and the error; never a signature.
  await deadRow.getByRole('button', { name: /^Details/ }).click();
  const details = events.locator('[part="details"]');
  await details.getByText('Transaction ids').waitFor();
  const detailText = await details.innerText();
  assert.match(detailText, /transaction\.created/);
  assert.match(detailText, /turned the request down/);
  assert.doesNotMatch(detailText, /signature/i);

  // The payment service answers again: retry the record and replay the event from the widgets.
  await sandbox(demo, 'DELETE', '/faults');
  await problems.getByRole('button', { name: 'Retry all' }).click();
  await problems.getByText('All is in step').waitFor({ timeout: 30_000 });
  await deadRow.getByRole('button', { name: /^Replay/ }).click();
  await events.getByText(/replayed: it goes through the pipeline again/).waitFor();
  await events
    .locator('tr[part="row"][data-status="processed"]', { hasText: 'transaction.created' })
    .waitFor({ timeout: 30_000 });
  assert.equal(await events.locator('tr[part="row"][data-status="dead"]').count(), 0);

  // Both reached their goal: the client is synced, the payment is stored.
  const clients = await call<{ data: { name: string; syncStatus: string }[] }>(
    'GET',
    '/api/clients',
  );
  assert.equal(clients.data.find((c) => c.name === 'Robin Refused')?.syncStatus, 'synced');
  assert.deepEqual(
    (await transactions(demo)).map((t) => t.amount),
    ['120.00'],
  );
  assert.deepEqual(pageErrors, []);
});
