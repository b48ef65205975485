// Test helpers: the API mocked at the fetch level. Routes are `METHOD /path` with `:param`
// segments; each call is recorded with its parsed body, so tests assert what was sent.

export interface MockCall {
  method: string;
  path: string;
  query: URLSearchParams;
  params: Record<string, string>;
  body: unknown;
  headers: Headers;
}

type Answer = Response | object | null;
export type Handler = (call: MockCall) => Answer | Promise<Answer>;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const apiError = (
  status: number,
  message: string,
  fields?: Record<string, string[]>,
  code = 'error',
) =>
  json(
    { error: { code, message, ...(fields ? { details: { fields } } : {}), requestId: 'req-1' } },
    status,
  );

/** A page of records as the list routes answer. */
export const page = <T>(data: T[]) => ({ data, nextCursor: null });

/** The params of `path` when it fits `pattern` (`/a/:id`), else null. */
export function match(pattern: string, path: string): Record<string, string> | null {
  const a = pattern.split('/');
  const b = path.split('/');
  if (a.length !== b.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of a.entries()) {
    const actual = b[i] ?? '';
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(actual);
    else if (part !== actual) return null;
  }
  return params;
}

export interface MockApi {
  calls: MockCall[];
  /** The calls to one route, e.g. `POST /api/actions/ClientCreate`. */
  callsTo(route: string): MockCall[];
  restore(): void;
}

/** Replaces `window.fetch` until restore(); unknown routes answer 404 like the server. */
export function mockApi(routes: Record<string, Handler>): MockApi {
  const original = window.fetch;
  const calls: MockCall[] = [];
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), location.href);
    const method = (init?.method ?? 'GET').toUpperCase();
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const base = { method, path: url.pathname, query: url.searchParams };
    const headers = new Headers(init?.headers);
    for (const [route, handler] of Object.entries(routes)) {
      const [routeMethod, pattern = ''] = route.split(' ');
      const params = routeMethod === method ? match(pattern, url.pathname) : null;
      if (!params) continue;
      const call = { ...base, params, body: text ? JSON.parse(text) : undefined, headers };
      calls.push(call);
      const answer = await handler(call);
      return answer instanceof Response ? answer : json(answer);
    }
    calls.push({ ...base, params: {}, body: text ? JSON.parse(text) : undefined, headers });
    return apiError(404, `No route for ${method} ${url.pathname}`, undefined, 'not_found');
  };
  return {
    calls,
    callsTo: (route) => {
      const [method, path] = route.split(' ');
      return calls.filter((c) => c.method === method && match(path ?? '', c.path));
    },
    restore: () => {
      window.fetch = original;
    },
  };
}

/** Resolves after `ms`, for debounced inputs. */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` passes (or fails the test after `timeout`). */
export async function until(check: () => unknown, timeout = 3000, what = 'condition') {
  const end = Date.now() + timeout;
  for (;;) {
    try {
      if (check()) return;
    } catch {
      // not yet
    }
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await sleep(20);
  }
}
