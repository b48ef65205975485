// Refund and void requests over loopback GraphQL: each outcome the real RequestStatus allows,
// finding a request again, void details, and an answer lost after the service acted.
import { describe, expect, it } from 'vitest';
import {
  newClient,
  newLink,
  ok,
  startReceiver,
  type Receiver,
} from '../server/testing/simulator-fixtures.js';
import { useTestSimulator } from '../server/testing/simulator.js';

const s = useTestSimulator();

const REQUEST = 'id status errorMessage externalId';
const TX = 'id type status_v2 amountProcessed amountRefunded originalTransactionId';
const REFUND = `mutation($i: TransactionRefundInput!) { transactionRefund(input: $i) {
  refundRequest { ${REQUEST} } originalTransactions { ${TX} } refundTransactions { ${TX} } } }`;
const VOID = `mutation($i: TransactionVoidInput!) { transactionVoid(input: $i) {
  voidRequest { ${REQUEST} } originalTransactions { ${TX} } voidTransactions { ${TX} } } }`;
const REFUND_GET = `query($e: String) { refundRequestGet(externalId: $e) {
  refundRequest { ${REQUEST} } originalTransactions { ${TX} } refundTransactions { ${TX} } } }`;

type Result = Record<string, { id: string; status: string; errorMessage: string | null } | null>;

/** A paid payment of 1000 cents; settled (DEPOSITED) unless `pending`. */
async function payment(pending = false): Promise<string> {
  const link = await newLink(s, await newClient(s), { operating: 1000 });
  const paid = s.sim.sandbox.payPaymentLink(s.firm.id, link.id);
  const id = paid.transactions[0]!.id;
  if (!pending) s.sim.sandbox.moveToDeposited(s.firm.id, id);
  return id;
}

