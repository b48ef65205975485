// The page origins an organization allows (its settings' `allowedOrigins`): one rule for the
// server's validation and the settings card's own check, without zod, so the widgets may import
// it. An origin is a scheme and a host (and port): `https://portal.example.com`. Plain `http` is
// for a developer's own machine only (localhost and loopback addresses).

/** At most this many allowed origins per organization. */
export const MAX_ALLOWED_ORIGINS = 50;
const MAX_ORIGIN_LENGTH = 300;

const LOOPBACK = /^(?:localhost|[a-z0-9-]+\.localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

const quoted = (value: string) => `“${value.length > 80 ? `${value.slice(0, 80)}…` : value}”`;

/**
 * Why `value` is not an origin an organization may allow, naming it; null when it is one. A
 * trailing slash is taken (it is how an address bar shows the page); a path, a query, a
 * wildcard or another scheme is not.
 */
export function originProblem(value: string): string | null {
  const text = value.trim();
  if (!text) return 'must not be an empty line';
  if (text.length > MAX_ORIGIN_LENGTH)
    return `${quoted(text)} is longer than ${MAX_ORIGIN_LENGTH} characters`;
  if (text.includes('*')) return `${quoted(text)} has a wildcard: list each origin itself`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `${quoted(text)} is not an origin such as https://portal.example.com`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return `${quoted(text)} is not an origin such as https://portal.example.com`;
  }
  if (url.protocol === 'http:' && !LOOPBACK.test(url.hostname)) {
    return `${quoted(text)} must use https (plain http only for localhost)`;
  }
  if (url.username || url.password) return `${quoted(text)} must not hold a user name or password`;
  if (url.pathname !== '/' || url.search || url.hash || /[?#]/.test(text)) {
    return `${quoted(text)} has a path: an origin is the scheme and host only, such as ${url.origin}`;
  }
  return null;
}

/** The origin as browsers send it (`https://Portal.example.com:443/` → `https://portal.example.com`). */
export const normalizeOrigin = (value: string) => new URL(value.trim()).origin;
