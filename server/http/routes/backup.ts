import { Readable } from 'node:stream';
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { errorResponses, jsonResponse } from '../openapi.js';
import { createRouter } from '../router.js';
import { errorBody } from '../../../shared/schemas.js';

// POST /api/operator/backup (operator key only, like all of /api/operator): an online backup of
// the embedded database, streamed as it is written (npm run backup reads it). The server keeps
// answering requests and acknowledging webhooks meanwhile (server/backup/snapshot.ts).

export const backupRouter = createRouter().openapi(
  createRoute({
    method: 'post',
    path: '/',
    tags: ['operator'],
    summary: 'An online backup of the embedded database, streamed (gzip)',
    responses: {
      200: {
        description:
          'The backup file (format: docs/operations.md#backups); `X-Secrets-Key-Location` says where the secrets key is, which it never holds',
        content: { 'application/gzip': { schema: z.string().meta({ format: 'binary' }) } },
      },
      ...errorResponses,
      409: jsonResponse(
        errorBody,
        'No backup: the server runs on PostgreSQL (use pg_dump), or one is already running',
      ),
    },
  }),
  async (c) => {
    const { backups } = c.get('deps');
    const running = await backups.start('api');
    const name = `backup-${new Date()
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z')
      .replaceAll(':', '-')}.gz`;
    return c.body(Readable.toWeb(running.output) as ReadableStream, 200, {
      'content-type': 'application/gzip',
      'content-disposition': `attachment; filename="${name}"`,
      'cache-control': 'no-store',
      'x-secrets-key-location': backups.secretsKeyLocation(),
    }) as never;
  },
);
