// Webhook delivery to a real loopback receiver when it goes wrong: retries, dead letters,
// re-delivery, ordering and suppression, delivery faults, and webhookEventsList /
// webhookEventResend.
import { describe, expect, it } from 'vitest';
import { useWebhookSimulator } from '../server/testing/simulator-webhooks.js';
import { waitFor } from '../server/testing/wait.js';

const { setUp, payment } = useWebhookSimulator();

describe('retries and dead letters', () => {
  it('retries on the compressed schedule, then dead-letters and disables the URL', async () => {
    const { s, receiver } = await setUp({ webhooks: { retryDelaysMs: [50, 100] } });
    receiver.respond = () => ({ status: 500 });
    await payment();
    const attempts = await receiver.waitFor(3);
    expect(new Set(attempts.map((a) => a.raw)).size).toBe(1); // the same bytes every time
    await waitFor(() => s.sim.webhooks.deliveries(s.firm.id)[0]?.state === 'dead');
    const [delivery] = s.sim.webhooks.deliveries(s.firm.id);
    expect(delivery?.attempts.map((a) => a.status)).toEqual([500, 500, 500]);
    const gaps = delivery!.attempts
      .slice(1)
      .map((a, i) => Date.parse(a.at) - Date.parse(delivery!.attempts[i]!.at));
    expect(gaps[0]).toBeGreaterThanOrEqual(45);
    expect(gaps[1]).toBeGreaterThanOrEqual(95);
    const list = await s.gql<{ webhookUrlsList: { webhookUrls: { disabled: boolean }[] } }>(
      '{ webhookUrlsList { webhookUrls { disabled } } }',
    );
    expect(list.data?.webhookUrlsList.webhookUrls).toEqual([{ disabled: true }]);
    await payment();
    await s.sim.webhooks.settled();
    expect(receiver.received).toHaveLength(3); // nothing goes to a disabled URL
  });

  it('does not disable a URL that answered 2xx recently', async () => {
    const { s, receiver } = await setUp({ webhooks: { retryDelaysMs: [20] } });
    await payment();
    await receiver.waitFor(1);
    receiver.respond = () => ({ status: 503 });
    await payment();
    await waitFor(() => s.sim.webhooks.deliveries(s.firm.id)[1]?.state === 'dead');
    expect(s.sim.firm(s.firm.id).webhookUrls.values().next().value?.disabled).toBe(false);
  });

  it('counts a slow answer as a failure and retries it', async () => {
    const { s, receiver } = await setUp({ webhooks: { timeoutMs: 100, retryDelaysMs: [20] } });
    receiver.respond = (_, index) => ({ status: 200, delayMs: index === 0 ? 400 : 0 });
    await payment();
    await receiver.waitFor(2);
    await waitFor(() => s.sim.webhooks.deliveries(s.firm.id)[0]?.state === 'delivered');
    const [delivery] = s.sim.webhooks.deliveries(s.firm.id);
    expect(delivery?.attempts.map((a) => a.ok)).toEqual([false, true]);
    expect(delivery?.attempts[0]?.error).toMatch(/no answer within 100 ms/);
  });

  it('runs scheduled retries at once on demand (real schedule)', async () => {
    const { s, receiver } = await setUp();
    receiver.respond = (_, index) => ({ status: index === 0 ? 500 : 200 });
    await payment();
    await receiver.waitFor(1);
    await s.sim.webhooks.settled();
    expect(s.sim.webhooks.deliveries(s.firm.id)[0]?.state).toBe('retrying');
    expect((await s.admin<{ retried: number }>('POST', '/webhooks/retry-now')).body.retried).toBe(
      1,
    );
    await receiver.waitFor(2);
    await s.sim.webhooks.settled();
    expect(s.sim.webhooks.deliveries(s.firm.id)[0]?.state).toBe('delivered');
  });

  it('stops retrying once closed', async () => {
    const { s, receiver } = await setUp({ webhooks: { retryDelaysMs: [100] } });
    receiver.respond = () => ({ status: 500 });
    await payment();
    await receiver.waitFor(1);
    await s.sim.webhooks.settled();
    await s.sim.close();
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(receiver.received).toHaveLength(1);
  });
});

