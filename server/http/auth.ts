import type { Context, MiddlewareHandler } from 'hono';
import type { Role } from '../../shared/records.js';
import { identifyApiKey, identifyApiKeyById, touchApiKey } from '../domain/api-keys.js';
import { isDeactivated } from '../domain/organization-status.js';
import { AppError } from '../errors.js';
import { declaring } from './access.js';
import { throttledAuth } from './throttled-auth.js';
import { isWidgetToken } from '../security/widget-tokens.js';
import type { AppEnv, Caller } from './context.js';
import { assertOriginAllowed } from './origins.js';
import { applyActingUser } from './people.js';

const RANK: Record<Role, number> = { viewer: 0, staff: 1, admin: 2 };

/** The lower of two roles. */
const lowerRole = (a: Role, b: Role): Role => (RANK[a] <= RANK[b] ? a : b);

export const roleAtMost = (role: Role, ceiling: Role) => RANK[role] <= RANK[ceiling];

function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/**
 * The page a browser request comes from: its `Origin`, or, for the same-origin GETs that carry
 * none, the origin of its `Referer` (null for `Origin: null`). Browsers set both themselves;
 * scripts cannot forge them. A write needs `Origin` itself: browsers send it with every POST,
 * PUT, PATCH and DELETE, while a Referer may be left over from a page that linked here, or set
 * by a client that is no browser.
 */
function requestOrigin(c: Context): string | null {
  const origin = c.req.header('origin');
  // `Origin: null` (a sandboxed frame, a file: page, a redirect) names no page: nothing a token
  // bound to origins may be used from, whatever a Referer beside it claims.
  if (origin === 'null') return null;
  if (origin) return origin;
  if (!['GET', 'HEAD'].includes(c.req.method)) return null;
  const referer = c.req.header('referer');
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

/** Who calls, and whether an operator deactivated their organization (read with the key). */
interface Identified {
  caller: Caller;
  orgDeactivated: boolean;
}

async function identifyWidgetToken(c: Context<AppEnv>, token: string): Promise<Identified> {
  const verified = c.get('deps').widgetTokens.verify(token);
  if (!verified.ok) {
    throw new AppError(
      'unauthorized',
      verified.reason === 'expired'
        ? 'The widget token has expired: get a new one'
        : 'The widget token is not valid',
    );
  }
  const { claims } = verified;
  let role = claims.role;
  let orgDeactivated: boolean | undefined;
  // The host's user the token names; else the issuing key's label (read with the key below).
  let person: Caller['person'] = claims.user ? { ...claims.user, via: 'widget-token-user' } : null;
  if (claims.key) {
    // Revoking the API key that issued a token ends the token too.
    const issuer = await identifyApiKeyById(c.get('db'), claims.key);
    if (!issuer || issuer.orgId !== claims.org) {
      throw new AppError('unauthorized', 'The widget token was revoked with its API key');
    }
    role = lowerRole(role, issuer.role);
    orgDeactivated = issuer.orgDeactivated;
    person ??= { id: issuer.keyId, name: issuer.keyName, via: 'key-label' };
  }
  if (claims.origins) {
    const origin = requestOrigin(c);
    if (!origin || !claims.origins.includes(origin)) {
      throw new AppError('forbidden', 'This widget token may not be used from this page');
    }
  }
  return {
    caller: { orgId: claims.org, role, keyId: claims.key, kind: 'widget-token', person },
    orgDeactivated: orgDeactivated ?? (await isDeactivated(c.get('db'), claims.org)),
  };
}

async function identifyKey(c: Context<AppEnv>, token: string): Promise<Identified> {
  const identity = await identifyApiKey(c.get('db'), token);
  if (!identity) throw new AppError('unauthorized', 'The API key is not valid or was revoked');
  // Usage stamps are a convenience: a failure here must not fail the request.
  touchApiKey(c.get('db'), identity.keyId).catch(() => {});
  const { orgDeactivated, keyName, ...caller } = identity;
  const person = { id: identity.keyId, name: keyName, via: 'key-label' } as const;
  return { caller: { ...caller, kind: 'api-key', person }, orgDeactivated };
}

/** Every /api route: a valid `Authorization: Bearer <key or widget token>` or 401. */
export function authenticate(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // A wrong key counts against the address (auth-throttle.ts); a valid one is never slowed.
    const { caller, orgDeactivated } = await throttledAuth(c, async () => {
      const token = bearerToken(c.req.header('authorization'));
      if (!token) {
        throw new AppError('unauthorized', 'Send an API key as "Authorization: Bearer <key>"');
      }
      return isWidgetToken(token) ? identifyWidgetToken(c, token) : identifyKey(c, token);
    });
    c.set('caller', caller);
    // An operator deactivated the organization: every key and token of it stops working.
    if (orgDeactivated) throw new AppError('unauthorized', 'This organization is deactivated');
    // A page the organization does not allow gets nothing, whatever CORS let through.
    await assertOriginAllowed(c, caller.orgId);
    // X-Acting-User: an admin key's call names its person (403 for anyone else, 400 malformed).
    c.set('caller', applyActingUser(c, caller));
    await next();
  };
}

/** The caller's role must be at least `minimum` (viewer < staff < admin). */
export function assertRole(caller: Caller, minimum: Role): void {
  if (RANK[caller.role] < RANK[minimum]) {
    throw new AppError('forbidden', `This needs the ${minimum} role`);
  }
}

/** Declares the role in the OpenAPI document too (access.ts): the matrix tests what it says. */
export function requireRole(minimum: Role): MiddlewareHandler<AppEnv> {
  return declaring<MiddlewareHandler<AppEnv>>(
    async (c, next) => {
      assertRole(c.get('caller'), minimum);
      await next();
    },
    { role: minimum },
  );
}

/** Routes a widget token may never reach (API keys, issuing tokens): an API key only. */
export function requireApiKey(): MiddlewareHandler<AppEnv> {
  return declaring<MiddlewareHandler<AppEnv>>(
    async (c, next) => {
      if (c.get('caller').kind !== 'api-key') {
        throw new AppError('forbidden', 'This needs an API key: a widget token cannot do it');
      }
      await next();
    },
    { apiKeyOnly: true },
  );
}
