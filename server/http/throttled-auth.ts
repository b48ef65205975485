import type { Context } from 'hono';
import { AppError } from '../errors.js';
import type { AppEnv } from './context.js';

// The request side of the failed-authentication throttle (the counter itself is AuthThrottle in
// auth-throttle.ts, a service the runtime makes): who is asking, and a refusal past the limit.

/**
 * The address a request comes from: the connection's peer, or behind a proxy we trust
 * (TRUST_PROXY=1) the last address of X-Forwarded-For, which that proxy appended. Null for a
 * request that came through no connection (the app called in-process, as tests do).
 */
export function clientAddress(c: Context<AppEnv>): string | null {
  if (c.get('deps').config.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? null;
}

/**
 * Runs `identify` (a check of the presented credentials); a refusal (401) of an address over
 * its limit becomes 429 with Retry-After.
 */
export async function throttledAuth<T>(c: Context<AppEnv>, identify: () => Promise<T>): Promise<T> {
  try {
    return await identify();
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'unauthorized') throw error;
    const address = clientAddress(c);
    const wait = address === null ? null : c.get('deps').authThrottle.failed(address);
    if (wait === null) throw error;
    throw new AppError(
      'rate_limited',
      `Too many failed authentications from this address: try again in ${wait} s`,
      { retryAfterSeconds: wait },
    );
  }
}
