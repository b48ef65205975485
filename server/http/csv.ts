import type { Context } from 'hono';

// CSV answers of the reports: asked with `Accept: text/csv` or `?format=csv`. RFC 4180 quoting,
// and a leading apostrophe on a text cell that a spreadsheet would run as a formula.

export function wantsCsv(c: Context, format: string | undefined): boolean {
  if (format) return format === 'csv';
  return /\btext\/csv\b/i.test(c.req.header('accept') ?? '');
}

const FORMULA = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;

function cell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

export function csvResponse(c: Context, filename: string, rows: Parameters<typeof toCsv>[0]) {
  return c.body(toCsv(rows), 200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${filename}"`,
  });
}
