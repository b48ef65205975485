import { createRoute } from '@hono/zod-openapi';
import { widgetTokenCreate, widgetTokenRecord } from '../../../shared/widget-tokens.js';
import { AppError, invalidInput, type FieldErrors } from '../../errors.js';
import { roleAtMost } from '../auth.js';
import { organizationAllows } from '../origins.js';
import { errorResponses, jsonBody, jsonResponse } from '../openapi.js';
import { createRouter } from '../router.js';

// POST /api/widget-tokens: a host backend exchanges its API key (staff or admin) for a
// short-lived token to hand to the widgets on a page. The token carries no more power than the
// key, is bound to the key's organization, and may be limited to the page origins named here.

export const widgetTokensRouter = createRouter({ role: 'staff', apiKeyOnly: true }).openapi(
  createRoute({
    method: 'post',
    path: '/',
    tags: ['widget-tokens'],
    summary: 'Issue a short-lived widget token',
    request: { body: jsonBody(widgetTokenCreate) },
    responses: {
      201: jsonResponse(widgetTokenRecord, 'The token, shown this once; it is not stored'),
      ...errorResponses,
    },
  }),
  async (c) => {
    const caller = c.get('caller');
    const input = c.req.valid('json');
    const role = input.role ?? caller.role;
    if (!roleAtMost(role, caller.role)) {
      throw new AppError(
        'forbidden',
        `A ${caller.role} key can issue widget tokens of its own role or lower, not ${role}`,
      );
    }
    const origins = input.origins ? [...new Set(input.origins)] : null;
    // A token for a page its organization does not allow would be refused at its first call.
    const refused: FieldErrors = {};
    for (const [index, origin] of (input.origins ?? []).entries()) {
      if (!(await organizationAllows(c, caller.orgId, origin))) {
        refused[`origins.${index}`] = [
          `“${origin}” is not an allowed origin of this organization (nor in CORS_ORIGINS): add it to the allowed origins in the settings first`,
        ];
      }
    }
    if (Object.keys(refused).length > 0) {
      throw invalidInput('The request body is not valid', refused);
    }
    const { widgetTokens } = c.get('deps');
    const { token, expiresAt } = widgetTokens.issue(
      { org: caller.orgId, role, key: caller.keyId, origins, user: input.user ?? null },
      input.ttlSeconds,
    );
    const user = input.user ?? null;
    return c.json({ token, role, expiresAt: expiresAt.toISOString(), origins, user }, 201);
  },
);
