import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { getTransaction } from '../../domain/transactions.js';
import { historyOf, verifyHistory } from '../../domain/audit/history.js';
import { errorResponses, idParams, jsonResponse } from '../openapi.js';
import { createRouter } from '../router.js';

// The tamper-evident history: a transaction's changes as stored (staff), and the chain's
// verification (admin). Nothing here writes.

const tags = ['audit'];

const historyRow = z.object({
  seq: z.number().int(),
  subject: z.enum(['transaction', 'ledger_entry']),
  content: z.unknown(),
  hash: z.string(),
  recordedAt: z.iso.datetime(),
});

const verifyResult = z.object({
  ok: z.boolean(),
  rows: z.number().int(),
  firstBroken: z
    .object({
      orgId: z.string(),
      seq: z.number().int(),
      subject: z.string(),
      subjectId: z.string(),
    })
    .nullable(),
});

export const transactionHistoryRouter = createRouter({ role: 'staff' }).openapi(
  createRoute({
    method: 'get',
    path: '/{id}/history',
    tags,
    request: { params: idParams },
    responses: {
      200: jsonResponse(
        z.object({ data: z.array(historyRow) }),
        'Every stored state, oldest first',
      ),
      ...errorResponses,
    },
  }),
  async (c) => {
    const { orgId } = c.get('caller');
    const { id } = c.req.valid('param');
    await getTransaction(c.get('db'), orgId, id); // 404 for another organization's
    return c.json({ data: await historyOf(c.get('db'), orgId, id) }, 200);
  },
);

export const auditAdminRouter = createRouter({ role: 'admin' }).openapi(
  createRoute({
    method: 'get',
    path: '/audit/verify',
    tags,
    responses: {
      200: jsonResponse(verifyResult, 'The chain re-computed; the first broken row, if any'),
      ...errorResponses,
    },
  }),
  async (c) => c.json(await verifyHistory(c.get('db'), c.get('caller').orgId), 200),
);
