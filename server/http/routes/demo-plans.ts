import type { Context } from 'hono';
import { z } from 'zod';
import type { Demo } from '../../demo.js';
import { getPaymentPlan } from '../../domain/payment-plans.js';
import { AppError, invalidInput } from '../../errors.js';
import type { AppEnv } from '../context.js';
import { fieldErrors } from '../validation.js';

// The demo page's payment plan step (demo mode only, beside /demo/pay and /demo/settle in
// demo.ts, which mounts these the same way): the client enrols a card at the plan's link, and the
// simulator's clock moves on, making the plan's payments that fall due meanwhile (each arrives
// by signed webhook like any payment).

const enrollInput = z.strictObject({
  paymentPlanId: z.uuid({ error: 'must be a payment plan id' }),
});
const clockInput = z.strictObject({
  days: z.number({ error: 'must be a number of days' }).int().min(1).max(366),
});

async function read<T extends z.ZodType>(c: Context<AppEnv>, schema: T): Promise<z.infer<T>> {
  const parsed = schema.safeParse(await c.req.json().catch(() => undefined));
  if (!parsed.success) throw invalidInput('The body is not valid', fieldErrors(parsed.error));
  return parsed.data;
}

/** The plan step's actions, by path: each answers what the page says of it. */
export const demoPlanActions = (demo: Demo) => ({
  /** Plays the client: enrols a test card at the plan's link (the plan becomes active). */
  '/demo/plan-enroll': async (c: Context<AppEnv>) => {
    const { paymentPlanId } = await read(c, enrollInput);
    const plan = await getPaymentPlan(c.get('db'), c.get('caller').orgId, paymentPlanId);
    if (!plan.serviceId) {
      throw new AppError(
        'conflict',
        'The payment plan is not in the payment service yet: sync it first',
      );
    }
    demo.simulator.sandbox.enrollSubscription(demo.firmKey, plan.serviceId, { method: 'CREDIT' });
    return { enrolled: true };
  },
  /** Moves the simulator's clock on (`POST /_sandbox/clock/advance`): the plans' charges due. */
  '/demo/clock': async (c: Context<AppEnv>) => {
    const { days } = await read(c, clockInput);
    const moved = demo.simulator.sandbox.advanceClock(demo.firmKey, { days });
    return { today: moved.today, payments: moved.payments.length };
  },
});
