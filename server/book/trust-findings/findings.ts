import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { fromCents } from '../../../shared/money.js';
import { storedPerson, type Person } from '../../../shared/people.js';
import type { Page } from '../../../shared/schemas.js';
import {
  NOT_A_LEGAL_DETERMINATION,
  type AcknowledgementNote,
  type TrustFindingCounts,
  type TrustFindingListQuery,
  type TrustFindingRecord,
} from '../../../shared/trust-findings.js';
import { rowsOf, uuidList, type Executor } from '../../db/index.js';
import { clients, matters, statements, trustFindings } from '../../db/schema/index.js';
import { conflict, notFound } from '../../errors.js';
import { appendHistory, lockHistory, type HistoryKey } from '../history/history.js';
import { acknowledgementFact } from '../history/live-records.js';
import { orgPage } from '../../domain/pagination.js';
import { wordingOf } from './wording.js';
import { NO_ES_DETERMINACION_LEGAL, wordingOfEs } from './wording-es.js';

// Reading and acknowledging findings (refresh.ts writes them).

type Row = typeof trustFindings.$inferSelect;

const iso = (d: Date | null) => d?.toISOString() ?? null;

type Language = TrustFindingListQuery['lang'];

function toRecord(
  row: Row,
  statement: { serviceId: string; month: string } | null,
  lang: Language,
): Omit<TrustFindingRecord, 'clientName' | 'matterName'> {
  const { title, action } = (lang === 'es' ? wordingOfEs : wordingOf)(
    row.kind,
    row.details,
    row.amountCents,
  );
  return {
    id: row.id,
    kind: row.kind,
    severity: row.severity,
    status: row.resolvedAt ? 'resolved' : row.acknowledgedAt ? 'acknowledged' : 'open',
    title,
    action,
    disclaimer: lang === 'es' ? NO_ES_DETERMINACION_LEGAL : NOT_A_LEGAL_DETERMINATION,
    amount: row.amountCents === null ? null : fromCents(row.amountCents),
    bankAccountId: row.bankAccountId,
    clientId: row.clientId,
    matterId: row.matterId,
    transactionId: row.transactionId,
    statement,
    detectedAt: row.createdAt.toISOString(),
    resolvedAt: iso(row.resolvedAt),
    acknowledgedAt: iso(row.acknowledgedAt),
    acknowledgedBy: row.acknowledgedBy,
    acknowledgementNote: row.acknowledgementNote,
    acknowledgedByPerson: storedPerson(row.acknowledgedById, row.acknowledgedByName),
    acknowledgements: row.acknowledgements,
  };
}

const byStatus = {
  open: and(isNull(trustFindings.resolvedAt), isNull(trustFindings.acknowledgedAt)),
  acknowledged: and(isNull(trustFindings.resolvedAt), isNotNull(trustFindings.acknowledgedAt)),
  resolved: isNotNull(trustFindings.resolvedAt),
};

/** `in (…)` of uuids, for the few ids of a page. */
const anyOf = (ids: string[]) => sql`in (${uuidList(ids)})`;

const idsOf = (rows: Row[], key: 'statementId' | 'clientId' | 'matterId') => [
  ...new Set(rows.map((r) => r[key]).filter((id): id is string => !!id)),
];

/** The names of a few clients or matters, by id. */
const namesOf = async (db: Executor, table: typeof clients | typeof matters, ids: string[]) =>
  ids.length === 0
    ? []
    : db
        .select({ id: table.id, name: table.name })
        .from(table)
        .where(sql`${table.id} ${anyOf(ids)}`);

/** A page of rows as records, with their statements and the names of their clients and matters. */
async function withContext(
  db: Executor,
  rows: Row[],
  lang: Language = 'en',
): Promise<TrustFindingRecord[]> {
  const [statementIds, clientIds, matterIds] = (
    ['statementId', 'clientId', 'matterId'] as const
  ).map((key) => idsOf(rows, key)) as [string[], string[], string[]];
  const [found, clientNames, matterNames] = await Promise.all([
    statementIds.length === 0
      ? []
      : db
          .select({ id: statements.id, serviceId: statements.serviceId, month: statements.month })
          .from(statements)
          .where(sql`${statements.id} ${anyOf(statementIds)}`),
    namesOf(db, clients, clientIds),
    namesOf(db, matters, matterIds),
  ]);
  const byId = new Map(found.map((s) => [s.id, { serviceId: s.serviceId, month: s.month }]));
  const names = new Map([...clientNames, ...matterNames].map((n) => [n.id, n.name]));
  return rows.map((r) => ({
    ...toRecord(r, r.statementId ? (byId.get(r.statementId) ?? null) : null, lang),
    clientName: r.clientId ? (names.get(r.clientId) ?? null) : null,
    matterName: r.matterId ? (names.get(r.matterId) ?? null) : null,
  }));
}

