// Payments on links split between bank accounts, and the surcharge a link adds: how the
// simulator makes them, in the real schema's shapes.
//
// A payment is one `Payment` with one transaction per bank account (`Transaction.bankAccount` is
// one account; `Payment.transactions` groups them). The real service's docs do not say whether
// each transaction of a payment gets its own `transaction.created` or only the first one does:
// `SplitSettings.events` does either (`each`, the default, or `first`), and the server must cope
// with both.
//
// Surcharge (`surchargeEnabled` on the link, card payments only): `surchargeAmount` is paid on
// top and is not part of `amountProcessed` (the schema: "the total amount processed would be
// amount + surchargeAmount"). On an operating part it rides on that part's transaction. On a
// trust part it would be firm money in trust, so, as the spec's "zero amount (for example trust
// surcharging)" transactions show, it is carried by a transaction of amount 0 into the firm's
// default operating account instead.
import {
  defaultBankAccount,
  type FirmState,
  type PaymentLinkRecord,
  type TransactionMethod,
  type TransactionRecord,
} from './state.js';

export interface SplitSettings {
  /** Which transactions of a payment `transaction.created` names: each, or the first alone. */
  events: 'each' | 'first';
}

/** The rate the simulator surcharges card payments at (a firm's `surchargeRate`, 3 %). */
export const SURCHARGE_RATE = 0.03;

const SURCHARGED_METHODS = new Set<TransactionMethod>(['CARD', 'CREDIT', 'DEBIT']);

/** The surcharge on `amount` cents paid with `method` on `link`: 0 when it takes none. */
export function surchargeOn(
  link: PaymentLinkRecord,
  method: TransactionMethod,
  amount: number,
): number {
  if (!link.surchargeEnabled || !SURCHARGED_METHODS.has(method)) return 0;
  return Math.round(amount * SURCHARGE_RATE);
}

/** The category of a bank account of the firm (operating when unknown). */
export const categoryOf = (firm: FirmState, bankAccountId: string): 'operating' | 'trust' =>
  firm.bankAccounts.find((a) => a.id === bankAccountId)?.category ?? 'operating';

/** The new transactions `transaction.created` names, as `settings.events` says. */
export function announced(
  settings: SplitSettings,
  transactions: readonly TransactionRecord[],
): TransactionRecord[] {
  const named = new Set<string>();
  return transactions.filter((t) => {
    if (settings.events === 'each' || !t.paymentId) return true;
    if (named.has(t.paymentId)) return false;
    named.add(t.paymentId);
    return true;
  });
}

interface Piece {
  amountProcessed: number;
  bankAccountId: string;
  surchargeAmount: number;
}

/**
 * The transactions of one payment: one per part, each with its surcharge; a trust part's
 * surcharge on a transaction of 0 into operating. `surchargeAmount`, when given, is carried by
 * the first part as it is.
 */
export function pieces(
  firm: FirmState,
  link: PaymentLinkRecord,
  parts: readonly { bankAccountId: string; amount: number }[],
  method: TransactionMethod,
  surchargeAmount: number | undefined,
): Piece[] {
  if (surchargeAmount !== undefined) {
    return parts.map((p, i) => ({
      amountProcessed: p.amount,
      bankAccountId: p.bankAccountId,
      surchargeAmount: i === 0 ? surchargeAmount : 0,
    }));
  }
  let inTrust = 0;
  const list = parts.map((p) => {
    const surcharge = surchargeOn(link, method, p.amount);
    const trust = categoryOf(firm, p.bankAccountId) === 'trust';
    if (trust) inTrust += surcharge;
    return {
      amountProcessed: p.amount,
      bankAccountId: p.bankAccountId,
      surchargeAmount: trust ? 0 : surcharge,
    };
  });
  if (inTrust > 0) {
    const operating = defaultBankAccount(firm, 'operating').id;
    list.push({ amountProcessed: 0, bankAccountId: operating, surchargeAmount: inTrust });
  }
  return list;
}
