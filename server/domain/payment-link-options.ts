import { toCents, fromCents } from '../../shared/money.js';
import type { PaymentLinkUpdate } from '../../shared/payment-link-inputs.js';
import type { BankAccountCategory } from '../../shared/records.js';
import type { paymentLinks } from '../db/schema/index.js';
import { invalidInput } from '../errors.js';

// The rules of a payment link's split and options (docs/api.md#payment-link-options).

type PaymentLinkRow = typeof paymentLinks.$inferSelect;

export interface Part {
  bankAccountId: string | null;
  /** null: the account is gone (the service removed it), so its category is unknown. */
  category: BankAccountCategory | null;
  amount: string;
}

/**
 * A surcharge is the firm's money: added to a payment into trust it would be commingled with the
 * client's funds there. So a link with a trust amount takes none.
 */
export function requireNoTrustSurcharge(surcharge: boolean, parts: readonly Part[]): void {
  if (surcharge && parts.some((p) => p.category === 'trust')) {
    throw invalidInput(
      'A surcharge is the firm’s money: a link that collects into a trust account cannot add one (it would be commingled with the client’s funds)',
      {
        surchargeEnabled: [
          'must be false on a link with a trust amount: a surcharge is firm money, not the client’s',
        ],
      },
    );
  }
}

/** The service sets a link's surcharge when it makes the link; its update takes no change of it. */
export function requireSurchargeUnchanged(
  current: PaymentLinkRow,
  surchargeEnabled: boolean | undefined,
): void {
  if (
    current.serviceId &&
    surchargeEnabled !== undefined &&
    surchargeEnabled !== current.surchargeEnabled
  ) {
    throw invalidInput('The surcharge of a payment link is set when it is made', {
      surchargeEnabled: [
        'cannot change once the link is at the service (it takes no change of it): make a new link',
      ],
    });
  }
}

/** What each category of a link has received: its parts', or its one account's. */
export function paidByCategory(
  current: PaymentLinkRow,
  currentParts: readonly { category: BankAccountCategory; paidAmount: string }[],
  currentCategory: BankAccountCategory | null,
): Map<BankAccountCategory, number> {
  if (currentParts.length > 0) {
    return new Map(currentParts.map((p) => [p.category, toCents(p.paidAmount)]));
  }
  return currentCategory ? new Map([[currentCategory, toCents(current.paidAmount)]]) : new Map();
}

/**
 * A new amount never asks less than was paid: in total (the spec's one amount), and, when the
 * amounts are given per account, for each category that has received money.
 */
export function requireAmountsCoverPaid(
  current: PaymentLinkRow,
  parts: readonly Part[],
  paid: ReadonlyMap<BankAccountCategory, number> | null,
): void {
  const total = parts.reduce((sum, p) => sum + toCents(p.amount), 0);
  if (total < toCents(current.paidAmount)) {
    throw invalidInput('The amount is less than what was already paid', {
      [paid ? 'amounts' : 'amount']: [
        `must be at least the amount already paid (${current.paidAmount})`,
      ],
    });
  }
  for (const [category, cents] of paid ?? []) {
    const part = parts.find((p) => p.category === category);
    if (cents > 0 && (!part || toCents(part.amount) < cents)) {
      throw invalidInput(`The ${category} amount is less than what was already paid into it`, {
        amounts: [`must ask at least ${fromCents(cents)} of the ${category} account: paid already`],
      });
    }
  }
}

/** The split as text, to tell a change: '' for a link of one amount. */
export const splitKey = (parts: readonly Part[]): string =>
  parts.length < 2 ? '' : parts.map((p) => `${p.category}:${p.bankAccountId}:${p.amount}`).join();

/** The options after an update: absent keeps, null goes back to the service's default. */
export function optionChanges(current: PaymentLinkRow, input: PaymentLinkUpdate) {
  const keep = <T>(value: T | undefined, was: T): T => (value === undefined ? was : value);
  return {
    memo: keep(input.memo, current.memo),
    paymentMethodsAllowed: keep(input.paymentMethodsAllowed, current.paymentMethodsAllowed),
    partialPaymentAllowed: keep(input.partialPaymentAllowed, current.partialPaymentAllowed),
    surchargeEnabled: input.surchargeEnabled ?? current.surchargeEnabled,
    sendReceipts: input.sendReceipts ?? current.sendReceipts,
  };
}
