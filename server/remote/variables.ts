// Our input into the remote's variables, checked before anything is sent: required ids, money
// as exact integer cents, only the keys given. A refusal is a RemoteError `invalid_input`.

import { MAX_REMOTE_CENTS, fromCents, parseMoney, toCents } from '../../shared/money.js';
import { remoteError } from './errors.js';

export function invalid(message: string): never {
  throw remoteError('invalid_input', message);
}

export function required(value: string, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') invalid(`${field} is required`);
  return value;
}

/** An update's field: absent stays absent, given must not be blank. */
export function optional(value: string | undefined, field: string): string | undefined {
  return value === undefined ? undefined : required(value, field);
}

/** Money string to wire cents, refusing what the remote's Int cannot carry exactly. */
export function amountToCents(amount: string, field = 'amount'): number {
  const canonical = typeof amount === 'string' ? parseMoney(amount) : null;
  if (canonical === null) {
    invalid(
      `${field} must be a decimal amount with at most two places, got ${JSON.stringify(amount)}`,
    );
  }
  const cents = toCents(canonical);
  if (cents <= 0) invalid(`${field} must be greater than 0.00, got ${canonical}`);
  if (cents > MAX_REMOTE_CENTS) {
    invalid(`${field} must be at most ${fromCents(MAX_REMOTE_CENTS)}, got ${canonical}`);
  }
  return cents;
}

/** An amount that may be left out (a partial refund or chargeback names one; all, none). */
export function optionalCents(amount: string | undefined): number | undefined {
  return amount === undefined ? undefined : amountToCents(amount);
}

/** The remote's `amounts` list: our one amount, into one bank account. */
export function oneAmount(
  amount: string,
  bankAccountId: string,
): { amount: number; bankAccountId: string }[] {
  return [
    { amount: amountToCents(amount), bankAccountId: required(bankAccountId, 'bankAccountId') },
  ];
}

/** The remote's `amounts` list: one amount, or the parts of a link split between accounts. */
export function linkAmounts(input: {
  amount?: string | undefined;
  bankAccountId?: string | undefined;
  amounts?: readonly { amount: string; bankAccountId: string }[] | undefined;
}): { amount: number; bankAccountId: string }[] {
  if (input.amounts) {
    if (input.amounts.length === 0) invalid('amounts must hold at least one amount');
    return input.amounts.map((a, i) => ({
      amount: amountToCents(a.amount, `amounts[${i}].amount`),
      bankAccountId: required(a.bankAccountId, `amounts[${i}].bankAccountId`),
    }));
  }
  return oneAmount(input.amount as string, input.bankAccountId as string);
}

export function ids(values: readonly string[], field: string): string[] {
  return values.map((value, i) => required(value, `${field}[${i}]`));
}

/** Drops undefined keys so the variables say exactly what we send (null is kept: it unsets). */
export function defined<T extends Record<string, unknown>>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<T>;
}
