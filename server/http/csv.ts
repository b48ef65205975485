import type { Context } from 'hono';
import { csvStream, toCsv, type CsvCell } from '../book/reports/csv.js';

// CSV answers of the reports: asked with `Accept: text/csv` or `?format=csv`. The quoting and
// the formula defusing live with the reports (book/reports/csv.ts).

export function wantsCsv(c: Context, format: string | undefined): boolean {
  if (format) return format === 'csv';
  return /\btext\/csv\b/i.test(c.req.header('accept') ?? '');
}

const csvHeaders = (filename: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${filename}"`,
});

export function csvResponse(c: Context, filename: string, rows: readonly (readonly CsvCell[])[]) {
  return c.body(toCsv(rows), 200, csvHeaders(filename));
}

/** A CSV streamed from rows read page by page (book/reports/csv.ts csvStream). */
export function csvStreamResponse(
  c: Context,
  filename: string,
  rows: AsyncIterable<readonly CsvCell[]>,
) {
  return c.body(csvStream(rows), 200, csvHeaders(filename));
}
