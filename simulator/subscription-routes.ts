// The sandbox's side of payment plans, under /_sandbox (the firm's x-api-key, like every admin
// route): the clock that makes scheduled charges, and the client's enrolment at a plan's url.
import { Hono } from 'hono';
import { z } from 'zod';
import type { SimulatorParts } from './parts.js';
import { advanceClock, enrollSubscription } from './sandbox-clock.js';
import { body, transactionJson, type SandboxEnv } from './sandbox-http.js';
import { firmToday, subscriptionStatus } from './subscriptions.js';

const AdvanceBody = z.union([
  z.strictObject({ days: z.number().int().min(0).max(3660) }),
  z.strictObject({ to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
]);

const EnrollBody = z.strictObject({
  method: z.enum(['ACH', 'CREDIT', 'DEBIT']).optional(),
  /** Every charge of the plan is declined (an ERROR transaction): `payment_failed`. */
  declines: z.boolean().optional(),
});

export function createSubscriptionRoutes(parts: SimulatorParts): Hono<SandboxEnv> {
  const routes = new Hono<SandboxEnv>();
  routes.get('/clock', (c) => c.json({ today: firmToday(c.var.firm) }));
  routes.post('/clock/advance', async (c) => {
    const result = advanceClock(parts.ledger, c.var.firm, await body(c, AdvanceBody));
    return c.json({ today: result.today, payments: result.payments.map(transactionJson) });
  });
  routes.post('/subscriptions/:id/enroll', async (c) => {
    const subscription = enrollSubscription(
      c.var.firm,
      c.req.param('id'),
      await body(c, EnrollBody),
    );
    return c.json({ id: subscription.id, status: subscriptionStatus(c.var.firm, subscription) });
  });
  return routes;
}
