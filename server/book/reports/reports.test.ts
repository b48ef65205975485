import { describe, expect, it } from 'vitest';
import { csvCell, csvStream, toCsv } from './csv.js';
import { pdfText } from '../../testing/pdf-text.js';
import { pdfBytes, PdfReport } from './pdf.js';

describe('report CSV', () => {
  it('quotes per RFC 4180 and defuses formulas, keeping negative numbers', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('+1 555')).toBe("'+1 555");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('-250.00')).toBe('-250.00');
    expect(csvCell('-x')).toBe("'-x");
    expect(toCsv([['a', null, 3]])).toBe('a,,3\r\n');
  });

  it('streams rows read page by page', async () => {
    async function* rows() {
      for (let i = 0; i < 5000; i++) yield [i, `row ${i}`];
    }
    const text = await new Response(csvStream(rows())).text();
    const lines = text.split('\r\n');
    expect(lines).toHaveLength(5001);
    expect(lines[4999]).toBe('4999,row 4999');
  });
});

describe('report PDF', () => {
  it('writes facts and a table over several pages, with the text extractable', async () => {
    const report = new PdfReport('Client ledger statement');
    const bytes = pdfBytes(report.stream());
    report.facts([['Opening balance', '1,234.56']]);
    async function* rows() {
      for (let i = 0; i < 150; i++)
        yield [`2026-11-${String((i % 28) + 1).padStart(2, '0')}`, `${i}.00`];
    }
    await report.table(
      [
        { header: 'Date', width: 1 },
        { header: 'Amount', width: 1, align: 'right' as const },
      ],
      rows(),
    );
    report.end();
    const pages = await pdfText(await bytes);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]).toContain('Opening balance');
    expect(pages[0]).toContain('1,234.56');
    expect(pages.join(' ')).toContain('149.00');
    // The header repeats on the next page.
    expect(pages[1]).toContain('Amount');
  });
});
