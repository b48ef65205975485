import { fileURLToPath } from 'node:url';
import type { Context, Handler, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { Demo } from '../../demo.js';
import { getAggregateLink } from '../../domain/aggregate-links.js';
import { createApiKey, listApiKeys } from '../../domain/api-keys.js';
import { findDefaultOrganization } from '../../domain/organizations.js';
import { getPaymentLink } from '../../domain/payment-links.js';
import { AppError, invalidInput } from '../../errors.js';
import { isLoopbackHost } from '../../security/hosts.js';
import { SimulatorError } from '../../../simulator/errors.js';
import { authenticate, requireRole } from '../auth.js';
import type { AppDeps, AppEnv } from '../context.js';
import { createRouter } from '../router.js';
import { demoPlanActions } from './demo-plans.js';
import { fieldErrors } from '../validation.js';
import { sendFile } from '../widget-assets.js';

// Demo mode only (these routes exist only when the simulator is mounted): the host page at `/`
// that embeds every widget, a widget token for that page, and a "pay it" button that pays a
// link in the simulator, which then delivers the signed webhook like the real service would
// (and a "settle" one, which deposits the payments; and the emails the simulator recorded).
// None of this is part of the API contract, so none of it is in the OpenAPI document.

const DEMO_DIR = fileURLToPath(new URL('../../../widgets/demo/', import.meta.url));

/** The demo page's token: enough for every widget (settings and bank sync need admin). */
const DEMO_TOKEN_TTL_SECONDS = 15 * 60;

// The page loads only its own files and the kit; the kit's styles are constructable stylesheets,
// which style-src does not restrict.
export const PAGE_HEADERS = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'referrer-policy': 'same-origin',
};

/**
 * The demo mints tokens without a key, so only the demo page itself may ask: a browser always
 * sends `Origin` with a POST, and a page elsewhere cannot make it say ours.
 */
function requireOwnOrigin(c: Context<AppEnv>): string {
  const own = new Set([new URL(c.req.url).origin]);
  const publicUrl = c.get('deps').config.publicUrl;
  if (publicUrl) own.add(new URL(publicUrl).origin);
  const origin = c.req.header('origin');
  if (!origin || !own.has(origin)) {
    throw new AppError('forbidden', 'Only the demo page on this server may ask for a demo token');
  }
  return origin;
}

/**
 * DNS rebinding: a page on attacker.example whose name then resolves to 127.0.0.1 reaches this
 * server with `Host: attacker.example` and a matching `Origin`, so comparing the two proves
 * nothing. Only the names this server is really known by (loopback, PUBLIC_URL's host) pass.
 */
function demoHostGuard(config: Pick<AppDeps['config'], 'publicUrl'>): MiddlewareHandler {
  const publicHost = config.publicUrl ? new URL(config.publicUrl).hostname.toLowerCase() : null;
  return async (c, next) => {
    // node-server builds the request URL from the Host header: its hostname is what was sent.
    const host = new URL(c.req.url).hostname.toLowerCase();
    if (!isLoopbackHost(host) && host !== publicHost) {
      throw new AppError('forbidden', 'The demo answers only at a loopback address');
    }
    await next();
  };
}

/** The API key demo tokens are issued under, so revoking it (DELETE /api/api-keys/{id}) ends them. */
export const DEMO_KEY_NAME = 'Demo page';

async function demoKeyId(c: Context<AppEnv>, orgId: string): Promise<string> {
  const db = c.get('db');
  const live = (await listApiKeys(db, orgId)).find(
    (k) => k.name === DEMO_KEY_NAME && k.role === 'admin' && !k.revokedAt,
  );
  if (live) return live.id;
  // Its secret is never shown: the key exists only to be revoked.
  return (await createApiKey(db, orgId, { name: DEMO_KEY_NAME, role: 'admin' })).apiKey.id;
}

const payInput = z.union([
  z.strictObject({ paymentLinkId: z.uuid({ error: 'must be a payment link id' }) }),
  z.strictObject({ aggregateLinkId: z.uuid({ error: 'must be an aggregate link id' }) }),
]);

// Whoever reaches the demo page gets an admin token of the default organization: that is the
// demo's point on the machine it runs on, and a hole on a server others can reach. Demo mode also
// starts by itself on a fresh install with no API token, so the page is served only when the
// server listens on a loopback address (the default HOST).
export { isLoopbackHost };

