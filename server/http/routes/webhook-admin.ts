import { createRoute } from '@hono/zod-openapi';
import { errorBody, page } from '../../../shared/schemas.js';
import {
  integrationHealth,
  reconcileResult,
  replayResult,
  webhookEventListQuery,
  webhookEventRecord,
} from '../../../shared/webhooks.js';
import { readIntegrationState } from '../../domain/integration-state.js';
import { getSettings } from '../../domain/settings.js';
import { AppError } from '../../errors.js';
import { integrationHealth as checkHealth } from '../../webhooks/health.js';
import { getWebhookEvent, listWebhookEvents, replayDeadEvents } from '../../webhooks/inbox.js';
import { requestReconcile } from '../../webhooks/reconcile.js';
import { requireRole } from '../auth.js';
import { errorResponses, idParams, jsonResponse, writeErrorResponses } from '../openapi.js';
import { createRouter } from '../router.js';

// The webhook pipeline's administration, under /api/admin: the event log and its replay,
// integration health, and reconciliation on demand. Admins only.

const tags = ['webhooks'];

export const webhookAdminRouter = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/webhook-events',
      tags,
      middleware: [requireRole('admin')] as const,
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
      middleware: [requireRole('admin')] as const,
      responses: {
        200: jsonResponse(replayResult, 'Every dead event, replayed'),
        ...errorResponses,
      },
    }),
    async (c) => {
      const replayed = await replayDeadEvents(c.get('db'), c.get('caller').orgId);
      if (replayed > 0) c.get('deps').sync.worker.kick();
      return c.json({ replayed }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/webhook-events/{id}',
      tags,
      middleware: [requireRole('admin')] as const,
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
      middleware: [requireRole('admin')] as const,
      request: { params: idParams },
      responses: {
        200: jsonResponse(replayResult, 'Replayed: it goes through the pipeline again'),
        ...writeErrorResponses,
      },
    }),
    async (c) => {
      const replayed = await replayDeadEvents(
        c.get('db'),
        c.get('caller').orgId,
        c.req.valid('param').id,
      );
      c.get('deps').sync.worker.kick();
      return c.json({ replayed }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/integration-health',
      tags,
      middleware: [requireRole('admin')] as const,
      responses: {
        200: jsonResponse(integrationHealth, 'How the integration stands'),
        ...errorResponses,
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const health = await checkHealth(
        { db: c.get('db'), remote: deps.sync.remote, config: deps.config },
        c.get('caller').orgId,
      );
      return c.json(health, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/reconcile',
      tags,
      middleware: [requireRole('admin')] as const,
      responses: {
        200: jsonResponse(reconcileResult, 'Reconciled: the upserts are queued'),
        ...writeErrorResponses,
        502: jsonResponse(errorBody, 'The remote service failed; the run is retried later'),
      },
    }),
    async (c) => {
      const db = c.get('db');
      const { orgId } = c.get('caller');
      if (!(await getSettings(db, orgId)).apiToken.isSet) {
        throw new AppError('integration_not_configured', 'Set the API token first');
      }
      // Durable like an action: the job exists before it runs, so a crash leaves it queued.
      const jobId = await requestReconcile(db, orgId);
      const outcome = await c.get('deps').sync.worker.runNow(jobId);
      if (outcome && outcome.state !== 'done') {
        throw new AppError(
          'remote_failed',
          `Reconciliation failed: ${outcome.error instanceof Error ? outcome.error.message : String(outcome.error)}`,
        );
      }
      const state = await readIntegrationState(db, orgId);
      const result = reconcileResult.safeParse(state?.reconcileResult);
      if (!outcome || !result.success) {
        throw new AppError('conflict', 'A reconciliation is already running; try again shortly');
      }
      return c.json(result.data, 200);
    },
  );
