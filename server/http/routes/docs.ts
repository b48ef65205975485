import { fileURLToPath } from 'node:url';
import type { Context } from 'hono';
import { KIT_LANGUAGES } from '../../../widgets/core/languages.js';
import { ALL_TAGS, KIT_TAGS } from '../../../widgets/elements.js';
import { inDemoMode } from '../../domain/settings.js';
import { AppError } from '../../errors.js';
import { isLoopbackHost } from '../../security/hosts.js';
import type { AppEnv } from '../context.js';
import { readElementDocs } from '../docs-manifest.js';
import { elementPage, indexPage, type DocsContext } from '../docs-page.js';
import { createRouter } from '../router.js';
import { sendFile, WIDGETS_DIST } from '../widget-assets.js';
import { PAGE_HEADERS } from './demo.js';

// /docs: the kit's elements documented from its manifest, each live against the demo's data in
// demo mode (the page asks POST /demo/token, as the demo page does); elsewhere the same tables
// and snippets, without the live examples. Public: the manifest it shows is served at /widgets/
// anyway. The page's script and styles are widgets/docs-page/ (not part of the kit's package).

const DOCS_DIR = fileURLToPath(new URL('../../../widgets/docs-page/', import.meta.url));

/** Whether POST /demo/token will answer this page: the rules of routes/demo.ts and demo-gate.ts. */
async function demoLive(c: Context<AppEnv>): Promise<boolean> {
  const { demo, config } = c.get('deps');
  if (!demo || !isLoopbackHost(config.host)) return false;
  const host = new URL(c.req.url).hostname.toLowerCase();
  const publicHost = config.publicUrl ? new URL(config.publicUrl).hostname.toLowerCase() : null;
  if (!isLoopbackHost(host) && host !== publicHost) return false;
  return inDemoMode(c.get('db'), demo.orgId);
}

async function context(c: Context<AppEnv>, widgetsDir: string): Promise<DocsContext> {
  const { publicUrl } = c.get('deps').config;
  return {
    elements: await readElementDocs(widgetsDir),
    entryTags: ALL_TAGS,
    kitTags: KIT_TAGS,
    languages: KIT_LANGUAGES,
    live: await demoLive(c),
    origin: new URL(publicUrl ?? c.req.url).origin,
  };
}

const HEADERS = { ...PAGE_HEADERS, 'cache-control': 'no-cache' };

/** `widgetsDir`: the built kit whose manifest it shows (tests pass a folder of their own). */
export function docsRouter(widgetsDir = WIDGETS_DIST) {
  return createRouter()
    .get('/docs', async (c) => c.html(indexPage(await context(c, widgetsDir)), 200, HEADERS))
    .get('/docs/:file{[a-z-]+\\.(?:js|css)}', (c) => sendFile(c, DOCS_DIR, c.req.param('file')))
    .get('/docs/:tag{[a-z][a-z0-9]*-[a-z0-9-]+}', async (c) => {
      const ctx = await context(c, widgetsDir);
      const doc = ctx.elements.find((e) => e.tag === c.req.param('tag'));
      if (!doc) throw new AppError('not_found', `No element <${c.req.param('tag')}> in the kit`);
      return c.html(elementPage(doc, ctx), 200, HEADERS);
    });
}
