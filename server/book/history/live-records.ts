import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { rowsOf, uuidList, type Executor } from '../../db/index.js';
import { ledgerReconciliations, moneyOutRequests, trustFindings } from '../../db/schema/index.js';
import type { ChainFacts } from './chain-facts.js';

// The records a refund decision or a report reads besides the ledger, compared with their last
// state in the chain: stored transactions, money-out requests, reconciliations, acknowledgements
// of findings. Each writer records the same fields this module reads back (the *Fact helpers),
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
  createdBy: row.createdBy,
  result: canonical(row.result),
});

/** What the chain records of an acknowledgement of a finding. */
export const acknowledgementFact = (row: typeof trustFindings.$inferSelect) => ({
  acknowledgedBy: row.acknowledgedBy,
  note: row.acknowledgementNote,
  acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
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
    if (field in live && iso(live[field]) !== value)
      differ(table, id, field, value, iso(live[field]));
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

  const requests = of('money_out_request');
  for (const ids of chunks([...requests.keys()])) {
    const live = await db
      .select()
      .from(moneyOutRequests)
      .where(and(eq(moneyOutRequests.orgId, orgId), inArray(moneyOutRequests.id, ids)));
    const byId = new Map(live.map((r) => [r.id, moneyOutFact(r)]));
    for (const id of ids) {
      compareFields('money_out_requests', id, requests.get(id), byId.get(id), differ);
    }
  }

  const reconciliations = of('reconciliation');
  // Every reconciliation run since the chain covered them carries its head: one missing from the
  // chain was added behind its back.
  const live = await db
    .select()
    .from(ledgerReconciliations)
    .where(
      and(eq(ledgerReconciliations.orgId, orgId), isNotNull(ledgerReconciliations.historySeq)),
    );
  const byId = new Map(live.map((r) => [r.id, reconciliationFact(r)]));
  for (const [id, chain] of reconciliations) {
    compareFields('ledger_reconciliations', id, chain, byId.get(id), differ);
  }
  for (const id of byId.keys()) {
    if (!reconciliations.has(id))
      differ('ledger_reconciliations', id, '(row)', null, 'not in the history');
  }

  const acknowledgements = of('finding_acknowledgement');
  for (const ids of chunks([...acknowledgements.keys()])) {
    const rows = await db
      .select()
      .from(trustFindings)
      .where(and(eq(trustFindings.orgId, orgId), inArray(trustFindings.id, ids)));
    const byId = new Map(rows.map((r) => [r.id, acknowledgementFact(r)]));
    for (const id of ids) {
      compareFields('trust_findings', id, acknowledgements.get(id), byId.get(id), differ);
    }
  }
}
