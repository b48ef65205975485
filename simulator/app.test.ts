// Mounting the simulator inside another Hono app (as the main server does), the pay page, and
// deterministic seeding. No network: app.request().
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from './simulator.js';

let sim: Simulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

function mounted(options: Parameters<typeof createSimulator>[0] = {}) {
  sim = createSimulator({ firms: [{ apiKey: 'key-1', name: 'Mounted Firm' }], ...options });
  const host = new Hono();
  host.route('/simulator', sim.app);
  const gql = async (query: string) => {
    const response = await host.request('http://localhost:3000/simulator', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'key-1' },
      body: JSON.stringify({ query }),
    });
    return (await response.json()) as { data: Record<string, { id: string; url: string }> };
  };
  return { host, gql };
}

async function linkOf(gql: ReturnType<typeof mounted>['gql']) {
  const client = await gql('mutation { addClient(input: { clientName: "Jane <Doe>" }) { id } }');
  const link = await gql(
    `mutation { addPaymentLink(input: { clientId: "${client.data.addClient?.id}", operating: 12345 }) { id url } }`,
  );
  return link.data.addPaymentLink as { id: string; url: string };
}

describe('mounted under /simulator', () => {
  it('serves GraphQL at the mount path, with link URLs under it', async () => {
    const { gql } = mounted();
    const link = await linkOf(gql);
    expect(link.url).toBe(`http://localhost:3000/simulator/pay/${link.id}`);
  });

  it('uses publicBaseUrl for link URLs when given', async () => {
    const { gql } = mounted({ publicBaseUrl: 'https://pay.example.test/' });
    const link = await linkOf(gql);
    expect(link.url).toBe(`https://pay.example.test/pay/${link.id}`);
  });

  it('renders the admin API errors as JSON', async () => {
    const { host } = mounted();
    const response = await host.request('/simulator/_sandbox/transactions/nope/void', {
      method: 'POST',
      headers: { 'x-api-key': 'key-1' },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Transaction not found: "nope"' },
    });
  });

  it('answers a drop fault with 500 when there is no socket to drop', async () => {
    const { host } = mounted();
    sim?.faults.inject('key-1', { target: 'graphql', kind: 'drop' });
    const response = await host.request('/simulator', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'key-1' },
      body: '{"query":"{ me { role } }"}',
    });
    expect(response.status).toBe(500);
  });
});

describe('pay page', () => {
  it('shows the link escaped and takes a partial payment from its form', async () => {
    const { host, gql } = mounted();
    const link = await linkOf(gql);
    const page = await host.request(link.url);
    const html = await page.text();
    expect(html).toContain('Jane &#60;Doe&#62;');
    // Money as money, the amount due first.
    expect(html).toContain('<h1>$123.45</h1>');
    expect(html).toContain('<dt>Outstanding</dt><dd>$123.45</dd>');
    expect(html).toContain('<button type="submit">Pay $123.45</button>');
    const paid = await host.request(link.url, {
      method: 'POST',
      body: new URLSearchParams({ amount: '100.45', method: 'ACH', payerName: 'Jane' }),
    });
    expect(paid.status).toBe(303);
    const firm = sim!.firm('key-1');
    expect([...firm.transactions.values()]).toMatchObject([
      { type: 'achPayment', amountProcessed: 10045, payerName: 'Jane', status: 'PENDING' },
    ]);
    expect(await (await host.request(link.url)).text()).toContain('<dd>Partially paid</dd>');
    const tooMuch = await host.request(link.url, {
      method: 'POST',
      body: new URLSearchParams({ amount: '50', method: 'CARD' }),
    });
    expect(tooMuch.status).toBe(409);
    expect((await host.request('/simulator/pay/unknown')).status).toBe(404);
  });
});

describe('seed', () => {
  it('makes firms, keys and bank accounts deterministic', async () => {
    const a = createSimulator({ seed: 'demo', firms: [{}] });
    const b = createSimulator({ seed: 'demo', firms: [{}] });
    const c = createSimulator({ seed: 'other', firms: [{}] });
    const accounts = (s: Simulator) => s.firm(s.firms()[0]!.id).bankAccounts.map((x) => x.id);
    expect(b.firms()).toEqual(a.firms());
    expect(accounts(b)).toEqual(accounts(a));
    expect(c.firms()[0]?.apiKey).not.toBe(a.firms()[0]?.apiKey);
    await Promise.all([a.close(), b.close(), c.close()]);
  });
});
