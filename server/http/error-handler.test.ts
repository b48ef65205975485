import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { handleError } from './error-handler.js';
import type { AppEnv } from './context.js';

// The one map from errors to HTTP: what PostgreSQL settles against a request in a race is a 409
// with words a person can act on, a full disk a 503, and only the unknown a 500.

/** A database error as drizzle hands it over: wrapped, with the driver's fields in `cause`. */
const dbError = (code: string, message = 'db') =>
  Object.assign(new Error(`Failed query: insert …`), {
    cause: Object.assign(new Error(message), { code }),
  });

async function answer(error: unknown) {
  const app = new Hono<AppEnv>();
  app.get('/', () => {
    throw error;
  });
  app.onError(handleError);
  const res = await app.request('/');
  return {
    status: res.status,
    body: (await res.json()) as { error: { code: string; message: string } },
  };
}

describe('handleError', () => {
  it.each([
    ['23503', /deleted/],
    ['23505', /same record/],
    ['40001', /try again/],
    ['40P01', /try again/],
  ])('answers SQLSTATE %s with 409 and a message to act on', async (code, message) => {
    const { status, body } = await answer(dbError(code));
    expect(status).toBe(409);
    expect(body.error.code).toBe('conflict');
    expect(body.error.message).toMatch(message);
    expect(body.error.message).not.toMatch(/something went wrong/i);
  });

  it('answers a full disk with 503: PostgreSQL’s 53100 and the embedded database’s ENOSPC', async () => {
    for (const error of [
      dbError('53100', 'could not extend file "base/5/16384": No space left on device'),
      dbError('XX000', 'could not write block 7 of relation base/5/16384: No space left on device'),
      Object.assign(new Error('write failed'), { code: 'ENOSPC' }),
    ]) {
      const { status, body } = await answer(error);
      expect(status).toBe(503);
      expect(body.error.message).toMatch(/disk space/);
    }
  });

  it('answers anything else with 500, its cause unnamed', async () => {
    const { status, body } = await answer(dbError('XX000', 'secret parameter 42'));
    expect(status).toBe(500);
    expect(JSON.stringify(body)).not.toContain('secret');
  });
});
