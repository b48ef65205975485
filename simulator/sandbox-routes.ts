// The admin API under /_sandbox: JSON, authenticated by the firm's x-api-key, outside the rate
// limits. It drives what the real sandbox does from its portal: payments, the transaction life
// cycle, webhook delivery control and fault injection. README.md lists every route.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { SimulatorParts } from './parts.js';
import { settingsRoutes } from './settings-routes.js';
import { HTTP_STATUS, SimulatorError } from './errors.js';
import { firmInfo } from './firms.js';
import { sentEmails } from './pay-requests.js';
import * as ledger from './ledger.js';
import * as lifecycle from './lifecycle.js';
import * as moneyOut from './money-out.js';
import { triggerChargeback, triggerChargebackReversal } from './chargebacks.js';
import { STATEMENT_EVENT_SHAPES, createStatement } from './statements.js';
import { body, transactionJson, type SandboxEnv } from './sandbox-http.js';
import { createSubscriptionRoutes } from './subscription-routes.js';
import {
  TRANSACTION_METHODS,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  getBankAccount,
  type PaymentRecord,
} from './state.js';

type Env = SandboxEnv;

const Payer = {
  payerName: z.string().optional(),
  payerEmail: z.string().optional(),
  payerNotes: z.string().optional(),
  lastFour: z.string().optional(),
  cardBrand: z.string().optional(),
};

const PayBody = z.strictObject({
  amount: z.number().int().positive().optional(),
  amounts: z
    .array(z.object({ bankAccountId: z.string(), amount: z.number().int().positive() }))
    .optional(),
  method: z.enum(TRANSACTION_METHODS).optional(),
  type: z.enum(TRANSACTION_TYPES).optional(),
  status: z.enum(TRANSACTION_STATUSES).optional(),
  surchargeAmount: z.number().int().nonnegative().optional(),
  ...Payer,
});

const CreateTransactionBody = z.strictObject({
  type: z.enum(TRANSACTION_TYPES).optional(),
  amount: z.number().int().nonnegative().optional(),
  status: z.enum(TRANSACTION_STATUSES).optional(),
  paymentMethod: z.enum(TRANSACTION_METHODS).optional(),
  bankAccountId: z.string().optional(),
  paymentLinkId: z.string().optional(),
  originalTransactionId: z.string().optional(),
  errorMessage: z.string().optional(),
  ...Payer,
});

const FaultBody = z.discriminatedUnion('target', [
  z.strictObject({
    target: z.literal('graphql'),
    kind: z.enum(['status', 'latency', 'drop', 'slow_answer', 'lost_answer']),
    count: z.number().int().positive().optional(),
    status: z.number().int().min(400).max(599).optional(),
    latencyMs: z.number().int().nonnegative().optional(),
  }),
  z.strictObject({
    target: z.literal('webhook'),
    kind: z.enum(['latency', 'drop', 'duplicate']),
    count: z.number().int().positive().optional(),
    latencyMs: z.number().int().nonnegative().optional(),
  }),
]);

const paymentJson = (p: PaymentRecord) => ({ ...p });

