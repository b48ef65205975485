import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { page, type ListQuery, type Page } from '../../../shared/schemas.js';
import type { Executor } from '../../db/index.js';
import { AppError } from '../../errors.js';
import { resyncRecord } from '../../actions/resync.js';
import type { SyncedRecord } from '../../sync-rules/requests.js';
import type { AppEnv } from '../context.js';
import {
  errorResponses,
  idParams,
  jsonBody,
  jsonResponse,
  writeErrorResponses,
} from '../openapi.js';
import { createRouter } from '../router.js';

// The records API of one record type: list, get and, unless read-only, create, update, delete.
// Reads need the viewer role, writes staff; handlers hand validated input to the domain.

interface ReadOps<R, Q extends ListQuery> {
  list(db: Executor, orgId: string, query: Q): Promise<Page<R>>;
  get(db: Executor, orgId: string, id: string): Promise<R>;
}

interface WriteOps<R, C, U> {
  create(db: Executor, orgId: string, input: C): Promise<R>;
  update(db: Executor, orgId: string, id: string, input: U): Promise<R>;
  remove(db: Executor, orgId: string, id: string): Promise<void>;
}

interface RecordRouterSpec<R, Q extends ListQuery, C, U> {
  /** Records that sync to the remote also get POST /{id}/sync ("retry now"). */
  synced?: SyncedRecord;
  /** Plural, as in the path and the OpenAPI tag: "clients". */
  name: string;
  record: z.ZodType<R>;
  listQuery: z.ZodType<Q>;
  read: ReadOps<R, Q>;
  write?: { create: z.ZodType<C>; update: z.ZodType<U>; ops: WriteOps<R, C, U> };
}

export function recordRouter<R, Q extends ListQuery, C = never, U = never>(
  spec: RecordRouterSpec<R, Q, C, U>,
) {
  const router = createRouter({ role: { read: 'viewer', write: 'staff' } });
  const tags = [spec.name];
  const orgOf = (c: { get(key: 'caller'): AppEnv['Variables']['caller'] }) => c.get('caller').orgId;

  router.openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags,
      request: { query: spec.listQuery as z.ZodType<Q> & z.ZodObject },
      responses: {
        200: jsonResponse(page(spec.record), `A page of ${spec.name}, newest first`),
        ...errorResponses,
      },
    }),
    async (c) =>
      c.json(await spec.read.list(c.get('db'), orgOf(c), c.req.valid('query') as Q), 200),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      tags,
      request: { params: idParams },
      responses: { 200: jsonResponse(spec.record, 'The record'), ...errorResponses },
    }),
    async (c) =>
      c.json((await spec.read.get(c.get('db'), orgOf(c), c.req.valid('param').id)) as object, 200),
  );

  const synced = spec.synced;
  if (synced) {
    router.openapi(
      createRoute({
        method: 'post',
        path: '/{id}/sync',
        tags,
        request: { params: idParams },
        responses: {
          200: jsonResponse(spec.record, 'The record after its sync ran'),
          ...errorResponses,
        },
      }),
      async (c) =>
        c.json(
          (await resyncRecord(
            { db: c.get('db'), sync: c.get('deps').sync },
            orgOf(c),
            synced,
            c.req.valid('param').id,
          )) as object,
          200,
        ),
    );
  }

  const write = spec.write;
  if (!write) {
    // Read-only records: writes are a known method on a known path, hence 405, not 404.
    router.on(['POST', 'PUT', 'PATCH', 'DELETE'], ['/', '/:id'], () => {
      throw new AppError(
        'method_not_allowed',
        `${spec.name} are read-only: they come from the remote service`,
      );
    });
    return router;
  }

  router.openapi(
    createRoute({
      method: 'post',
      path: '/',
      tags,
      request: { body: jsonBody(write.create as z.ZodType<C> & z.ZodObject) },
      responses: { 201: jsonResponse(spec.record, 'Created'), ...writeErrorResponses },
    }),
    async (c) =>
      c.json(
        (await write.ops.create(c.get('db'), orgOf(c), c.req.valid('json') as C)) as object,
        201,
      ),
  );

  router.openapi(
    createRoute({
      method: 'patch',
      path: '/{id}',
      tags,
      request: { params: idParams, body: jsonBody(write.update as z.ZodType<U> & z.ZodObject) },
      responses: { 200: jsonResponse(spec.record, 'Updated'), ...writeErrorResponses },
    }),
    async (c) =>
      c.json(
        (await write.ops.update(
          c.get('db'),
          orgOf(c),
          c.req.valid('param').id,
          c.req.valid('json') as U,
        )) as object,
        200,
      ),
  );

  router.openapi(
    createRoute({
      method: 'delete',
      path: '/{id}',
      tags,
      request: { params: idParams },
      responses: { 204: { description: 'Deleted' }, ...writeErrorResponses },
    }),
    async (c) => {
      await write.ops.remove(c.get('db'), orgOf(c), c.req.valid('param').id);
      return c.body(null, 204);
    },
  );

  return router;
}
