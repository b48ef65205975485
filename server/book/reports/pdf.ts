import { Readable } from 'node:stream';
import { PDFDocument } from './pdfkit.js';

// PDF of the reports (the client ledger statement, the reconciliation's report): a title, lines of
// facts, and tables whose rows may come a page of the database at a time. pdfkit writes the
// document as a stream: the answer starts before the last row is read, and a table of 100,000
// rows never sits in memory. Standard fonts only (Helvetica): nothing to load from disk.

export interface PdfColumn {
  header: string;
  /** Its share of the page's width (the shares need not add up to anything). */
  width: number;
  align?: 'left' | 'right';
}

type Row = readonly (string | number | null | undefined)[];

const MARGIN = 40;
const FONT_SIZE = 8;
const ROW_HEIGHT = 12;
/** Bytes the document may hold unread before the writer waits for the reader. */
const UNREAD_LIMIT = 1 << 20;

export class PdfReport {
  private readonly doc = new (PDFDocument())({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: false,
  });

  constructor(title: string, info?: { subject?: string }) {
    this.doc.info.Title = title;
    if (info?.subject) this.doc.info.Subject = info.subject;
    this.doc.font('Helvetica-Bold').fontSize(14).text(title);
    this.doc.moveDown(0.5);
  }

  /** The document as a web stream, for an HTTP answer. */
  stream(): ReadableStream<Uint8Array> {
    return Readable.toWeb(this.doc) as ReadableStream<Uint8Array>;
  }

  heading(text: string): this {
    this.doc.moveDown(0.5).font('Helvetica-Bold').fontSize(11).text(text, MARGIN);
    this.doc.moveDown(0.25);
    return this;
  }

  /** Label: value lines (an account, a period, a balance). */
  facts(pairs: readonly (readonly [string, string])[]): this {
    for (const [label, value] of pairs) {
      this.doc.font('Helvetica-Bold').fontSize(9).text(`${label}: `, MARGIN, undefined, {
        continued: true,
      });
      this.doc.font('Helvetica').text(value);
    }
    return this;
  }

  text(text: string): this {
    this.doc.font('Helvetica').fontSize(9).text(text, MARGIN);
    return this;
  }

  /** A table; its header is drawn again on every new page. */
  async table(columns: readonly PdfColumn[], rows: Iterable<Row> | AsyncIterable<Row>) {
    const doc = this.doc;
    const usable = doc.page.width - 2 * MARGIN;
    const share = columns.reduce((s, c) => s + c.width, 0);
    const widths = columns.map((c) => (c.width / share) * usable);
    const line = (cells: Row, bold: boolean) => {
      if (doc.y + ROW_HEIGHT > doc.page.height - MARGIN) {
        doc.addPage();
        if (!bold)
          line(
            columns.map((c) => c.header),
            true,
          );
      }
      const y = doc.y;
      let x = MARGIN;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(FONT_SIZE);
      cells.forEach((value, i) => {
        doc.text(value === null || value === undefined ? '' : String(value), x + 2, y, {
          width: widths[i]! - 4,
          align: columns[i]?.align ?? 'left',
          lineBreak: false,
          ellipsis: true,
          height: ROW_HEIGHT,
        });
        x += widths[i]!;
      });
      doc.x = MARGIN;
      doc.y = y + ROW_HEIGHT;
    };
    doc.moveDown(0.25);
    line(
      columns.map((c) => c.header),
      true,
    );
    for await (const row of paced(rows, doc)) line(row, false);
    doc.moveDown(0.5);
    return this;
  }

  /** Ends the document: the stream closes once the reader has it all. */
  end(): void {
    this.doc.end();
  }

  /** Ends the stream with an error (a read failed half-way: the reader sees a broken file). */
  fail(error: unknown): void {
    this.doc.destroy(error instanceof Error ? error : new Error(String(error)));
  }
}

/** Rows written between two turns of the event loop: about a page. */
const ROWS_PER_TURN = 50;

/**
 * The rows, with a turn of the event loop every page or so (the pages written so far go out to
 * the reader while the rest is written: the answer's first bytes do not wait for its last) and a
 * wait while the document holds more unread bytes than it may (the reader is slow).
 */
export async function* paced<R>(
  rows: Iterable<R> | AsyncIterable<R>,
  doc: Readable,
): AsyncGenerator<R> {
  let n = 0;
  for await (const row of rows) {
    yield row;
    if (++n % ROWS_PER_TURN !== 0) continue;
    await new Promise(setImmediate);
    while (doc.readableLength > UNREAD_LIMIT && !doc.destroyed) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}

/** Reads a whole PDF stream into bytes (the tests, and any caller that must hold it). */
export async function pdfBytes(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
