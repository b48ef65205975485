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

/** Where the kit goes; the size test builds into a folder of its own. */
const outDir = process.env.WIDGETS_OUT_DIR ?? 'dist/widgets';
const target = 'es2022';

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
          ELEMENTS.map((name) => [`service-${name}`, `widgets/${name}/define.ts`]),
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
        codeSplitting: {
          groups: [{ name: 'kit', test: /[\\/](?:widgets[\\/]core|shared|node_modules)[\\/]/ }],
        },
      },
    },
  },
  plugins: [scriptTagBuild()],
});
