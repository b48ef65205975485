import { and, eq } from 'drizzle-orm';
import { vi } from 'vitest';
import { statementDebits, transactions } from '../db/schema/index.js';
import { paidThroughLink, type Paid } from './money-out.js';
import { startPipeline, type PipelineHarness } from './webhooks.js';

// The firm of the month-end scenario (server/book/month-scenario.db.test.ts): the app and the
// simulator on loopback HTTP with webhooks, on a clock the test moves (only `Date` is faked, and
// it keeps running from where it is set: timers, the queue's database clock and HTTP stay real).
// Its clock is set in the past, so every job the app enqueues is due at once.

export const ZONE = 'America/New_York';

/** Moves the clock (the app's and the simulator's) to an instant; only ever forward. */
export function at(instant: string): void {
  vi.setSystemTime(new Date(instant));
}

export interface Firm {
  h: PipelineHarness;
  /** Our ids of the accounts. */
  iolta: string;
  trust2: string;
  operating: string;
  /** Names as the service calls them (and so our records). */
  names: { iolta: string; trust2: string; operating: string };
  roe: { clientId: string; matterId: string };
  doe: { clientId: string; matterId: string };
  /** A POST as the admin, naming `person` ("id; name") when given. */
  post(path: string, body: unknown, person?: string): ReturnType<PipelineHarness['t']['request']>;
  get(path: string): ReturnType<PipelineHarness['t']['request']>;
}

/** Starts the app and the simulator at `start`, with the firm's accounts, zone and clients. */
export async function openFirm(start: string): Promise<Firm> {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  at(start);
  const h = await startPipeline({ work: { moneyOutPollMs: 150 } });
  h.sim.sandbox.addBankAccount(h.firm.id, {
    nickname: 'Trust 2',
    category: 'trust',
    lastFour: '4444',
  });
  const post: Firm['post'] = (path, body, person) =>
    h.t.request('POST', path, {
      body,
      ...(person ? { headers: { 'x-acting-user': person } } : {}),
    });
  const get: Firm['get'] = (path) => h.t.request('GET', path);
  const must = async (path: string, body: unknown) => {
    const res = await post(path, body);
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  await must('/api/actions/BankAccountsSync', {});
  await h.t.request('PUT', '/api/settings', { body: { timeZone: ZONE } });
  const accounts = (await get('/api/bank-accounts')).body.data as {
    id: string;
    name: string;
    category: string;
    isDefault: boolean;
  }[];
  const find = (name: string) => accounts.find((a) => a.name === name)!;
  const person = async (name: string, matter: string) => {
    const [client] = await must('/api/actions/ClientCreate', { name });
    const [m] = await must('/api/actions/MatterCreate', { clientId: client.id, name: matter });
    return { clientId: client.id as string, matterId: m.id as string };
  };
  return {
    h,
    iolta: find('Trust (IOLTA)').id,
    trust2: find('Trust 2').id,
    operating: find('Operating').id,
    names: { iolta: 'Trust (IOLTA)', trust2: 'Trust 2', operating: 'Operating' },
    roe: await person('Roe', 'Estate'),
    doe: await person('Doe', 'Closing'),
    post,
    get,
  };
}

/** Our stored row of a payment, once its status is `status`. */
export function storedAs(firm: Firm, serviceId: string, status: string) {
  return firm.h.waitFor(async () => {
    const [row] = await firm.h.t.database.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.orgId, firm.h.orgId), eq(transactions.serviceId, serviceId)));
    return row?.status === status && row;
  });
}

/** A payment made now through a new link, left PENDING (stored by its webhook). */
export function pay(
  firm: Firm,
  into: { clientId: string; matterId: string },
  bankAccountId: string,
  amount: string,
  method: 'card' | 'ach',
): Promise<Paid> {
  return paidThroughLink(firm.h, {
    amount,
    bankAccountId,
    into,
    pending: true,
    ach: method === 'ach',
  });
}

/** The payment settles now in a bank deposit of its own (stored as DEPOSITED). */
export async function deposit(firm: Firm, payment: Paid): Promise<void> {
  firm.h.sim.sandbox.moveToDeposited(firm.h.firm.id, payment.serviceId);
  await storedAs(firm, payment.serviceId, 'DEPOSITED');
}

/** The service's statement of `month` with one debit from the account (cents); stored here. */
export async function serviceStatement(
  firm: Firm,
  month: string,
  bankAccountId: string,
  cents: number,
  descriptor: string,
): Promise<void> {
  const accounts = (await firm.get('/api/bank-accounts')).body.data as {
    id: string;
    serviceId: string;
  }[];
  const remote = accounts.find((a) => a.id === bankAccountId)!.serviceId;
  firm.h.sim.sandbox.createStatement(firm.h.firm.id, {
    month,
    debits: [{ bankAccountId: remote, amount: cents, statementDescriptor: descriptor }],
  });
  await firm.h.waitFor(async () => {
    const rows = await firm.h.t.database.db
      .select()
      .from(statementDebits)
      .where(eq(statementDebits.orgId, firm.h.orgId));
    return rows.length > 0;
  });
}

/** Sums of cents, as the API writes money ("1234.56", "-0.05"). */
export function money(...cents: number[]): string {
  const total = cents.reduce((s, c) => s + c, 0);
  const sign = total < 0 ? '-' : '';
  const abs = Math.abs(total);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** As the reports print money: "$1,234.56", "-$400.00". */
export function printed(cents: number): string {
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${cents < 0 ? '-' : ''}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}
