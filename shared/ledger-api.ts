// The trust ledger's API behind <service-trust-ledger> (docs/api.md#the-trust-ledger): balances,
// entries, deposits (JSON, or CSV as a Blob) and three-way reconciliations. Functions over the
// typed ApiClient, like operations-api.ts, so the kit's first-load chunk does not carry them;
// types only, so no zod reaches a bundle. Checked against the OpenAPI document by
// server/http/api-client-contract.db.test.ts.
import { getPage, type ApiClient, type ListOptions } from './api-client.js';
import type { AwaitingApproval } from './approvals-api.js';
import type {
  ClientStatement,
  ClientStatementQuery,
  LedgerEntryCreate,
  LedgerTransfer,
  LedgerTransferCreate,
} from './ledger-entries.js';
import type {
  LedgerBalances,
  LedgerDeposits,
  LedgerEntry,
  Reconciliation,
  ReconciliationItem,
} from './ledger.js';

export type {
  LedgerBalances,
  LedgerBalanceLine,
  LedgerDeposits,
  LedgerEntry,
  Reconciliation,
  ReconciliationItem,
} from './ledger.js';
export type { ClientStatement, ClientStatementLine, LedgerTransfer } from './ledger-entries.js';

/** The three reports; each answers CSV too. */
export type LedgerReport = 'balances' | 'entries' | 'deposits';

export interface EntriesQuery extends ListOptions {
  bankAccountId: string;
  clientId?: string;
  matterId?: string;
}

/** A page of the balances per client and matter, with the whole account's totals on each. */
export const getLedgerBalances = (
  api: ApiClient,
  query: { bankAccountId: string; asOf?: string } & ListOptions,
  signal?: AbortSignal,
) => api.request<LedgerBalances>('GET', '/api/ledger/balances', { query: { ...query }, signal });

/** Entries newest first, each with the running balance of what the query selects. */
export const listLedgerEntries = (api: ApiClient, query: EntriesQuery, signal?: AbortSignal) =>
  getPage<LedgerEntry>(api, '/api/ledger/entries', query, signal);

export const getLedgerDeposits = (
  api: ApiClient,
  query: { bankAccountId: string },
  signal?: AbortSignal,
) => api.request<LedgerDeposits>('GET', '/api/ledger/deposits', { query: { ...query }, signal });

/**
 * A report as CSV (every entry of the selection, not one page), asked with `Accept: text/csv`
 * and the token in its header, like every call: never in an address a browser keeps.
 */
export const downloadLedgerCsv = (
  api: ApiClient,
  report: LedgerReport,
  query: Record<string, string | undefined>,
  signal?: AbortSignal,
) => api.request<Blob>('GET', `/api/ledger/${report}`, { query, accept: 'text/csv', signal });

/** Runs (and stores) a three-way reconciliation. Admin. */
export const createReconciliation = (
  api: ApiClient,
  input: { bankAccountId: string; asOf: string; openingBalance?: string; statementBalance: string },
  signal?: AbortSignal,
) => api.request<Reconciliation>('POST', '/api/ledger/reconciliations', { body: input, signal });

export const listReconciliations = (
  api: ApiClient,
  query: ListOptions & { bankAccountId?: string } = {},
  signal?: AbortSignal,
) => getPage<Reconciliation>(api, '/api/ledger/reconciliations', query, signal);

const run = (id: string) => `/api/ledger/reconciliations/${encodeURIComponent(id)}`;

export const getReconciliation = (api: ApiClient, id: string, signal?: AbortSignal) =>
  api.request<Reconciliation>('GET', run(id), { signal });

/** Adds a reconciling item the records do not show (admin). */
export const addReconciliationItem = (
  api: ApiClient,
  id: string,
  input: { kind: ReconciliationItem['kind']; amount: string; date: string; description: string },
  signal?: AbortSignal,
) => api.request<Reconciliation>('POST', `${run(id)}/items`, { body: input, signal });

/** Marks an item cleared: it is on the statement (admin). */
export const clearReconciliationItem = (
  api: ApiClient,
  id: string,
  itemId: string,
  signal?: AbortSignal,
) =>
  api.request<Reconciliation>('POST', `${run(id)}/items/${encodeURIComponent(itemId)}/clear`, {
    signal,
  });

/** Signs a balanced run as its preparer or its reviewer (two people; both: the month closes). */
export const signReconciliation = (
  api: ApiClient,
  id: string,
  role: 'prepared' | 'reviewed',
  signal?: AbortSignal,
) => api.request<Reconciliation>('POST', `${run(id)}/sign`, { body: { role }, signal });

/** The report, as a PDF or CSV Blob. */
export const downloadReconciliationReport = (
  api: ApiClient,
  id: string,
  format: 'pdf' | 'csv',
  signal?: AbortSignal,
) =>
  api.request<Blob>('GET', `${run(id)}/report`, {
    accept: format === 'pdf' ? 'application/pdf' : 'text/csv',
    signal,
  });

// ---- Records: receipts, disbursements, the account's own money, transfers, statements ----

/** What POST /api/ledger/entries takes (docs/api.md#receipts-and-disbursements). */
export type LedgerEntryInput = Omit<LedgerEntryCreate, 'kind'> & {
  kind?: LedgerEntryCreate['kind'];
};
export type LedgerTransferInput = LedgerTransferCreate;
export type StatementQuery = Pick<
  ClientStatementQuery,
  'bankAccountId' | 'clientId' | 'matterId' | 'from' | 'to' | 'cursor'
>;

/**
 * Posts a receipt (positive `amount`), a disbursement (negative) or an entry of the account's own
 * money (`kind`). Money out of trust beyond the guard: 409 unless `override: { reason }`, and
 * then, with a second approver required, 202: it waits for one (nothing posted). Admin.
 */
export const postLedgerEntry = (api: ApiClient, input: LedgerEntryInput, signal?: AbortSignal) =>
  api.request<LedgerEntry | AwaitingApproval>('POST', '/api/ledger/entries', {
    body: input,
    signal,
  });

/**
 * Earned fees from a client's trust balance to an operating account, both sides at once; beyond
 * the guard, overridden, it may wait for a second approver as an entry does. Admin.
 */
export const postLedgerTransfer = (
  api: ApiClient,
  input: LedgerTransferInput,
  signal?: AbortSignal,
) =>
  api.request<LedgerTransfer | AwaitingApproval>('POST', '/api/ledger/transfers', {
    body: input,
    signal,
  });

/** A client's (or matter's) ledger for a period: opening balance, a page of entries, closing. */
export const getClientStatement = (api: ApiClient, query: StatementQuery, signal?: AbortSignal) =>
  api.request<ClientStatement>('GET', '/api/ledger/client-statement', {
    query: { ...query },
    signal,
  });

/** The statement as a CSV or PDF Blob (every entry of the period). */
export const downloadClientStatement = (
  api: ApiClient,
  query: StatementQuery,
  format: 'pdf' | 'csv',
  signal?: AbortSignal,
) =>
  api.request<Blob>('GET', '/api/ledger/client-statement', {
    query: { ...query },
    accept: format === 'pdf' ? 'application/pdf' : 'text/csv',
    signal,
  });
