// The simulator's own settings (the whole simulator, every firm): which transaction refund, void
// and return events name (ledger.ts, ReversalSettings), and which transactions of a split
// payment `transaction.created` names (split-payments.ts).
import type { Context, Env, Hono } from 'hono';
import { z } from 'zod';
import type { LedgerEnv } from './ledger.js';

type ReadBody = <T extends z.ZodType>(c: Context, schema: T) => Promise<z.infer<T>>;

const ReversalsBody = z.strictObject({
  events: z.enum(['reversing', 'original']).optional(),
  voidTransaction: z.boolean().optional(),
  amounts: z.enum(['reported', 'none']).optional(),
});
const SplitBody = z.strictObject({ events: z.enum(['each', 'first']) });

export function settingsRoutes<E extends Env>(
  routes: Hono<E>,
  env: LedgerEnv,
  body: ReadBody,
): void {
  routes.get('/settings/reversals', (c) => c.json(env.reversals));
  routes.put('/settings/reversals', async (c) =>
    c.json(Object.assign(env.reversals, await body(c, ReversalsBody))),
  );
  routes.get('/settings/split-payments', (c) => c.json(env.split));
  routes.put('/settings/split-payments', async (c) =>
    c.json(Object.assign(env.split, await body(c, SplitBody))),
  );
}
