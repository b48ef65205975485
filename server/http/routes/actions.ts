import { z } from 'zod';
import {
  ACTION_NAMES,
  actionInputs,
  bankAccountsSyncResult,
  type ActionName,
} from '../../../shared/actions.js';
import { ACTION_ROLES } from '../../actions/actions.js';
import { runAction } from '../../actions/run-action.js';
import { AppError } from '../../errors.js';
import { REQUIRED_ROLE } from '../access.js';
import { assertRole } from '../auth.js';
import { jsonBody, jsonResponse, writeErrorResponses } from '../openapi.js';
import { createRouter } from '../router.js';

// POST /api/actions/{ActionName}: the spec's invocable flow actions. The body is one input or a
// list; validation happens in runAction (it reports bulk errors by index), so the routes here are
// plain, and the OpenAPI document is told about each action separately.

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
    await runAction({ db: c.get('db'), sync: deps.sync }, c.get('caller').orgId, name, body),
    200,
  );
});
