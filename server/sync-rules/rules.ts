// The spec's "Automatic trigger sync" rules, one function per record type: given a record before
// and after a write (before = null for an insert), does the write need a sync to the remote?

interface NamedRecord {
  name: string;
  serviceId: string | null;
}

/** Client: when it has no serviceId yet, or its name changed. */
export function clientNeedsSync(before: NamedRecord | null, after: NamedRecord): boolean {
  return !after.serviceId || before === null || before.name !== after.name;
}

/** Matter: the same rule as clients. */
export const matterNeedsSync = clientNeedsSync;

interface PaymentLinkFields {
  serviceId: string | null;
  amount: string;
  bankAccountId: string | null;
  clientId: string;
  matterId: string | null;
  /** The split between accounts, as text (`category:account:amount,...`); '' for one amount. */
  split?: string;
  memo?: string | null;
  paymentMethodsAllowed?: readonly string[] | null;
  partialPaymentAllowed?: boolean | null;
  sendReceipts?: boolean;
}

/**
 * Payment link: no serviceId yet, or the amount, bank account, client or matter changed (the
 * spec's rule), or what the service holds beyond them: the split and the options.
 */
export function paymentLinkNeedsSync(
  before: PaymentLinkFields | null,
  after: PaymentLinkFields,
): boolean {
  if (!after.serviceId || before === null) return true;
  return (
    before.amount !== after.amount ||
    before.bankAccountId !== after.bankAccountId ||
    before.clientId !== after.clientId ||
    before.matterId !== after.matterId ||
    (before.split ?? '') !== (after.split ?? '') ||
    (before.memo ?? null) !== (after.memo ?? null) ||
    String(before.paymentMethodsAllowed ?? '') !== String(after.paymentMethodsAllowed ?? '') ||
    (before.partialPaymentAllowed ?? null) !== (after.partialPaymentAllowed ?? null) ||
    (before.sendReceipts ?? true) !== (after.sendReceipts ?? true)
  );
}

/** Aggregate link: every insert and update (its junction rows are rebuilt each time). */
export function aggregateLinkNeedsSync(): boolean {
  return true;
}

interface PaymentPlanFields {
  serviceId: string | null;
  amount: string;
  bankAccountId: string | null;
  matterId: string | null;
  frequency: string;
  ends: unknown;
  cancelRequestedAt: Date | null;
}

/**
 * Payment plan: no serviceId yet, a cancel asked for, or what the service holds of it changed
 * (amount, bank account, matter, frequency, end). Its client, start and methods do not change.
 */
export function paymentPlanNeedsSync(
  before: PaymentPlanFields | null,
  after: PaymentPlanFields,
): boolean {
  if (!after.serviceId || before === null) return true;
  return (
    (after.cancelRequestedAt !== null && before.cancelRequestedAt === null) ||
    before.amount !== after.amount ||
    before.bankAccountId !== after.bankAccountId ||
    before.matterId !== after.matterId ||
    before.frequency !== after.frequency ||
    JSON.stringify(before.ends) !== JSON.stringify(after.ends)
  );
}