export function createSandboxRoutes(parts: SimulatorParts): Hono<Env> {
  const { registry, webhooks, faults, limiter } = parts;
  const env = parts.ledger;
  const routes = new Hono<Env>();

  routes.onError((error, c) => {
    if (error instanceof SimulatorError) {
      return c.json(
        { error: { code: error.code, message: error.message } },
        HTTP_STATUS[error.code],
      );
    }
    if (error instanceof z.ZodError) {
      const message = error.issues
        .map((i) => `${i.path.join('.') || 'body'}: ${i.message}`)
        .join('; ');
      return c.json({ error: { code: 'BAD_USER_INPUT', message } }, 400);
    }
    parts.logger?.error({ err: error }, 'simulator sandbox route failed');
    return c.json({ error: { code: 'INTERNAL', message: 'Internal error' } }, 500);
  });

  // Every route needs the firm's key, except creating a firm (like signing up for a sandbox
  // account; option openFirmCreation). The rule sits here, not in the order of registration.
  const isSignup = (c: Context) =>
    c.req.method === 'POST' && c.req.path.endsWith('/_sandbox/firms');
  routes.use('*', async (c, next) => {
    if (isSignup(c)) return next();
    const apiKey = c.req.header('x-api-key');
    const firm = apiKey ? registry.authenticate(apiKey) : undefined;
    if (!firm) {
      const message = apiKey ? 'Invalid API key' : 'Missing x-api-key header';
      return c.json({ error: { code: 'UNAUTHENTICATED', message } }, 401);
    }
    c.set('firm', firm);
    await next();
  });

  routes.post('/firms', async (c) => {
    if (!parts.openFirmCreation) {
      return c.json({ error: { code: 'FORBIDDEN', message: 'Firm creation is closed' } }, 403);
    }
    const init = await body(
      c,
      z.strictObject({ name: z.string().min(1).optional(), apiKey: z.string().min(1).optional() }),
    );
    return c.json(firmInfo(registry.create(init)), 201);
  });

  routes.get('/firm', (c) => c.json({ id: c.var.firm.id, name: c.var.firm.name }));
  // The emails sendPaymentRequest would have sent, oldest first (pay-requests.ts).
  routes.get('/emails', (c) => c.json({ emails: sentEmails(c.var.firm) }));

  // Payments.
  routes.post('/payment-links/:id/pay', async (c) => {
    const options = await body(c, PayBody);
    const { payment, transactions } = ledger.payPaymentLink(
      env,
      c.var.firm,
      c.req.param('id'),
      options,
    );
    return c.json(
      { payment: paymentJson(payment), transactions: transactions.map(transactionJson) },
      201,
    );
  });
  routes.post('/aggregate-payment-links/:id/pay', async (c) => {
    const options = await body(c, PayBody);
    const result = ledger.payAggregateLink(env, c.var.firm, c.req.param('id'), options);
    return c.json(
      {
        payments: result.payments.map(paymentJson),
        transactions: result.transactions.map(transactionJson),
      },
      201,
    );
  });
  routes.post('/payment-links/:id/seal', (c) => {
    const link = ledger.sealPaymentLink(c.var.firm, c.req.param('id'));
    return c.json({ id: link.id, status: 'sealed' });
  });

  // Bank accounts: what the service's portal sets (where fees and chargebacks are taken).
  routes.patch('/bank-accounts/:id', async (c) => {
    const flags = await body(
      c,
      z.strictObject({
        isFeeAccount: z.boolean().optional(),
        isChargebackAccount: z.boolean().optional(),
      }),
    );
    const account = getBankAccount(c.var.firm, c.req.param('id'));
    Object.assign(account, flags);
    return c.json({
      ...account,
      isFeeAccount: account.isFeeAccount ?? false,
      isChargebackAccount: account.isChargebackAccount ?? false,
    });
  });

  // Transactions.
  routes.post('/transactions', async (c) => {
    const init = await body(c, CreateTransactionBody);
    return c.json(transactionJson(ledger.createTransaction(env, c.var.firm, init)), 201);
  });
  routes.post('/transactions/:id/funds-in-transit', (c) =>
    c.json(transactionJson(lifecycle.moveToFundsInTransit(env, c.var.firm, c.req.param('id')))),
  );
  routes.post('/transactions/:id/deposited', async (c) => {
    const { depositId } = await body(
      c,
      z.strictObject({ depositId: z.string().min(1).max(255).optional() }),
    );
    const deposited = lifecycle.moveToDeposited(env, c.var.firm, c.req.param('id'), depositId);
    return c.json(transactionJson(deposited));
  });
  // The processor's batch: every payment not deposited yet settles into one new deposit.
  routes.post('/deposits', (c) => {
    const settled = lifecycle.settlePayments(env, c.var.firm);
    return c.json({
      depositId: settled[0]?.depositId ?? null,
      transactions: settled.map(transactionJson),
    });
  });
  routes.post('/transactions/:id/ach-return', async (c) => {
    const reason = await body(
      c,
      z.strictObject({ code: z.string().optional(), reason: z.string().optional() }),
    );
    const returned = lifecycle.triggerAchReturn(env, c.var.firm, c.req.param('id'), reason);
    return c.json(transactionJson(returned), 201);
  });
  routes.post('/transactions/:id/refund', async (c) => {
    const { amount } = await body(
      c,
      z.strictObject({ amount: z.number().int().positive().optional() }),
    );
    const refund = lifecycle.refundTransaction(env, c.var.firm, c.req.param('id'), amount);
    return c.json(transactionJson(refund), 201);
  });
  routes.post('/transactions/:id/void', (c) =>
    c.json(transactionJson(lifecycle.voidTransaction(env, c.var.firm, c.req.param('id')))),
  );

  // Chargebacks (card payments) and their reversals; `eventType` renames the event sent.
  const ChargebackBody = z.strictObject({
    amount: z.number().int().positive().optional(),
    eventType: z.string().min(1).optional(),
  });
  routes.post('/transactions/:id/chargeback', async (c) => {
    const options = await body(c, ChargebackBody);
    const created = triggerChargeback(env, c.var.firm, c.req.param('id'), options);
    return c.json(transactionJson(created), 201);
  });
  routes.post('/transactions/:id/chargeback-reversal', async (c) => {
    const options = await body(c, ChargebackBody);
    const created = triggerChargebackReversal(env, c.var.firm, c.req.param('id'), options);
    return c.json(transactionJson(created), 201);
  });

  // Monthly statements: debits taken from bank accounts, and the `statement.created` event.
  routes.get('/statements', (c) => c.json({ statements: [...c.var.firm.statements.values()] }));
  routes.post('/statements', async (c) => {
    const input = await body(
      c,
      z.strictObject({
        month: z.string().min(1),
        debits: z
          .array(
            z.strictObject({
              bankAccountId: z.string(),
              amount: z.number().positive(),
              statementDescriptor: z.string().optional(),
            }),
          )
          .optional(),
        eventShape: z.enum(STATEMENT_EVENT_SHAPES).optional(),
      }),
    );
    return c.json(createStatement(env, c.var.firm, input), 201);
  });

  // Refund and void requests: what the next ones answer, finishing one that awaits its result.
  routes.get('/money-out/requests', (c) =>
    c.json({ requests: [...c.var.firm.moneyOut.requests.values()] }),
  );
  routes.post('/money-out/outcomes', async (c) => {
    const spec = await body(
      c,
      z.strictObject({
        status: z.enum(['SUCCESS', 'AWAITING_RESULT', 'TXN_FAILED', 'ERROR']),
        errorMessage: z.string().optional(),
        count: z.number().int().positive().optional(),
      }),
    );
    moneyOut.queueOutcome(c.var.firm, spec);
    return c.json({ outcomes: c.var.firm.moneyOut.outcomes }, 201);
  });
  routes.put('/money-out/completion-shape', async (c) => {
    const { shape } = await body(c, z.strictObject({ shape: z.enum(moneyOut.COMPLETION_SHAPES) }));
    c.var.firm.moneyOut.completionShape = shape;
    return c.json({ shape });
  });
  routes.put('/money-out/void-refusal', async (c) => {
    const { shape } = await body(
      c,
      z.strictObject({ shape: z.enum(moneyOut.VOID_REFUSAL_SHAPES) }),
    );
    c.var.firm.moneyOut.voidRefusal = shape;
    return c.json({ shape });
  });
  routes.post('/money-out/requests/:id/complete', async (c) => {
    const outcome = await body(
      c,
      z.strictObject({
        status: z.enum(['SUCCESS', 'TXN_FAILED', 'ERROR']).optional(),
        errorMessage: z.string().optional(),
      }),
    );
    return c.json(moneyOut.completeRequest(env, c.var.firm, c.req.param('id'), outcome));
  });

  // Webhook events and their delivery.
  routes.post('/events', async (c) => {
    const input = await body(
      c,
      z.strictObject({
        type: z.string().min(1),
        transactionId: z.string().optional(),
        data: z.record(z.string(), z.unknown()).optional(),
      }),
    );
    const data =
      input.data ?? (input.transactionId ? { transaction: { id: input.transactionId } } : {});
    return c.json({ events: webhooks.emit(c.var.firm, [{ type: input.type, data }]) }, 201);
  });
  routes.get('/webhooks/events', (c) => c.json({ events: webhooks.events(c.var.firm.id) }));
  routes.get('/webhooks/deliveries', (c) =>
    c.json({ deliveries: webhooks.deliveries(c.var.firm.id) }),
  );
  settingsRoutes(routes, env, body);

  routes.get('/webhooks/mode', (c) =>
    c.json({ mode: webhooks.mode(c.var.firm.id), held: webhooks.held(c.var.firm.id).length }),
  );
  routes.put('/webhooks/mode', async (c) => {
    const { mode } = await body(
      c,
      z.strictObject({ mode: z.enum(['deliver', 'hold', 'suppress']) }),
    );
    webhooks.setMode(c.var.firm.id, mode);
    return c.json({ mode });
  });
  routes.post('/webhooks/flush', async (c) => {
    const options = await body(
      c,
      z.strictObject({
        order: z.enum(['fifo', 'reverse']).optional(),
        batch: z.boolean().optional(),
      }),
    );
    return c.json({ deliveries: await webhooks.flush(c.var.firm, options) });
  });
  routes.post('/webhooks/events/:eventId/redeliver', async (c) => {
    const { webhookUrlId } = await body(c, z.strictObject({ webhookUrlId: z.string().optional() }));
    return c.json({
      deliveries: webhooks.redeliver(c.var.firm, c.req.param('eventId'), webhookUrlId),
    });
  });
  routes.post('/webhooks/deliver', async (c) => {
    const { eventIds } = await body(c, z.strictObject({ eventIds: z.array(z.string()).min(1) }));
    return c.json({ deliveries: webhooks.deliverBatch(c.var.firm, eventIds) });
  });
  routes.post('/webhooks/retry-now', (c) => c.json({ retried: webhooks.retryNow(c.var.firm.id) }));

  // Faults and counters.
  routes.get('/faults', (c) => c.json({ faults: faults.list(c.var.firm.id) }));
  routes.post('/faults', async (c) => {
    const spec = await body(c, FaultBody);
    return c.json(faults.inject(c.var.firm.id, spec), 201);
  });
  routes.delete('/faults', (c) => {
    faults.clear(c.var.firm.id);
    return c.json({ faults: [] });
  });
  routes.get('/stats', (c) => c.json(limiter.stats(c.var.firm.id)));
  routes.delete('/stats', (c) => {
    limiter.resetStats(c.var.firm.id);
    return c.json(limiter.stats(c.var.firm.id));
  });

  routes.route('/', createSubscriptionRoutes(parts));
  return routes;
}
