// Balances and statuses derived from the transactions: a payment counts toward its link net of
// refunds unless it was voided, returned, charged back or failed. Refunds therefore reopen a link.
import { isPaymentType } from '../shared/transaction-types.js';
import type {
  AggregateLinkRecord,
  FirmState,
  PaymentLinkRecord,
  TransactionRecord,
} from './state.js';

interface Balance {
  operatingOutstanding: number;
  operatingPaid: number;
  totalOutstanding: number;
  totalPaid: number;
  trustOutstanding: number;
  trustPaid: number;
}

type LinkStatus = 'unpaid' | 'partially_paid' | 'paid' | 'sealed';

export const isPayment = (transaction: TransactionRecord): boolean =>
  isPaymentType(transaction.type);

const MONEY_GONE = new Set(['VOIDED', 'RETURNED', 'ERROR', 'CHARGED_BACK']);

/** What a payment transaction still contributes to its link. */
export function netPaid(transaction: TransactionRecord): number {
  if (!isPayment(transaction) || MONEY_GONE.has(transaction.status)) return 0;
  return transaction.amountProcessed - transaction.amountRefunded;
}

/** Paid cents per bank account id. */
function paidByAccount(firm: FirmState, link: PaymentLinkRecord): Map<string, number> {
  const paid = new Map<string, number>();
  for (const transaction of firm.linkTransactions.get(link.id) ?? []) {
    const amount = netPaid(transaction);
    if (amount)
      paid.set(transaction.bankAccountId, (paid.get(transaction.bankAccountId) ?? 0) + amount);
  }
  return paid;
}

/** Outstanding cents per bank account id, in the order of the link's amounts. */
export function outstandingByAccount(
  firm: FirmState,
  link: PaymentLinkRecord,
): Map<string, number> {
  const paid = paidByAccount(firm, link);
  const due = new Map<string, number>();
  for (const { bankAccountId, amount } of link.amounts) {
    due.set(bankAccountId, (due.get(bankAccountId) ?? 0) + amount);
  }
  for (const [accountId, amount] of due) {
    due.set(accountId, Math.max(0, amount - (paid.get(accountId) ?? 0)));
  }
  return due;
}

const ZERO: Balance = {
  operatingOutstanding: 0,
  operatingPaid: 0,
  totalOutstanding: 0,
  totalPaid: 0,
  trustOutstanding: 0,
  trustPaid: 0,
};

export function linkBalance(firm: FirmState, link: PaymentLinkRecord): Balance {
  const balance = { ...ZERO };
  const category = (accountId: string) =>
    firm.bankAccounts.find((a) => a.id === accountId)?.category ?? 'operating';
  for (const [accountId, paid] of paidByAccount(firm, link)) {
    balance[`${category(accountId)}Paid`] += paid;
    balance.totalPaid += paid;
  }
  for (const [accountId, due] of outstandingByAccount(firm, link)) {
    balance[`${category(accountId)}Outstanding`] += due;
    balance.totalOutstanding += due;
  }
  return balance;
}

export function sumBalances(balances: Balance[]): Balance {
  const total = { ...ZERO };
  for (const balance of balances) {
    for (const key of Object.keys(total) as (keyof Balance)[]) total[key] += balance[key];
  }
  return total;
}

function statusOf(balance: Balance): Exclude<LinkStatus, 'sealed'> {
  if (balance.totalPaid === 0) return 'unpaid';
  return balance.totalOutstanding === 0 ? 'paid' : 'partially_paid';
}

export function linkStatus(firm: FirmState, link: PaymentLinkRecord): LinkStatus {
  return link.sealed ? 'sealed' : statusOf(linkBalance(firm, link));
}

export function aggregateMembers(
  firm: FirmState,
  aggregate: AggregateLinkRecord,
): PaymentLinkRecord[] {
  return aggregate.paymentLinkIds.flatMap((id) => {
    const link = firm.paymentLinks.get(id);
    return link ? [link] : [];
  });
}

export function aggregateBalance(firm: FirmState, aggregate: AggregateLinkRecord): Balance {
  return sumBalances(aggregateMembers(firm, aggregate).map((link) => linkBalance(firm, link)));
}

export function aggregateStatus(firm: FirmState, aggregate: AggregateLinkRecord): LinkStatus {
  return statusOf(aggregateBalance(firm, aggregate));
}
