import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import * as s from '../../../shared/schemas.js';
import { createApiKey, listApiKeys, revokeApiKeySafely } from '../../domain/api-keys.js';
import { addRemoteSite, listRemoteSites, setRemoteSiteActive } from '../../domain/remote-sites.js';
import { saveSettings, settingsView } from '../../going-live.js';
import {
  errorResponses,
  idParams,
  jsonBody,
  jsonResponse,
  writeErrorResponses,
} from '../openapi.js';
import type { AppEnv } from '../context.js';
import { createRouter } from '../router.js';

// Administration of an organization: its API keys, settings and remote sites. Admins only.

export const apiKeysRouter = createRouter({ role: 'admin', apiKeyOnly: true })
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags: ['api-keys'],
      responses: {
        200: jsonResponse(
          z.object({ data: z.array(s.apiKeyRecord) }),
          'The keys, never their secret part',
        ),
        ...errorResponses,
      },
    }),
    async (c) => c.json({ data: await listApiKeys(c.get('db'), c.get('caller').orgId) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/',
      tags: ['api-keys'],
      request: { body: jsonBody(s.apiKeyCreate) },
      responses: {
        201: jsonResponse(
          z.object({ apiKey: s.apiKeyRecord, key: z.string() }),
          'The new key; `key` is shown this once only',
        ),
        ...errorResponses,
      },
    }),
    async (c) =>
      c.json(await createApiKey(c.get('db'), c.get('caller').orgId, c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/{id}',
      tags: ['api-keys'],
      request: { params: idParams },
      responses: { 200: jsonResponse(s.apiKeyRecord, 'The revoked key'), ...writeErrorResponses },
    }),
    async (c) =>
      c.json(
        await revokeApiKeySafely(c.get('db'), c.get('caller').orgId, c.req.valid('param').id),
        200,
      ),
  );

export const settingsRouter = createRouter({ role: 'admin' })
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags: ['settings'],
      responses: {
        200: jsonResponse(
          s.settingsRecord,
          'Settings; secrets show only whether set and their last 4',
        ),
        ...errorResponses,
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      return c.json(await settingsView({ ...deps, db: c.get('db') }, c.get('caller').orgId), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/',
      tags: ['settings'],
      request: { body: jsonBody(s.settingsUpdate) },
      responses: {
        200: jsonResponse(s.settingsRecord, 'The settings after the change'),
        ...errorResponses,
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const live = { ...deps, db: deps.database.db };
      return c.json(await saveSettings(live, c.get('caller').orgId, c.req.valid('json')), 200);
    },
  );

/** What every remote-site function is given first: the database, the built-in service URLs, the organization. */
const sitesOf = (c: Context<AppEnv>) =>
  [c.get('db'), c.get('deps').config.serviceUrls, c.get('caller').orgId] as const;

export const remoteSitesRouter = createRouter({ role: 'admin' })
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags: ['remote-sites'],
      responses: {
        200: jsonResponse(
          z.object({ data: z.array(s.remoteSiteRecord) }),
          'The outbound allowlist',
        ),
        ...errorResponses,
      },
    }),
    async (c) => c.json({ data: await listRemoteSites(...sitesOf(c)) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/',
      tags: ['remote-sites'],
      request: { body: jsonBody(s.remoteSiteCreate) },
      responses: { 201: jsonResponse(s.remoteSiteRecord, 'Added'), ...writeErrorResponses },
    }),
    async (c) => c.json(await addRemoteSite(...sitesOf(c), c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: '/{id}',
      tags: ['remote-sites'],
      request: { params: idParams, body: jsonBody(s.remoteSiteUpdate) },
      responses: {
        200: jsonResponse(s.remoteSiteRecord, 'Activated or deactivated'),
        ...errorResponses,
      },
    }),
    async (c) =>
      c.json(
        await setRemoteSiteActive(
          ...sitesOf(c),
          c.req.valid('param').id,
          c.req.valid('json').active,
        ),
        200,
      ),
  );
