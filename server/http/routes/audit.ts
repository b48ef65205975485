import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { getTransaction } from '../../book/transactions/transactions.js';
import { AUDIT_SUBJECTS } from '../../../shared/audit.js';
import { historyOf } from '../../book/history/history.js';
import { parseHead, verifyHistory } from '../../book/history/verify.js';
import { invalidInput } from '../../errors.js';
import { errorResponses, idParams, jsonResponse } from '../openapi.js';
import { createRouter } from '../router.js';

// The tamper-evident history: a transaction's changes as stored (staff), and the chain's
// verification (admin). Nothing here writes.

const tags = ['audit'];

const historyRow = z.object({
  seq: z.number().int(),
  subject: z.enum(AUDIT_SUBJECTS),
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
      reason: z.enum([
        'hash',
        'link',
        'legacy_after_keyed',
        'unanchored',
        'missing',
        'head_not_found',
      ]),
    })
    .nullable(),
  heads: z.array(z.object({ orgId: z.string(), seq: z.number().int(), hash: z.string() })),
  differences: z.array(
    z.object({
      table: z.string(),
      id: z.string(),
      field: z.string(),
      chain: z.unknown(),
      live: z.unknown(),
    }),
  ),
  differenceCount: z.number().int(),
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
    request: {
      query: z.object({
        /** A head kept earlier (`SEQ:HASH`): proves nothing after it was cut off. */
        head: z.string().max(100).optional(),
      }),
    },
    responses: {
      200: jsonResponse(
        verifyResult,
        'The chain re-computed with its key, the first broken row, and every live row that differs from it',
      ),
      ...errorResponses,
    },
  }),
  async (c) => {
    const { head } = c.req.valid('query');
    let kept;
    try {
      kept = head === undefined ? undefined : parseHead(head);
    } catch (error) {
      throw invalidInput((error as Error).message, { head: ['SEQ:HASH'] });
    }
    const { historyKey } = c.get('deps');
    return c.json(await verifyHistory(c.get('db'), historyKey, c.get('caller').orgId, kept), 200);
  },
);
