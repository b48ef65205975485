import { eq, getTableName, inArray, isNotNull, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { rowsOf, uuidList, type Executor } from '../../db/index.js';
import { orgRows, type OrgTable } from '../../db/org-rows.js';
import {
  approvals,
  ledgerReconciliations,
  moneyOutRequests,
  trustFindings,
} from '../../db/schema/index.js';
import type { ChainFacts } from './chain-facts.js';

// The records a refund decision or a report reads besides the ledger, compared with their last
// state in the chain: stored transactions, money-out requests, reconciliations, acknowledgements
// of findings, approvals (what waits for a second approver is money about to move). Each writer records the same fields this module reads back (the *Fact helpers),
// so a field edited in the table, or a row deleted, is named here.

type Differ = (table: string, id: string, field: string, chain: unknown, live: unknown) => void;

const CHUNK = 1_000;
const chunks = <T>(list: readonly T[]) =>
  Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) =>
    list.slice(i * CHUNK, (i + 1) * CHUNK),
  );

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

/** JSON with keys sorted: jsonb keeps its own key order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as object).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );

// Stored transactions: the money fields. Ids of related records are left out: they are set to
// null when the client, matter or link is deleted (ON DELETE SET NULL), which is not a tampering.
const TRANSACTION_FIELDS = [
  'serviceId',
  'status',
  'type',
  'amount',
  'amountRefunded',
  'surchargeAmount',
  'originalServiceId',
  'depositId',
  'settledOn',
  'createdOn',
] as const;

/** What the chain records of a money-out request, and compares later. */
export const moneyOutFact = (row: typeof moneyOutRequests.$inferSelect) => ({
  transactionId: row.transactionId,
  kind: row.kind,
  idempotencyKey: row.idempotencyKey,
  amount: row.amount,
  reason: row.reason,
  overrideReason: row.overrideReason,
  requestedBy: row.requestedBy,
  requestedById: row.requestedById,
  requestedByName: row.requestedByName,
  approvedById: row.approvedById,
  approvedByName: row.approvedByName,
  status: row.status,
  serviceId: row.serviceId,
});

/** What the chain records of a reconciliation (its inputs and its whole result). */
export const reconciliationFact = (
  row: Omit<typeof ledgerReconciliations.$inferSelect, 'createdAt' | 'historySeq' | 'historyHash'>,
) => ({
  bankAccountId: row.bankAccountId,
  asOf: row.asOf.toISOString(),
  status: row.status,
  statementBalanceCents: row.statementBalanceCents,
  bookBalanceCents: row.bookBalanceCents,
  clientLedgerTotalCents: row.clientLedgerTotalCents,
  varianceCents: row.varianceCents,
  // Runs since 0024: the statement's opening, the adjusted bank balance and the close.
  ...(row.adjustedBankBalanceCents === null
    ? {}
    : {
        openingBalanceCents: row.openingBalanceCents,
        adjustedBankBalanceCents: row.adjustedBankBalanceCents,
        closedAt: row.closedAt?.toISOString() ?? null,
      }),
  createdBy: row.createdBy,
  createdById: row.createdById,
  createdByName: row.createdByName,
  result: canonical(row.result),
});

/**
 * What the chain records of an approval, at each change: who asked what (the action's whole
 * input, `payload`, which an approval carries on as it stands), and who decided it and what it
 * made. A pending row's payload edited, or its status or expiry, is named by audit:verify.
 */
export const approvalFact = (row: typeof approvals.$inferSelect) => ({
  kind: row.kind,
  key: row.key,
  what: row.what,
  amountCents: row.amountCents,
  reason: row.reason,
  // Since approvals carried transfers and disbursements: what is carried on, and for whom.
  payload: row.payload,
  refusal: row.refusal,
  subjectId: row.subjectId,
  status: row.status,
  requestedById: row.requestedById,
  requestedByName: row.requestedByName,
  expiresAt: row.expiresAt.toISOString(),
  decidedById: row.decidedById,
  decidedByName: row.decidedByName,
  result: row.result ?? null,
  // Since approvals kept their sentences (said in the caller's language): absent before.
  ...(row.whatSentence ? { whatSentence: row.whatSentence } : {}),
  ...(row.refusalSentence ? { refusalSentence: row.refusalSentence } : {}),
});

