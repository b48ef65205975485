import { PdfReport, type PdfColumn } from './pdf.js';
import type { LedgerBalanceLine, Reconciliation } from '../../../shared/ledger.js';
import { NOT_A_LEGAL_DETERMINATION } from '../../../shared/trust-findings.js';
import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/index.js';
import { findOrgRow } from '../../db/org-rows.js';
import { bankAccounts } from '../../db/schema/index.js';
import { formatMoney } from '../../sentences.js';
import { ledgerBalances } from '../ledger/balances.js';
import { daysIn, firmTimeZone } from '../ledger/firm-time.js';

// A reconciliation as a report an auditor keeps: the account, the statement's period, the three
// balances, the reconciling items, every client ledger with its balance at the statement date,
// the sign-offs and the history head that proves the record was not changed since. As CSV rows
// (the route writes them) or as a PDF, streamed page by page as it is written (pdfkit), so a
// month of a large account never sits in memory whole.

export interface ReconciliationReport {
  run: Reconciliation;
  accountName: string;
  /** The reasons and headline as the caller reads them. */
  headline: string;
  reasons: string[];
  lines: LedgerBalanceLine[];
  /** The day after the account's last statement before this one (null: its first). */
  periodStart: string | null;
  /** The firm's time zone, and the firm's day (`YYYY-MM-DD`) of an instant in it. */
  timeZone: string;
  day: (iso: string) => string;
}

export async function reconciliationReport(
  db: Executor,
  orgId: string,
  run: Reconciliation,
  words: { headline: string; reasons: string[] },
): Promise<ReconciliationReport> {
  const [account, balances, [before], timeZone] = await Promise.all([
    findOrgRow(db, bankAccounts, orgId, run.bankAccountId),
    ledgerBalances(db, orgId, { bankAccountId: run.bankAccountId, asOf: run.asOf }),
    db
      .execute(
        sql`select max(as_of) as as_of from ledger_reconciliations
          where org_id = ${orgId}::uuid and bank_account_id = ${run.bankAccountId}::uuid
            and as_of < ${run.asOf}::timestamptz`,
      )
      .then((result) => rowsOf<{ as_of: string | Date | null }>(result)),
    firmTimeZone(db, orgId),
  ]);
  const dayOf = daysIn(timeZone);
  return {
    run,
    ...words,
    accountName: account ? `${account.name} (…${account.lastFour})` : run.bankAccountId,
    lines: balances.lines.filter((l) => l.clientId !== null),
    periodStart: before?.as_of
      ? new Date(new Date(before.as_of).getTime() + 1).toISOString()
      : null,
    timeZone,
    day: (iso) => dayOf(new Date(iso)),
  };
}

const usd = (amount: string) => formatMoney(amount, 'en');
/** The PDF's standard fonts have no true minus (U+2212): a hyphen-minus instead. */
const plain = (text: string) => text.replaceAll('\u2212', '-');
const clientOf = (l: LedgerBalanceLine) =>
  `${l.clientName ?? l.clientId}${l.matterName ? ` / ${l.matterName}` : ''}`;

/** The period: from the day after the account's last statement before it to its date. */
const period = (r: ReconciliationReport) =>
  `${r.periodStart ? `${r.day(r.periodStart)} to ` : 'through '}${r.day(r.run.asOf)}`;

/** Who signed: the named person, else the key that signed. */
const signer = (s: Reconciliation['signoffs'][number]) => s.person?.name ?? s.by;

