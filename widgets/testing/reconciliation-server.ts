import type { Reconciliation, ReconciliationItem } from '../../shared/ledger-api.js';
import { TRUST, aReconciliation, balances } from './ledger-records.js';
import { apiError, json, match } from './mock-api.js';

// The reconciliation routes as the server answers them, with their state, for the month
// workflow's widget tests and screenshots: a run started for a statement holds the computed items
// (a deposit in transit, a cheque outstanding, the service's debit) and one carried from last
// month; clearing and adding change its adjusted bank balance and its reasons; two people sign it
// (the same person twice: 409) and it closes. The book and the client ledgers hold 1,300.00.
// Runs without the widgets' code, so the e2e screenshots use it too.

/** A widget token naming its person (the server reads who signs from it). */
export const personToken = (name: string, role = 'admin') =>
  `pwt_${btoa(JSON.stringify({ role, name })).replace(/=+$/, '')}.mac`;

/** The person a request's token names. */
function personOf(headers: Headers): string {
  const token = (headers.get('authorization') ?? '').replace(/^Bearer pwt_/, '').split('.')[0]!;
  try {
    return (JSON.parse(atob(token)) as { name?: string }).name ?? 'Ana Ruiz';
  } catch {
    return 'Ana Ruiz'; // a real token (the demo page's): its person is the demo's admin
  }
}

const cents = (amount: string) => Math.round(Number(amount) * 100);
const amountOf = (c: number) => (c / 100).toFixed(2);

/** Money as the server writes it in a language's sentences. */
function moneyIn(language: string, amount: string) {
  const text = new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(
    Number(amount),
  );
  return text.replace('-', '\u2212');
}

const SENTENCES = {
  en: {
    differs: (a: string, b: string, v: string) =>
      `The adjusted bank balance (${a}) differs from the book balance (${b}) by ${v}.`,
    debit: (d: string) => `The payment service's debit of ${d} is not in the book: book it.`,
    agree: (a: string) =>
      `The adjusted bank balance, the book and the client ledgers agree at ${a}.`,
    negative: 'John Doe is below zero: −$250.00.',
    transit: 'Payment of Jane Roe, not yet in a bank deposit',
    serviceDebit: "The payment service's debit on its statement",
  },
  es: {
    differs: (a: string, b: string, v: string) =>
      `El saldo bancario ajustado (${a}) difiere del saldo contable (${b}) en ${v}.`,
    debit: (d: string) => `El cargo del servicio de pagos de ${d} no está en el libro: regístrelo.`,
    agree: (a: string) =>
      `El saldo bancario ajustado, el libro y los libros de los clientes coinciden en ${a}.`,
    negative: 'John Doe está por debajo de cero: −250,00\u00a0US$.',
    transit: 'Pago de Jane Roe, aún no en un depósito bancario',
    serviceDebit: 'El cargo del servicio de pagos en su extracto',
  },
} as const;

