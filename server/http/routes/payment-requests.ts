import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { IDEMPOTENCY_HEADER } from '../../../shared/idempotency.js';
import {
  manualPaymentCreate,
  paymentRequestCreate,
  paymentRequestRecord,
} from '../../../shared/payment-requests.js';
import { errorBody, recordId, transactionRecord } from '../../../shared/schemas.js';
import type { RequestTarget } from '../../domain/payment-requests.js';
import { defaultReminderDays, toPaymentRequest } from '../../domain/payment-requests.js';
import { invalidInput } from '../../errors.js';
import { recordManualPayment } from '../../money-in/manual-payments.js';
import { listRequests, sendPaymentRequest, stopRequest } from '../../money-in/requests.js';
import { actorOf } from '../context.js';
import { recordedPerson } from '../people.js';
import { idParams, jsonBody, jsonResponse, writeErrorResponses } from '../openapi.js';
import { createRouter } from '../router.js';

// Payment requests (POST/GET /api/payment-links/{id}/requests, the same under aggregate-links,
// and …/requests/{requestId}/stop) and cheques recorded on a link
// (POST /api/payment-links/{id}/manual-payments, Idempotency-Key required). server/money-in/
// does the work; docs/api.md describes them.

const requestParams = z.object({ id: recordId, requestId: recordId });

/** The requests' routes of one kind of link, mounted under its records' path. */
function requestsRouter(kind: RequestTarget['kind']) {
  const router = createRouter({ role: { read: 'viewer', write: 'staff' } });
  const tags = [kind === 'payment-link' ? 'payment-links' : 'aggregate-links'];
  const what = kind === 'payment-link' ? 'payment link' : 'aggregate link';

  router.openapi(
    createRoute({
      method: 'post',
      path: '/{id}/requests',
      tags,
      summary: `Email the ${what}'s payment page, with reminders until it is paid`,
      request: { params: idParams, body: jsonBody(paymentRequestCreate) },
      responses: {
        201: jsonResponse(paymentRequestRecord, 'Sent; its reminders are scheduled'),
        202: jsonResponse(paymentRequestRecord, 'Stored; the service was not reached yet'),
        ...writeErrorResponses,
        502: jsonResponse(errorBody, 'The payment service refused the request'),
      },
    }),
    async (c) => {
      const caller = c.get('caller');
      const { created, httpStatus } = await sendPaymentRequest(
        { db: c.get('db'), runNow: (jobId) => c.get('deps').worker.runNow(jobId) },
        {
          orgId: caller.orgId,
          target: { kind, id: c.req.valid('param').id },
          body: c.req.valid('json'),
          sentBy: actorOf(caller),
          by: recordedPerson(caller),
        },
      );
      return c.json(toPaymentRequest(created), httpStatus);
    },
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/{id}/requests',
      tags,
      summary: `The ${what}'s payment requests, newest first, each with its next reminder`,
      request: { params: idParams },
      responses: {
        200: jsonResponse(
          // The firm's cadence too: staff may not read the settings, and a new request offers it.
          z.object({
            data: z.array(paymentRequestRecord),
            defaultReminderDays: z.array(z.number().int()),
          }),
          'The requests, and the cadence a new one takes by default',
        ),
        ...writeErrorResponses,
      },
    }),
    async (c) => {
      const target = { kind, id: c.req.valid('param').id };
      const { orgId } = c.get('caller');
      const data = await listRequests(c.get('db'), orgId, target);
      return c.json(
        { data, defaultReminderDays: await defaultReminderDays(c.get('db'), orgId) },
        200,
      );
    },
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/{id}/requests/{requestId}/stop',
      tags,
      summary: 'Stop a payment request’s reminders',
      request: { params: requestParams },
      responses: {
        200: jsonResponse(paymentRequestRecord, 'Its reminders are stopped'),
        ...writeErrorResponses,
      },
    }),
    async (c) => {
      const { id, requestId } = c.req.valid('param');
      const caller = c.get('caller');
      const stopped = await stopRequest(c.get('db'), {
        orgId: caller.orgId,
        target: { kind, id },
        requestId,
        by: actorOf(caller),
        person: recordedPerson(caller),
      });
      return c.json(stopped, 200);
    },
  );
  return router;
}

export const paymentLinkRequestsRouter = requestsRouter('payment-link');
export const aggregateLinkRequestsRouter = requestsRouter('aggregate-link');

const manualPaymentAnswer = z.object({
  payment: z.object({ serviceId: z.string(), amount: z.string() }),
  transactions: z.array(transactionRecord),
});

paymentLinkRequestsRouter.openapi(
  createRoute({
    method: 'post',
    path: '/{id}/manual-payments',
    tags: ['payment-links'],
    summary: 'Record a cheque or cash on a payment link (exactly once per Idempotency-Key)',
    request: {
      params: idParams,
      headers: z.object({
        // Checked by the handler, which says why it is required.
        'idempotency-key': z.string().optional().openapi({
          description: 'Required: the same key answers the same, and records nothing twice',
        }),
      }),
      body: jsonBody(manualPaymentCreate),
    },
    responses: {
      201: jsonResponse(manualPaymentAnswer, 'Recorded at the service, and stored here'),
      ...writeErrorResponses,
      502: jsonResponse(errorBody, 'The payment service failed or refused it'),
    },
  }),
  async (c) => {
    if (c.req.header(IDEMPOTENCY_HEADER) === undefined) {
      throw invalidInput(
        `The ${IDEMPOTENCY_HEADER} header is required: a cheque is recorded once`,
        {
          [IDEMPOTENCY_HEADER]: ['is required'],
        },
      );
    }
    const db = c.get('db');
    const deps = c.get('deps');
    const recorded = await recordManualPayment(
      { db, historyKey: deps.historyKey, remote: deps.remote },
      {
        orgId: c.get('caller').orgId,
        paymentLinkId: c.req.valid('param').id,
        body: c.req.valid('json'),
        // A transaction of the request's database marks its Idempotency-Key as having written
        // (http/idempotency.ts): from here on a retry never runs it again.
        beforeSend: () => db.transaction(async () => {}),
      },
    );
    return c.json(recorded, 201);
  },
);
