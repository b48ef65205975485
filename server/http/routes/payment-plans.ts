import { createRoute } from '@hono/zod-openapi';
import {
  paymentPlanCreate,
  paymentPlanDetail,
  paymentPlanRecord,
  paymentPlanUpdate,
} from '../../../shared/payment-plans.js';
import { listQuery, page, recordId } from '../../../shared/schemas.js';
import { resyncRecord } from '../../actions/resync.js';
import * as plans from '../../domain/payment-plans.js';
import type { PaymentPlanView } from '../../domain/payment-plan-views.js';
import { createSyncContext } from '../../sync/context.js';
import { refreshPaymentPlan } from '../../sync/payment-plans.js';
import { callerLanguage, sentenceIn } from '../language.js';
import type { AppEnv } from '../context.js';
import {
  errorResponses,
  idParams,
  jsonBody,
  jsonResponse,
  writeErrorResponses,
} from '../openapi.js';
import { createRouter } from '../router.js';
import type { Context } from 'hono';

// /api/payment-plans: payment plans (the service's subscriptions). Writes follow the trigger
// rules: the plan's sync job is queued with the write and pushes it to the service in the
// background (the actions PaymentPlanCreate/Update/Cancel push before they answer). Reading one
// plan asks the service for it first (its status, balance and upcoming payments move with the
// calendar); without an answer it shows the plan as last known. Each plan's `attention` is in
// the caller's language.

export const paymentPlansRouter = createRouter({ role: { read: 'viewer', write: 'staff' } });
const tags = ['payment-plans'];
type C = Context<AppEnv>;

const orgOf = (c: C) => c.get('caller').orgId;

/** A plan with its attention written in the caller's language. */
function spoken<T extends PaymentPlanView>(c: C, plan: T) {
  const language = callerLanguage(c);
  return { ...plan, attention: plan.attention ? sentenceIn(plan.attention, language) : null };
}

paymentPlansRouter.openapi(
  createRoute({
    method: 'get',
    path: '/',
    tags,
    request: {
      query: listQuery.extend({ clientId: recordId.optional(), matterId: recordId.optional() }),
    },
    responses: {
      200: jsonResponse(page(paymentPlanRecord), 'A page of payment plans, newest first'),
      ...errorResponses,
    },
  }),
  async (c) => {
    const found = await plans.listPaymentPlans(c.get('db'), orgOf(c), c.req.valid('query'));
    return c.json({ ...found, data: found.data.map((plan) => spoken(c, plan)) }, 200);
  },
);

paymentPlansRouter.openapi(
  createRoute({
    method: 'get',
    path: '/{id}',
    tags,
    request: { params: idParams },
    responses: {
      200: jsonResponse(paymentPlanDetail, 'The plan as the service reports it, with its payments'),
      ...errorResponses,
    },
  }),
  async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('db');
    await refreshPaymentPlan(createSyncContext(db, c.get('deps').remote), orgOf(c), id);
    return c.json(spoken(c, await plans.getPaymentPlan(db, orgOf(c), id)), 200);
  },
);

paymentPlansRouter.openapi(
  createRoute({
    method: 'post',
    path: '/',
    tags,
    request: { body: jsonBody(paymentPlanCreate) },
    responses: {
      201: jsonResponse(paymentPlanRecord, 'Created; its sync to the service is queued'),
      ...writeErrorResponses,
    },
  }),
  async (c) =>
    c.json(
      spoken(c, await plans.createPaymentPlan(c.get('db'), orgOf(c), c.req.valid('json'))),
      201,
    ),
);

paymentPlansRouter.openapi(
  createRoute({
    method: 'patch',
    path: '/{id}',
    tags,
    request: { params: idParams, body: jsonBody(paymentPlanUpdate) },
    responses: {
      200: jsonResponse(paymentPlanRecord, 'Updated; its sync to the service is queued'),
      ...writeErrorResponses,
    },
  }),
  async (c) => {
    const { id } = c.req.valid('param');
    const plan = await plans.updatePaymentPlan(c.get('db'), orgOf(c), id, c.req.valid('json'));
    return c.json(spoken(c, plan), 200);
  },
);

paymentPlansRouter.openapi(
  createRoute({
    method: 'post',
    path: '/{id}/cancel',
    tags,
    request: { params: idParams },
    responses: {
      200: jsonResponse(
        paymentPlanRecord,
        'Cancel asked (cancelRequested); the service is told by its sync',
      ),
      ...writeErrorResponses,
    },
  }),
  async (c) =>
    c.json(
      spoken(c, await plans.cancelPaymentPlan(c.get('db'), orgOf(c), c.req.valid('param').id)),
      200,
    ),
);

paymentPlansRouter.openapi(
  createRoute({
    method: 'post',
    path: '/{id}/sync',
    tags,
    request: { params: idParams },
    responses: {
      200: jsonResponse(paymentPlanDetail, 'The plan after its sync ran'),
      ...errorResponses,
    },
  }),
  async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('db');
    await resyncRecord({ db, sync: c.get('deps').sync }, orgOf(c), 'paymentPlan', id);
    return c.json(spoken(c, await plans.getPaymentPlan(db, orgOf(c), id)), 200);
  },
);
