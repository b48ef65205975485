import { PDFDocument } from './pdfkit.js';
import type { Readable } from 'node:stream';
import type { LedgerBalanceLine, Reconciliation } from '../../../shared/ledger.js';
import { NOT_A_LEGAL_DETERMINATION } from '../../../shared/trust-findings.js';
import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/index.js';
import { findOrgRow } from '../../db/org-rows.js';
import { bankAccounts } from '../../db/schema/index.js';
import { formatMoney } from '../../sentences.js';
import { ledgerBalances } from '../ledger/balances.js';
import { paced } from './pdf.js';

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
}

export async function reconciliationReport(
  db: Executor,
  orgId: string,
  run: Reconciliation,
  words: { headline: string; reasons: string[] },
): Promise<ReconciliationReport> {
  const [account, balances, [before]] = await Promise.all([
    findOrgRow(db, bankAccounts, orgId, run.bankAccountId),
    ledgerBalances(db, orgId, { bankAccountId: run.bankAccountId, asOf: run.asOf }),
    db
      .execute(
        sql`select max(as_of) as as_of from ledger_reconciliations
          where org_id = ${orgId}::uuid and bank_account_id = ${run.bankAccountId}::uuid
            and as_of < ${run.asOf}::timestamptz`,
      )
      .then((result) => rowsOf<{ as_of: string | Date | null }>(result)),
  ]);
  return {
    run,
    ...words,
    accountName: account ? `${account.name} (…${account.lastFour})` : run.bankAccountId,
    lines: balances.lines.filter((l) => l.clientId !== null),
    periodStart: before?.as_of
      ? new Date(new Date(before.as_of).getTime() + 1).toISOString()
      : null,
  };
}

const day = (iso: string) => iso.slice(0, 10);
const usd = (amount: string) => formatMoney(amount, 'en');
/** The PDF's standard fonts have no true minus (U+2212): a hyphen-minus instead. */
const plain = (text: string) => text.replaceAll('\u2212', '-');
const clientOf = (l: LedgerBalanceLine) =>
  `${l.clientName ?? l.clientId}${l.matterName ? ` / ${l.matterName}` : ''}`;

/** The period: from the day after the account's last statement before it to its date. */
const period = (r: ReconciliationReport) =>
  `${r.periodStart ? `${day(r.periodStart)} to ` : 'through '}${day(r.run.asOf)}`;

/** The report as CSV rows: one section after the other, each headed. */
export function reconciliationCsvRows(r: ReconciliationReport): (string | null)[][] {
  const { run } = r;
  return [
    ['section', 'field', 'value', 'detail'],
    ['reconciliation', 'account', r.accountName, run.bankAccountId],
    ['reconciliation', 'statementDate', day(run.asOf), period(r)],
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
      `${day(i.date)} ${i.description}${i.cleared ? ' (cleared)' : ''}`,
    ]),
    ...r.lines.map((l) => ['client', clientOf(l), l.balance, l.matterId ?? l.clientId]),
    ...run.signoffs.map((s) => ['signoff', s.role, s.by, s.at]),
    ['history', 'head', run.historyHead, null],
    ['note', null, null, NOT_A_LEGAL_DETERMINATION],
  ];
}

/** The report as a PDF, streamed: answered at once, written a page at a time (paced). */
export function reconciliationPdf(r: ReconciliationReport): Readable {
  const doc = new (PDFDocument())({
    size: 'LETTER',
    margin: 50,
    info: { Title: 'Reconciliation' },
  });
  writePdf(doc, r).catch((error: unknown) =>
    doc.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return doc;
}

async function writePdf(doc: PDFKit.PDFDocument, r: ReconciliationReport): Promise<void> {
  const { run } = r;
  const heading = (text: string) =>
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).text(text);
  const line = (text: string) => doc.font('Helvetica').fontSize(10).text(plain(text));
  const row = (label: string, value: string) => line(`${label}: ${value}`);

  doc.font('Helvetica-Bold').fontSize(16).text('Three-way trust reconciliation');
  line(`Account: ${r.accountName}`);
  line(`Statement date: ${day(run.asOf)} (period ${period(r)})`);
  line(`Status: ${run.status}. ${r.headline}`);

  heading('Balances');
  if (run.openingBalance !== null) row('Statement opening balance', usd(run.openingBalance));
  row('Statement closing balance', usd(run.statementBalance));
  row('Adjusted bank balance', usd(run.adjustedBankBalance));
  row('Book balance', usd(run.bookBalance));
  row('Client ledger total', usd(run.clientLedgerTotal));
  row('Difference (adjusted bank - book)', usd(run.variance));

  if (r.reasons.length) {
    heading('Reasons');
    for (const reason of r.reasons) line(`• ${reason}`);
  }

  heading('Reconciling items');
  if (run.items.length === 0) line('None.');
  for await (const i of paced(run.items, doc)) {
    row(
      `${day(i.date)}  ${i.kind.replaceAll('_', ' ')}: ${i.description}${i.cleared ? ' (cleared)' : ''}`,
      usd(i.amount),
    );
  }

  heading('Client ledgers at the statement date');
  if (r.lines.length === 0) line('None.');
  for await (const l of paced(r.lines, doc)) row(clientOf(l), usd(l.balance));

  heading('Sign-off');
  if (run.signoffs.length === 0) line('Not signed.');
  for (const s of run.signoffs)
    row(`${s.role === 'prepared' ? 'Prepared' : 'Reviewed'} by ${s.by}`, s.at);
  if (run.closedAt) line(`Period closed ${run.closedAt}.`);

  heading('History');
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(`Head: ${run.historyHead ?? 'none'}`);
  doc.text('Check it with: npm run audit:verify -- --head SEQ:HASH');
  doc.moveDown().fontSize(8).text(NOT_A_LEGAL_DETERMINATION);
  doc.end();
}
