import { Readable } from 'node:stream';
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  reconciliation,
  reconciliationCreate,
  reconciliationItemCreate,
  reconciliationSign,
  reconciliationsPage,
  reconciliationsQuery,
  type Reconciliation,
} from '../../../shared/ledger.js';
import { recordId } from '../../../shared/schemas.js';
import {
  addReconciliationItem,
  clearReconciliationItem,
  getReconciliation,
  listReconciliations,
  reconcile,
  reconciliationHeadline,
  reconciliationSentences,
} from '../../book/ledger/reconciliations.js';
import { signReconciliation } from '../../book/ledger/reconciliation-sign.js';
import {
  reconciliationCsvRows,
  reconciliationPdf,
  reconciliationReport,
} from '../../book/reports/reconciliation-report.js';
import { say, type ApiLanguage } from '../../sentences.js';
import { actorOf } from '../context.js';
import { csvResponse } from '../csv.js';
import { callerLanguage, sentenceIn } from '../language.js';
import {
  errorResponses,
  idParams,
  jsonBody,
  jsonResponse,
  writeErrorResponses,
} from '../openapi.js';
import { createRouter } from '../router.js';

// Three-way reconciliations under /api/ledger/reconciliations: run one for a statement, add and
// clear its items, sign it (prepared, reviewed: closed), and its report (PDF, CSV). Staff read,
// admin writes. Reasons and item descriptions answer in the caller's language.

const tags = ['ledger'];
const itemParams = z.object({ id: recordId, itemId: recordId });
const reportQuery = z.object({ format: z.enum(['pdf', 'csv']).optional() });
const answer = (description: string) => jsonResponse(reconciliation, description);

/** A run's reasons, headline and item descriptions in the caller's language (stored in English). */
function inLanguage<R extends Reconciliation>(run: R, language: ApiLanguage): R {
  const said = (text: string) => sentenceIn(say(text), language);
  return {
    ...run,
    headline: sentenceIn(reconciliationHeadline(run), language),
    reasons: reconciliationSentences(run).map((s) => sentenceIn(s, language)),
    items: run.items.map((i) => ({ ...i, description: said(i.description) })),
    unmatched: run.unmatched.map((u) => ({ ...u, description: said(u.description) })),
  };
}

export const reconciliationsRouter = createRouter({ role: { read: 'staff', write: 'admin' } })
  .openapi(
    createRoute({
      method: 'post',
      path: '/',
      tags,
      request: { body: jsonBody(reconciliationCreate) },
      responses: { 201: answer('The three-way reconciliation, stored'), ...writeErrorResponses },
    }),
    async (c) => {
      const caller = c.get('caller');
      const result = await reconcile(
        c.get('db'),
        c.get('deps').historyKey,
        caller.orgId,
        c.req.valid('json'),
        actorOf(caller),
      );
      return c.json(inLanguage(result, callerLanguage(c)), 201);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags,
      request: { query: reconciliationsQuery },
      responses: {
        200: jsonResponse(reconciliationsPage, 'Reconciliations run, newest first'),
        ...errorResponses,
      },
    }),
    async (c) => {
      const page = await listReconciliations(
        c.get('db'),
        c.get('caller').orgId,
        c.req.valid('query'),
      );
      const language = callerLanguage(c);
      return c.json({ ...page, data: page.data.map((r) => inLanguage(r, language)) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      tags,
      request: { params: idParams },
      responses: { 200: answer('The reconciliation as it stands'), ...errorResponses },
    }),
    async (c) => {
      const run = await getReconciliation(
        c.get('db'),
        c.get('caller').orgId,
        c.req.valid('param').id,
      );
      return c.json(inLanguage(run, callerLanguage(c)), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/items',
      tags,
      request: { params: idParams, body: jsonBody(reconciliationItemCreate) },
      responses: { 201: answer('The reconciliation with the item added'), ...writeErrorResponses },
    }),
    async (c) => {
      const run = await addReconciliationItem(
        c.get('db'),
        c.get('deps').historyKey,
        c.get('caller').orgId,
        c.req.valid('param').id,
        c.req.valid('json'),
      );
      return c.json(inLanguage(run, callerLanguage(c)), 201);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/items/{itemId}/clear',
      tags,
      request: { params: itemParams },
      responses: {
        200: answer('The reconciliation with the item cleared'),
        ...writeErrorResponses,
      },
    }),
    async (c) => {
      const { id, itemId } = c.req.valid('param');
      const caller = c.get('caller');
      const run = await clearReconciliationItem(
        c.get('db'),
        c.get('deps').historyKey,
        caller.orgId,
        id,
        itemId,
        actorOf(caller),
      );
      return c.json(inLanguage(run, callerLanguage(c)), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/sign',
      tags,
      request: { params: idParams, body: jsonBody(reconciliationSign) },
      responses: {
        200: answer('Signed; with both signatures the period is closed (closedAt)'),
        ...writeErrorResponses,
      },
    }),
    async (c) => {
      const caller = c.get('caller');
      const run = await signReconciliation(
        c.get('db'),
        c.get('deps').historyKey,
        caller.orgId,
        c.req.valid('param').id,
        c.req.valid('json').role,
        actorOf(caller),
      );
      return c.json(inLanguage(run, callerLanguage(c)), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}/report',
      tags,
      request: { params: idParams, query: reportQuery },
      responses: {
        200: {
          description: 'The report: PDF (`Accept: application/pdf` or `?format=pdf`) or CSV',
          content: {
            'application/pdf': { schema: z.string() },
            'text/csv': { schema: z.string() },
          },
        },
        ...errorResponses,
      },
    }),
    async (c) => {
      const { db, caller } = { db: c.get('db'), caller: c.get('caller') };
      const id = c.req.valid('param').id;
      const format = c.req.valid('query').format;
      const pdf = format ? format === 'pdf' : !/\btext\/csv\b/i.test(c.req.header('accept') ?? '');
      const run = inLanguage(await getReconciliation(db, caller.orgId, id), callerLanguage(c));
      const report = await reconciliationReport(db, caller.orgId, run, run);
      const name = `reconciliation-${run.asOf.slice(0, 10)}`;
      if (!pdf) return csvResponse(c, `${name}.csv`, reconciliationCsvRows(report)) as never;
      return c.body(Readable.toWeb(reconciliationPdf(report)) as ReadableStream, 200, {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${name}.pdf"`,
      }) as never;
    },
  );
