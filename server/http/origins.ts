import type { Context } from 'hono';
import { allowedOriginsOf, anyOrganizationAllows } from '../domain/allowed-origins.js';
import { AppError } from '../errors.js';
import type { AppEnv } from './context.js';

// Which browser pages may use the API: pages on the server's own origin (or PUBLIC_URL's), on an
// origin CORS_ORIGINS lists (every organization), or on one an organization allows in its
// settings (that organization's keys and tokens only). The organizations' lists are read from
// the database each time, so a change applies to the next request in every process.

/** The page origins every organization may be used from: ours and CORS_ORIGINS. */
export function isServerWideOrigin(c: Context<AppEnv>, origin: string): boolean {
  const { config } = c.get('deps');
  if (origin === new URL(c.req.url).origin) return true;
  if (config.publicUrl && origin === new URL(config.publicUrl).origin) return true;
  return config.corsOrigins.includes(origin);
}

/** Whether a browser on `origin` may call the API at all (CORS): ours, the env's, or any org's. */
export async function mayUseApi(c: Context<AppEnv>, origin: string): Promise<boolean> {
  return isServerWideOrigin(c, origin) || anyOrganizationAllows(c.get('db'), origin);
}

/** Whether `orgId`'s keys and widget tokens may be used from a page on `origin`. */
export async function organizationAllows(
  c: Context<AppEnv>,
  orgId: string,
  origin: string,
): Promise<boolean> {
  return (
    isServerWideOrigin(c, origin) || (await allowedOriginsOf(c.get('db'), orgId)).includes(origin)
  );
}

/**
 * A browser request (it carries `Origin`) with a key or token of an organization that does not
 * allow the page's origin is refused, naming the origin, even when another organization's
 * allowance let the browser through CORS. Server-to-server calls send no `Origin`.
 */
export async function assertOriginAllowed(c: Context<AppEnv>, orgId: string): Promise<void> {
  const origin = c.req.header('origin');
  if (origin === undefined || (await organizationAllows(c, orgId, origin))) return;
  throw new AppError(
    'origin_not_allowed',
    `This page’s origin (${origin.slice(0, 200)}) is not allowed for this organization: an admin adds it to the allowed origins in the settings`,
  );
}
