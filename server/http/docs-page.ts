import { html, raw } from 'hono/html';
import type { ElementDoc, DocRow } from './docs-manifest.js';
import { reactProp, snippetsFor } from './docs-snippets.js';

// The /docs pages, rendered from the manifest (docs-manifest.ts): an index of the elements, and
// a page per element with its live example (demo mode only: it needs the demo's widget token),
// controls for its attributes, the page's language and theme, its API tables and the snippets.
// No inline script or style: the page's script and styles are widgets/docs-page/ files, so it
// runs under the demo page's strict CSP. Every value is escaped by hono's html``.

export interface DocsContext {
  elements: ElementDoc[];
  /** Tags with an entry of their own in the built kit (`/widgets/<tag>.js`). */
  entryTags: readonly string[];
  /** Of those, the tags the kit's script (service-widgets.js) registers. */
  kitTags: readonly string[];
  languages: readonly string[];
  /** Whether the demo's widget token (POST /demo/token) is there for the live examples. */
  live: boolean;
  /** Where this server answers, for the snippets. */
  origin: string;
}

type Html = ReturnType<typeof html>;

/** `code` spans of the manifest's descriptions as <code>; the rest as text. */
const prose = (value: string) =>
  value.split('`').map((part, i) => (i % 2 ? html`<code>${part}</code>` : part));

/** The first sentence (or clause before a colon), ending in a full stop. */
const firstSentence = (value: string) =>
  (/^[\s\S]*?[.:](?=\s|$)/.exec(value)?.[0] ?? value).replace(/:$/, '.');

/** The element whose folder holds a part's module: `service-settings` for its checklist. */
export function ownerOf(doc: ElementDoc, ctx: DocsContext): string | undefined {
  if (ctx.entryTags.includes(doc.tag)) return doc.tag;
  const folder = doc.module.split('/')[1];
  return ctx.entryTags.find((tag) => tag === `service-${folder}`);
}

/** The live elements in the kit's order, then the parts they load. */
export function ordered(ctx: DocsContext): ElementDoc[] {
  const rank = (doc: ElementDoc) => {
    const i = ctx.entryTags.indexOf(doc.tag);
    return i < 0 ? ctx.entryTags.length : i;
  };
  return [...ctx.elements].sort((a, b) => rank(a) - rank(b) || a.tag.localeCompare(b.tag));
}

