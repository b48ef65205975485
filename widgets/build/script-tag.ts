import { createHash } from 'node:crypto';
import path from 'node:path';
import MagicString from 'magic-string';
import { build, type Plugin } from 'vite';

// The script-tag build: service-widgets.iife.js, the kit for a plain <script> tag (global
// `ServiceWidgets`), and beside it parts/, what the kit loads only when needed (every `import()`
// of its sources: the settings card's checklist and allowed origins, the sync's progress, the
// languages' texts, and whatever else a later element puts behind an `import()`).
//
// An IIFE is one file: a bundler cannot split it. So the parts are ES modules of their own,
// fetched with import() from the script's own address (document.currentScript, while the script
// runs): same-origin scripts, no eval, so a strict CSP (script-src 'self') allows them. What a part
// shares with the kit (Lit, the base element, the helpers) it does not carry again: it reads the
// kit's own instances from a registry the script leaves on globalThis, under a key of this build
// (two kits on a page never mix), holding exactly the bindings the parts import.

const ROOT = process.cwd();
const WIDGETS = path.join(ROOT, 'widgets');
const LOADER = '\0kit-parts-loader';
const REGISTRY = '\0kit-parts-registry';
const SHARED = '\0kit-shared:';

/** What the ES build's module graph says about the kit's entry. */
interface KitGraph {
  /** Every module the entry imports statically (the script's own contents). */
  main: Set<string>;
  /** Each module's export names. */
  exports: Map<string, string[]>;
  /** What the entry's modules (and those parts) import dynamically, outside `main`. */
  parts: string[];
  /** The registry's name: a hash of the kit's sources. */
  key: string;
}

const rel = (id: string) => path.relative(ROOT, id).replaceAll('\\', '/');
/** A part's file name under parts/: its path in widgets/ without the extension. */
const partName = (id: string) =>
  path.relative(WIDGETS, id).replaceAll('\\', '/').replace(/\.ts$/, '');
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

type Node = Record<string, unknown> & { type?: string };

/** The import and export-from statements of a module (its AST's top level). */
function importsOf(ast: { body: Node[] }) {
  const found: { source: string; names: string[] | '*' }[] = [];
  for (const node of ast.body) {
    const source = (node.source as { value?: string } | null | undefined)?.value;
    if (!source) continue;
    if (node.type === 'ImportDeclaration') {
      const names: string[] = [];
      let all = false;
      for (const s of node.specifiers as Node[]) {
        if (s.type === 'ImportNamespaceSpecifier') all = true;
        else if (s.type === 'ImportDefaultSpecifier') names.push('default');
        else {
          const imported = s.imported as { name?: string; value?: string };
          names.push(imported.name ?? imported.value ?? '');
        }
      }
      found.push({ source, names: all ? '*' : names });
    } else if (node.type === 'ExportNamedDeclaration') {
      found.push({
        source,
        names: (node.specifiers as Node[]).map((s) => {
          const local = s.local as { name?: string; value?: string };
          return local.name ?? local.value ?? '';
        }),
      });
    } else if (node.type === 'ExportAllDeclaration') {
      found.push({ source, names: '*' });
    }
  }
  return found;
}

/** Reads the kit entry's graph at the end of the ES build (which built the same sources). */
function readGraph(
  context: { getModuleIds(): IterableIterator<string>; getModuleInfo(id: string): unknown },
  entry: string,
): KitGraph {
  type Info = { importedIds: string[]; dynamicallyImportedIds: string[]; exports: string[] };
  const info = (id: string) => context.getModuleInfo(id) as (Info & { code: string | null }) | null;
  const main = new Set<string>();
  const visit = (id: string, into: Set<string>) => {
    if (into.has(id) || (into !== main && main.has(id))) return;
    into.add(id);
    for (const next of info(id)?.importedIds ?? []) visit(next, into);
  };
  visit(entry, main);
  // Virtual modules (the compiler's helpers) are small: each side keeps its own.
  for (const id of main) if (id.startsWith('\0')) main.delete(id);
  const parts: string[] = [];
  const queue = [...main];
  for (let id = queue.shift(); id; id = queue.shift()) {
    for (const target of info(id)?.dynamicallyImportedIds ?? []) {
      if (main.has(target) || parts.includes(target)) continue;
      parts.push(target);
      const own = new Set<string>();
      visit(target, own);
      queue.push(...own);
    }
  }
  const hash = createHash('sha256');
  const exports = new Map<string, string[]>();
  for (const id of [...main].sort()) {
    hash.update(`${rel(id)}\n${info(id)?.code ?? ''}\n`);
    exports.set(id, info(id)?.exports ?? []);
  }
  return { main, exports, parts, key: `service-widgets:${hash.digest('hex').slice(0, 12)}` };
}

/**
 * The parts' build: one ES module per part (chunks for what parts share among themselves), whose
 * imports of the kit's own modules read the registry instead. It runs twice: a first pass (`scan`,
 * nothing written) records which bindings the parts import from the kit; the second reads them.
 */
