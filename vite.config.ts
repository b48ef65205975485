import MagicString from 'magic-string';
import { build, defineConfig, type Plugin } from 'vite';

// The widget kit's library build (`vite build`), into dist/widgets:
//  - service-widgets.js: an ES module that registers all eight elements and exports configure();
//  - service-<element>.js: one entry per element (registers that one), sharing chunks/;
//  - service-widgets.iife.js: the same kit for a plain <script> tag (global `ServiceWidgets`).
// Lit is bundled in, so a host page needs nothing else. The server serves the folder at /widgets/.

export const ELEMENTS = [
  'settings',
  'client-create',
  'matter-create',
  'payment-link-create',
  'aggregate-link-create',
  'aggregate-link-update',
  'bank-accounts-sync',
  'transactions-list',
] as const;

/**
 * The operations widgets (admin consoles): entries of their own, outside the kit's script
 * (service-widgets.js and its IIFE) and its 30 KB budget; a page loads them where it shows them.
 */
export const OPERATIONS_ELEMENTS = ['sync-problems', 'webhook-events'] as const;

/** Where the kit goes; the size test builds into a folder of its own. */
const outDir = process.env.WIDGETS_OUT_DIR ?? 'dist/widgets';
const target = 'es2022';

/**
 * Lit's html`` and css`` templates keep the source's indentation, which the minifier may not
 * touch (it is string content). Outside <pre> (the kit has none) a run of white space with a
 * line break renders as one space, so it is collapsed to one; in css`` the spaces around
 * braces, semicolons, commas and `>` go too. About 1 KB gzip of the kit's 30 KB budget.
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
            for (const q of quasis) {
              let text = code.slice(q.start, q.end).replace(/\s*\n\s*/g, ' ');
              if (tag === 'css') text = text.replace(/\s*([{};,>])\s*/g, '$1');
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

/**
 * A script-tag build needs one self-contained file (IIFE), which a multi-entry build cannot
 * emit, so a second build runs once the ES build is written.
 */
function scriptTagBuild(): Plugin {
  return {
    name: 'service-widgets-script-tag-build',
    apply: 'build',
    async closeBundle() {
      await build({
        configFile: false,
        logLevel: 'warn',
        plugins: [minifyTemplates()],
        build: {
          outDir,
          emptyOutDir: false,
          target,
          sourcemap: true,
          lib: {
            entry: 'widgets/index.ts',
            formats: ['iife'],
            name: 'ServiceWidgets',
            fileName: () => 'service-widgets.iife.js',
          },
          rolldownOptions: {
            output: { minify: true, comments: { legal: true, annotation: false, jsdoc: false } },
          },
        },
      });
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
          [...ELEMENTS, ...OPERATIONS_ELEMENTS].map((name) => [
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
        // Everything elements share (Lit, the base element, the API client, helpers) in one
        // chunk: a page with several elements loads one file more than their entries, not five.
        // The operations widgets' API (shared/operations-api.ts) stays with them, out of the kit.
        codeSplitting: {
          groups: [
            {
              name: 'kit',
              test: /[\\/](?:widgets[\\/]core|shared(?![\\/](?:operations-api|origins)\.)|node_modules)[\\/]/,
            },
          ],
        },
      },
    },
  },
  plugins: [minifyTemplates(), scriptTagBuild()],
});
