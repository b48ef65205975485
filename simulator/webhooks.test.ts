// Webhook delivery to a real loopback receiver: signature, subscriptions, the allowUrl setting,
// event kinds and the transaction they name. Retries, dead letters, re-delivery, ordering,
// delivery faults and the events list: webhook-redelivery.test.ts.
import { describe, expect, it } from 'vitest';
import { startReceiver, UUID_V4 } from '../server/testing/simulator-fixtures.js';
import { ALL_KINDS, sign, useWebhookSimulator } from '../server/testing/simulator-webhooks.js';

const { setUp, register, payment } = useWebhookSimulator();

describe('signed delivery', () => {
  it('POSTs a JSON array of events signed with base64 HMAC-SHA512 of the exact body', async () => {
    const { s, receiver } = await setUp();
    const txIds = await payment('CREDIT', 1000, 500); // two accounts: two transactions
    const [request] = await receiver.waitFor(1);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.events).toEqual(
      txIds.map((id) => ({
        type: 'transaction.created',
        eventId: expect.stringMatching(UUID_V4),
        firmId: s.firm.id,
        data: { transaction: { id } },
      })),
    );
    expect(request?.raw).toBe(JSON.stringify(request?.events));
    const signature = request?.headers['x-signature'];
    expect(signature).toBe(sign(request?.raw ?? '', 'whsec-test'));
    expect(signature).not.toBe(sign(request?.raw ?? '', 'another-secret'));
    await s.sim.webhooks.settled();
    expect(s.sim.webhooks.deliveries(s.firm.id)).toMatchObject([
      { state: 'delivered', attempts: [{ attempt: 1, ok: true, status: 200 }] },
    ]);
  });

  it('signs in hex when configured', async () => {
    const { receiver } = await setUp({ webhooks: { signatureEncoding: 'hex' } });
    await payment();
    const [request] = await receiver.waitFor(1);
    expect(request?.headers['x-signature']).toBe(sign(request?.raw ?? '', 'whsec-test', 'hex'));
  });

  it('sends only subscribed kinds, and nothing to disabled URLs', async () => {
    const { s, receiver, hookId } = await setUp({}, ['transaction.deposited']);
    const other = await startReceiver();
    try {
      await register(other.url, ['transaction.created']);
      const [tx] = await payment();
      await s.admin('POST', `/transactions/${tx}/deposited`);
      const [created] = await other.waitFor(1);
      const [deposited] = await receiver.waitFor(1);
      expect(created?.events.map((e) => e.type)).toEqual(['transaction.created']);
      expect(deposited?.events.map((e) => e.type)).toEqual(['transaction.deposited']);
      await s.gql(
        `mutation { webhookUrlUpdate(input: { id: "${hookId}", disabled: true }) { id } }`,
      );
      await s.admin('POST', '/events', { type: 'transaction.deposited', transactionId: tx });
      await s.sim.webhooks.settled();
      expect(receiver.received).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});

describe('the allowUrl setting', () => {
  it('sends nothing to a URL it does not allow: the delivery is dead at once', async () => {
    const { s, receiver } = await setUp({ webhooks: { allowUrl: () => false } });
    await payment();
    await s.sim.webhooks.settled();
    expect(receiver.received).toHaveLength(0);
    expect(s.sim.webhooks.deliveries(s.firm.id)).toMatchObject([
      {
        state: 'dead',
        attempts: [{ ok: false, status: null, error: 'webhook URL not allowed by this simulator' }],
      },
    ]);
  });

  it('sends to the URLs it allows', async () => {
    let asked = '';
    const { receiver } = await setUp({
      webhooks: {
        allowUrl: (url) => {
          asked = url;
          return true;
        },
      },
    });
    await payment();
    await receiver.waitFor(1);
    expect(asked).toBe(receiver.url);
  });
});

describe('event kinds and the transaction they name', () => {
  it('fires the matching kind for each hook', async () => {
    const { s, receiver } = await setUp({}, [...ALL_KINDS, 'firm.updated']);
    const events = async (count: number) => {
      const all = await receiver.waitFor(count);
      return all.slice(-1)[0]?.events ?? [];
    };
    const firm = s.sim.firm(s.firm.id);
    const [card] = await payment('CREDIT');
    expect(await events(1)).toMatchObject([
      { type: 'transaction.created', data: { transaction: { id: card } } },
    ]);
    await s.admin('POST', `/transactions/${card}/funds-in-transit`);
    expect(await events(2)).toMatchObject([
      { type: 'transaction.funds_in_transit', data: { transaction: { id: card } } },
    ]);
    await s.admin('POST', `/transactions/${card}/deposited`);
    expect(await events(3)).toMatchObject([
      { type: 'transaction.deposited', data: { transaction: { id: card } } },
    ]);

    // Refunds and returns name the new transaction; its originalTransactionId points back.
    const part = await s.admin<{ id: string }>('POST', `/transactions/${card}/refund`, {
      amount: 100,
    });
    const [partial] = await events(4);
    expect(partial).toMatchObject({
      type: 'transaction.partially_refunded',
      data: { transaction: { id: part.body.id } },
    });
    expect(firm.transactions.get(part.body.id)?.originalTransactionId).toBe(card);
    const rest = await s.admin<{ id: string }>('POST', `/transactions/${card}/refund`);
    expect(await events(5)).toMatchObject([
      { type: 'transaction.refunded', data: { transaction: { id: rest.body.id } } },
    ]);

    const [ach] = await payment('ACH');
    await events(6);
    await s.gql(
      `mutation { sandboxOnlyMoveTransactionToFundsInTransit(input: { transactionId: "${ach}" }) }`,
    );
    await events(7);
    await s.gql(`mutation { sandboxOnlyTriggerAchReturn(input: { transactionId: "${ach}" }) }`);
    const [returned] = await events(8);
    expect(returned?.type).toBe('transaction.ach_returned');
    expect(firm.transactions.get(returned?.data.transaction?.id ?? '')).toMatchObject({
      type: 'achReturn',
      originalTransactionId: ach,
    });

    const [pending] = await payment('DEBIT');
    await events(9);
    await s.admin('POST', `/transactions/${pending}/void`);
    expect(await events(10)).toMatchObject([
      { type: 'transaction.voided', data: { transaction: { id: pending } } },
    ]);

    const payout = await s.admin<{ id: string }>('POST', '/transactions', {
      type: 'payout',
      amount: 999,
    });
    expect(await events(11)).toMatchObject([
      { type: 'transaction.created', data: { transaction: { id: payout.body.id } } },
    ]);

    await s.admin('POST', '/events', { type: 'firm.updated', data: { firm: { id: s.firm.id } } });
    expect(await events(12)).toMatchObject([
      { type: 'firm.updated', data: { firm: { id: s.firm.id } } },
    ]);
  });
});