export function demoRouter(demo: Demo, deps: Pick<AppDeps, 'config' | 'logger'>) {
  if (!isLoopbackHost(deps.config.host)) {
    deps.logger.warn(
      { host: deps.config.host },
      'demo mode: the demo page and the simulator are off because HOST is not a loopback address',
    );
    return createRouter();
  }
  const router = createRouter();
  const guard = demoHostGuard(deps.config);
  router.use('/', guard);
  router.use('/demo/*', guard);
  // The simulator registers webhook URLs the server then POSTs to: never for other hosts.
  router.use(`${demo.mountPath}/*`, guard);
  router.use(demo.mountPath, guard);
  // What a request changed in the simulator is on disk before its answer leaves.
  const saving: MiddlewareHandler<AppEnv> = async (c, next) => {
    await next();
    if (c.req.method !== 'GET') demo.persist();
  };
  router.use(`${demo.mountPath}/*`, saving);
  router.use(demo.mountPath, saving);
  router.route(demo.mountPath, demo.simulator.app);
  // The payment plan step (demo-plans.ts): enrol a card, move the simulator's clock on.
  for (const [path, act] of Object.entries(demoPlanActions(demo))) {
    router.post(path, authenticate(), requireRole('staff'), sandboxAction(demo, act));
  }
  return (
    router
      .get('/', (c) => sendFile(c, DEMO_DIR, 'index.html', PAGE_HEADERS))
      .get('/demo/:file{[a-z-]+\\.[a-z]+}', (c) => {
        const file = c.req.param('file');
        return sendFile(c, DEMO_DIR, file, file.endsWith('.html') ? PAGE_HEADERS : undefined);
      })
      .post('/demo/token', async (c) => {
        const origin = requireOwnOrigin(c);
        const org = await findDefaultOrganization(c.get('db'));
        if (!org) throw new AppError('not_ready', 'The default organization does not exist yet');
        const key = await demoKeyId(c, org.id);
        const { widgetTokens } = c.get('deps');
        const { token, expiresAt } = widgetTokens.issue(
          { org: org.id, role: 'admin', key, origins: [origin] },
          DEMO_TOKEN_TTL_SECONDS,
        );
        return c.json({ token, expiresAt: expiresAt.toISOString() }, 200);
      })
      .post(
        '/demo/pay',
        authenticate(),
        requireRole('staff'),
        sandboxAction(demo, async (c) => {
          const parsed = payInput.safeParse(await c.req.json().catch(() => undefined));
          if (!parsed.success) {
            throw invalidInput(
              'Name a paymentLinkId or an aggregateLinkId',
              fieldErrors(parsed.error),
            );
          }
          const db = c.get('db');
          const { orgId } = c.get('caller');
          const { sandbox } = demo.simulator;
          const input = parsed.data;
          const options = { method: 'CARD' as const, payerName: 'Pat Payer', lastFour: '4242' };
          const paid =
            'paymentLinkId' in input
              ? sandbox.payPaymentLink(
                  demo.firmKey,
                  syncedId(await getPaymentLink(db, orgId, input.paymentLinkId), 'payment link'),
                  options,
                )
              : sandbox.payAggregatePaymentLink(
                  demo.firmKey,
                  syncedId(
                    await getAggregateLink(db, orgId, input.aggregateLinkId),
                    'aggregate link',
                  ),
                  options,
                );
          return { transactions: paid.transactions.length };
        }),
      )
      // The emails the simulator would have sent for the demo's payment requests (it sends none).
      .post(
        '/demo/emails',
        authenticate(),
        requireRole('staff'),
        sandboxAction(demo, () => ({ emails: demo.simulator.payRequests.emails(demo.firmKey) })),
      )
      // The processor's nightly batch, at once: the demo's payments settle (DEPOSITED), so a
      // newcomer reaches Refund (a payment still PENDING can only be voided).
      .post(
        '/demo/settle',
        authenticate(),
        requireRole('staff'),
        sandboxAction(demo, () => {
          const settled = demo.simulator.sandbox.settle(demo.firmKey);
          return { transactions: settled.length, depositId: settled[0]?.depositId ?? null };
        }),
      )
  );
}

/**
 * A button of the demo page that changes the simulator (pay, settle): asked by the page itself
 * only; what it changed is on disk before the answer leaves; the simulator's refusals ("already
 * paid" and the like) answer in its own words, as our errors.
 */
function sandboxAction(
  demo: Demo,
  act: (c: Context<AppEnv>) => Promise<Record<string, unknown>> | Record<string, unknown>,
): Handler<AppEnv> {
  return async (c) => {
    requireOwnOrigin(c);
    try {
      const answer = await act(c);
      demo.persist();
      return c.json(answer, 200);
    } catch (error) {
      if (error instanceof SimulatorError) {
        throw new AppError(error.code === 'NOT_FOUND' ? 'not_found' : 'conflict', error.message);
      }
      throw error;
    }
  };
}

/** The link's id at the payment service: a link not synced yet cannot be paid there. */
function syncedId(link: { serviceId: string | null }, what: string): string {
  if (link.serviceId) return link.serviceId;
  throw new AppError('conflict', `The ${what} is not in the payment service yet: sync it first`);
}
