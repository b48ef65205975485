// Refunds and voids the service answers later (AWAITING_RESULT): finished by the completion
// webhook or, when it is lost, by the poll; and those the service failed, which are kept with its
// message, listed among the sync problems and never sent again.
import { describe, expect, it } from 'vitest';
import { useMoneyOutPipeline } from '../testing/money-out.js';

const m = useMoneyOutPipeline();
const { post, mutations, paid } = m;

describe('completion', () => {
  it('AWAITING_RESULT answers 202; the completed webhook finishes it', async () => {
    const p = await paid();
    m.h.sim.moneyOut.nextOutcome(m.h.firm.id, { status: 'AWAITING_RESULT' });
    const pending = await post(`/api/transactions/${p.id}/refund`, { amount: '3.00' }, 'aw-1');
    expect(pending.status).toBe(202);
    expect(pending.body).toMatchObject({ status: 'AWAITING_RESULT', reversals: [] });
    const [remoteRequest] = m.h.sim.moneyOut.requests(m.h.firm.id).slice(-1);
    m.h.sim.moneyOut.complete(m.h.firm.id, remoteRequest!.id);
    const done = await m.h.waitFor(async () => {
      const again = await post(`/api/transactions/${p.id}/refund`, { amount: '3.00' }, 'aw-1');
      return again.status === 200 && again;
    });
    expect(done.body).toMatchObject({
      status: 'SUCCESS',
      original: { status: 'PARTIALLY_REFUNDED', amountRefunded: '3.00' },
      reversals: [{ type: 'refund', amount: '3.00', originalTransactionId: p.id }],
    });
  });

  it('a lost completion webhook: the poll finishes it', async () => {
    const p = await paid();
    m.h.sim.moneyOut.nextOutcome(m.h.firm.id, { status: 'AWAITING_RESULT' });
    const pending = await post(`/api/transactions/${p.id}/refund`, {}, 'poll-1');
    expect(pending.status).toBe(202);
    m.h.sim.webhooks.setMode(m.h.firm.id, 'suppress');
    const [remoteRequest] = m.h.sim.moneyOut.requests(m.h.firm.id).slice(-1);
    m.h.sim.moneyOut.complete(m.h.firm.id, remoteRequest!.id);
    const history = await m.h.waitFor(async () => {
      const res = await m.h.t.request('GET', `/api/transactions/${p.id}/money-out`);
      return res.body.data[0]?.status === 'SUCCESS' && res.body.data;
    });
    expect(history).toHaveLength(1);
    const answer = await post(`/api/transactions/${p.id}/refund`, {}, 'poll-1');
    expect(answer.body.original).toMatchObject({ status: 'REFUNDED' });
  });

  it('a failed request (TXN_FAILED) keeps the service message and is never sent again', async () => {
    const p = await paid();
    m.h.sim.moneyOut.nextOutcome(m.h.firm.id, {
      status: 'TXN_FAILED',
      errorMessage: 'Card closed',
    });
    const before = mutations();
    const failed = await post(`/api/transactions/${p.id}/refund`, { amount: '1.00' }, 'f-1');
    expect(failed.status).toBe(409);
    expect(failed.body.error).toMatchObject({ code: 'money_out_failed' });
    expect(failed.body.error.message).toMatch(/Card closed/);
    const again = await post(`/api/transactions/${p.id}/refund`, { amount: '1.00' }, 'f-1');
    expect(again.status).toBe(409);
    expect(mutations()).toBe(before + 1);
  });
});

describe('a failed request among the sync problems', () => {
  const syncProblems = async (query = '') =>
    (await m.h.t.request('GET', `/api/admin/sync-problems${query}`)).body as {
      data: { id: string; kind: string; recordId: string; status: string }[];
      nextCursor: string | null;
    };
  const problemsCount = async () =>
    (await m.h.t.request('GET', '/api/admin/integration-health')).body.sync.problems as number;

  it('is listed with its kind, transaction and the service message; no retry sends it again', async () => {
    const countBefore = await problemsCount();
    const p = await paid();
    m.h.sim.moneyOut.nextOutcome(m.h.firm.id, {
      status: 'TXN_FAILED',
      errorMessage: 'Card closed',
    });
    const failed = await post(`/api/transactions/${p.id}/refund`, { amount: '1.50' }, 'sp-1');
    expect(failed.status).toBe(409);
    const [request] = (await m.h.t.request('GET', `/api/transactions/${p.id}/money-out`)).body.data;
    const q = await paid({ pending: true });
    m.h.sim.moneyOut.nextOutcome(m.h.firm.id, { status: 'ERROR', errorMessage: 'Try later' });
    expect((await post(`/api/transactions/${q.id}/void`, {}, 'sp-2')).status).toBe(409);
    const [voidRequest] = (await m.h.t.request('GET', `/api/transactions/${q.id}/money-out`)).body
      .data;

    const listed = (await syncProblems()).data;
    const mine = listed.filter((x) => x.id === request.id || x.id === voidRequest.id);
    expect(mine).toEqual([
      {
        id: voidRequest.id,
        kind: 'void',
        recordId: q.id,
        name: null,
        status: 'failed',
        errorMessage: 'Try later',
        attempts: 1,
        nextAttemptAt: null,
        amount: null,
        updatedAt: voidRequest.updatedAt,
      },
      {
        id: request.id,
        kind: 'refund',
        recordId: p.id,
        name: null,
        status: 'failed',
        errorMessage: 'Card closed',
        attempts: 1,
        nextAttemptAt: null,
        amount: '1.50',
        updatedAt: request.updatedAt,
      },
    ]);
    expect(await problemsCount()).toBe(countBefore + 2);

    // The cursor walks the union one row at a time and meets each problem once, in order.
    const walked: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = await syncProblems(`?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      walked.push(...page.data.map((x) => x.id));
      cursor = page.nextCursor;
    }
    expect(walked).toEqual(listed.map((x) => x.id));

    const before = mutations();
    const one = await m.h.t.request('POST', '/api/admin/sync-problems/retry', {
      body: { id: request.id },
    });
    expect(one.status).toBe(409);
    expect(one.body.error.message).toMatch(/never sent again by a retry.*new refund/);
    const all = await m.h.t.request('POST', '/api/admin/sync-problems/retry', { body: {} });
    expect(all.status).toBe(200);
    await m.h.waitFor(
      async () => (await m.h.t.request('GET', '/api/admin/progress')).body.retryAll?.finishedAt,
    );
    // A few rounds of the money-out poll (every 150 ms here) and of the worker: still one send.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(mutations()).toBe(before);
    const [still] = (await m.h.t.request('GET', `/api/transactions/${p.id}/money-out`)).body.data;
    expect(still).toMatchObject({ status: 'TXN_FAILED', errorMessage: 'Card closed' });
    expect((await syncProblems()).data.map((x) => x.id)).toContain(request.id);
  });
});
