import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { remoteError } from '../remote/errors.js';
import type { RemoteApi, RemoteMoneyOutResult, RemoteVoidDetails } from '../remote/index.js';
import { transactionSchema } from '../remote/wire.js';
import { transaction } from '../testing/fake-remote.js';
import { voidRefusal } from './void-refusal.js';

// Every shape in which the service might allow or refuse a void, answered by a stub rather than
// the simulator: these pass whatever the simulator's own rule says.

type Request = RemoteMoneyOutResult['request'];
const request = (status: Request['status'], errorMessage: string | null = null): Request => ({
  id: `vr-${status}`,
  status,
  errorMessage,
  externalId: null,
  createdOn: '2026-11-28T10:00:00.000Z',
});

function remote(
  status: string,
  details: Partial<RemoteVoidDetails> | Error,
  extra: { aggregate?: boolean } = {},
) {
  const calls: string[] = [];
  const api = {
    getTransaction: async () => {
      calls.push('getTransaction');
      return transactionSchema.parse({
        ...transaction('t-1'),
        type: 'ccPayment',
        paymentMethod: 'CARD',
        status_v2: status,
        aggregatePaymentLink: extra.aggregate ? { id: 'ag-1' } : null,
      });
    },
    voidDetails: async () => {
      calls.push('voidDetails');
      if (details instanceof Error) throw details;
      return { canVoid: false, transactionIds: ['t-1'], requests: [], ...details };
    },
  } as unknown as RemoteApi;
  return { api, calls };
}

const ask = (r: ReturnType<typeof remote>) => voidRefusal(r.api, 'org-1', 't-1');

describe('voidRefusal: the service decides', () => {
  it('canVoid true allows a void of a SUCCESSFUL payment (no local rule by status)', async () => {
    expect(await ask(remote('SUCCESSFUL', { canVoid: true }))).toBeNull();
    expect(await ask(remote('DEPOSITED', { canVoid: true }))).toBeNull();
  });

  it('canVoid false is said with what the service reports', async () => {
    expect(await ask(remote('DEPOSITED', {}))).toBe(
      'the service says it cannot be voided (canVoid: false; it reports the payment DEPOSITED); refund it instead',
    );
    // A PENDING payment the service will not void cannot be refunded either.
    expect(await ask(remote('PENDING', {}))).toBe(
      'the service says it cannot be voided (canVoid: false; it reports the payment PENDING)',
    );
    expect(
      await ask(remote('SUCCESSFUL', { requests: [request('TXN_FAILED', 'Batch closed')] })),
    ).toBe(
      'the service says it cannot be voided (canVoid: false; it reports the payment SUCCESSFUL); its last void request failed: Batch closed; refund it instead',
    );
    expect(await ask(remote('PENDING', { requests: [request('AWAITING_RESULT')] }))).toMatch(
      /a void of it is under way there already/,
    );
    expect(await ask(remote('VOIDED', { requests: [request('SUCCESS')] }))).toMatch(
      /it has voided it already/,
    );
  });

  it('a refusal answered as a GraphQL error is said in its words', async () => {
    const refusal = remoteError('graphql', 'Transaction is already in a settled batch');
    expect(await ask(remote('SUCCESSFUL', refusal))).toBe(
      'the service says: Transaction is already in a settled batch',
    );
  });

  it('a service not reached is 502 remote_failed, not a refusal', async () => {
    const down = remote('SUCCESSFUL', remoteError('server_error', 'HTTP 503'));
    const error = await ask(down).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'remote_failed', status: 502 });
  });

  it('a payment made through an aggregate link is refused by our rule, before the details', async () => {
    const r = remote('PENDING', { canVoid: true }, { aggregate: true });
    expect(await ask(r)).toMatch(/aggregate payment link/);
    expect(r.calls).toEqual(['getTransaction']);
  });
});