function partsPlugin(graph: KitGraph, used: Map<string, Set<string>>, scan: boolean): Plugin {
  return {
    name: 'service-widgets-parts',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || source.startsWith('\0')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !graph.main.has(resolved.id)) return resolved;
      return { id: SHARED + resolved.id, external: scan };
    },
    load(id) {
      if (!id.startsWith(SHARED)) return null;
      const real = id.slice(SHARED.length);
      const names = used.get(real) ?? [];
      const lines = [
        `const m = globalThis[${JSON.stringify(graph.key)}][${JSON.stringify(rel(real))}];`,
      ];
      for (const name of names) {
        if (name === 'default') lines.push('export default m.default;');
        else if (IDENTIFIER.test(name)) lines.push(`export const ${name} = m.${name};`);
      }
      return lines.join('\n');
    },
    // After TypeScript's types are gone: type-only imports read nothing.
    transform: {
      order: 'post',
      async handler(code, id) {
        if (!scan || id.startsWith('\0')) return null;
        for (const { source, names } of importsOf(
          this.parse(code) as unknown as { body: Node[] },
        )) {
          // (this.resolve skips this plugin: the module's own id.)
          const real = (await this.resolve(source, id))?.id;
          if (!real || !graph.main.has(real)) continue;
          const set = used.get(real) ?? new Set<string>();
          for (const name of names === '*' ? (graph.exports.get(real) ?? []) : names) set.add(name);
          used.set(real, set);
        }
        return null;
      },
    },
  };
}

/**
 * The script's side: every dynamic import of a source module `./x.js` becomes a load of parts/x.js beside
 * the script, and the entry fills the registry with the bindings the parts read.
 */
function scriptPlugin(graph: KitGraph, used: Map<string, Set<string>>, entry: string): Plugin {
  return {
    name: 'service-widgets-script',
    resolveId: (id) => (id === LOADER || id === REGISTRY ? id : null),
    load(id) {
      if (id === LOADER) {
        // The script's address while it runs: document.currentScript is gone later.
        return [
          'const base = document.currentScript?.src ?? location.href;',
          'export const loadPart = (name) => import(/* @vite-ignore */ new URL(`parts/${name}.js`, base).href);',
        ].join('\n');
      }
      if (id !== REGISTRY) return null;
      const imports: string[] = [];
      const entries: string[] = [];
      let n = 0;
      for (const [module, names] of used) {
        const fields: string[] = [];
        for (const name of names) {
          const local = `__k${n++}`;
          imports.push(
            `import { ${IDENTIFIER.test(name) ? name : JSON.stringify(name)} as ${local} } from ${JSON.stringify(module)};`,
          );
          fields.push(`${JSON.stringify(name)}: ${local}`);
        }
        entries.push(`${JSON.stringify(rel(module))}: { ${fields.join(', ')} }`);
      }
      return `${imports.join('\n')}\nglobalThis[${JSON.stringify(graph.key)}] = { ${entries.join(', ')} };`;
    },
    transform(code, id) {
      const isEntry = id === entry;
      if (!isEntry && !/\bimport\(\s*['"]\./.test(code)) return null;
      if (!/[\\/](?:widgets|shared)[\\/].*\.ts$/.test(id)) return null;
      const out = new MagicString(code);
      for (const m of code.matchAll(/\bimport\(\s*(['"])(\.[^'"]+)\1\s*\)/g)) {
        const target = path.resolve(path.dirname(id), m[2]!.replace(/\.js$/, '.ts'));
        if (!graph.parts.includes(target)) continue;
        out.overwrite(
          m.index,
          m.index + m[0].length,
          `__loadPart(${JSON.stringify(partName(target))})`,
        );
      }
      if (out.hasChanged())
        out.prepend(`import { loadPart as __loadPart } from ${JSON.stringify(LOADER)};\n`);
      if (isEntry && used.size > 0) out.append(`\nimport ${JSON.stringify(REGISTRY)};\n`);
      return out.hasChanged()
        ? { code: out.toString(), map: out.generateMap({ hires: true }) }
        : null;
    },
  };
}

export interface ScriptTagOptions {
  /** The kit's entry, e.g. widgets/index.ts. */
  entry: string;
  outDir: string;
  target: string;
  /** Plugins both script-tag builds use too (the templates' minifier). */
  plugins: () => Plugin[];
}

/**
 * A plugin of the ES build: once it is written, builds parts/ and then the script from the graph
 * that build saw.
 */
export function scriptTagBuild(options: ScriptTagOptions): Plugin {
  const entry = path.resolve(ROOT, options.entry);
  let graph: KitGraph | undefined;
  const output = { minify: true, comments: { legal: true, annotation: false, jsdoc: false } };
  return {
    name: 'service-widgets-script-tag-build',
    apply: 'build',
    buildEnd() {
      graph = readGraph(this, entry);
    },
    async closeBundle() {
      if (!graph) return;
      const used = new Map<string, Set<string>>();
      for (const scan of graph.parts.length > 0 ? [true, false] : []) {
        await build({
          configFile: false,
          logLevel: 'warn',
          plugins: [partsPlugin(graph, used, scan), ...options.plugins()],
          build: {
            write: !scan,
            outDir: path.join(options.outDir, 'parts'),
            emptyOutDir: true,
            target: options.target,
            sourcemap: true,
            lib: {
              entry: Object.fromEntries(graph.parts.map((id) => [partName(id), id])),
              formats: ['es'],
              fileName: (_format, name) => `${name}.js`,
            },
            rolldownOptions: {
              output: { ...output, chunkFileNames: 'chunks/[name]-[hash].js' },
            },
          },
        });
      }
      await build({
        configFile: false,
        logLevel: 'warn',
        plugins: [scriptPlugin(graph, used, entry), ...options.plugins()],
        build: {
          outDir: options.outDir,
          emptyOutDir: false,
          target: options.target,
          sourcemap: true,
          lib: {
            entry,
            formats: ['iife'],
            name: 'ServiceWidgets',
            fileName: () => 'service-widgets.iife.js',
          },
          rolldownOptions: { output },
        },
      });
    },
  };
}
