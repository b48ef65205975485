import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { transactions } from '../db/schema/index.js';
import { startPipeline, type PipelineHarness } from './webhooks.js';

// The refund and void suites (server/money-out/*.db.test.ts): the app and the simulator
// on loopback HTTP with webhooks delivered and the money-out poll every 150 ms, its bank accounts
// synced; and payments made through new links, stored locally by their webhooks.

export interface Paid {
  /** The local transaction. */
  id: string;
  serviceId: string;
  clientId: string;
  /** Null: the client's payment without a matter. */
  matterId: string | null;
}

export interface MoneyOutSuite {
  /** The harness: set once the suite's beforeAll has run. */
  readonly h: PipelineHarness;
  /** A POST as the admin (or `as`), with an Idempotency-Key when given. */
  post(
    path: string,
    body: unknown,
    key?: string,
    as?: string,
  ): ReturnType<PipelineHarness['t']['request']>;
  /** Mutations the service received (refunds and voids alike). */
  mutations(): number;
  /** The organization's default bank account of a category. */
  bankAccount(category: 'operating' | 'trust'): Promise<string>;
  /**
   * A payment of `amount` through a new link, stored locally by its webhook; settled unless
   * `pending` or `captured`.
   */
  paid(options?: PaidOptions): Promise<Paid>;
}

/** Registers the suite's hooks; read `.h` inside tests. */
export function useMoneyOutPipeline(): MoneyOutSuite {
  let harness: PipelineHarness | undefined;
  const suite = {
    get h() {
      if (!harness) throw new Error('the money-out pipeline is started in beforeAll');
      return harness;
    },
  } as MoneyOutSuite;
  const h = () => suite.h;
  beforeAll(async () => {
    harness = await startPipeline({ work: { moneyOutPollMs: 150 } });
    const synced = await harness.t.request('POST', '/api/actions/BankAccountsSync', { body: {} });
    expect(synced.status).toBe(200);
  });
  afterAll(() => harness?.close());
  beforeEach(() => {
    h().sim.webhooks.setMode(h().firm.id, 'deliver');
    h().sim.faults.clear(h().firm.id);
  });

  const post = (path: string, body: unknown, key?: string, as?: string) =>
    h().t.request('POST', path, {
      body,
      key: as,
      headers: key === undefined ? {} : { 'idempotency-key': key },
    });
  const mutations = () => h().sim.moneyOut.requests(h().firm.id).length;

  const bankAccountOf = (category: 'operating' | 'trust') => bankAccount(h(), category);
  const paid = (options: PaidOptions = {}) => paidThroughLink(h(), options);
  return Object.assign(suite, { post, mutations, bankAccount: bankAccountOf, paid });
}

export interface PaidOptions {
  amount?: string;
  category?: 'operating' | 'trust';
  /** Into this bank account (our id), not the category's default. */
  bankAccountId?: string;
  pending?: boolean;
  /** A card payment captured (SUCCESSFUL), its batch not moved: stored as SUCCESSFUL. */
  captured?: boolean;
  throughAggregate?: boolean;
  /** An ACH payment (default: a card payment). */
  ach?: boolean;
  /** Cents the payer paid on top (a surcharge). */
  surchargeCents?: number;
  /** The bank deposit it settles in (default: a new one). */
  depositId?: string;
  /** For this client and matter (null: none); absent, a new client and matter. */
  into?: { clientId: string; matterId: string | null };
}

const postAs = (h: PipelineHarness, path: string, body: unknown) =>
  h.t.request('POST', path, { body });

/** The default bank account of a category (after BankAccountsSync). */
export async function bankAccount(h: PipelineHarness, category: 'operating' | 'trust') {
  const page = await h.t.request('GET', '/api/bank-accounts');
  return (page.body.data as { id: string; category: string; isDefault: boolean }[]).find(
    (a) => a.category === category && a.isDefault,
  )!.id;
}

/** A payment of `amount` through a new link, stored locally by its webhook; settled unless `pending`. */
export async function paidThroughLink(
  h: PipelineHarness,
  options: PaidOptions = {},
): Promise<Paid> {
  const { clientId, matterId } = options.into ?? (await newMatter(h));
  const [link] = (
    await postAs(h, '/api/actions/PaymentLinkCreate', {
      amount: options.amount ?? '10.00',
      bankAccountId:
        options.bankAccountId ?? (await bankAccount(h, options.category ?? 'operating')),
      clientId,
      matterId,
    })
  ).body;
  expect(link.syncStatus).toBe('synced');
  let payment;
  if (options.throughAggregate) {
    const [aggregate] = (
      await postAs(h, '/api/actions/AggregateLinkCreate', { paymentLinkIds: [link.id] })
    ).body;
    payment = h.sim.sandbox.payAggregatePaymentLink(h.firm.id, aggregate.serviceId);
  } else {
    const pay = {
      ...(options.captured ? { method: 'CARD' as const, status: 'SUCCESSFUL' as const } : {}),
      ...(options.ach ? { method: 'ACH' as const } : {}),
      ...(options.surchargeCents ? { surchargeAmount: options.surchargeCents } : {}),
    };
    payment = h.sim.sandbox.payPaymentLink(h.firm.id, link.serviceId, pay);
  }
  const serviceId = payment.transactions[0]!.id;
  const stays = options.pending || options.captured;
  if (!stays) h.sim.sandbox.moveToDeposited(h.firm.id, serviceId, options.depositId);
  const want = options.pending ? 'PENDING' : options.captured ? 'SUCCESSFUL' : 'DEPOSITED';
  const row = await h.waitFor(async () => {
    const [found] = await h.t.database.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.orgId, h.orgId), eq(transactions.serviceId, serviceId)));
    return found?.status === want && found;
  });
  return { id: row.id, serviceId, clientId, matterId };
}

async function newMatter(h: PipelineHarness) {
  const [client] = (await postAs(h, '/api/actions/ClientCreate', { name: 'Pat Payer' })).body;
  const [matter] = (
    await postAs(h, '/api/actions/MatterCreate', { clientId: client.id, name: 'M-1' })
  ).body;
  return { clientId: client.id as string, matterId: matter.id as string };
}
