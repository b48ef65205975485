import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PDFDocument } from '../../book/reports/pdfkit.js';
import { clients } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { insertBankAccount } from '../../testing/fixtures.js';
import { pdfText } from '../../testing/pdf-text.js';

// The reconciliation's PDF report is streamed (issue 39: a month of a large account): the
// answer's first bytes reach the reader while the document is still being written, not once it
// is whole. 300 clients' receipts not yet cleared make 300 items and 300 client ledgers:
// a dozen pages.

const CLIENTS = 300;
let t: TestApp;
let runId: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const trust = (await insertBankAccount(db, t.org.orgId, { category: 'trust', name: 'IOLTA' })).id;
  const rows = await db
    .insert(clients)
    .values(
      Array.from({ length: CLIENTS }, (_, i) => ({
        orgId: t.org.orgId,
        name: `Client ${String(i).padStart(4, '0')}`,
      })),
    )
    .returning();
  for (let i = 0; i < rows.length; i += 150) {
    const entries = rows.slice(i, i + 150).map((c) => ({
      bankAccountId: trust,
      clientId: c.id,
      amount: '10.00',
      date: '2026-09-15',
      memo: 'Retainer',
      payer: c.name,
    }));
    const res = await t.request('POST', '/api/ledger/entries/batch', { body: { entries } });
    expect(res.status).toBe(201);
  }
  const run = await t.request('POST', '/api/ledger/reconciliations', {
    body: { bankAccountId: trust, asOf: '2026-09-30', statementBalance: '0.00' },
  });
  expect(run.status).toBe(201);
  expect(run.body.items).toHaveLength(CLIENTS);
  runId = run.body.id;
}, 120_000);
afterAll(() => t?.close());

describe('the reconciliation report as PDF', () => {
  it('answers a streamed body: its first bytes before the document is ended', async () => {
    const end = vi.spyOn(PDFDocument().prototype, 'end');
    try {
      const res = await t.app.request(`/api/ledger/reconciliations/${runId}/report?format=pdf`, {
        headers: { authorization: `Bearer ${t.org.keys.staff}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      const reader = res.body!.getReader();
      const first = await reader.read();
      expect(Buffer.from(first.value!).toString('latin1')).toMatch(/^%PDF-/);
      // Buffered, the whole document would have been written (and ended) before this.
      expect(end).not.toHaveBeenCalled();
      const chunks = [first.value!];
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        chunks.push(next.value);
      }
      expect(end).toHaveBeenCalledTimes(1);
      const pages = await pdfText(new Uint8Array(Buffer.concat(chunks)));
      expect(pages.length).toBeGreaterThan(8);
      // One space between the pieces the reader copies (labels, values, table cells).
      const text = pages.join('\n').replace(/ +/g, ' ');
      expect(text).toContain('Client 0000 $10.00');
      expect(text).toContain(`Client ${String(CLIENTS - 1).padStart(4, '0')} $10.00`);
      expect(text).toContain('Client ledger total: $3,000.00');
    } finally {
      end.mockRestore();
    }
  });
});
