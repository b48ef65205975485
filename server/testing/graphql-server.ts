// Test support (not a test): real loopback HTTP servers standing in for the remote, so the
// transport is exercised through fetch, sockets and headers rather than a mocked function.

import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { buildClientSchema, graphql, type GraphQLSchema, type IntrospectionQuery } from 'graphql';
import { Hono } from 'hono';
import { loadRemoteSchema } from '../remote/sdl.js';

interface RecordedRequest {
  readonly headers: Readonly<Record<string, string>>;
  readonly body: {
    readonly query: string;
    readonly variables: Record<string, unknown>;
    readonly operationName: string;
  };
}

export interface TestServer {
  readonly url: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

export type Handler = (request: RecordedRequest, index: number) => Response | Promise<Response>;

/** A server on 127.0.0.1 and a free port that records every request and answers with `handler`. */
export async function startTestServer(handler: Handler): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const app = new Hono();
  app.post('/', async (c) => {
    const recorded: RecordedRequest = {
      headers: Object.fromEntries(c.req.raw.headers),
      body: (await c.req.json()) as RecordedRequest['body'],
    };
    requests.push(recorded);
    return handler(recorded, requests.length - 1);
  });
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(s as Server),
    );
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        // Drop kept-alive and stalled connections, or close() waits for them.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

let realSchema: GraphQLSchema | undefined;

const INTROSPECTION_FILE = path.resolve(
  REPO_ROOT,
  '..',
  'shared',
  'remote-api',
  'schema.introspection.json',
);
/** The steering docs sit beside the repository in CI; a bare clone may lack them. */
export const hasIntrospection = existsSync(INTROSPECTION_FILE);

/** The remote's real schema, from the introspection in the steering docs. */
export function loadIntrospectionSchema(): GraphQLSchema {
  if (!realSchema) {
    const json = JSON.parse(readFileSync(INTROSPECTION_FILE, 'utf8')) as {
      data: IntrospectionQuery;
    };
    realSchema = buildClientSchema(json.data);
  }
  return realSchema;
}

/**
 * A server that executes requests against the real schema with graphql-js, root fields answered
 * by `root` (a function per field, called with its arguments). It reproduces the real
 * execution rules that batching depends on: per-alias errors with `path`, null propagation from
 * non-null root fields, mutations run serially.
 */
export function startGraphQLServer(root: Record<string, unknown>): Promise<TestServer> {
  // Without the introspection, our SDL subset (compared field by field with it in CI) stands in.
  const schema = hasIntrospection ? loadIntrospectionSchema() : loadRemoteSchema();
  return startTestServer(async ({ body }) => {
    const result = await graphql({
      schema,
      source: body.query,
      variableValues: body.variables,
      operationName: body.operationName,
      rootValue: root,
    });
    return Response.json(result);
  });
}

/** A port with nothing listening: bound once, then released. */
export async function refusedUrl(): Promise<string> {
  const server = await startTestServer(() => new Response(null));
  await server.close();
  return server.url;
}
