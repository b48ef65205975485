import type { Context } from 'hono';
import { createRoute } from '@hono/zod-openapi';
import { errorBody, page } from '../../../shared/schemas.js';
import {
  acknowledgeResult,
  integrationHealth,
  reconcileResult,
  replayResult,
  webhookEventListQuery,
  webhookEventRecord,
} from '../../../shared/webhooks.js';
import { reconcileNow, replayEvents } from '../../webhooks/admin.js';
import { integrationHealth as checkHealth } from '../../integration-health.js';
import { getWebhookEvent, listWebhookEvents } from '../../webhooks/pipeline/inbox.js';
import { acknowledgeDeadEvent } from '../../webhooks/pipeline/retention.js';
import type { AppEnv } from '../context.js';
import { errorResponses, idParams, jsonResponse, writeErrorResponses } from '../openapi.js';
import { createRouter } from '../router.js';

// The webhook pipeline's administration, under /api/admin: the event log and its replay,
// integration health, and reconciliation on demand. Admins only.

const tags = ['webhooks'];

type Ctx = Context<AppEnv>;
const adminDeps = (c: Ctx) => ({ db: c.get('db'), worker: c.get('deps').worker });
const healthDeps = (c: Ctx) => {
  const { remote, config, webhooks, backups } = c.get('deps');
  return {
    db: c.get('db'),
    remote,
    config,
    rejections: webhooks.rejections,
    backups: backups.unavailable() ? undefined : () => backups.health(),
  };
};

export const webhookAdminRouter = createRouter({ role: 'admin' })
  .openapi(
    createRoute({
      method: 'get',
      path: '/webhook-events',
      tags,
      request: { query: webhookEventListQuery },
      responses: {
        200: jsonResponse(page(webhookEventRecord), 'Received events, newest first'),
        ...errorResponses,
      },
    }),
    async (c) =>
      c.json(
        await listWebhookEvents(c.get('db'), c.get('caller').orgId, c.req.valid('query')),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/webhook-events/replay',
      tags,
      responses: {
        200: jsonResponse(replayResult, 'Every dead event, replayed'),
        ...errorResponses,
      },
    }),
    async (c) => c.json(await replayEvents(adminDeps(c), c.get('caller').orgId), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/webhook-events/{id}',
      tags,
      request: { params: idParams },
      responses: { 200: jsonResponse(webhookEventRecord, 'The event'), ...errorResponses },
    }),
    async (c) =>
      c.json(
        await getWebhookEvent(c.get('db'), c.get('caller').orgId, c.req.valid('param').id),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/webhook-events/{id}/replay',
      tags,
      request: { params: idParams },
      responses: {
        200: jsonResponse(replayResult, 'Replayed: it goes through the pipeline again'),
        ...writeErrorResponses,
      },
    }),
    async (c) =>
      c.json(await replayEvents(adminDeps(c), c.get('caller').orgId, c.req.valid('param').id), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/webhook-events/{id}/acknowledge',
      tags,
      request: { params: idParams },
      responses: {
        200: jsonResponse(
          acknowledgeResult,
          'Acknowledged: the dead event may now age out with the retention',
        ),
        ...writeErrorResponses,
      },
    }),
    async (c) =>
      c.json(
        await acknowledgeDeadEvent(c.get('db'), c.get('caller').orgId, c.req.valid('param').id),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/integration-health',
      tags,
      responses: {
        200: jsonResponse(integrationHealth, 'How the integration stands'),
        ...errorResponses,
      },
    }),
    async (c) => c.json(await checkHealth(healthDeps(c), c.get('caller').orgId), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/reconcile',
      tags,
      responses: {
        200: jsonResponse(reconcileResult, 'Reconciled: the upserts are queued'),
        ...writeErrorResponses,
        502: jsonResponse(errorBody, 'The remote service failed; the run is retried later'),
      },
    }),
    async (c) => c.json(await reconcileNow(adminDeps(c), c.get('caller').orgId), 200),
  );