/** Newest first, of one status (default `open`), optionally of one severity or kind. */
export async function listTrustFindings(
  db: Executor,
  orgId: string,
  query: TrustFindingListQuery,
): Promise<Page<TrustFindingRecord>> {
  const page = await orgPage(db, trustFindings, orgId, query, 'createdAt', [
    byStatus[query.status],
    query.severity ? eq(trustFindings.severity, query.severity) : undefined,
    query.kind ? eq(trustFindings.kind, query.kind) : undefined,
  ]);
  return { data: await withContext(db, page.rows, query.lang), nextCursor: page.nextCursor };
}

/** Notes one finding keeps: far more than any finding is discussed, bounded all the same. */
const MAX_ACKNOWLEDGEMENTS = 100;

/**
 * An admin's note that they saw a finding. It stays listed as `acknowledged` until its cause is
 * gone; acknowledging again adds a note with its author, never replacing an earlier one (the
 * `acknowledgedBy` / `acknowledgementNote` fields are the last). Another organization's finding
 * is not found.
 */
export async function acknowledgeTrustFinding(
  db: Executor,
  historyKey: HistoryKey,
  orgId: string,
  id: string,
  input: { note: string; by: string; person?: Person | null },
): Promise<TrustFindingRecord> {
  // The chain's head first: the lock order of every history writer (refresh.ts takes it too).
  await lockHistory(db, orgId);
  const at = new Date();
  const note: AcknowledgementNote = {
    note: input.note,
    by: input.person ?? null,
    actor: input.by,
    at: at.toISOString(),
  };
  const [row] = await db
    .update(trustFindings)
    .set({
      acknowledgedAt: at,
      acknowledgedBy: input.by,
      acknowledgementNote: input.note,
      acknowledgedById: input.person?.id ?? null,
      acknowledgedByName: input.person?.name ?? null,
      acknowledgements: sql`${trustFindings.acknowledgements} || jsonb_build_array(${JSON.stringify(note)}::jsonb)`,
      updatedAt: at,
    })
    .where(
      and(
        eq(trustFindings.orgId, orgId),
        eq(trustFindings.id, id),
        sql`jsonb_array_length(${trustFindings.acknowledgements}) < ${MAX_ACKNOWLEDGEMENTS}`,
      ),
    )
    .returning();
  if (!row) {
    const [found] = await db
      .select({ id: trustFindings.id })
      .from(trustFindings)
      .where(and(eq(trustFindings.orgId, orgId), eq(trustFindings.id, id)));
    if (!found) throw notFound('Trust finding');
    throw conflict(`A finding keeps at most ${MAX_ACKNOWLEDGEMENTS} notes`);
  }
  await appendHistory(db, historyKey, orgId, [
    { subject: 'finding_acknowledgement', subjectId: row.id, content: acknowledgementFact(row) },
  ]);
  const [record] = await withContext(db, [row]);
  return record as TrustFindingRecord;
}

/** Unresolved findings of one organization by status and severity. */
export async function countTrustFindings(db: Executor, orgId: string): Promise<TrustFindingCounts> {
  const rows = rowsOf<{ acknowledged: boolean; severity: string; n: number }>(
    await db.execute(sql`
      select acknowledged_at is not null as acknowledged, severity, count(*)::int as n
      from trust_findings where org_id = ${orgId}::uuid and resolved_at is null
      group by 1, 2`),
  );
  const counts: TrustFindingCounts = {
    open: 0,
    acknowledged: 0,
    openBySeverity: { high: 0, medium: 0, low: 0 },
  };
  for (const r of rows) {
    const n = Number(r.n);
    if (r.acknowledged) counts.acknowledged += n;
    else {
      counts.open += n;
      counts.openBySeverity[r.severity as 'high'] += n;
    }
  }
  return counts;
}

/** Open (unacknowledged, unresolved) findings of all organizations by severity: /metrics. */
export async function openTrustFindingsBySeverity(
  db: Executor,
): Promise<{ severity: string; count: number }[]> {
  const rows = rowsOf<{ severity: string; n: number }>(
    await db.execute(sql`
      select severity, count(*)::int as n from trust_findings
      where resolved_at is null and acknowledged_at is null group by severity`),
  );
  return rows.map((r) => ({ severity: r.severity, count: Number(r.n) }));
}
