import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  APPROVAL_STATUSES,
  approvalRecord,
  awaitingApproval,
  type ApprovalRecord,
} from '../../../shared/approvals.js';
import {
  decideApproval,
  getApprovalRow,
  listApprovals,
  type BookApproval,
} from '../../book/approvals/approvals.js';
import { callerLanguage, sentenceIn } from '../language.js';
import type { ApiLanguage } from '../../sentences.js';
import { approveLedgerAction } from '../../book/approvals/ledger.js';
import { approveMoneyOut } from '../../money-out/approval.js';
import { idParams, jsonResponse, writeErrorResponses, errorResponses } from '../openapi.js';
import { recordedPerson } from '../people.js';
import { createRouter } from '../router.js';

// Second approvals (docs/api.md#people-and-approvals): GET /api/approvals lists them (pending
// first); another named admin approves one (it is then carried on by its kind's carrier), or an
// admin rejects it. A new kind plugs in here with its carrier (server/book/approvals/approvals.ts).

const tags = ['approvals'];

/** An approval as the API answers it: what waits and the guard's refusal in `language`. */
const approvalIn = (approval: BookApproval, language: ApiLanguage): ApprovalRecord => ({
  ...approval,
  what: sentenceIn(approval.what, language),
  refusal: sentenceIn(approval.refusal, language),
});

/** Approvals, said in the caller's language (read once per answer). */
const approvalsIn = (c: Context, approvals: readonly BookApproval[]) => {
  const language = callerLanguage(c);
  return approvals.map((approval) => approvalIn(approval, language));
};

/** A 202 `awaiting_approval` (a ledger route's, a refund's or void's), its approval said so. */
export const awaitingIn = <T extends { approval: BookApproval }>(c: Context, answer: T) => ({
  ...answer,
  approval: approvalIn(answer.approval, callerLanguage(c)),
});

/** A ledger route's 202: beyond the trust guard, overridden, waiting for a second approver. */
export const awaitingResponse = jsonResponse(
  awaitingApproval,
  'Beyond the trust guard, overridden: nothing posted, it waits for a second approver',
);

export const approvalsRouter = createRouter({ role: { read: 'staff', write: 'admin' } })
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags,
      summary: 'Approvals: pending first (soonest to expire first), then the rest newest first',
      request: {
        query: z.object({
          status: z
            .enum(APPROVAL_STATUSES, { error: `must be one of ${APPROVAL_STATUSES.join(', ')}` })
            .optional(),
        }),
      },
      responses: {
        200: jsonResponse(z.object({ data: z.array(approvalRecord) }), 'The approvals'),
        ...errorResponses,
      },
    }),
    async (c) =>
      c.json(
        {
          data: approvalsIn(
            c,
            await listApprovals(c.get('db'), c.get('caller').orgId, c.req.valid('query')),
          ),
        },
        200,
      ),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/approve',
      tags,
      summary: 'Approve: another named admin than the requester; the action is then carried on',
      request: { params: idParams },
      responses: {
        200: jsonResponse(approvalRecord, 'Approved, and the action carried on (`result`)'),
        ...writeErrorResponses,
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const caller = c.get('caller');
      const { id } = c.req.valid('param');
      const row = await getApprovalRow(c.get('db'), caller.orgId, id); // 404
      const decider = recordedPerson(caller);
      // Each kind's carrier: the ledger's postings, or a refund or void sent.
      if (row.kind !== 'money_out') {
        const posted = await approveLedgerAction(c.get('db'), deps.historyKey, {
          orgId: caller.orgId,
          id,
          decider,
        });
        return c.json(approvalIn(posted, callerLanguage(c)), 200);
      }
      const approval = await approveMoneyOut(
        {
          db: c.get('db'),
          historyKey: deps.historyKey,
          remote: deps.remote,
          runNow: (jobId) => deps.worker.runNow(jobId),
        },
        { orgId: caller.orgId, id, decider },
      );
      return c.json(approvalIn(approval, callerLanguage(c)), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/reject',
      tags,
      summary: 'Reject: the action is not done (the requester may withdraw their own)',
      request: { params: idParams },
      responses: {
        200: jsonResponse(approvalRecord, 'Rejected'),
        ...writeErrorResponses,
      },
    }),
    async (c) => {
      const caller = c.get('caller');
      const decided = await c.get('db').transaction((tx) =>
        decideApproval(
          tx,
          c.get('deps').historyKey,
          {
            orgId: caller.orgId,
            id: c.req.valid('param').id,
            decider: recordedPerson(caller),
            decision: 'rejected',
          },
          async () => ({}),
        ),
      );
      return c.json(approvalIn(decided, callerLanguage(c)), 200);
    },
  );
