import { eq, gt, sql } from 'drizzle-orm';
import type { LedgerEntry } from '../../../shared/ledger.js';
import type { LedgerTransfer } from '../../../shared/ledger-entries.js';
import { fromCents, toCents } from '../../../shared/money.js';
import { storedPerson, type Person } from '../../../shared/people.js';
import type { Executor } from '../../db/index.js';
import { findOrgRow, orgRows } from '../../db/org-rows.js';
import { approvals, ledgerEntries } from '../../db/schema/index.js';
import { conflict } from '../../errors.js';
import type { HistoryKey } from '../history/history.js';
import {
  postCheckedEntries,
  reverseManualEntryIn,
  type EntryReversal,
  type ManualEntry,
} from '../ledger/entries.js';
import { postTransferIn, type TransferInput } from '../ledger/transfers.js';
import { money, say, type Said } from '../../sentences.js';
import { decideApproval, type ApprovalRow, type BookApproval } from './approvals.js';
import {
  guardAtApproval,
  orApproval,
  type Approving,
  type AwaitingApproval,
  type WaitsForApproval,
} from './beyond-guard.js';

// The ledger's money out beyond the trust guard and the second approver
// (docs/api.md#people-and-approvals): a disbursement (POST /api/ledger/entries with a negative
// amount, or a batch holding one), a transfer to operating, and the reversal of money in
// (POST /api/ledger/entries/{id}/reverse takes it out again). Overridden beyond the guard with
// `requireSecondApprover` on, nothing is posted: the request as asked is kept on the approval
// (kind `disbursement`, all the batch's entries; kind `transfer`; kind `reversal`) and posted exactly so once
// another named admin approves it, in the approving call's transaction, every check run again
// (an entry in a period closed meanwhile: 409, the approval stays pending). The guard is read
// again too: its outcome (`result.guardAtApproval`) says whether the money is there now.

/** What a disbursement waiting for approval keeps: the entries as asked, and the key's actor. */
interface DisbursementPayload {
  entries: ManualEntry[];
  createdBy: string;
}

/** What a reversal waiting for approval keeps: the entry, the reversal as asked. */
interface ReversalPayload {
  entryId: string;
  reversal: EntryReversal;
  createdBy: string;
}

/** What a transfer waiting for approval keeps. */
interface TransferPayload {
  transfer: TransferInput;
  createdBy: string;
}

interface Asker {
  orgId: string;
  createdBy: string;
  by: Person | null;
}

const outCents = (entries: readonly ManualEntry[]) =>
  entries.reduce((sum, e) => sum + Math.max(0, -toCents(e.amount)), 0);

/** One entry's words: "Disbursement of $500.00 to County Recorder (1042)". */
function entryWhat(entry: ManualEntry): Said {
  const values = {
    amount: money(fromCents(-toCents(entry.amount))),
    payee: entry.payee ?? '',
    reference: entry.reference ?? '',
  };
  if (entry.payee && entry.reference) {
    return say('Disbursement of {amount} to {payee} ({reference})', values);
  }
  if (entry.payee) return say('Disbursement of {amount} to {payee}', values);
  if (entry.reference) return say('Disbursement of {amount} ({reference})', values);
  return say('Disbursement of {amount}', values);
}

/**
 * Entries posted in one transaction (all or none), or the approval they wait for. `batch`: the
 * field refusals name (`entries.2.date`).
 */
export function postEntriesOrWait(
  db: Executor,
  historyKey: HistoryKey,
  asker: Asker,
  entries: readonly ManualEntry[],
  batch = false,
): Promise<LedgerEntry[] | AwaitingApproval> {
  const { orgId, createdBy, by } = asker;
  const path = batch ? 'entries' : undefined;
  return orApproval(
    db,
    historyKey,
    (tx) => postCheckedEntries(tx, historyKey, orgId, entries, { createdBy, by }, path),
    (waits: WaitsForApproval) => ({
      orgId,
      kind: 'disbursement',
      key: null,
      payload: { entries: [...entries], createdBy } satisfies DisbursementPayload,
      what:
        entries.length === 1
          ? entryWhat(entries[0]!)
          : say('{count} entries posted together, {amount} out', {
              count: entries.length,
              amount: money(fromCents(outCents(entries))),
            }),
      amountCents: outCents(entries),
      reason: waits.reason,
      refusal: waits.refusal,
      subjectId: waits.subjectId,
      requester: by,
    }),
  );
}

