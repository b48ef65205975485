import { randomUUID } from 'node:crypto';
import type { Person } from '../../../shared/people.js';
import type { LedgerTransfer } from '../../../shared/ledger-entries.js';
import { toCents } from '../../../shared/money.js';
import type { Executor } from '../../db/index.js';
import { findOrgRow } from '../../db/org-rows.js';
import { bankAccounts } from '../../db/schema/index.js';
import { invalidInput } from '../../errors.js';
import { lockHistory, type HistoryKey } from '../history/history.js';
import { guardTrustOut } from '../trust-guard.js';
import { overrideBeyondGuard } from '../approvals/beyond-guard.js';
import { checkNames, entryDate, settled, type EntryAuthor } from './entries.js';
import { firmTimeZone } from './firm-time.js';
import { postEntries } from './post.js';
import { assertPeriodOpen } from './periods.js';

// A transfer of earned fees from a client's trust balance to the firm's operating account: both
// sides in one database transaction (one act: both are posted, or neither), each carrying the
// transfer's id and the invoice it pays, each recorded in the history like any entry. The trust
// side is money out of the client's trust: the trust guard decides, and an admin's override
// (with a reason) is recorded on it.

export interface TransferInput {
  clientId: string;
  matterId?: string | null | undefined;
  fromBankAccountId: string;
  toBankAccountId: string;
  amount: string;
  date: string;
  invoice: string;
  purpose?: string | null | undefined;
  override?: { reason: string } | undefined;
}

/** The two accounts: the organization's, trust to operating, not the same one. */
async function checkAccounts(tx: Executor, orgId: string, input: TransferInput) {
  if (input.fromBankAccountId === input.toBankAccountId) {
    throw invalidInput('A transfer moves money between two accounts', {
      toBankAccountId: ['must be another account than fromBankAccountId'],
    });
  }
  const from = await findOrgRow(tx, bankAccounts, orgId, input.fromBankAccountId);
  if (from?.category !== 'trust') {
    throw invalidInput('A transfer of earned fees leaves a trust account', {
      fromBankAccountId: [from ? 'is not a trust account' : 'not found'],
    });
  }
  const to = await findOrgRow(tx, bankAccounts, orgId, input.toBankAccountId);
  if (to?.category !== 'operating') {
    throw invalidInput('A transfer of earned fees reaches an operating account', {
      toBankAccountId: [to ? 'is not an operating account' : 'not found'],
    });
  }
  return { from, to };
}

/** A transfer in its own transaction (both sides, or neither). */
export async function postTransfer(
  db: Executor,
  historyKey: HistoryKey,
  orgId: string,
  input: TransferInput,
  createdBy: string,
  /** The person who made it (docs/api.md#people-and-approvals). */
  by: Person | null = null,
): Promise<LedgerTransfer> {
  return db.transaction((tx) => postTransferIn(tx, historyKey, orgId, input, { createdBy, by }));
}

/**
 * A transfer in the caller's transaction; an override beyond the trust guard may wait for a
 * second approver (overrideBeyondGuard), and is carried on by it (`who.approving`).
 */
export async function postTransferIn(
  tx: Executor,
  historyKey: HistoryKey,
  orgId: string,
  input: TransferInput,
  who: EntryAuthor,
): Promise<LedgerTransfer> {
  await lockHistory(tx, orgId); // before the trust guard's lock, as every money writer
  const { from, to } = await checkAccounts(tx, orgId, input);
  await checkNames(tx, orgId, { ...input, bankAccountId: from.id }, (name) => name);
  const date = entryDate(input.date, await firmTimeZone(tx, orgId));
  // Both sides are dated: neither account's closed period takes a new entry.
  await assertPeriodOpen(tx, orgId, from.id, date);
  await assertPeriodOpen(tx, orgId, to.id, date);
  const cents = toCents(input.amount);
  const scope = { clientId: input.clientId, matterId: input.matterId ?? null };
  const line = { bankAccountId: from.id, ...scope };
  const override = input.override ?? null;
  await overrideBeyondGuard(tx, orgId, line, cents, override, who.approving);
  await guardTrustOut(tx, orgId, line, cents, override);
  const transferId = randomUUID();
  const common = {
    ...scope,
    transactionId: null,
    kind: 'manual' as const,
    date,
    method: 'transfer' as const,
    reference: input.invoice,
    purpose: input.purpose ?? `Earned fees, invoice ${input.invoice}`,
    transferId,
    createdBy: who.createdBy,
    createdById: who.by?.id ?? null,
    createdByName: who.by?.name ?? null,
  };
  const [out, into] = await postEntries(tx, historyKey, orgId, [
    {
      ...common,
      bankAccountId: from.id,
      amountCents: -cents,
      payee: to.name,
      overrideReason: input.override?.reason ?? null,
    },
    { ...common, bankAccountId: to.id, amountCents: cents, payer: from.name },
  ]);
  return {
    id: transferId,
    invoice: input.invoice,
    amount: input.amount,
    from: await settled(tx, orgId, out!.id),
    to: await settled(tx, orgId, into!.id),
  };
}
