import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context } from 'hono';
import { AppError } from '../errors.js';
import type { AppEnv } from './context.js';
import { createRouter } from './router.js';

// The widget kit as built by `npm run build:widgets` (dist/widgets), served under /widgets/ the
// way a CDN would: the brotli or gzip copy written at build time when the browser takes it, an
// ETag (so a revalidation costs a 304), and caching by kind of file — content-hashed chunks are
// kept for a year (a new build makes new names), entry files and the manifest only briefly
// (their names stay, their content changes). Only plain file names below the folder are served:
// no `..`, no hidden files, a fixed list of types.

export const WIDGETS_DIST = fileURLToPath(new URL('../../dist/widgets/', import.meta.url));

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

const SAFE_PATH = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** `chunks/` holds only files named by their content's hash (vite's chunkFileNames). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Entry files keep their names across builds: cached briefly, then revalidated by ETag. */
export const SHORT = 'public, max-age=300';

type Encoding = 'br' | 'gzip';
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

interface Cached {
  version: string;
  etag: string;
  bodies: Partial<Record<Encoding | 'identity', Uint8Array<ArrayBuffer>>>;
}

/** Files as last read, keyed by path; re-read when their size or time changes (a rebuild). */
const cache = new Map<string, Cached>();

async function load(file: string): Promise<Cached> {
  const info = await stat(file);
  const version = `${info.size}:${info.mtimeMs}`;
  const hit = cache.get(file);
  if (hit?.version === version) return hit;
  const raw = await readFile(file);
  const bodies: Cached['bodies'] = { identity: new Uint8Array(raw) };
  for (const encoding of ['br', 'gzip'] as const) {
    // A compressed copy older than the file belongs to an earlier build: not used.
    const copy = await stat(file + SUFFIX[encoding]).catch(() => null);
    if (copy && copy.mtimeMs >= info.mtimeMs) {
      bodies[encoding] = new Uint8Array(await readFile(file + SUFFIX[encoding]));
    }
  }
  const etag = createHash('sha256').update(raw).digest('base64url').slice(0, 22);
  const entry = { version, etag, bodies };
  cache.set(file, entry);
  return entry;
}

/** The best encoding the request accepts (`Accept-Encoding`, honouring `q=0`) that we have. */
export function chooseEncoding(
  header: string | undefined,
  available: ReadonlySet<string>,
): Encoding | 'identity' {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  for (const encoding of ['br', 'gzip'] as const) {
    if (available.has(encoding) && ok(encoding)) return encoding;
  }
  return 'identity';
}

/** Each representation has its own strong ETag; any of them validates (the content is one). */
const tagFor = (etag: string, encoding: Encoding | 'identity') =>
  encoding === 'identity' ? `"${etag}"` : `"${etag}-${encoding}"`;

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === `"${etag}"` || tag.startsWith(`"${etag}-`));
}

/** Answers one file of `dir`, or 404 when it is missing or its name is not a plain one. */
export async function sendFile(
  c: Context<AppEnv>,
  dir: string,
  name: string,
  headers: Record<string, string> = {},
  /** `kit`: cached like a CDN's (see above); else revalidated each time (files edited in place). */
  caching: 'kit' | 'revalidate' = 'revalidate',
): Promise<Response> {
  const type = TYPES[path.extname(name)];
  if (!type || !SAFE_PATH.test(name) || name.split('/').includes('..')) {
    throw new AppError('not_found', `No file ${name}`);
  }
  let file: Cached;
  try {
    file = await load(path.join(dir, name));
  } catch {
    throw new AppError(
      'not_found',
      caching === 'kit'
        ? `No widget file ${name}: build the kit with "npm run build:widgets"`
        : `No file ${name}`,
    );
  }

  const encoding = chooseEncoding(
    c.req.header('accept-encoding'),
    new Set(Object.keys(file.bodies)),
  );
  const common: Record<string, string> = {
    etag: tagFor(file.etag, encoding),
    vary: 'Accept-Encoding',
    'cache-control':
      caching === 'kit' ? (name.startsWith('chunks/') ? IMMUTABLE : SHORT) : 'no-cache',
    'x-content-type-options': 'nosniff',
    // The kit is public code that any page may load, as a module script too (which needs
    // CORS): a page whose origin is not in CORS_ORIGINS then gets the widgets, and they tell
    // it why the API refuses it, rather than staying empty.
    ...(caching === 'kit'
      ? { 'access-control-allow-origin': '*', 'cross-origin-resource-policy': 'cross-origin' }
      : {}),
    ...headers,
  };
  if (matches(c.req.header('if-none-match'), file.etag)) return c.body(null, 304, common);
  return c.body(file.bodies[encoding]!, 200, {
    'content-type': type,
    ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
    ...common,
  });
}

/** Serves the kit built into `dir` at /widgets/ (tests pass a folder of their own). */
export const widgetAssets = (dir = WIDGETS_DIST) =>
  createRouter().get('/widgets/*', (c) =>
    sendFile(c, dir, c.req.path.slice('/widgets/'.length), {}, 'kit'),
  );

export const widgetAssetsRouter = widgetAssets();
