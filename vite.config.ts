import MagicString from 'magic-string';
import { defineConfig, type Plugin } from 'vite';
import { ELEMENTS, OPERATIONS_ELEMENTS, OUTSIDE_KIT_ELEMENTS } from './widgets/elements.js';
import { scriptTagBuild } from './widgets/build/script-tag.js';

// The widget kit's library build (`vite build`), into dist/widgets:
//  - service-widgets.js: an ES module that registers all eight elements and exports configure();
//  - service-<element>.js: one entry per element (registers that one), sharing chunks/;
//  - service-widgets.iife.js: the same kit for a plain <script> tag (global `ServiceWidgets`).
// Lit is bundled in, so a host page needs nothing else. The server serves the folder at /widgets/.

// The element lists live in widgets/elements.ts, which the browser tests import too.
export { ELEMENTS, OPERATIONS_ELEMENTS };

/**
 * The parts elements import on demand, in files of their own: the settings card's checklist,
 * allowed origins, health list (its trust findings' line and list) and connection form, the
 * transactions list's Refund and Void (loaded for an admin) and their dialog (and its trust
 * warning), the aggregate link's deletion (question and outcome), the bank account sync's
 * outcome, the payment link form's options and its warnings of a firm without (trust) accounts.
 * (A link's Send request and Record a cheque live in widgets/link-dialogs/, no element's folder,
 * so they are never in the kit's chunk: core/link-actions.ts loads them.)
 */
const ON_DEMAND = [
  'going-live-checklist.ts',
  'allowed-origins.ts',
  'health.ts',
  'trust-findings.ts',
  'trust-findings-list.ts',
  'connection-fields.ts',
  'money-out-dialog.ts',
  'money-out-actions.ts',
  'trust-warning.ts',
  'deletion.ts',
  'outcome.ts',
  'account-warnings.ts',
  'link-options.ts',
  'link-option-parts.ts',
];

/**
 * What goes into the kit's shared chunk: Lit and the other packages, shared/ (but the operations
 * widgets', the trust ledger's (its approvals' too) and the link dialogs' API calls, the origin
 * rules of the allowed origins and the sandbox key test of the connection form, the payment
 * plans' calls and values, which stay with them),
 * widgets/core, and the eight elements' classes. Not their define.ts (an element's entry registers
 * it alone), nor what loads on demand (the settings card's checklist and allowed origins, the
 * progress display) or only with the operations widgets.
 */
function inKitChunk(id: string): boolean {
  const file = id.replaceAll('\\', '/');
  if (file.includes('/node_modules/')) return true;
  if (file.includes('/shared/'))
    return !/\/(?:operations-api|ledger-api|approvals-api|link-requests-api|payment-plans-api|payment-plan-values|origins|service-keys)\.ts$/.test(
      file,
    );
  const [, folder = '', name = ''] = /\/widgets\/([^/]+)\/([^/]+)$/.exec(file) ?? [];
  if (folder === 'core') return true;
  return (
    (ELEMENTS as readonly string[]).includes(folder) &&
    !name.startsWith('define') &&
    !ON_DEMAND.includes(name)
  );
}

/** Where the kit goes; the size test builds into a folder of its own. */
const outDir = process.env.WIDGETS_OUT_DIR ?? 'dist/widgets';
const target = 'es2022';

/**
 * Lit's html`` and css`` templates keep the source's indentation, which the minifier may not
 * touch (it is string content). Outside <pre> (the kit has none) a run of white space with a
 * line break renders as one space, so it is collapsed to one; in css`` the comments go, and the
 * spaces around braces, semicolons, commas and `>`, after colons and at the sheet's ends. About 1 KB gzip of the kit's 30 KB budget.
 */
function minifyTemplates(): Plugin {
  return {
    name: 'service-widgets-minify-templates',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!/[\\/]widgets[\\/].*\.ts$/.test(id) || !/\b(?:html|css)`/.test(code)) return null;
      const out = new MagicString(code);
      const visit = (node: unknown): void => {
        if (!node || typeof node !== 'object') return;
        if (Array.isArray(node)) return node.forEach(visit);
        const n = node as Record<string, unknown> & { type?: string };
        if (n.type === 'TaggedTemplateExpression') {
          const tag = (n.tag as { name?: string }).name;
          const quasis = (n.quasi as { quasis: { start: number; end: number }[] }).quasis;
          if (tag === 'html' || tag === 'css') {
            for (const [i, q] of quasis.entries()) {
              let text = code.slice(q.start, q.end).replace(/\s*\n\s*/g, ' ');
              if (tag === 'css') {
                text = text
                  .replace(/\/\*.*?\*\//g, '')
                  .replace(/\s*([{};,>])\s*/g, '$1')
                  .replace(/:\s+/g, ':')
                  .replace(/;}/g, '}');
                // A sheet's own start and end: white space there means nothing.
                if (i === 0) text = text.trimStart();
                if (i === quasis.length - 1) text = text.trimEnd();
              }
              if (text !== code.slice(q.start, q.end)) out.overwrite(q.start, q.end, text);
            }
          }
        }
        for (const [key, value] of Object.entries(n)) if (key !== 'type') visit(value);
      };
      visit(this.parse(code));
      return out.hasChanged()
        ? { code: out.toString(), map: out.generateMap({ hires: true }) }
        : null;
    },
  };
}

export default defineConfig({
  build: {
    outDir,
    emptyOutDir: true,
    target,
    sourcemap: true,
    lib: {
      entry: {
        'service-widgets': 'widgets/index.ts',
        ...Object.fromEntries(
          [...ELEMENTS, ...OUTSIDE_KIT_ELEMENTS].map((name) => [
            `service-${name}`,
            `widgets/${name}/define.ts`,
          ]),
        ),
      },
      formats: ['es'],
    },
    rolldownOptions: {
      // An element's entry may carry what the kit's entry shares with it, instead of a facade
      // file that only re-exports a chunk (one request and one gzip stream fewer per element).
      preserveEntrySignatures: 'allow-extension',
      output: {
        minify: true,
        // Lit's BSD-3-Clause notices travel with the code that carries them.
        comments: { legal: true, annotation: false, jsdoc: false },
        chunkFileNames: 'chunks/[name]-[hash].js',
        // The kit's code in one chunk: Lit, the base element, the API client, the helpers and the
        // eight elements' classes. Compressed as one file it weighs about 5 KB less than split per
        // element, and a page with any of the elements loads it once (cached). Each element's
        // entry registers that element alone. See inKitChunk.
        codeSplitting: {
          groups: [
            {
              name: 'kit',
              test: inKitChunk,
            },
          ],
        },
      },
    },
  },
  plugins: [
    minifyTemplates(),
    // service-widgets.iife.js, and parts/ beside it: see widgets/build/script-tag.ts.
    scriptTagBuild({
      entry: 'widgets/index.ts',
      outDir,
      target,
      plugins: () => [minifyTemplates()],
    }),
  ],
});
