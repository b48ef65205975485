import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { DemoSuite } from './suite.js';

// The records the demo suites make through the API, as the demo page's own steps would: the bank
// accounts synced, a client, payment links paid in the simulator; and what happens at the
// payment service, through the simulator's sandbox API.

export interface BankAccount {
  id: string;
  category: string;
}

export interface Transaction {
  id: string;
  serviceId: string;
  type: string | null;
  status: string;
  amount: string;
  amountRefunded: string;
}

export interface DemoClient {
  clientId: string;
  /** The demo's bank accounts, as the API lists them. */
  accounts: BankAccount[];
}

/** The demo's bank accounts synced from the simulator, and a client named `name`. */
export async function clientWithAccounts(demo: DemoSuite, name: string): Promise<DemoClient> {
  await demo.call('POST', '/api/actions/BankAccountsSync', {});
  const accounts = await demo.call<{ data: BankAccount[] }>('GET', '/api/bank-accounts');
  const [client] = await demo.call<{ id: string }[]>('POST', '/api/actions/ClientCreate', {
    name,
  });
  return { clientId: client!.id, accounts: accounts.data };
}

/** A payment link made through the API, as it answers it. */
export async function createPaymentLink(
  demo: DemoSuite,
  input: { clientId: string; bankAccountId: string; amount: string },
): Promise<{ id: string; serviceId: string | null }> {
  const [link] = await demo.call<{ id: string; serviceId: string | null }[]>(
    'POST',
    '/api/actions/PaymentLinkCreate',
    input,
  );
  return link!;
}

/** A payment link of `amount` into the operating account, paid as the demo page's Pay does. */
export async function payInOperating(demo: DemoSuite, client: DemoClient, amount: string) {
  const operating = client.accounts.find((a) => a.category === 'operating')!;
  const link = await createPaymentLink(demo, {
    clientId: client.clientId,
    bankAccountId: operating.id,
    amount,
  });
  await demo.call('POST', '/demo/pay', { paymentLinkId: link.id });
}

/** The transactions the API lists now. */
export async function transactions(demo: DemoSuite): Promise<Transaction[]> {
  return (await demo.call<{ data: Transaction[] }>('GET', '/api/transactions')).data;
}

/** A call to the simulator's sandbox API (`path` under /_sandbox) with the demo firm's key. */
export async function sandbox(demo: DemoSuite, method: string, path: string, body?: object) {
  const res = await fetch(`${demo.server.url}/simulator/_sandbox${path}`, {
    method,
    headers: { 'x-api-key': await demo.firmKey(), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  assert.ok(res.ok, `${method} ${path}: ${res.status}`);
}

/** On the demo page: the bank accounts synced and a client `name` created, by their widgets. */
export async function syncAndCreateClient(page: Page, name: string): Promise<void> {
  const bank = page.locator('service-bank-accounts-sync');
  await bank.getByRole('button', { name: 'Sync bank accounts' }).click();
  await bank.getByText('3 bank accounts synced').waitFor();
  const client = page.locator('service-client-create');
  await client.getByLabel('Client name').fill(name);
  await client.getByRole('button', { name: 'Create client' }).click();
  await client.getByText(`Client “${name}” created.`).waitFor();
}
