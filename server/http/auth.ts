import type { MiddlewareHandler } from 'hono';
import type { Role } from '../../shared/records.js';
import { identifyApiKey, touchApiKey } from '../domain/api-keys.js';
import { AppError } from '../errors.js';
import type { AppEnv, Caller } from './context.js';

const RANK: Record<Role, number> = { viewer: 0, staff: 1, admin: 2 };

function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/** Every /api route: a valid `Authorization: Bearer <key>` or 401. */
export function authenticate(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    if (!token) {
      throw new AppError('unauthorized', 'Send an API key as "Authorization: Bearer <key>"');
    }
    const identity = await identifyApiKey(c.get('db'), token);
    if (!identity) throw new AppError('unauthorized', 'The API key is not valid or was revoked');
    c.set('caller', identity);
    // Usage stamps are a convenience: a failure here must not fail the request.
    touchApiKey(c.get('db'), identity.keyId).catch(() => {});
    await next();
  };
}

/** The caller's role must be at least `minimum` (viewer < staff < admin). */
export function assertRole(caller: Caller, minimum: Role): void {
  if (RANK[caller.role] < RANK[minimum]) {
    throw new AppError('forbidden', `This needs the ${minimum} role`);
  }
}

export function requireRole(minimum: Role): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    assertRole(c.get('caller'), minimum);
    await next();
  };
}