describe('re-delivery, ordering and suppression', () => {
  it('re-delivers an event with the same eventId', async () => {
    const { s, receiver } = await setUp();
    await payment();
    const [first] = await receiver.waitFor(1);
    const eventId = first?.events[0]?.eventId;
    const again = await s.admin<{ deliveries: unknown[] }>(
      'POST',
      `/webhooks/events/${eventId}/redeliver`,
    );
    expect(again.body.deliveries).toHaveLength(1);
    const [, second] = await receiver.waitFor(2);
    expect(second?.events).toEqual(first?.events);
    expect((await s.admin('POST', '/webhooks/events/nope/redeliver')).status).toBe(404);
  });

  it('holds events and delivers them out of order, as one batch or one by one', async () => {
    const { s, receiver } = await setUp();
    await s.admin('PUT', '/webhooks/mode', { mode: 'hold' });
    const [tx] = await payment();
    await s.admin('POST', `/transactions/${tx}/funds-in-transit`);
    await s.admin('POST', `/transactions/${tx}/deposited`);
    expect((await s.admin('GET', '/webhooks/mode')).body).toEqual({ mode: 'hold', held: 3 });
    expect(receiver.received).toHaveLength(0);
    await s.admin('POST', '/webhooks/flush', { order: 'reverse', batch: true });
    const [batch] = await receiver.waitFor(1);
    expect(batch?.events.map((e) => e.type)).toEqual([
      'transaction.deposited',
      'transaction.funds_in_transit',
      'transaction.created',
    ]);
    const ids = batch!.events.map((e) => e.eventId);
    await s.admin('POST', '/webhooks/deliver', { eventIds: [ids[2], ids[0]] });
    const [, picked] = await receiver.waitFor(2);
    expect(picked?.events.map((e) => e.eventId)).toEqual([ids[2], ids[0]]);

    await s.admin('POST', `/transactions/${tx}/refund`, { amount: 1 });
    await s.admin('POST', `/transactions/${tx}/refund`);
    await s.admin('POST', '/webhooks/flush', { order: 'reverse' });
    const singles = (await receiver.waitFor(4)).slice(2);
    expect(singles.map((r) => r.events.map((e) => e.type))).toEqual([
      ['transaction.refunded'],
      ['transaction.partially_refunded'],
    ]);
  });

  it('suppresses delivery but keeps the events for later re-delivery', async () => {
    const { s, receiver } = await setUp();
    s.sim.webhooks.setMode(s.firm.id, 'suppress');
    await payment();
    await s.sim.webhooks.settled();
    expect(receiver.received).toHaveLength(0);
    const [emitted] = s.sim.webhooks.events(s.firm.id);
    expect(emitted?.mode).toBe('suppress');
    s.sim.webhooks.redeliver(s.firm.id, emitted?.event.eventId ?? '');
    const [late] = await receiver.waitFor(1);
    expect(late?.events[0]?.eventId).toBe(emitted?.event.eventId);
  });
});

describe('delivery faults', () => {
  it('drop: the receiver gets the event, the sender sees a failure and sends it again', async () => {
    const { s, receiver } = await setUp({ webhooks: { retryDelaysMs: [20] } });
    await s.admin('POST', '/faults', { target: 'webhook', kind: 'drop' });
    await payment();
    const [first, second] = await receiver.waitFor(2);
    expect(second?.raw).toBe(first?.raw);
    await waitFor(() => s.sim.webhooks.deliveries(s.firm.id)[0]?.state === 'delivered');
    expect(s.sim.webhooks.deliveries(s.firm.id)[0]?.attempts[0]?.error).toMatch(/dropped/);
  });

  it('duplicate: the same body arrives twice', async () => {
    const { s, receiver } = await setUp();
    s.sim.faults.inject(s.firm.id, { target: 'webhook', kind: 'duplicate' });
    await payment();
    const [first, second] = await receiver.waitFor(2);
    expect(second?.raw).toBe(first?.raw);
  });

  it('latency: delivery waits', async () => {
    const { s, receiver } = await setUp();
    s.sim.faults.inject(s.firm.id, { target: 'webhook', kind: 'latency', latencyMs: 200 });
    const started = Date.now();
    await payment();
    await receiver.waitFor(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });
});

describe('webhookEventsList and webhookEventResend', () => {
  for (const ids of ['event', 'own'] as const) {
    it(`log each event of a URL with its state, and resend one by its id (${ids} ids)`, async () => {
      const { s, receiver, hookId } = await setUp({
        webhooks: { retryDelaysMs: [20], webhookEventIds: ids },
      });
      receiver.respond = () => ({ status: 500 });
      const [tx] = await payment();
      await receiver.waitFor(2);
      await waitFor(() => s.sim.webhooks.deliveries().every((d) => d.state === 'dead'));
      const listed = await s.gql<{
        webhookEventsList: {
          total: number;
          webhookEvents: {
            id: string;
            status: string;
            payload: unknown;
            webhookUrl: { id: string };
          }[];
        };
      }>(
        'query($id: String!) { webhookEventsList(webhookUrlId: $id) { total webhookEvents { id status payload webhookUrl { id } } } }',
        { id: hookId },
      );
      const [entry] = listed.data!.webhookEventsList.webhookEvents;
      const eventId = receiver.received[0]!.events[0]!.eventId;
      expect(entry).toMatchObject({ status: 'failed', webhookUrl: { id: hookId } });
      expect(entry!.payload).toEqual([
        expect.objectContaining({ eventId, data: { transaction: { id: tx } } }),
      ]);
      expect(entry!.id === eventId).toBe(ids === 'event');

      receiver.respond = () => ({ status: 200 });
      // The dead letter disabled the URL (no 2xx ever): enabled again first, as our server does.
      await s.gql('mutation($i: WebhookUrlUpdateInput!) { webhookUrlUpdate(input: $i) { id } }', {
        i: { id: hookId, disabled: false },
      });
      const resent = await s.gql<{ webhookEventResend: { status: string } }>(
        'mutation($i: WebhookEventResendInput!) { webhookEventResend(input: $i) { status } }',
        { i: { eventId: entry!.id, webhookUrlId: hookId } },
      );
      expect(resent.errors).toBeUndefined();
      const [, , again] = await receiver.waitFor(3);
      expect(again!.events.map((e) => e.eventId)).toEqual([eventId]);
      const unknown = await s.gql(
        'mutation($i: WebhookEventResendInput!) { webhookEventResend(input: $i) { status } }',
        { i: { eventId: 'nope', webhookUrlId: hookId } },
      );
      expect(unknown.errors?.[0]?.message).toMatch(/not found/i);
    });
  }
});
