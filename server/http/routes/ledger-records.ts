import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  clientStatement as clientStatementSchema,
  clientStatementQuery,
  ledgerEntriesBatch,
  ledgerEntriesPosted,
  ledgerTransfer,
  ledgerTransferCreate,
} from '../../../shared/ledger-entries.js';
import {
  clientStatement,
  statementLines,
  statementPeriod,
} from '../../book/ledger/client-statement.js';
import { postEntriesOrWait, transferOrWait } from '../../book/approvals/ledger.js';
import { askerOf } from '../people.js';
import { awaitingIn, awaitingResponse } from './approvals.js';
import { statementCsv, statementPdf } from '../../book/reports/client-statement.js';
import { csvStreamResponse, wantsCsv } from '../csv.js';
import { errorResponses, jsonBody, jsonResponse, writeErrorResponses } from '../openapi.js';
import { createRouter } from '../router.js';

// The trust ledger's records under /api/ledger beside ledger.ts: a statement's entries in one
// call, transfers of earned fees to operating, and the client ledger statement (JSON, CSV, PDF).

const tags = ['ledger'];

/** PDF when `?format=pdf` or `Accept: application/pdf` asks for it. */
function wantsPdf(c: Context, format: string | undefined): boolean {
  if (format) return format === 'pdf';
  return /\bapplication\/pdf\b/i.test(c.req.header('accept') ?? '');
}

export const ledgerRecordsRouter = createRouter({ role: { read: 'staff', write: 'admin' } })
  .openapi(
    createRoute({
      method: 'post',
      path: '/entries/batch',
      tags,
      request: { body: jsonBody(ledgerEntriesBatch) },
      responses: {
        201: jsonResponse(ledgerEntriesPosted, 'Every entry posted, in the order given'),
        202: awaitingResponse,
        ...writeErrorResponses,
      },
    }),
    async (c) => {
      const caller = c.get('caller');
      const done = await postEntriesOrWait(
        c.get('db'),
        c.get('deps').historyKey,
        askerOf(caller),
        c.req.valid('json').entries,
        true,
      );
      if ('approval' in done) return c.json(awaitingIn(c, done), 202);
      return c.json({ data: done }, 201);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/transfers',
      tags,
      request: { body: jsonBody(ledgerTransferCreate) },
      responses: {
        201: jsonResponse(ledgerTransfer, 'Both sides of the transfer, posted as one act'),
        202: awaitingResponse,
        ...writeErrorResponses,
      },
    }),
    async (c) => {
      const caller = c.get('caller');
      const done = await transferOrWait(
        c.get('db'),
        c.get('deps').historyKey,
        askerOf(caller),
        c.req.valid('json'),
      );
      if ('approval' in done) return c.json(awaitingIn(c, done), 202);
      return c.json(done, 201);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/client-statement',
      tags,
      request: { query: clientStatementQuery },
      responses: {
        200: {
          ...jsonResponse(clientStatementSchema, 'The statement with a page of its entries'),
          content: {
            ...jsonResponse(clientStatementSchema, '').content,
            'text/csv': { schema: z.string() },
            'application/pdf': { schema: z.string().describe('binary') },
          },
        },
        ...errorResponses,
      },
    }),
    async (c) => {
      const query = c.req.valid('query');
      const { db, caller } = { db: c.get('db'), caller: c.get('caller') };
      const pdf = wantsPdf(c, query.format);
      if (!pdf && !wantsCsv(c, query.format)) {
        return c.json(await clientStatement(db, caller.orgId, query), 200);
      }
      const { period, head } = await statementPeriod(db, caller.orgId, query);
      const lines = statementLines(db, period, head.openingBalance);
      if (!pdf) {
        return csvStreamResponse(c, 'client-statement.csv', statementCsv(head, lines)) as never;
      }
      return c.body(statementPdf(head, lines), 200, {
        'content-type': 'application/pdf',
        'content-disposition': 'attachment; filename="client-statement.pdf"',
      }) as never;
    },
  );