/** The report as CSV rows: one section after the other, each headed. */
export function reconciliationCsvRows(r: ReconciliationReport): (string | null)[][] {
  const { run } = r;
  return [
    ['section', 'field', 'value', 'detail'],
    ['reconciliation', 'account', r.accountName, run.bankAccountId],
    ['reconciliation', 'statementDate', r.day(run.asOf), period(r)],
    ['reconciliation', 'status', run.status, r.headline],
    ['balances', 'openingBalance', run.openingBalance, null],
    ['balances', 'statementBalance', run.statementBalance, null],
    ['balances', 'adjustedBankBalance', run.adjustedBankBalance, null],
    ['balances', 'bookBalance', run.bookBalance, null],
    ['balances', 'clientLedgerTotal', run.clientLedgerTotal, null],
    ['balances', 'variance', run.variance, null],
    ...r.reasons.map((reason) => ['reason', null, null, reason]),
    ...run.items.map((i) => [
      'item',
      i.kind,
      i.amount,
      `${r.day(i.date)} ${i.description}${i.cleared ? ' (cleared)' : ''}`,
    ]),
    ...r.lines.map((l) => ['client', clientOf(l), l.balance, l.matterId ?? l.clientId]),
    ...run.signoffs.map((s) => ['signoff', s.role, signer(s), s.at]),
    ['history', 'head', run.historyHead, null],
    ['note', null, null, NOT_A_LEGAL_DETERMINATION],
  ];
}

const ITEM_COLUMNS: PdfColumn[] = [
  { header: 'Date', width: 8 },
  { header: 'Kind', width: 16 },
  { header: 'Description', width: 30 },
  { header: 'Cleared', width: 6 },
  { header: 'Amount', width: 10, align: 'right' },
];
const CLIENT_COLUMNS: PdfColumn[] = [
  { header: 'Client / matter', width: 40 },
  { header: 'Balance', width: 12, align: 'right' },
];

/** The report as a PDF (the reports' one PdfReport), streamed as it is written. */
export function reconciliationPdf(r: ReconciliationReport): ReadableStream<Uint8Array> {
  const { run } = r;
  const report = new PdfReport('Three-way trust reconciliation', { subject: r.accountName });
  const stream = report.stream();
  const usdPlain = (amount: string) => plain(usd(amount));
  void (async () => {
    report.facts([
      ['Account', r.accountName],
      ['Statement date', `${r.day(run.asOf)} (period ${period(r)}, ${r.timeZone})`],
      ['Status', plain(`${run.status}. ${r.headline}`)],
    ]);
    report
      .heading('Balances')
      .facts([
        ...(run.openingBalance === null
          ? []
          : [['Statement opening balance', usdPlain(run.openingBalance)] as const]),
        ['Statement closing balance', usdPlain(run.statementBalance)],
        ['Adjusted bank balance', usdPlain(run.adjustedBankBalance)],
        ['Book balance', usdPlain(run.bookBalance)],
        ['Client ledger total', usdPlain(run.clientLedgerTotal)],
        ['Difference (adjusted bank - book)', usdPlain(run.variance)],
      ]);
    if (r.reasons.length) {
      report.heading('Reasons');
      for (const reason of r.reasons) report.text(plain(`• ${reason}`));
    }
    report.heading('Reconciling items');
    if (run.items.length === 0) report.text('None.');
    else {
      await report.table(
        ITEM_COLUMNS,
        run.items.map((i) => [
          r.day(i.date),
          i.kind.replaceAll('_', ' '),
          i.description,
          i.cleared ? 'yes' : 'no',
          usdPlain(i.amount),
        ]),
      );
    }
    report.heading('Client ledgers at the statement date');
    if (r.lines.length === 0) report.text('None.');
    else
      await report.table(
        CLIENT_COLUMNS,
        r.lines.map((l) => [clientOf(l), usdPlain(l.balance)]),
      );
    report.heading('Sign-off');
    if (run.signoffs.length === 0) report.text('Not signed.');
    report.facts(
      run.signoffs.map((s) => [
        `${s.role === 'prepared' ? 'Prepared' : 'Reviewed'} by ${signer(s)}`,
        s.at,
      ]),
    );
    if (run.closedAt) report.text(`Period closed ${run.closedAt}.`);
    report.heading('History');
    report.text(`Head: ${run.historyHead ?? 'none'}`);
    report.text('Check it with: npm run audit:verify -- --head SEQ:HASH');
    report.text(NOT_A_LEGAL_DETERMINATION);
    report.end();
  })().catch((error: unknown) => report.fail(error));
  return stream;
}
