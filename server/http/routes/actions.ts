import { z } from 'zod';
import {
  ACTION_NAMES,
  actionInputs,
  bankAccountsSyncResult,
  MAX_ACTION_INPUTS,
  MONEY_OUT_ACTIONS,
  type ActionName,
} from '../../../shared/actions.js';
import { ACTION_ROLES } from '../../actions/actions.js';
import { prefixed, runAction, type ActionInputs } from '../../actions/run-action.js';
import { AppError, invalidInput, type FieldErrors } from '../../errors.js';
import { REQUIRED_ROLE } from '../access.js';
import { idempotencyKeyOf, storedAnswers } from '../idempotency.js';
import { assertRole } from '../auth.js';
import { jsonBody, jsonResponse, writeErrorResponses } from '../openapi.js';
import { createRouter } from '../router.js';
import { fieldErrors } from '../validation.js';

// POST /api/actions/{ActionName}: the spec's invocable flow actions. The body is one input or a
// list; it is validated here, at the edge, against the action's zod schema, each input apart so
// that a bulk call's errors name their input by index ("3.name"). The route is therefore plain
// (not a zod-openapi route), and the OpenAPI document is told about each action separately.

export const actionsRouter = createRouter();

for (const name of ACTION_NAMES) {
  const input = actionInputs[name];
  actionsRouter.openAPIRegistry.registerPath({
    method: 'post',
    path: `/${name}`,
    tags: ['actions'],
    summary: `The spec's ${name} action`,
    // Declared like the other routes' guards (access.ts), from the one table that enforces it.
    [REQUIRED_ROLE]: ACTION_ROLES[name],
    request: { body: jsonBody(z.union([input, z.array(input)])) },
    responses: {
      200: jsonResponse(
        name === 'BankAccountsSync'
          ? bankAccountsSyncResult
          : z.array(z.record(z.string(), z.unknown())),
        name === 'BankAccountsSync'
          ? 'How many bank accounts were synced'
          : 'The affected records after their sync',
      ),
      ...writeErrorResponses,
    },
  });
}

/** One input or a list of them (bulk, like the platform's invocable methods), each valid. */
function parseInputs<A extends ActionName>(name: A, body: unknown): ActionInputs<A> {
  const bulk = Array.isArray(body);
  const items: unknown[] = bulk ? (body as unknown[]) : [body ?? {}];
  if (bulk && items.length === 0)
    throw invalidInput('Send at least one input', { _: ['must not be an empty list'] });
  if (items.length > MAX_ACTION_INPUTS) {
    throw invalidInput(`Send at most ${MAX_ACTION_INPUTS} inputs at once`, {
      _: [`must hold at most ${MAX_ACTION_INPUTS} inputs`],
    });
  }
  const schema = actionInputs[name];
  const fields: FieldErrors = {};
  const inputs = items.map((item, index) => {
    const parsed = schema.safeParse(item);
    if (!parsed.success)
      Object.assign(fields, prefixed(fieldErrors(parsed.error), bulk ? index : null));
    return parsed.data as ActionInputs<A>['inputs'][number];
  });
  if (Object.keys(fields).length > 0) throw invalidInput('The action input is not valid', fields);
  return { inputs, bulk };
}

// Exactly once per Idempotency-Key, declared per action: TransactionRefund and TransactionVoid
// keep their own record (money out: each input's idempotencyKey, else one drawn from the
// call's key), every other action a stored answer.
const answers = storedAnswers();
const ownRecord: ReadonlySet<string> = new Set(MONEY_OUT_ACTIONS);

actionsRouter.post('/:name', (c, next) =>
  ownRecord.has(c.req.param('name')) ? next() : answers(c, next),
);

actionsRouter.post('/:name', async (c) => {
  const name = c.req.param('name') as ActionName;
  if (!ACTION_NAMES.includes(name)) {
    throw new AppError(
      'not_found',
      `No action named ${name}; there are ${ACTION_NAMES.join(', ')}`,
    );
  }
  assertRole(c.get('caller'), ACTION_ROLES[name]);
  let body: unknown;
  try {
    const text = await c.req.text();
    body = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new AppError('invalid_input', 'The request body is not valid JSON');
  }
  const deps = c.get('deps');
  return c.json(
    await runAction(
      {
        db: c.get('db'),
        historyKey: deps.historyKey,
        sync: deps.sync,
        remote: deps.remote,
        runNow: (jobId) => deps.worker.runNow(jobId),
      },
      c.get('caller'),
      name,
      {
        ...parseInputs(name, body),
        callKey: ownRecord.has(name) ? idempotencyKeyOf(c) : undefined,
      },
    ),
    200,
  );
});
