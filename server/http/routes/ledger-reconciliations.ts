import { createRoute, type RouteConfig } from '@hono/zod-openapi';
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
import type { Context } from 'hono';
import { actorOf, type AppEnv } from '../context.js';
import { recordedPerson } from '../people.js';
import { csvResponse, wantsCsv } from '../csv.js';
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

/** A change of a run answered with the run (200). */
const changeRoute = <P extends string, R extends RouteConfig['request']>(
  path: P,
  request: R,
  description: string,
) =>
  createRoute({
    method: 'post',
    path,
    tags,
    request,
    responses: { 200: answer(description), ...writeErrorResponses },
  });

/** What every handler hands the book, and the language it answers in. */
function callerBook(c: Context<AppEnv>) {
  const caller = c.get('caller');
  return {
    db: c.get('db'),
    key: c.get('deps').historyKey,
    orgId: caller.orgId,
    by: actorOf(caller),
    person: recordedPerson(caller),
    language: callerLanguage(c),
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
      const b = callerBook(c);
      const run = await reconcile(b.db, b.key, b.orgId, c.req.valid('json'), b.by, b.person);
      return c.json(inLanguage(run, b.language), 201);
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
      const b = callerBook(c);
      const page = await listReconciliations(b.db, b.orgId, c.req.valid('query'));
      return c.json({ ...page, data: page.data.map((r) => inLanguage(r, b.language)) }, 200);
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
      const b = callerBook(c);
      const run = await getReconciliation(b.db, b.orgId, c.req.valid('param').id);
      return c.json(inLanguage(run, b.language), 200);
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
      const b = callerBook(c);
      const { id } = c.req.valid('param');
      const run = await addReconciliationItem(b.db, b.key, b.orgId, id, c.req.valid('json'));
      return c.json(inLanguage(run, b.language), 201);
    },
  )
  .openapi(
    changeRoute(
      '/{id}/items/{itemId}/clear',
      { params: itemParams },
      'The reconciliation with the item cleared',
    ),
    async (c) => {
      const b = callerBook(c);
      const { id, itemId } = c.req.valid('param');
      const run = await clearReconciliationItem(b.db, b.key, b.orgId, id, itemId, b.by);
      return c.json(inLanguage(run, b.language), 200);
    },
  )
  .openapi(
    changeRoute(
      '/{id}/sign',
      { params: idParams, body: jsonBody(reconciliationSign) },
      'Signed; with both signatures the period is closed (closedAt)',
    ),
    async (c) => {
      const b = callerBook(c);
      const [{ id }, { role }] = [c.req.valid('param'), c.req.valid('json')];
      const run = await signReconciliation(b.db, b.key, b.orgId, id, role, b.by, b.person);
      return c.json(inLanguage(run, b.language), 200);
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
      const b = callerBook(c);
      const pdf = !wantsCsv(c, c.req.valid('query').format);
      const stored = await getReconciliation(b.db, b.orgId, c.req.valid('param').id);
      const run = inLanguage(stored, b.language);
      const report = await reconciliationReport(b.db, b.orgId, run, run);
      const name = `reconciliation-${report.day(run.asOf)}`;
      if (!pdf) return csvResponse(c, `${name}.csv`, reconciliationCsvRows(report)) as never;
      return c.body(reconciliationPdf(report), 200, {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${name}.pdf"`,
      }) as never;
    },
  );