/** What the chain records of an acknowledgement of a finding. */
export const acknowledgementFact = (row: typeof trustFindings.$inferSelect) => ({
  acknowledgedBy: row.acknowledgedBy,
  note: row.acknowledgementNote,
  acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
  acknowledgedById: row.acknowledgedById,
  acknowledgedByName: row.acknowledgedByName,
  // Every note with its author: one removed or rewritten in the table is named.
  acknowledgements: canonical(row.acknowledgements),
});

function compareFields(
  table: string,
  id: string,
  chain: Record<string, unknown> | undefined,
  live: Record<string, unknown> | undefined,
  differ: Differ,
): void {
  if (!chain) return;
  if (!live) return differ(table, id, '(row)', chain, null);
  for (const [field, value] of Object.entries(chain)) {
    if (!(field in live)) continue;
    const now = iso(live[field]);
    // A JSON value (an approval's payload) is compared as its canonical text.
    const same =
      value !== null && typeof value === 'object'
        ? canonical(value) === canonical(now)
        : now === value;
    if (!same) differ(table, id, field, value, now);
  }
}

export async function compareRecords(
  db: Executor,
  orgId: string,
  facts: ChainFacts,
  differ: Differ,
): Promise<void> {
  const of = (subject: string) => facts.latest.get(subject) ?? new Map();

  const transactions = of('transaction');
  for (const ids of chunks([...transactions.keys()])) {
    const live = rowsOf<Record<string, unknown> & { id: string }>(
      await db.execute(sql`
        select id, service_id as "serviceId", status, type, amount::text as amount,
          amount_refunded::text as "amountRefunded", surcharge_amount::text as "surchargeAmount",
          original_service_id as "originalServiceId", deposit_id as "depositId",
          settled_on as "settledOn", created_on as "createdOn"
        from transactions where org_id = ${orgId}::uuid and id in (${uuidList(ids)})`),
    );
    const byId = new Map(live.map((r) => [r.id, r]));
    for (const id of ids) {
      const chain = transactions.get(id) as Record<string, unknown>;
      const picked = Object.fromEntries(TRANSACTION_FIELDS.map((f) => [f, chain[f] ?? null]));
      compareFields('transactions', id, picked, byId.get(id), differ);
    }
  }

  /** Each record of `subject` in the chain against the fact of its row now, a chunk at a time. */
  const compareRows = async <T extends PgTable & OrgTable>(
    subject: string,
    table: T,
    fact: (row: T['$inferSelect']) => Record<string, unknown>,
  ) => {
    const chained = of(subject);
    for (const ids of chunks([...chained.keys()])) {
      const live = await orgRows(db, table, orgId, { where: [inArray(table.id, ids)] });
      const byId = new Map(live.map((r) => [r.id as string, fact(r)]));
      for (const id of ids) {
        compareFields(getTableName(table), id, chained.get(id), byId.get(id), differ);
      }
    }
  };

  await compareRows('money_out_request', moneyOutRequests, moneyOutFact);

  const reconciliations = of('reconciliation');
  // Every reconciliation run since the chain covered them carries its head: one missing from the
  // chain was added behind its back.
  const live = await orgRows(db, ledgerReconciliations, orgId, {
    where: [isNotNull(ledgerReconciliations.historySeq)],
  });
  const byId = new Map(live.map((r) => [r.id, reconciliationFact(r)]));
  for (const [id, chain] of reconciliations) {
    compareFields('ledger_reconciliations', id, chain, byId.get(id), differ);
  }
  for (const id of byId.keys()) {
    if (!reconciliations.has(id))
      differ('ledger_reconciliations', id, '(row)', null, 'not in the history');
  }

  await compareRows('finding_acknowledgement', trustFindings, acknowledgementFact);

  // Approvals are recorded from their first row on: one missing from the chain was added behind
  // its back (an approval waiting to be carried on that nobody asked for).
  await compareRows('approval', approvals, approvalFact);
  const chainedApprovals = of('approval');
  const ids = await db
    .select({ id: approvals.id })
    .from(approvals)
    .where(eq(approvals.orgId, orgId));
  for (const { id } of ids) {
    if (!chainedApprovals.has(id)) differ('approvals', id, '(row)', null, 'not in the history');
  }
}
