import { asDollars } from '../../../shared/money.js';
import type { TrustFindingKind } from '../../../shared/trust-findings.js';

// What each finding says and what to do about it. Written as signals to check, never as a
// conclusion: whether anything breaches a rule is for the firm and its counsel to decide
// (NOT_A_LEGAL_DETERMINATION goes with every finding).

export type Details = Record<string, string | number | null>;

export const text = (value: string | number | null | undefined, fallback: string) =>
  value === null || value === undefined || value === '' ? fallback : String(value);

/** A finding's sentences in one language. */
export type Wording = (
  kind: TrustFindingKind,
  details: Details,
  amountCents: number | null,
) => { title: string; action: string };

export const wordingOf: Wording = (kind, details, amountCents) => {
  const account = text(details.bankAccountName, 'A trust account');
  // "$1,234,567.89": a sentence for a person (the record's `amount` is the plain "1234567.89").
  const amount = amountCents === null ? '' : asDollars(amountCents);
  switch (kind) {
    case 'trust_fee_account':
      return {
        title: `${account} is set as the payment service's fee account: its processing fees may be taken from trust money.`,
        action:
          'In the payment service, make an operating account the fee account, then check the trust account for fees already taken and replace them from operating funds.',
      };
    case 'trust_chargeback_account':
      return {
        title: `${account} is set as the payment service's chargeback account: chargebacks may be taken from trust money.`,
        action:
          'In the payment service, make an operating account the chargeback account, then check the trust account for chargebacks already taken.',
      };
    case 'trust_statement_debit':
      return {
        title: `The ${text(details.month, '')} statement shows ${amount} taken from trust account ${text(details.bankAccountName, '')} (…${text(details.mask, '')}): ${text(details.descriptor, 'a debit')}.`,
        action:
          'Compare the debit with the bank statement; if fees or chargebacks came out of trust, replace them from operating funds and correct the fee/chargeback account in the payment service.',
      };
    case 'trust_chargeback':
      return {
        title: `A card payment into trust was charged back: ${amount} taken back by the payer's bank.`,
        action:
          "Check that the client's trust ledger covers it (other clients' money must not pay for it); respond to the dispute in the payment service.",
      };
    case 'trust_ach_return':
      return {
        title: `An ACH payment into trust was returned: ${amount} never arrived or was taken back.`,
        action:
          "Make sure nothing was paid out against these funds; if it was, the client's trust balance needs to be made whole.",
      };
    case 'negative_trust_balance':
      return {
        title: `A trust balance is below zero by ${amount}: more went out for this client or matter than came in.`,
        action:
          'Find the entry that caused it (the ledger shows a running balance) and correct it, e.g. a deposit not yet recorded or a disbursement from the wrong ledger.',
      };
    case 'outside_refund':
      return {
        title: `${amount} of a trust payment was refunded directly at the payment service, outside this service's trust checks.`,
        action:
          "Confirm the refund was intended and that the client's trust balance covered it; make refunds through this service so its trust check applies.",
      };
    case 'outside_void':
      return {
        title: `A trust payment of ${amount} was voided directly at the payment service, outside this service's trust checks.`,
        action:
          'Confirm the void was intended and that nothing was disbursed against the payment; make voids through this service so its trust check applies.',
      };
    case 'unreconciled_month':
      return {
        title: `${account} has no signed three-way reconciliation for ${text(details.month, 'last month')} (${text(details.months, '1')} month(s) not reconciled).`,
        action:
          'Reconcile the month with the bank statement (POST /api/ledger/reconciliations), clear its items, and have it prepared and reviewed by two people; a month is due by the 10th of the next.',
      };
    case 'surcharge_in_trust':
      return {
        title: `A payer's surcharge of ${amount} was paid into trust account ${text(details.bankAccountName, '')}: it is the firm's money, not the client's.`,
        action:
          'Move the surcharge from the trust account to operating (it sits on no client ledger), and have surcharges paid into an operating account.',
      };
  }
};
