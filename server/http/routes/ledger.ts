import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  ledgerBalances as ledgerBalancesSchema,
  ledgerBalancesQuery,
  ledgerDeposits as ledgerDepositsSchema,
  ledgerDepositsQuery,
  ledgerEntriesPage,
  ledgerEntriesQuery,
  ledgerEntry,
  type LedgerEntry,
} from '../../../shared/ledger.js';
import { ledgerEntryCreate, ledgerEntryReverse } from '../../../shared/ledger-entries.js';
import { ledgerBalances, ledgerBalancesPage } from '../../book/ledger/balances.js';
import { ledgerDeposits } from '../../book/ledger/deposits.js';
import { listLedgerEntries } from '../../book/ledger/entries.js';
import { postEntriesOrWait, reverseOrWait } from '../../book/approvals/ledger.js';
import { awaitingIn, awaitingResponse } from './approvals.js';
import { askerOf } from '../people.js';
import { csvResponse, wantsCsv } from '../csv.js';
import {
  errorResponses,
  idParams,
  jsonBody,
  jsonResponse,
  writeErrorResponses,
} from '../openapi.js';
import { createRouter } from '../router.js';

// The trust ledger under /api/ledger: balances, entries and deposits (JSON or CSV), and the
// entries hosts post for money that never went through the service. Staff read, admin writes.

const tags = ['ledger'];
const withCsv = <T extends z.ZodType>(schema: T, description: string) => ({
  ...jsonResponse(schema, description),
  content: {
    ...jsonResponse(schema, description).content,
    'text/csv': { schema: z.string() },
  },
});
/** The account's own money in the balances' totals (NON_CLIENT_KINDS). */
const NON_CLIENT_TOTALS = ['bankCharge', 'interest', 'firmFunds', 'serviceFee'] as const;
/** The entries CSV's columns, before the ids. */
const ENTRY_CSV_HEAD = [
  'date',
  'kind',
  'amount',
  'runningBalance',
  'memo',
  'reason',
  'payer',
  'payee',
  'method',
  'reference',
  'purpose',
] as const;
/** Entries in one CSV: far more than a month of any firm, bounded all the same. */
const CSV_MAX_ENTRIES = 100_000;

export const ledgerRouter = createRouter({ role: { read: 'staff', write: 'admin' } })
  .openapi(
    createRoute({
      method: 'get',
      path: '/balances',
      tags,
      request: { query: ledgerBalancesQuery },
      responses: {
        200: withCsv(
          ledgerBalancesSchema,
          "A page of the balances per client and matter, and the account's totals (the CSV: every line)",
        ),
        ...errorResponses,
      },
    }),
    async (c) => {
      const query = c.req.valid('query');
      const { db, caller } = { db: c.get('db'), caller: c.get('caller') };
      if (!wantsCsv(c, query.format)) {
        return c.json(await ledgerBalancesPage(db, caller.orgId, query), 200);
      }
      const report = await ledgerBalances(db, caller.orgId, query);
      const head = ['client', 'matter', 'received', 'refunded', 'returned', 'voided'];
      head.push('chargedBack', 'manual', 'balance');
      return csvResponse(c, 'ledger-balances.csv', [
        [...head, 'clientId', 'matterId'],
        ...report.lines.map((l) => [
          l.clientName,
          l.matterName,
          l.received,
          l.refunded,
          l.returned,
          l.voided,
          l.chargedBack,
          l.manual,
          l.balance,
          l.clientId,
          l.matterId,
        ]),
        // The account's own money (no client's line) is in its balance: a row for each there is
        // (its figure in the balance column), then the
        // Total, the sum of every row above.
        ...NON_CLIENT_TOTALS.filter((k) => report.totals[k] !== '0.00').map((k) => [
          k,
          ...Array<string>(7).fill(''),
          report.totals[k],
        ]),
        ['Total', '', ...head.slice(2).map((k) => report.totals[k as keyof typeof report.totals])],
      ]) as never;
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/entries',
      tags,
      request: { query: ledgerEntriesQuery },
      responses: {
        200: withCsv(ledgerEntriesPage, 'Entries newest first, with the running balance'),
        ...errorResponses,
      },
    }),
    async (c) => {
      const query = c.req.valid('query');
      const { db, caller } = { db: c.get('db'), caller: c.get('caller') };
      if (!wantsCsv(c, query.format)) {
        return c.json(await listLedgerEntries(db, caller.orgId, query), 200);
      }
      // The CSV holds every entry of the selection, not one page.
      const all: LedgerEntry[] = [];
      let cursor: string | undefined;
      do {
        const page = await listLedgerEntries(db, caller.orgId, { ...query, cursor, limit: 1000 });
        all.push(...page.data);
        cursor = page.nextCursor ?? undefined;
      } while (cursor && all.length < CSV_MAX_ENTRIES);
      const cents = all.reduce((s, e) => s + Math.round(Number(e.amount) * 100), 0);
      return csvResponse(c, 'ledger-entries.csv', [
        [...ENTRY_CSV_HEAD, 'clientId', 'matterId'],
        ...all.map((e) => [...ENTRY_CSV_HEAD.map((k) => e[k]), e.clientId, e.matterId]),
        ['Total', '', (cents / 100).toFixed(2)],
      ]) as never;
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/deposits',
      tags,
      request: { query: ledgerDepositsQuery },
      responses: {
        200: withCsv(ledgerDepositsSchema, 'Transactions grouped by bank deposit'),
        ...errorResponses,
      },
    }),
    async (c) => {
      const query = c.req.valid('query');
      const report = await ledgerDeposits(c.get('db'), c.get('caller').orgId, query);
      if (!wantsCsv(c, query.format)) return c.json(report, 200);
      return csvResponse(c, 'ledger-deposits.csv', [
        [
          'depositId',
          'settledOn',
          'transactions',
          'gross',
          'refunds',
          'chargebackReversals',
          'surcharges',
          'net',
        ],
        ...report.deposits.map((d) => [
          d.depositId,
          d.settledOn,
          d.transactions,
          d.gross,
          d.refunds,
          d.chargebackReversals,
          d.surcharges,
          d.net,
        ]),
        ['Total', '', '', ...Object.values(report.totals)],
      ]) as never;
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/entries',
      tags,
      request: { body: jsonBody(ledgerEntryCreate) },
      responses: {
        201: jsonResponse(ledgerEntry, 'The entry, posted'),
        202: awaitingResponse,
        ...writeErrorResponses,
      },
    }),
    async (c) => {
      const done = await postEntriesOrWait(
        c.get('db'),
        c.get('deps').historyKey,
        askerOf(c.get('caller')),
        [c.req.valid('json')],
      );
      if ('approval' in done) return c.json(awaitingIn(c, done), 202);
      return c.json(done[0]!, 201);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/entries/{id}/reverse',
      tags,
      request: { params: idParams, body: jsonBody(ledgerEntryReverse) },
      responses: {
        201: jsonResponse(ledgerEntry, 'The opposite entry, naming the one it reverses'),
        202: awaitingResponse,
        ...writeErrorResponses,
      },
    }),
    async (c) => {
      const done = await reverseOrWait(
        c.get('db'),
        c.get('deps').historyKey,
        askerOf(c.get('caller')),
        c.req.valid('param').id,
        c.req.valid('json'),
      );
      if ('approval' in done) return c.json(awaitingIn(c, done), 202);
      return c.json(done, 201);
    },
  );