describe('transactionRefund', () => {
  it('refunds at once (SUCCESS) and finds the request again by externalId', async () => {
    const id = await payment();
    const data = await ok(s, REFUND, { i: { transactionId: id, amount: 300, externalId: 'e-1' } });
    const result = data.transactionRefund as unknown as Record<string, unknown>;
    expect(result.refundRequest).toMatchObject({ status: 'SUCCESS', externalId: 'e-1' });
    expect(result.originalTransactions).toEqual([
      expect.objectContaining({ id, status_v2: 'PARTIALLY_REFUNDED', amountRefunded: 300 }),
    ]);
    expect(result.refundTransactions).toEqual([
      expect.objectContaining({ type: 'refund', amountProcessed: 300, originalTransactionId: id }),
    ]);
    const again = await ok(s, REFUND_GET, { e: 'e-1' });
    expect(again.refundRequestGet).toEqual(result);
    const missing = await s.gql(REFUND_GET, { e: 'nope' });
    expect(missing.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('awaits its result, then completes with a webhook naming the request', async () => {
    const receiver: Receiver = await startReceiver();
    try {
      await ok(s, 'mutation($i: WebhookUrlCreateInput!) { webhookUrlCreate(input: $i) { id } }', {
        i: { url: receiver.url, enabledWebhooks: ['refund_request.completed'], secret: 's' },
      });
      const id = await payment();
      s.sim.moneyOut.nextOutcome(s.firm.id, { status: 'AWAITING_RESULT' });
      const data = await ok(s, REFUND, { i: { transactionId: id, externalId: 'e-2' } });
      const result = data.transactionRefund as unknown as Record<string, unknown>;
      expect(result).toMatchObject({
        refundRequest: { status: 'AWAITING_RESULT' },
        originalTransactions: null,
        refundTransactions: null,
      });
      expect(s.sim.firm(s.firm.id).transactions.get(id)?.status).toBe('DEPOSITED');
      const requestId = (result.refundRequest as { id: string }).id;
      s.sim.moneyOut.complete(s.firm.id, requestId);
      const [hook] = await receiver.waitFor(1);
      expect(hook?.events[0]).toMatchObject({
        type: 'refund_request.completed',
        data: { refundRequest: { id: requestId, externalId: 'e-2' } },
      });
      const done = await ok(s, REFUND_GET, { e: 'e-2' });
      expect(done.refundRequestGet).toMatchObject({
        refundRequest: { status: 'SUCCESS' },
        originalTransactions: [{ id, status_v2: 'REFUNDED' }],
      });
    } finally {
      await receiver.close();
    }
  });

  it.each(['TXN_FAILED', 'ERROR'] as const)(
    'answers %s with the service message and moves nothing',
    async (status) => {
      const id = await payment();
      s.sim.moneyOut.nextOutcome(s.firm.id, { status, errorMessage: 'Card closed' });
      const data = await ok(s, REFUND, { i: { transactionId: id } });
      expect((data.transactionRefund as unknown as Result).refundRequest).toMatchObject({
        status,
        errorMessage: 'Card closed',
      });
      expect(s.sim.firm(s.firm.id).transactions.get(id)?.amountRefunded).toBe(0);
      // The queued outcome was used once: the next request succeeds.
      const next = await ok(s, REFUND, { i: { transactionId: id, amount: 100 } });
      expect((next.transactionRefund as unknown as Result).refundRequest?.status).toBe('SUCCESS');
    },
  );

  it('refuses more than is refundable, or a PENDING payment, with no request', async () => {
    const settled = await payment();
    const over = await s.gql(REFUND, { i: { transactionId: settled, amount: 1001 } });
    expect(over.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const pending = await payment(true);
    const refused = await s.gql(REFUND, { i: { transactionId: pending } });
    expect(refused.errors?.[0]?.message).toMatch(/void it instead/);
    expect(s.sim.moneyOut.requests(s.firm.id)).toEqual([]);
  });

  it('acts, then loses the answer (lost_answer): the request is there to adopt', async () => {
    const id = await payment();
    s.sim.faults.inject(s.firm.id, { target: 'graphql', kind: 'lost_answer' });
    const lost = await s.gql(REFUND, { i: { transactionId: id, externalId: 'e-3' } });
    expect(lost.status).toBe(502);
    const found = await ok(s, REFUND_GET, { e: 'e-3' });
    expect(found.refundRequestGet).toMatchObject({ refundRequest: { status: 'SUCCESS' } });
  });
});

describe('transactionVoid and transactionVoidDetails', () => {
  const DETAILS = `query($t: String!) { transactionVoidDetails(transactionId: $t) {
    canVoid transactions { id } voidRequests { id status } } }`;

  it('voids a PENDING payment and lists the request in the details', async () => {
    const id = await payment(true);
    const before = await ok(s, DETAILS, { t: id });
    expect(before.transactionVoidDetails).toEqual({
      canVoid: true,
      transactions: [{ id }],
      voidRequests: [],
    });
    const data = await ok(s, VOID, { i: { transactionId: id, externalId: 'v-1' } });
    expect(data.transactionVoid).toMatchObject({
      voidRequest: { status: 'SUCCESS', externalId: 'v-1' },
      originalTransactions: [{ id, status_v2: 'VOIDED' }],
      voidTransactions: [],
    });
    const after = await ok(s, DETAILS, { t: id });
    expect(after.transactionVoidDetails).toMatchObject({
      canVoid: false,
      voidRequests: [{ status: 'SUCCESS' }],
    });
  });

  it('cannot void a settled payment or one made through an aggregate link', async () => {
    const settled = await payment();
    expect((await ok(s, DETAILS, { t: settled })).transactionVoidDetails).toMatchObject({
      canVoid: false,
    });
    expect((await s.gql(VOID, { i: { transactionId: settled } })).errors?.[0]?.message).toMatch(
      /only a PENDING payment, or a card payment captured today/,
    );
    const link = await newLink(s, await newClient(s), { operating: 500 });
    const agg = await ok(
      s,
      'mutation($i: AddAggregatePaymentLinkInput!) { addAggregatePaymentLink(input: $i) { id } }',
      { i: { paymentLinkIds: [link.id] } },
    );
    const paid = s.sim.sandbox.payAggregatePaymentLink(s.firm.id, agg.addAggregatePaymentLink!.id);
    const viaAggregate = paid.transactions[0]!.id;
    expect((await ok(s, DETAILS, { t: viaAggregate })).transactionVoidDetails).toMatchObject({
      canVoid: false,
    });
    const refused = await s.gql(VOID, { i: { transactionId: viaAggregate } });
    expect(refused.errors?.[0]?.message).toMatch(/aggregate payment link/);
  });

  it('voids a card payment captured today (SUCCESSFUL) whose batch has not moved; not after', async () => {
    const captured = async () => {
      const link = await newLink(s, await newClient(s), { operating: 1000 });
      const pay = { method: 'CARD' as const, status: 'SUCCESSFUL' as const };
      return s.sim.sandbox.payPaymentLink(s.firm.id, link.id, pay).transactions[0]!.id;
    };
    const today = await captured();
    expect((await ok(s, DETAILS, { t: today })).transactionVoidDetails).toMatchObject({
      canVoid: true,
    });
    const data = await ok(s, VOID, { i: { transactionId: today } });
    expect(data.transactionVoid).toMatchObject({
      voidRequest: { status: 'SUCCESS' },
      originalTransactions: [{ id: today, status_v2: 'VOIDED' }],
    });

    // Captured yesterday: its day is over.
    const yesterday = await captured();
    const record = s.sim.firm(s.firm.id).transactions.get(yesterday)!;
    record.createdOn = new Date(Date.now() - 86_400_000).toISOString();
    expect((await ok(s, DETAILS, { t: yesterday })).transactionVoidDetails).toMatchObject({
      canVoid: false,
    });
    expect((await s.gql(VOID, { i: { transactionId: yesterday } })).errors?.[0]?.message).toMatch(
      /can be voided only the day it is captured/,
    );

    // Its batch moved (FUNDS_IN_TRANSIT), the same day.
    const moved = await captured();
    s.sim.sandbox.moveToFundsInTransit(s.firm.id, moved);
    expect((await ok(s, DETAILS, { t: moved })).transactionVoidDetails).toMatchObject({
      canVoid: false,
    });

    // An ACH payment the service reports SUCCESSFUL is not a captured card payment.
    const link = await newLink(s, await newClient(s), { operating: 1000 });
    const ach = s.sim.sandbox.payPaymentLink(s.firm.id, link.id, {
      method: 'ACH',
      status: 'SUCCESSFUL',
    }).transactions[0]!.id;
    expect((await ok(s, DETAILS, { t: ach })).transactionVoidDetails).toMatchObject({
      canVoid: false,
    });
  });

  it('refuses in the shape set: canVoid false, or an error with the reason', async () => {
    const settled = await payment();
    s.sim.moneyOut.voidRefusal(s.firm.id, 'error');
    const refused = await s.gql(DETAILS, { t: settled });
    expect(refused.errors?.[0]?.message).toMatch(/cannot be voided: it is DEPOSITED/);
    // A payment it can void still answers canVoid: true.
    const pending = await payment(true);
    expect((await ok(s, DETAILS, { t: pending })).transactionVoidDetails).toMatchObject({
      canVoid: true,
    });
    s.sim.moneyOut.voidRefusal(s.firm.id, 'flag');
    expect((await ok(s, DETAILS, { t: settled })).transactionVoidDetails).toMatchObject({
      canVoid: false,
    });
  });
});
