// The `refund_request.completed` / `void_request.completed` webhooks in every plausible body (the
// remote documents none): the simulator sends each shape, the app resolves the request from it
// and finishes it. The poll is held off, so only the webhook can. A body that names nothing, or a
// request the service does not know, fails the event visibly.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COMPLETION_SHAPES } from '../../../simulator/money-out.js';
import { paidThroughLink } from '../../testing/money-out.js';
import { startPipeline, type PipelineHarness } from '../../testing/webhooks.js';

let h: PipelineHarness;
beforeAll(async () => {
  h = await startPipeline({ work: { moneyOutPollMs: 3_600_000 } });
  expect((await h.t.request('POST', '/api/actions/BankAccountsSync', { body: {} })).status).toBe(
    200,
  );
});
afterAll(() => h?.close());
beforeEach(() => h.sim.moneyOut.completionShape(h.firm.id, 'named'));

const post = (path: string, body: unknown, key: string) =>
  h.t.request('POST', path, { body, headers: { 'idempotency-key': key } });

interface EventRow {
  eventId: string;
  type: string;
  status: string;
  error: string | null;
  transactionIds: string[];
}

/** The newest completion event received, once it reached a final state. */
async function completionEvent(kind: 'refund' | 'void', not: Set<string>): Promise<EventRow> {
  return h.waitFor(async () => {
    const res = await h.t.request('GET', '/api/admin/webhook-events?limit=50');
    const event = (res.body.data as EventRow[]).find(
      (e) => e.type === `${kind}_request.completed` && !not.has(e.eventId),
    );
    return event && ['processed', 'dead', 'failed'].includes(event.status) && event;
  });
}

async function seenEvents(): Promise<Set<string>> {
  const res = await h.t.request('GET', '/api/admin/webhook-events?limit=100');
  return new Set((res.body.data as EventRow[]).map((e) => e.eventId));
}

/** A payment, and a request of `kind` for it that the service answers AWAITING_RESULT (202). */
async function awaiting(kind: 'refund' | 'void', key: string) {
  const p = await paidThroughLink(h, { pending: kind === 'void' });
  h.sim.moneyOut.nextOutcome(h.firm.id, { status: 'AWAITING_RESULT' });
  const body = kind === 'refund' ? { amount: '3.00' } : {};
  const pending = await post(`/api/transactions/${p.id}/${kind}`, body, key);
  expect(pending.status).toBe(202);
  const [remote] = h.sim.moneyOut.requests(h.firm.id).slice(-1);
  return { p, body, remote: remote! };
}

const status = async (id: string) =>
  (await h.t.request('GET', `/api/transactions/${id}/money-out`)).body.data[0].status as string;

describe('a completed refund, whatever body its webhook has', () => {
  const shapes = COMPLETION_SHAPES.filter((shape) => shape !== 'empty');
  for (const shape of shapes) {
    it(`is finished by the webhook alone: ${shape}`, async () => {
      const key = `shape-${shape}`;
      const { p, body, remote } = await awaiting('refund', key);
      const before = await seenEvents();
      h.sim.moneyOut.completionShape(h.firm.id, shape);
      h.sim.moneyOut.complete(h.firm.id, remote.id);

      const event = await completionEvent('refund', before);
      expect(event).toMatchObject({ status: 'processed', error: null });
      const done = await h.waitFor(async () => {
        const again = await post(`/api/transactions/${p.id}/refund`, body, key);
        return again.status === 200 && again;
      });
      expect(done.body).toMatchObject({
        status: 'SUCCESS',
        request: { serviceId: remote.id },
        original: { id: p.id, status: 'PARTIALLY_REFUNDED', amountRefunded: '3.00' },
        reversals: [{ type: 'refund', amount: '3.00', originalTransactionId: p.id }],
      });
      // One mutation: the webhook's request was looked up, never asked again.
      expect(
        h.sim.moneyOut.requests(h.firm.id).filter((r) => r.externalId === remote.externalId),
      ).toHaveLength(1);
    });
  }
});

describe('a completed void', () => {
  it('naming only a transaction (no reversal: the payment itself) finishes the void', async () => {
    const { p, remote } = await awaiting('void', 'void-shape-1');
    const before = await seenEvents();
    h.sim.moneyOut.completionShape(h.firm.id, 'reversal-transaction');
    h.sim.moneyOut.complete(h.firm.id, remote.id);
    expect(await completionEvent('void', before)).toMatchObject({ status: 'processed' });
    await h.waitFor(async () => (await status(p.id)) === 'SUCCESS');
    const original = await h.t.request('GET', `/api/transactions/${p.id}`);
    expect(original.body.status).toBe('VOIDED');
  });
});

describe('a completion that cannot be resolved is never dropped silently', () => {
  it('a body naming nothing is dead at once, with what was looked for', async () => {
    const { p, remote } = await awaiting('refund', 'empty-1');
    const before = await seenEvents();
    h.sim.moneyOut.completionShape(h.firm.id, 'empty');
    h.sim.moneyOut.complete(h.firm.id, remote.id);
    const event = await completionEvent('refund', before);
    expect(event.status).toBe('dead');
    expect(event.error).toMatch(/names no refund request .*data\.externalId.* no transaction/);
    // The request is still open: only the poll (held off here) or a replay can finish it.
    expect(await status(p.id)).toBe('AWAITING_RESULT');
  });

  it('a request the service does not know fails the event with the reason', async () => {
    const sent = h.sim.sandbox.emitEvent(h.firm.id, 'refund_request.completed', {
      externalId: 'not-one-of-ours',
    });
    const event = await h.waitFor(async () => {
      const list = await h.t.request('GET', '/api/admin/webhook-events?limit=50');
      const found = (list.body.data as EventRow[]).find((e) => e.eventId === sent.eventId);
      return found && found.status !== 'received' && found;
    });
    expect(event.status).toMatch(/dead|failed/);
    expect(event.error).toMatch(/no refund request with externalId not-one-of-ours/);
  });
});
