import { createHmac } from 'node:crypto';
import { afterEach } from 'vitest';
import type { SimulatorOptions } from '../../simulator/simulator.js';
import { startReceiver, type Receiver } from './simulator-fixtures.js';
import { startTestSimulator, type TestSimulator } from './simulator.js';

// The simulator's webhook suites (simulator/webhook*.test.ts): a simulator and a loopback
// receiver registered for some event kinds, and a paid payment link to make events.

/** Every transaction event kind the simulator sends. */
export const ALL_KINDS = [
  'transaction.created',
  'transaction.funds_in_transit',
  'transaction.deposited',
  'transaction.ach_returned',
  'transaction.refunded',
  'transaction.partially_refunded',
  'transaction.voided',
];

/** The signature of a raw body, as the simulator computes it. */
export const sign = (raw: string, secret: string, encoding: 'base64' | 'hex' = 'base64') =>
  createHmac('sha512', secret).update(raw).digest(encoding);

/** Registers the closing of each test's simulator and receiver; answers the suite's helpers. */
export function useWebhookSimulator() {
  let s: TestSimulator | undefined;
  let receiver: Receiver | undefined;
  afterEach(async () => {
    await s?.close();
    await receiver?.close();
    s = receiver = undefined;
  });

  async function setUp(options: SimulatorOptions = {}, kinds = ALL_KINDS, secret = 'whsec-test') {
    s = await startTestSimulator(options);
    receiver = await startReceiver();
    const hook = await register(receiver.url, kinds, secret);
    return { s, receiver, hookId: hook };
  }

  async function register(url: string, kinds: string[], secret?: string): Promise<string> {
    const created = await s!.gql<{ webhookUrlCreate: { id: string } }>(
      'mutation($i: WebhookUrlCreateInput!) { webhookUrlCreate(input: $i) { id } }',
      { i: { url, enabledWebhooks: kinds, secret } },
    );
    return created.data?.webhookUrlCreate.id as string;
  }

  /** A paid (PENDING) payment of 10.00 on a new link; returns its transaction id. */
  async function payment(method = 'CREDIT', operating = 1000, trust?: number): Promise<string[]> {
    const client = await s!.gql<{ addClient: { id: string } }>(
      'mutation { addClient(input: { clientName: "C" }) { id } }',
    );
    const link = await s!.gql<{ addPaymentLink: { id: string } }>(
      `mutation { addPaymentLink(input: { clientId: "${client.data?.addClient.id}", operating: ${operating}${trust ? `, trust: ${trust}` : ''} }) { id } }`,
    );
    const paid = await s!.admin<{ transactions: { id: string }[] }>(
      'POST',
      `/payment-links/${link.data?.addPaymentLink.id}/pay`,
      { method },
    );
    return paid.body.transactions.map((t) => t.id);
  }
  return { setUp, register, payment };
}
