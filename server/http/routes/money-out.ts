import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  moneyOutRequestRecord,
  refundBody,
  voidBody,
  type MoneyOutKind,
} from '../../../shared/money-out.js';
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '../../../shared/idempotency.js';
import { transactionRecord } from '../../../shared/schemas.js';
import { approvalRecord } from '../../../shared/approvals.js';
import { awaitingIn } from './approvals.js';
import { requestMoneyOut } from '../../money-out/request.js';
import { listMoneyOut } from '../../book/money-out/requests.js';
import { getTransaction } from '../../book/transactions/transactions.js';
import type { AppEnv } from '../context.js';
import { idempotencyKeyOf } from '../idempotency.js';
import { recordedPerson } from '../people.js';
import { idParams, jsonBody, jsonResponse, writeErrorResponses } from '../openapi.js';
import { createRouter } from '../router.js';

// Money out: POST /api/transactions/{id}/refund and /void (admin, Idempotency-Key), and
// GET /api/transactions/{id}/money-out, the refund and void requests made for a transaction.

// Exactly once per Idempotency-Key by its own record (server/money-out/), not a stored answer.
export const moneyOutRouter = createRouter({
  role: { read: 'viewer', write: 'admin' },
  idempotency: 'own',
});
const tags = ['transactions'];

const answer = z.object({
  status: z.string(),
  idempotencyKey: z.string(),
  request: z.object({
    id: z.uuid(),
    kind: z.enum(['refund', 'void']),
    status: z.string(),
    errorMessage: z.string().nullable(),
    serviceId: z.string().nullable(),
    amount: z.string().nullable(),
  }),
  original: transactionRecord,
  reversals: z.array(transactionRecord),
});

/** An override beyond the trust guard waiting for a second admin (docs/api.md#people-and-approvals). */
const awaiting = z.object({
  status: z.literal('awaiting_approval'),
  idempotencyKey: z.string(),
  approval: approvalRecord,
  original: transactionRecord,
  reversals: z.array(transactionRecord),
});

const moneyOutResponses = {
  200: jsonResponse(answer, 'The service did it: the original and its reversals'),
  202: jsonResponse(
    z.union([answer, awaiting]),
    'The service is still working on it (the records follow), or it awaits a second approver',
  ),
  ...writeErrorResponses,
  409: jsonResponse(
    z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
    'Refused: not refundable or voidable, the trust guard, or the service refused it',
  ),
  422: jsonResponse(
    z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
    'The Idempotency-Key was used with another body',
  ),
} as const;

const keyHeader = z.object({
  'idempotency-key': z.string().optional().openapi({
    description: 'Makes the request safe to retry: the same key answers the same (255 max)',
  }),
});

async function run(
  c: Context<AppEnv>,
  kind: MoneyOutKind,
  id: string,
  body: {
    amount?: string | number | undefined;
    reason?: string | undefined;
    override?: { reason: string } | undefined;
  },
) {
  const deps = c.get('deps');
  const caller = c.get('caller');
  const answered = await requestMoneyOut(
    {
      db: c.get('db'),
      historyKey: deps.historyKey,
      remote: deps.remote,
      runNow: (jobId) => deps.worker.runNow(jobId),
    },
    {
      orgId: caller.orgId,
      kind,
      transactionId: id,
      ...body,
      idempotencyKey: idempotencyKeyOf(c),
      requestedBy: caller.keyId,
      requester: recordedPerson(caller),
    },
  );
  c.header(IDEMPOTENCY_HEADER, answered.body.idempotencyKey);
  if (answered.replayed) c.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  const said = answered.body;
  if (said.status === 'awaiting_approval') return c.json(awaitingIn(c, said), 202);
  return c.json(said, answered.httpStatus);
}

/** POST /{id}/refund and /{id}/void: one definition, the kind's path, summary and body apart. */
function moneyOutRoute(
  kind: MoneyOutKind,
  summary: string,
  body: typeof refundBody | typeof voidBody,
) {
  moneyOutRouter.openapi(
    createRoute({
      method: 'post',
      path: `/{id}/${kind}`,
      tags,
      summary,
      request: { params: idParams, headers: keyHeader, body: jsonBody(body) },
      responses: moneyOutResponses,
    }),
    async (c) => run(c, kind, c.req.valid('param').id, c.req.valid('json')),
  );
}

moneyOutRoute('refund', 'Refund a payment, in part or all that is left', refundBody);
moneyOutRoute('void', 'Void a payment that is not settled yet', voidBody);

moneyOutRouter.openapi(
  createRoute({
    method: 'get',
    path: '/{id}/money-out',
    tags,
    summary: 'The refund and void requests made for a transaction, newest first',
    request: { params: idParams },
    responses: {
      200: jsonResponse(z.object({ data: z.array(moneyOutRequestRecord) }), 'The requests'),
      ...writeErrorResponses,
    },
  }),
  async (c) => {
    const { id } = c.req.valid('param');
    const orgId = c.get('caller').orgId;
    await getTransaction(c.get('db'), orgId, id); // 404 for another organization's
    return c.json({ data: await listMoneyOut(c.get('db'), orgId, id) }, 200);
  },
);
