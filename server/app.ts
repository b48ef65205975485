import { AppError } from './errors.js';
import {
  aggregateLinkRequestsRouter,
  paymentLinkRequestsRouter,
} from './http/routes/payment-requests.js';
import { OPERATOR_PREFIX } from './http/access.js';
import { authenticate, requireApiKey } from './http/auth.js';
import { bodyLimit } from './http/body-limit.js';
import type { AppDeps } from './http/context.js';
import { corsMiddleware } from './http/cors.js';
import { demoModeOnly } from './http/demo-gate.js';
import { handleError, handleNotFound } from './http/error-handler.js';
import { inputGuard } from './http/input-guard.js';
import { requestLog } from './http/request-log.js';
import { apiResponseHeaders } from './http/security-headers.js';
import { observeWebhookAcks } from './http/webhook-acks.js';
import { createRouter } from './http/router.js';
import { actionsRouter } from './http/routes/actions.js';
import { apiKeysRouter, remoteSitesRouter, settingsRouter } from './http/routes/admin.js';
import { demoRouter } from './http/routes/demo.js';
import { docsRouter } from './http/routes/docs.js';
import { healthRouter } from './http/routes/health.js';
import { appMetricsRouter } from './http/routes/metrics.js';
import { auditAdminRouter, transactionHistoryRouter } from './http/routes/audit.js';
import { trustFindingsRouter } from './http/routes/trust-findings.js';
import { ledgerRouter } from './http/routes/ledger.js';
import { reconciliationsRouter } from './http/routes/ledger-reconciliations.js';
import { ledgerRecordsRouter } from './http/routes/ledger-records.js';
import { operatorRouter } from './http/routes/operator.js';
import { progressRouter } from './http/routes/progress.js';
import { integrationInfoRouter } from './http/routes/integration-info.js';
import { syncProblemsRouter } from './http/routes/sync-problems.js';
import { webhookAdminRouter } from './http/routes/webhook-admin.js';
import { webhookEndpointRouter } from './http/routes/webhook-endpoint.js';
import { webhookReceiverRouter } from './http/routes/webhooks.js';
import {
  aggregateLinksRouter,
  bankAccountsRouter,
  clientsRouter,
  mattersRouter,
  paymentLinksRouter,
  transactionsRouter,
} from './http/routes/records-api.js';
import { paymentPlansRouter } from './http/routes/payment-plans.js';
import { moneyOutRouter } from './http/routes/money-out.js';
import { approvalsRouter } from './http/routes/approvals.js';
import { meRouter } from './http/routes/me.js';
import { widgetTokensRouter } from './http/routes/widget-tokens.js';
import { widgetAssetsRouter } from './http/widget-assets.js';

const MAX_BODY_BYTES = 1024 * 1024;

/** The one app factory: main.ts serves it, tests call it through `app.request()`. */
export function createApp(deps: AppDeps) {
  const app = createRouter();

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    c.set('db', deps.database.db);
    await next();
  });
  app.use('*', requestLog(deps.logger));
  app.use('*', observeWebhookAcks());
  app.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        handleError(new AppError('payload_too_large', 'The request body is larger than 1 MB'), c),
    }),
  );
  app.use('/api/*', apiResponseHeaders());
  // Browser pages on allowed origins (CORS_ORIGINS, the organizations' settings) may call the API
  // and load the kit; others may not. One middleware for both, so a refused origin is logged once.
  const cors = corsMiddleware();
  app.use('/api/*', cors);
  app.use('/widgets/*', cors);
  app.onError(handleError);
  app.notFound(handleNotFound);

  app.route('/', healthRouter);
  app.route('/', appMetricsRouter);
  app.route('/', widgetAssetsRouter);
  // The kit's element docs, live against the demo's data in demo mode (routes/docs.ts).
  app.route('/', docsRouter());
  // The demo host page and its helpers exist only in demo mode (and on a loopback HOST).
  if (deps.demo) {
    // ...and only while its organization is in demo mode (a saved API token ends it at once).
    app.use('/', demoModeOnly(deps.demo));
    app.use('/demo/*', demoModeOnly(deps.demo));
    app.route('/', demoRouter(deps.demo, deps));
  }
  // Public: authenticated by the webhook signature, not by a key (outside /api on purpose).
  app.route('/', webhookReceiverRouter);

  // The operator API has its own guard (OPERATOR_API_KEY) and no organization key reaches it.
  app.route(OPERATOR_PREFIX, operatorRouter());

  // Every other /api route needs a key: the guard is installed on the sub-app before any route.
  // It leaves /api/operator to the operator guard (a sub-app's middleware covers all of /api/*).
  const api = createRouter();
  const orgAuth = authenticate();
  api.use('*', (c, next) =>
    c.req.path === OPERATOR_PREFIX || c.req.path.startsWith(`${OPERATOR_PREFIX}/`)
      ? next()
      : orgAuth(c, next),
  );
  api.use('*', inputGuard());
  // A POST with an Idempotency-Key runs once per organization and key: each router declares how
  // (http/router.ts `idempotency`: a stored answer, or its own record).
  // A widget token never manages keys: declared on the routes (access.ts), and enforced here
  // again, so a route of the folder that forgot it is still closed.
  api.use('/api-keys', requireApiKey());
  api.use('/api-keys/*', requireApiKey());
  api.route('/clients', clientsRouter);
  api.route('/matters', mattersRouter);
  api.route('/payment-links', paymentLinksRouter);
  api.route('/aggregate-links', aggregateLinksRouter);
  api.route('/payment-links', paymentLinkRequestsRouter);
  api.route('/aggregate-links', aggregateLinkRequestsRouter);
  api.route('/payment-plans', paymentPlansRouter);
  api.route('/bank-accounts', bankAccountsRouter);
  api.route('/transactions', transactionHistoryRouter);
  api.route('/transactions', transactionsRouter);
  api.route('/transactions', moneyOutRouter);
  api.route('/approvals', approvalsRouter);
  api.route('/api-keys', apiKeysRouter);
  api.route('/settings', settingsRouter);
  api.route('/remote-sites', remoteSitesRouter);
  api.route('/actions', actionsRouter);
  api.route('/widget-tokens', widgetTokensRouter);
  api.route('/me', meRouter);
  api.route('/ledger/reconciliations', reconciliationsRouter);
  api.route('/ledger', ledgerRouter);
  api.route('/ledger', ledgerRecordsRouter);
  api.route('/admin', integrationInfoRouter);
  api.route('/admin', webhookAdminRouter);
  api.route('/admin', webhookEndpointRouter);
  api.route('/admin', syncProblemsRouter);
  api.route('/admin', progressRouter);
  api.route('/admin', auditAdminRouter);
  api.route('/admin', trustFindingsRouter);
  app.route('/api', api);

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'An API key, or a widget token from POST /api/widget-tokens',
  });
  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'Payment link service API', version: '1.0.0' },
    security: [{ bearer: [] }],
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
