import type { MiddlewareHandler } from 'hono';
import type { Role } from '../../shared/records.js';

// Who may call a route is declared once, by the middleware its definition lists
// (`middleware: [requireRole('admin')]`): the middleware enforces it, and the router copies it
// into the OpenAPI document as `x-required-role` / `x-api-key-only`, from which the security
// suite's authorization matrix is generated. A new /api route is in the matrix by being defined.

export const REQUIRED_ROLE = 'x-required-role';
/**
 * The operator API's prefix: every route below it is guarded by OPERATOR_API_KEY alone (one
 * router-level guard), and no organization key or widget token reaches it.
 */
export const OPERATOR_PREFIX = '/api/operator';
export const API_KEY_ONLY = 'x-api-key-only';

interface Access {
  role?: Role;
  apiKeyOnly?: boolean;
}

const ACCESS = Symbol('access');

/** Marks a guard middleware with the access it enforces. */
export function declaring<M extends MiddlewareHandler>(middleware: M, access: Access): M {
  return Object.assign(middleware, { [ACCESS]: access });
}

/** The access a route's middleware list declares, as OpenAPI extension fields. */
export function accessExtensions(middleware: unknown): Record<string, unknown> {
  const list = Array.isArray(middleware) ? middleware : middleware ? [middleware] : [];
  const out: Record<string, unknown> = {};
  for (const m of list) {
    const access = (m as { [ACCESS]?: Access })[ACCESS];
    if (access?.role) out[REQUIRED_ROLE] = access.role;
    if (access?.apiKeyOnly) out[API_KEY_ONLY] = true;
  }
  return out;
}
