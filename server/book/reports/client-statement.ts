import type { ClientStatementLine } from '../../../shared/ledger-entries.js';
import type { StatementHead } from '../ledger/client-statement.js';
import type { CsvCell } from './csv.js';
import { PdfReport, type PdfColumn } from './pdf.js';

// The client ledger statement as a file: CSV (a head of facts, then one row per entry, then the
// closing balance) and PDF (the same facts and table). Both take the entries as they are read,
// a page at a time, and stream.

const period = (h: StatementHead) =>
  `${h.from ?? 'the first entry'} to ${h.to ?? 'the last entry'} (${h.timeZone})`;

const facts = (h: StatementHead): [string, string][] => [
  ['Trust account', h.bankAccountName],
  ['Client', h.clientName],
  ...(h.matterName ? [['Matter', h.matterName] as [string, string]] : []),
  ['Period', period(h)],
  ['Opening balance', h.openingBalance],
  ['Money in', h.totalIn],
  ['Money out', h.totalOut],
  ['Closing balance', h.closingBalance],
];

/** Who paid it in, or who it was paid to. */
const party = (l: ClientStatementLine) => l.payee ?? l.payer ?? '';

export async function* statementCsv(
  head: StatementHead,
  lines: AsyncIterable<ClientStatementLine>,
): AsyncGenerator<CsvCell[]> {
  for (const [label, value] of facts(head)) yield [label, value];
  yield [];
  yield [
    'date',
    'kind',
    'payerOrPayee',
    'purpose',
    'memo',
    'method',
    'reference',
    'amount',
    'runningBalance',
    'entryId',
  ];
  for await (const l of lines) {
    yield [
      l.day,
      l.kind,
      party(l),
      l.purpose,
      l.memo,
      l.method,
      l.reference,
      l.amount,
      l.runningBalance,
      l.id,
    ];
  }
  yield ['Closing balance', '', '', '', '', '', '', '', head.closingBalance];
}

const COLUMNS: PdfColumn[] = [
  { header: 'Date', width: 8 },
  { header: 'Kind', width: 8 },
  { header: 'Payer / payee', width: 14 },
  { header: 'Purpose', width: 18 },
  { header: 'Reference', width: 9 },
  { header: 'Amount', width: 10, align: 'right' },
  { header: 'Balance', width: 10, align: 'right' },
];

/** The PDF, streamed: the answer starts while the entries are still being read. */
export function statementPdf(
  head: StatementHead,
  lines: AsyncIterable<ClientStatementLine>,
): ReadableStream<Uint8Array> {
  const report = new PdfReport('Client ledger statement', { subject: head.clientName });
  const stream = report.stream();
  void (async () => {
    report.facts(facts(head));
    async function* rows() {
      for await (const l of lines) {
        yield [
          l.day,
          l.kind,
          party(l),
          l.purpose ?? l.memo,
          l.reference,
          l.amount,
          l.runningBalance,
        ];
      }
    }
    await report.table(COLUMNS, rows());
    report.facts([['Closing balance', head.closingBalance]]);
    report.text('A record of the trust ledger as kept by this system; not a legal determination.');
    report.end();
  })().catch((error: unknown) => report.fail(error));
  return stream;
}