/** A transfer posted (both sides), or the approval it waits for. */
export function transferOrWait(
  db: Executor,
  historyKey: HistoryKey,
  asker: Asker,
  transfer: TransferInput,
): Promise<LedgerTransfer | AwaitingApproval> {
  const { orgId, createdBy, by } = asker;
  return orApproval(
    db,
    historyKey,
    (tx) => postTransferIn(tx, historyKey, orgId, transfer, { createdBy, by }),
    (waits: WaitsForApproval) => ({
      orgId,
      kind: 'transfer',
      key: null,
      payload: { transfer, createdBy } satisfies TransferPayload,
      what: say('Transfer of {amount} to operating, invoice {invoice}', {
        amount: money(fromCents(toCents(transfer.amount))),
        invoice: transfer.invoice,
      }),
      amountCents: toCents(transfer.amount),
      reason: waits.reason,
      refusal: waits.refusal,
      subjectId: waits.subjectId,
      requester: by,
    }),
  );
}

/**
 * The opposite of a manual entry posted, or the approval it waits for (money in reversed beyond
 * the guard). One reversal of an entry waits at a time: asked again meanwhile, 409.
 */
export async function reverseOrWait(
  db: Executor,
  historyKey: HistoryKey,
  asker: Asker,
  entryId: string,
  reversal: EntryReversal,
): Promise<LedgerEntry | AwaitingApproval> {
  const { orgId, createdBy, by } = asker;
  const [waiting] = await orgRows(db, approvals, orgId, {
    where: [
      eq(approvals.kind, 'reversal'),
      eq(approvals.status, 'pending'),
      gt(approvals.expiresAt, new Date()),
      sql`${approvals.payload}->>'entryId' = ${entryId}`,
    ],
  });
  if (waiting) {
    throw conflict(`The reversal of this entry waits for approval already (${waiting.id})`);
  }
  return orApproval(
    db,
    historyKey,
    (tx) => reverseManualEntryIn(tx, historyKey, orgId, entryId, reversal, { createdBy, by }),
    // Read only when it waits: the entry the guard just refused to reverse.
    async (waits: WaitsForApproval, tx) => {
      const original = await findOrgRow(tx, ledgerEntries, orgId, entryId);
      const amount = money(fromCents(original?.amountCents ?? 0));
      return {
        orgId,
        kind: 'reversal',
        key: null,
        payload: { entryId, reversal, createdBy } satisfies ReversalPayload,
        what: original?.payer
          ? say('Reversal of {amount} received from {payer}', { amount, payer: original.payer })
          : say('Reversal of {amount} received', { amount }),
        amountCents: original?.amountCents ?? null,
        reason: waits.reason,
        refusal: waits.refusal,
        subjectId: waits.subjectId,
        requester: by,
      };
    },
  );
}

/** Posts what the approval kept, as its requester asked it, with the override approved. */
async function carryOut(
  tx: Executor,
  historyKey: HistoryKey,
  row: ApprovalRow,
): Promise<Record<string, string>> {
  const approving: Approving = { refusals: [] };
  const by = storedPerson(row.requestedById, row.requestedByName);
  if (row.kind === 'transfer') {
    const { transfer, createdBy } = row.payload as unknown as TransferPayload;
    const who = { createdBy, by, approving };
    const posted = await postTransferIn(tx, historyKey, row.orgId, transfer, who);
    return { transferId: posted.id, guardAtApproval: guardAtApproval(approving) };
  }
  if (row.kind === 'reversal') {
    const { entryId, reversal, createdBy } = row.payload as unknown as ReversalPayload;
    const who = { createdBy, by, approving };
    const posted = await reverseManualEntryIn(tx, historyKey, row.orgId, entryId, reversal, who);
    return { ledgerEntryIds: posted.id, guardAtApproval: guardAtApproval(approving) };
  }
  const { entries, createdBy } = row.payload as unknown as DisbursementPayload;
  const path = entries.length > 1 ? 'entries' : undefined;
  const who = { createdBy, by, approving };
  const posted = await postCheckedEntries(tx, historyKey, row.orgId, entries, who, path);
  return {
    ledgerEntryIds: posted.map((e) => e.id).join(','),
    guardAtApproval: guardAtApproval(approving),
  };
}

/**
 * Approves a `transfer`, `disbursement` or `reversal` approval as `decider` and posts it, in one
 * transaction: two approvers at once post it once (the second finds it decided: 409).
 */
export function approveLedgerAction(
  db: Executor,
  historyKey: HistoryKey,
  input: { orgId: string; id: string; decider: Person | null },
): Promise<BookApproval> {
  return db.transaction((tx) =>
    decideApproval(tx, historyKey, { ...input, decision: 'approved' }, (row) =>
      carryOut(tx, historyKey, row),
    ),
  );
}
