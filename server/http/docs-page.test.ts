import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { elementDocs } from './docs-manifest.js';
import { elementPage, type DocsContext } from './docs-page.js';
import { handleError } from './error-handler.js';
import { createRouter } from './router.js';
import { docsRouter } from './routes/docs.js';

// /docs from a manifest of the test's own: what it keeps of it, and the page outside demo mode
// (the e2e suite, e2e/docs-page.test.ts, runs the live page in demo mode against the real kit).

const MANIFEST = {
  schemaVersion: '2.1.0',
  modules: [
    {
      path: 'widgets/client-create/service-client-create.ts',
      declarations: [
        {
          kind: 'class',
          name: 'ServiceClientCreate',
          tagName: 'service-client-create',
          description: 'Creates a `thing` <script>alert(1)</script>.',
          attributes: [
            {
              name: 'hide-submit',
              type: { text: 'boolean' },
              default: 'false',
              description: 'Hides it.',
            },
            { name: 'kind', type: { text: "'a' | 'b' | undefined" } },
            { name: 'token', type: { text: 'string | undefined' } },
          ],
          members: [
            { kind: 'field', name: 'value', type: { text: 'string' }, readonly: true },
            { kind: 'field', name: 'secret', privacy: 'private' },
            { kind: 'field', name: 'guts', privacy: 'protected' },
            { kind: 'field', name: 'styles', static: true },
            { kind: 'method', name: 'formResetCallback' },
            {
              kind: 'method',
              name: 'submit',
              parameters: [{ name: 'force', type: { text: 'boolean' } }],
              return: { type: { text: 'Promise<void>' } },
            },
          ],
          events: [
            { name: 'service-record-created', type: { text: 'CustomEvent<{ id: string }>' } },
            { name: 'service-error', description: 'A call failed.' },
          ],
          cssParts: [{ name: 'form', description: 'The form.' }],
        },
        { kind: 'class', name: 'NotAnElement' },
      ],
    },
    { path: 'widgets/client-create/part.ts', declarations: [{ tagName: 'service-client-part' }] },
    { path: 'broken', declarations: 'nonsense' },
  ],
};

const ctx = (live: boolean): DocsContext => ({
  elements: elementDocs(MANIFEST),
  entryTags: ['service-client-create'],
  kitTags: [],
  languages: ['en', 'es'],
  live,
  origin: 'https://payments.example.com',
});

describe('the manifest as /docs reads it', () => {
  it('keeps the elements and their public API, whatever is missing', () => {
    const docs = elementDocs(MANIFEST);
    expect(docs.map((d) => d.tag)).toEqual(['service-client-create', 'service-client-part']);
    const [thing, part] = docs;
    expect(part).toMatchObject({ tag: 'service-client-part', attributes: [], events: [] });
    expect(thing?.properties).toEqual([
      { name: 'value', type: 'string', description: '', readonly: true },
    ]);
    expect(thing?.methods).toEqual([
      { name: 'submit', type: '(force: boolean) => Promise<void>', description: '' },
    ]);
    expect(thing?.events.map((e) => e.type)).toEqual(['CustomEvent<{ id: string }>', '']);
    expect(elementDocs(null)).toEqual([]);
    expect(elementDocs({ modules: 'x' })).toEqual([]);
  });
});

describe('an element’s page', () => {
  const render = async (live: boolean) =>
    String(await elementPage(elementDocs(MANIFEST)[0]!, ctx(live)));

  it('in demo mode: the live element, a control per attribute, its own entry', async () => {
    const page = await render(true);
    expect(page).toContain('<service-client-create id="live-element"></service-client-create>');
    expect(page).toContain('data-entry="/widgets/service-client-create.js"');
    expect(page).toContain('<input type="checkbox" id="attr-hide-submit"');
    expect(page).toMatch(/<select id="attr-kind"[^>]*>[\s\S]*<option>a<\/option>/);
    // The token is configure()'s on this page, not a control.
    expect(page).not.toContain('id="attr-token"');
    expect(page).toContain('<option value="es">español</option>');
    // A part another element loads is not live on its own page: no language to switch.
    const part = String(await elementPage(elementDocs(MANIFEST)[1]!, ctx(true)));
    expect(part).toContain('It has no entry of its own');
    expect(part).not.toMatch(/live-element|id="locale"/);
  });

  it('elsewhere: the tables and snippets, no live element, and says why', async () => {
    const page = await render(false);
    expect(page).not.toContain('live-element');
    expect(page).not.toContain('id="locale"');
    expect(page).toContain('Live examples run in demo mode');
    expect(page).toContain('<code>onRecordCreated</code>');
    expect(page).toContain(
      'import &#39;https://payments.example.com/widgets/service-client-create.js&#39;;',
    );
    expect(page).not.toMatch(/<script>|onerror=/);
  });

  it('escapes what the manifest says', async () => {
    const page = await render(false);
    expect(page).toContain('Creates a <code>thing</code> &lt;script&gt;alert(1)&lt;/script&gt;.');
  });
});

describe('GET /docs outside demo mode', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'plk-docs-'));
  writeFileSync(path.join(dir, 'custom-elements.json'), JSON.stringify(MANIFEST));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const app = (widgetsDir: string) => {
    const router = createRouter();
    router.use('*', async (c, next) => {
      c.set('deps', { config: { host: '127.0.0.1', publicUrl: undefined } } as never);
      await next();
    });
    router.onError(handleError);
    return router.route('/', docsRouter(widgetsDir));
  };

  it('lists the elements under the strict CSP, and its script is a file', async () => {
    const res = await app(dir).request('http://127.0.0.1/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self';/);
    const page = await res.text();
    expect(page).toContain('<script type="module" src="/docs/docs.js"></script>');
    expect(page).toContain('href="/docs/service-client-part"');
    expect(page).toContain('Part of <code>&lt;service-client-create&gt;</code>');
    const script = await app(dir).request('http://127.0.0.1/docs/docs.js');
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
  });

  it('answers 404 for an element the kit does not have, and while the kit is not built', async () => {
    expect((await app(dir).request('http://127.0.0.1/docs/service-nothing')).status).toBe(404);
    const unbuilt = await app(path.join(dir, 'none')).request('http://127.0.0.1/docs');
    expect(unbuilt.status).toBe(404);
    expect(((await unbuilt.json()) as { error: { message: string } }).error.message).toMatch(
      /npm run build:widgets/,
    );
  });
});
