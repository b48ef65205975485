import type { MiddlewareHandler } from 'hono';
import { invalidInput } from '../errors.js';
import { findTextProblem, textProblem } from '../security/text.js';
import type { AppEnv } from './context.js';

/**
 * Refuses, before any route sees them, inputs PostgreSQL cannot store (a NUL, a lone surrogate)
 * and bodies nested deeper than any input is: each answers 400 with the field it is in, where it
 * would otherwise fail the query (22021, 22P05) with a 500. One place for every route and action;
 * a body that is not JSON is left to the route, which says so in its own words.
 */
export function inputGuard(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    for (const [key, values] of Object.entries(c.req.queries())) {
      for (const text of [key, ...values]) {
        const message = textProblem(text);
        if (message) {
          const field = textProblem(key) ? '(key)' : key;
          throw invalidInput('The query parameters are not valid', { [field]: [message] });
        }
      }
    }
    if (c.req.method === 'POST' || c.req.method === 'PUT' || c.req.method === 'PATCH') {
      const text = await c.req.text();
      let body: unknown;
      try {
        body = text.trim() === '' ? undefined : JSON.parse(text);
      } catch {
        body = undefined;
      }
      const problem = findTextProblem(body);
      if (problem) {
        throw invalidInput('The request body is not valid', { [problem.path]: [problem.message] });
      }
    }
    await next();
  };
}
