// CSV of the reports (the ledger's lists, the client ledger statement, the reconciliation's
// report): RFC 4180 quoting, and a leading apostrophe on a text cell a spreadsheet would run as a
// formula (= + - @, a tab or a carriage return first). Numbers ("-250.00") stay numbers.

export type CsvCell = string | number | null | undefined;

const FORMULA = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;

/** One cell, quoted when it must be and defused when a spreadsheet would run it. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, with its CRLF. */
export const csvLine = (row: readonly CsvCell[]): string => row.map(csvCell).join(',') + '\r\n';

export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map(csvLine).join('');
}

/**
 * A CSV streamed from rows read a page at a time: what a big client's statement or a month of
 * 100,000 entries answers without holding it all in memory. The stream pulls the next rows only
 * when the reader wants more.
 */
export function csvStream(rows: AsyncIterable<readonly CsvCell[]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = rows[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      // A batch of records per pull: one enqueue per record would cost more than the record.
      let text = '';
      while (text.length < 64 * 1024) {
        const next = await iterator.next();
        if (next.done) {
          if (text) controller.enqueue(encoder.encode(text));
          controller.close();
          return;
        }
        text += csvLine(next.value);
      }
      controller.enqueue(encoder.encode(text));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
