import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context } from 'hono';
import { AppError } from '../errors.js';
import type { AppEnv } from './context.js';
import { createRouter } from './router.js';

// The widget kit as built by `vite build` (dist/widgets), served under /widgets/ so a host page
// may load it from this server. Only plain file names below that folder are served: no `..`, no
// hidden files, a fixed list of types.

export const WIDGETS_DIST = fileURLToPath(new URL('../../dist/widgets/', import.meta.url));

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

const SAFE_PATH = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** Answers one file of `dir`, or 404 when it is missing or its name is not a plain one. */
export async function sendFile(
  c: Context<AppEnv>,
  dir: string,
  name: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  const type = TYPES[path.extname(name)];
  if (!type || !SAFE_PATH.test(name) || name.split('/').includes('..')) {
    throw new AppError('not_found', `No file ${name}`);
  }
  let body: Buffer;
  try {
    body = await readFile(path.join(dir, name));
  } catch {
    throw new AppError(
      'not_found',
      dir === WIDGETS_DIST
        ? `No widget file ${name}: build the kit with "npm run build:widgets"`
        : `No file ${name}`,
    );
  }
  return c.body(new Uint8Array(body), 200, {
    'content-type': type,
    // Rebuilt in place by `vite build`: browsers check back rather than keep a stale kit.
    'cache-control': 'no-cache',
    'x-content-type-options': 'nosniff',
    ...headers,
  });
}

export const widgetAssetsRouter = createRouter().get('/widgets/*', (c) =>
  sendFile(c, WIDGETS_DIST, c.req.path.slice('/widgets/'.length)),
);