let n = 0;
const item = (
  kind: ReconciliationItem['kind'],
  amount: string,
  date: string,
  description: string,
  origin: ReconciliationItem['origin'] = 'computed',
): ReconciliationItem => ({
  id: `i0000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  kind,
  amount,
  date: `${date}T15:00:00.000Z`,
  description,
  cleared: false,
  clearedBy: null,
  origin,
  source: null,
});

/** What a route's handler reads of a call. */
export interface RouteCall {
  params: Record<string, string>;
  body: unknown;
  headers: Headers;
}

export interface ServerOptions {
  /** The language its sentences answer in (the kit asks in its own). */
  language?: () => 'en' | 'es';
  /** A client below zero at the statement date (asked at each change: it may be paid back). */
  negative?: boolean | (() => boolean);
  /** The account's own money (bank charges, interest). */
  accountMoney?: string;
}

export function reconciliationServer(options: ServerOptions = {}) {
  const language = options.language ?? (() => 'en');
  const september = aReconciliation({
    asOf: '2026-09-30T23:59:59.999Z',
    statementBalance: '1100.00',
    signoffs: [
      {
        role: 'prepared',
        by: 'widget:admin',
        person: { id: 'p1', name: 'Ana Ruiz' },
        at: '2026-10-02T09:00:00.000Z',
      },
      {
        role: 'reviewed',
        by: 'widget:admin',
        person: { id: 'p2', name: 'Ben Ortiz' },
        at: '2026-10-03T11:30:00.000Z',
      },
    ],
    closedAt: '2026-10-03T11:30:00.000Z',
    createdAt: '2026-10-02T08:45:00.000Z',
  });
  const runs: Reconciliation[] = [september];

  /** The run's adjusted balance, variance, reasons and status from its items. */
  const negative = () =>
    typeof options.negative === 'function' ? options.negative() : Boolean(options.negative);

  function evaluate(run: Reconciliation): Reconciliation {
    const say = SENTENCES[language()];
    const money = (a: string) => moneyIn(language(), a);
    const open = run.items.filter((i) => !i.cleared);
    const adjusted = cents(run.statementBalance) + open.reduce((s, i) => s + cents(i.amount), 0);
    const variance = adjusted - cents(run.bookBalance);
    const reasons = [
      ...(variance
        ? [
            say.differs(
              money(amountOf(adjusted)),
              money(run.bookBalance),
              money(amountOf(variance)),
            ),
          ]
        : []),
      ...open.filter((i) => i.kind === 'service_debit').map((i) => say.debit(money(i.amount))),
      ...(negative() ? [say.negative] : []),
    ];
    return {
      ...run,
      negativeClients: negative() ? [balances.lines[2]!] : [],
      adjustedBankBalance: amountOf(adjusted),
      variance: amountOf(variance),
      reasons,
      headline: reasons[0] ?? say.agree(money(amountOf(adjusted))),
      status: reasons.length ? 'variance' : 'balanced',
    };
  }

  const find = (id: string) => runs.find((r) => r.id === id)!;
  const update = (run: Reconciliation) => {
    const next = evaluate(run);
    runs.splice(runs.indexOf(find(run.id)), 1, next);
    return next;
  };
  const conflict = (message: string) => apiError(409, message, undefined, 'conflict');

  const routes = {
    'GET /api/ledger/reconciliations': () => ({ data: [...runs].reverse(), nextCursor: null }),
    'POST /api/ledger/reconciliations': ({ body }: RouteCall) => {
      const input = body as { asOf: string; openingBalance?: string; statementBalance: string };
      const run = evaluate(
        aReconciliation({
          bankAccountId: TRUST,
          asOf: `${input.asOf}T23:59:59.999Z`,
          openingBalance: input.openingBalance ?? null,
          statementBalance: input.statementBalance,
          accountMoney: options.accountMoney ?? '0.00',
          createdAt: '2026-11-02T09:00:00.000Z',
          items: [
            item('deposit_in_transit', '200.00', '2026-10-30', SENTENCES[language()].transit),
            item('outstanding_disbursement', '-150.00', '2026-10-27', 'Cheque 1042 to Acme Title'),
            item('service_debit', '-25.00', '2026-10-31', SENTENCES[language()].serviceDebit),
            item(
              'outstanding_disbursement',
              '-25.00',
              '2026-09-29',
              'Cheque 1038 to the court clerk',
              'added',
            ),
          ],
        }),
      );
      runs.push(run);
      return json(run, 201);
    },
    'GET /api/ledger/reconciliations/:id': ({ params }: RouteCall) => find(params.id!),
    'POST /api/ledger/reconciliations/:id/items': ({ params, body }: RouteCall) => {
      const run = find(params.id!);
      if (run.closedAt) return conflict('This reconciliation is closed.');
      const input = body as {
        kind: ReconciliationItem['kind'];
        amount: string;
        date: string;
        description: string;
      };
      const c = Math.abs(cents(input.amount));
      const signed =
        input.kind === 'deposit_in_transit' ? c : input.kind === 'other' ? cents(input.amount) : -c;
      const added = item(input.kind, amountOf(signed), input.date, input.description, 'added');
      return json(update({ ...run, items: [...run.items, added] }), 201);
    },
    'POST /api/ledger/reconciliations/:id/items/:itemId/clear': ({
      params,
      headers,
    }: RouteCall) => {
      const run = find(params.id!);
      if (run.closedAt) return conflict('This reconciliation is closed.');
      const by = personOf(headers);
      const items = run.items.map((i) =>
        i.id === params.itemId ? { ...i, cleared: true, clearedBy: by } : i,
      );
      return update({ ...run, items });
    },
    'POST /api/ledger/reconciliations/:id/sign': ({ params, body, headers }: RouteCall) => {
      const run = find(params.id!);
      const { role } = body as { role: 'prepared' | 'reviewed' };
      const name = personOf(headers);
      if (run.status !== 'balanced')
        return conflict('Only a balanced reconciliation can be signed.');
      if (run.signoffs.some((s) => s.role === role))
        return conflict(`This reconciliation is signed as ${role} already.`);
      if (run.signoffs.some((s) => s.person?.name === name))
        return conflict(
          `The same person cannot both prepare and review a reconciliation: another person signs as ${role}.`,
        );
      const at = '2026-11-03T10:15:00.000Z';
      const signoffs = [
        ...run.signoffs,
        { role, by: 'widget:admin', person: { id: name, name }, at },
      ];
      return update({ ...run, signoffs, closedAt: signoffs.length === 2 ? at : null });
    },
    'GET /api/ledger/reconciliations/:id/report': ({ headers }: RouteCall) => {
      const pdf = headers.get('accept') === 'application/pdf';
      return new Response(pdf ? '%PDF-1.7 report' : 'section,field,value,detail\r\n', {
        headers: { 'content-type': pdf ? 'application/pdf' : 'text/csv' },
      });
    },
  };
  return { runs, routes };
}

/** A browser's request (Playwright's) answered by `routes`, as the e2e pages route it. */
export async function answerRoute(
  routes: Record<string, (call: RouteCall) => unknown>,
  request: {
    method(): string;
    url(): string;
    headers(): Record<string, string>;
    postData(): string | null;
  },
): Promise<Response> {
  const url = new URL(request.url());
  for (const [route, handler] of Object.entries(routes)) {
    const [method, pattern = ''] = route.split(' ');
    const params = method === request.method() ? match(pattern, url.pathname) : null;
    if (!params) continue;
    const text = request.postData();
    const answer = await handler({
      params,
      body: text ? JSON.parse(text) : undefined,
      headers: new Headers(request.headers()),
    });
    return answer instanceof Response ? answer : json(answer);
  }
  return apiError(404, `No route for ${request.method()} ${url.pathname}`, undefined, 'not_found');
}