function languageName(code: string): string {
  try {
    return new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** `body.tag`: the live element's tag, on its page in demo mode (then the language control shows). */
function layout(
  ctx: DocsContext,
  title: string,
  current: string | null,
  main: Html,
  body: { tag?: string; entry?: string; events?: string } = {},
) {
  const data = Object.entries(body).map(([k, v]) => html` data-${k}="${String(v)}"`);
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
        <link rel="icon" href="data:," />
        <link rel="stylesheet" href="/docs/docs.css" />
        <script type="module" src="/docs/docs.js"></script>
      </head>
      <body data-live="${String(ctx.live)}" ${data}>
        <header class="top">
          <p class="brand"><a href="/docs">Widget docs</a></p>
          <form class="page-controls" id="page-controls">
            ${
              body.tag
                ? html`<label
                    >Language
                    <select id="locale">
                      ${ctx.languages.map(
                        (code) => html`<option value="${code}">${languageName(code)}</option>`,
                      )}
                    </select></label
                  >`
                : ''
            }
            <label
              >Theme
              <select id="theme">
                <option value="light">Light</option>
                <option value="dark">Dark</option>
              </select></label
            >
          </form>
        </header>
        <div class="layout">
          <nav aria-label="Elements">
            <ul>
              ${ordered(ctx).map(
                (doc) =>
                  html`<li>
                    <a
                      href="/docs/${doc.tag}"
                      aria-current="${doc.tag === current ? 'page' : 'false'}"
                      >${doc.tag}</a
                    >
                  </li>`,
              )}
            </ul>
            ${flowLink(ctx)}
          </nav>
          <main>${main}</main>
        </div>
      </body>
    </html>`;
}

const flowLink = (ctx: DocsContext) =>
  ctx.live
    ? html`<p><a href="/demo/wizard.html">The flow screen</a>: three forms, one Next button.</p>`
    : html`<p>
        The flow screen (<code>widgets/demo/wizard.html</code>) runs at
        <code>/demo/wizard.html</code> in demo mode.
      </p>`;

const notLive = html`<p class="notice" id="live-off">
  Live examples run in demo mode (the server started with <code>DEMO=1</code> on a loopback address,
  its organization not live yet), against the demo's data. The API tables and snippets below are the
  same everywhere.
</p>`;

/** GET /docs: what the kit holds, each element's first sentence. */
export function indexPage(ctx: DocsContext) {
  const main = html`<h1>The widget kit</h1>
    <p class="lead">
      Every element of the kit, from its custom elements manifest (<a
        href="/widgets/custom-elements.json"
        >custom-elements.json</a
      >): open one to try it, change its attributes, and copy it into a plain page, React or Vue.
    </p>
    ${ctx.live ? html`<p>Demo mode: the examples run live against the demo's data.</p>` : notLive}
    <dl class="elements">
      ${ordered(ctx).map((doc) => {
        const owner = ownerOf(doc, ctx);
        return html`<dt>
            <a href="/docs/${doc.tag}"><code>&lt;${doc.tag}&gt;</code></a>
          </dt>
          <dd>
            ${prose(firstSentence(doc.description))}
            ${
              owner === doc.tag
                ? ''
                : html` <em
                    >Part of ${owner ? html`<code>&lt;${owner}&gt;</code>` : 'the kit'}.</em
                  >`
            }
          </dd>`;
      })}
    </dl>`;
  return layout(ctx, 'Widget docs', null, main);
}

function table(caption: string, rows: DocRow[], columns: [string, (r: DocRow) => unknown][]) {
  if (rows.length === 0)
    return html`<h3>${caption}</h3>
      <p class="none">None.</p>`;
  return html`<h3>${caption}</h3>
    <div class="table-wrap">
      <table>
        <thead>
          <tr>
            ${columns.map(([name]) => html`<th scope="col">${name}</th>`)}
          </tr>
        </thead>
        <tbody>
          ${rows.map(
            (r) =>
              html`<tr>
                ${columns.map(([, cell], i) =>
                  i === 0
                    ? html`<th scope="row">${cell(r)}</th>`
                    : html`<td data-label="${columns[i]?.[0]}">${cell(r)}</td>`,
                )}
              </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
}

const code = (value: string | undefined) => (value ? html`<code>${value}</code>` : '');
const NAME: [string, (r: DocRow) => unknown] = ['Name', (r) => code(r.name)];
const TYPE: [string, (r: DocRow) => unknown] = ['Type', (r) => code(r.type)];
const ABOUT: [string, (r: DocRow) => unknown] = ['Description', (r) => prose(r.description)];

function apiTables(doc: ElementDoc) {
  return html`${table('Attributes', doc.attributes, [
    NAME,
    TYPE,
    ['Default', (r) => code(r.default)],
    ABOUT,
  ])}
  ${table('Properties', doc.properties, [
    NAME,
    TYPE,
    ['Read-only', (r) => (r.readonly ? 'yes' : '')],
    ABOUT,
  ])}
  ${table('Methods', doc.methods, [NAME, ['Signature', (r) => code(r.type)], ABOUT])}
  ${table('Events', doc.events, [
    NAME,
    ['React prop', (r) => code(reactProp(r.name))],
    ['Type', (r) => code(r.type)],
    ['Detail', (r) => prose(r.description)],
  ])}
  ${table('Slots', doc.slots, [NAME, ABOUT])} ${table('CSS parts', doc.cssParts, [NAME, ABOUT])}
  ${table('CSS custom properties', doc.cssProperties, [NAME, ABOUT])}`;
}

/** Attributes a person may change on the live example (configure() gives the rest). */
const CONTROLLED_ELSEWHERE = new Set(['api-base', 'token', 'theme']);

function control(attr: DocRow) {
  const id = `attr-${attr.name}`;
  const type = attr.type.replace(/\s*\|\s*undefined\b/g, '').trim();
  const choices = /^'[^']*'(\s*\|\s*'[^']*')+$/.test(type)
    ? [...type.matchAll(/'([^']*)'/g)].map((m) => m[1] ?? '')
    : null;
  const label = html`<label for="${id}"><code>${attr.name}</code></label>`;
  if (type === 'boolean') {
    return html`<div class="control check">
      <input type="checkbox" id="${id}" data-attribute="${attr.name}" />${label}
    </div>`;
  }
  if (choices) {
    return html`<div class="control">
      ${label}
      <select id="${id}" data-attribute="${attr.name}">
        <option value="">(not set)</option>
        ${choices.map((c) => html`<option>${c}</option>`)}
      </select>
    </div>`;
  }
  const number = type === 'number';
  return html`<div class="control">
    ${label}
    <input
      id="${id}"
      type="${number ? 'number' : 'text'}"
      data-attribute="${attr.name}"
      placeholder="${attr.default ?? '(not set)'}"
      ${number ? html`min="0"` : ''}
    />
  </div>`;
}

function liveExample(doc: ElementDoc, ctx: DocsContext, owner: string | undefined) {
  if (!ctx.live) return notLive;
  if (owner !== doc.tag) {
    return html`<p class="notice">
      It has no entry of its own:
      ${
        owner
          ? html`see it live in <a href="/docs/${owner}"><code>&lt;${owner}&gt;</code></a
              >.`
          : 'it comes with the element that shows it.'
      }
    </p>`;
  }
  const attributes = doc.attributes.filter((a) => !CONTROLLED_ELSEWHERE.has(a.name));
  return html`<div class="live">
      <div class="stage" id="stage">${liveElement(doc.tag)}</div>
      <form class="attributes" id="attributes" aria-labelledby="attributes-heading">
        <h3 id="attributes-heading">Attributes</h3>
        ${attributes.map(control)}
      </form>
    </div>
    <h3 id="events-heading">Events it fired</h3>
    <div role="log" aria-labelledby="events-heading"><ol id="events"></ol></div>`;
}

/** The example itself: an element of the manifest's tag (checked against the tag pattern). */
const liveElement = (tag: string) =>
  /^service-[a-z-]+$/.test(tag) ? raw(`<${tag} id="live-element"></${tag}>`) : '';

function snippetsSection(doc: ElementDoc, ctx: DocsContext, owner: string | undefined) {
  if (owner !== doc.tag) {
    return owner
      ? html`<p>
          It comes with <a href="/docs/${owner}"><code>&lt;${owner}&gt;</code></a
          >: use that.
        </p>`
      : '';
  }
  const s = snippetsFor(doc, ctx.origin, ctx.kitTags.includes(doc.tag));
  const block = (label: string, text: string) =>
    html`<figure>
      <figcaption>${label}</figcaption>
      <pre data-copy><code>${text}</code></pre>
    </figure>`;
  return html`<h3>Plain page</h3>
    <p>
      No inline script and no <code>onerror</code>: the page's own module does the setup, so a
      strict policy runs it, with this server's origin for the kit and the API calls.
    </p>
    ${block('HTML', s.plainHtml)} ${block('payment-forms.js', s.plainScript)}
    ${block('The page’s CSP header', s.csp)}
    <h3>React</h3>
    <p>
      <code>payment-link-widgets/react</code> holds every element's component today; per-element
      entries (<code>payment-link-widgets/react/${doc.tag}</code>) are on their way.
    </p>
    ${block('React', s.react)}
    <h3>Vue</h3>
    ${block('Vue (single-file component)', s.vue)}
    <h3>In a flow screen</h3>
    ${flowLink(ctx)}`;
}

/** GET /docs/<tag>. */
export function elementPage(doc: ElementDoc, ctx: DocsContext) {
  const owner = ownerOf(doc, ctx);
  const live = ctx.live && owner === doc.tag;
  const main = html`<h1><code>&lt;${doc.tag}&gt;</code></h1>
    <p class="lead">${prose(doc.description)}</p>
    <section aria-labelledby="live-heading">
      <h2 id="live-heading">Live example</h2>
      ${liveExample(doc, ctx, owner)}
    </section>
    <section aria-labelledby="api-heading">
      <h2 id="api-heading">API</h2>
      ${apiTables(doc)}
    </section>
    <section aria-labelledby="use-heading">
      <h2 id="use-heading">Use it</h2>
      ${snippetsSection(doc, ctx, owner)}
    </section>`;
  return layout(ctx, `<${doc.tag}>: widget docs`, doc.tag, main, {
    tag: live ? doc.tag : '',
    entry: live && !ctx.kitTags.includes(doc.tag) ? `/widgets/${doc.tag}.js` : '',
    events: live ? doc.events.map((e) => e.name).join(' ') : '',
  });
}
