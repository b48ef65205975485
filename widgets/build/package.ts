// npm run pack:widgets — the kit as an npm package, `payment-link-widgets`: ES modules as tsc
// writes them (not bundled, not minified: the host's bundler does that, and shares Lit with the
// host's), their .d.ts, the public custom elements manifest (manifest.ts), the guide as its
// README (guide.ts: guide.md and each element's reference from the manifest), then `npm pack` into
// dist/payment-link-widgets-<version>.tgz. Lit and @lit/* are dependencies, React and Vue
// optional peers. The records' types come from zod schemas the package does not carry, so the
// modules that declare them get a .d.ts of their own, each type spelled out (flattenTypes).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { ELEMENTS, OUTSIDE_KIT_ELEMENTS, tagOf } from '../elements.js';
import { packageReadme } from './guide.js';
import { publicManifest, serialize, type Manifest } from './manifest.js';

export const PACKAGE_NAME = 'payment-link-widgets';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Each element's own entry (`payment-link-widgets/<tag>` registers that one alone): the kit's list
 * (widgets/elements.ts), and the settings card's two parts that a host may also use alone.
 */
export const ELEMENT_ENTRIES: Record<string, string> = {
  ...Object.fromEntries(
    [...ELEMENTS, ...OUTSIDE_KIT_ELEMENTS].map((name) => [
      tagOf(name),
      `widgets/${name}/define.ts`,
    ]),
  ),
  'service-going-live-checklist': 'widgets/settings/define-checklist.ts',
  'service-allowed-origins': 'widgets/settings/define-allowed-origins.ts',
};

/** Each element's React component alone (`payment-link-widgets/react/<tag>`), and Vue type. */
const ELEMENT_TAGS = [...ELEMENTS, ...OUTSIDE_KIT_ELEMENTS].map(tagOf);
export const REACT_ENTRIES: Record<string, string> = Object.fromEntries(
  ELEMENT_TAGS.map((tag) => [`./react/${tag}`, `widgets/frameworks/react/${tag}.ts`]),
);
const VUE_ENTRIES: Record<string, string> = Object.fromEntries(
  ELEMENT_TAGS.map((tag) => [`./vue/${tag}`, `widgets/frameworks/vue/${tag}.ts`]),
);

/** Every export path of the package and its source. */
export const ENTRIES: Record<string, string> = {
  '.': 'widgets/index.ts',
  ...Object.fromEntries(Object.entries(ELEMENT_ENTRIES).map(([tag, src]) => [`./${tag}`, src])),
  './react': 'widgets/frameworks/react.ts',
  ...REACT_ENTRIES,
  './vue': 'widgets/frameworks/vue.ts',
  ...VUE_ENTRIES,
};

/** What the package's modules may import besides their own files (the rest is a build error). */
const RUNTIME_DEPENDENCIES = ['lit', '@lit/task', '@lit/context', '@lit/react'];
/** Lit's own packages, which the .d.ts files name (an element's template type): Lit's versions. */
const LIT_PARTS = ['lit-html', '@lit/reactive-element'];
const PEERS = { react: '>=18 <20', vue: '>=3.3 <4' };

const js = (source: string) => `./${source.replace(/\.ts$/, '.js')}`;
const dts = (source: string) => `./${source.replace(/\.ts$/, '.d.ts')}`;

const COMPILER_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  types: [],
  strict: true,
  skipLibCheck: true,
  experimentalDecorators: true,
  useDefineForClassFields: false,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  declaration: true,
  rootDir: ROOT,
  newLine: ts.NewLineKind.LineFeed,
};

const importsZod = (file: ts.SourceFile) =>
  file.statements.some(
    (s) =>
      ts.isImportDeclaration(s) &&
      ts.isStringLiteral(s.moduleSpecifier) &&
      s.moduleSpecifier.text === 'zod',
  );

/**
 * The .d.ts of a module whose types are inferred from zod schemas: every exported type alias
 * spelled out as the checker sees it, interfaces and generic aliases as written (they may not
 * name zod), and none of its values (no module of the package imports them).
 */
export function flattenTypes(program: ts.Program, file: ts.SourceFile): string {
  const checker = program.getTypeChecker();
  const printer = ts.createPrinter({ newLine: ts.NewLineKind.LineFeed });
  const module = checker.getSymbolAtLocation(file);
  const out = [`// Types of ${path.relative(ROOT, file.fileName)}, spelled out (no zod).`];
  for (const symbol of module ? checker.getExportsOfModule(module) : []) {
    const declaration = symbol.declarations?.[0];
    if (!declaration || !(symbol.flags & (ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Interface))) {
      continue;
    }
    const docs = ts.getJSDocCommentsAndTags(declaration).map((d) => d.getText(file));
    const generic = ts.isTypeAliasDeclaration(declaration) && declaration.typeParameters;
    let text: string;
    if (ts.isInterfaceDeclaration(declaration) || generic) {
      text = declaration.getText(file);
      if (/\bz\./.test(text)) {
        throw new Error(`${symbol.name} (${file.fileName}) names zod: give it a map type to index`);
      }
      text = text.replace(/^(?!export)/, 'export ');
    } else {
      const node = checker.typeToTypeNode(
        checker.getDeclaredTypeOfSymbol(symbol),
        undefined,
        ts.NodeBuilderFlags.NoTruncation |
          ts.NodeBuilderFlags.InTypeAlias |
          ts.NodeBuilderFlags.MultilineObjectLiterals |
          ts.NodeBuilderFlags.UseStructuralFallback,
      );
      if (!node) throw new Error(`Cannot spell out ${symbol.name} (${file.fileName})`);
      text = `export type ${symbol.name} = ${printer.printNode(ts.EmitHint.Unspecified, node, file)};`;
    }
    out.push([...docs, text].join('\n'));
  }
  return `${out.join('\n\n')}\n`;
}

const SPECIFIERS = /(?:from\s+|import\s*\(\s*|import\s+)["']([^"']+)["']/g;

/** Every import of the built files resolves to a file of the package or an allowed package. */
function checkImports(dir: string, files: string[], allowed: string[]): void {
  for (const file of files) {
    for (const [, specifier = ''] of readFileSync(file, 'utf8').matchAll(SPECIFIERS)) {
      if (specifier.startsWith('.')) {
        let target = path.resolve(path.dirname(file), specifier);
        if (file.endsWith('.d.ts')) target = target.replace(/\.js$/, '.d.ts');
        if (!existsSync(target)) {
          throw new Error(`${path.relative(dir, file)} imports ${specifier}, not in the package`);
        }
      } else if (!allowed.some((name) => specifier === name || specifier.startsWith(`${name}/`))) {
        throw new Error(`${path.relative(dir, file)} imports ${specifier}, not a dependency`);
      }
    }
  }
}

/** The package's own files in `dir` (emptied first); answers the files written. */
export function buildPackage(dir: string): string[] {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const program = ts.createProgram(
    Object.values(ENTRIES).map((source) => path.join(ROOT, source)),
    { ...COMPILER_OPTIONS, outDir: dir },
  );
  const errors = ts.getPreEmitDiagnostics(program);
  if (errors.length > 0) {
    throw new Error(ts.formatDiagnostics(errors, ts.createCompilerHost(COMPILER_OPTIONS)));
  }
  const written: string[] = [];
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    written.push(file);
  };
  for (const file of program.getSourceFiles()) {
    if (file.isDeclarationFile || !file.fileName.startsWith(ROOT)) continue;
    if (file.fileName.includes('/node_modules/')) continue;
    const relative = path.relative(ROOT, file.fileName);
    if (importsZod(file)) {
      write(path.join(dir, relative.replace(/\.ts$/, '.d.ts')), flattenTypes(program, file));
      continue;
    }
    const result = program.emit(file, (name, text) => write(name, text));
    if (result.emitSkipped) throw new Error(`tsc did not emit ${relative}`);
  }
  checkImports(
    dir,
    written.filter((f) => f.endsWith('.js')),
    RUNTIME_DEPENDENCIES.concat('react'),
  );
  checkImports(
    dir,
    written.filter((f) => f.endsWith('.d.ts')),
    RUNTIME_DEPENDENCIES.concat(LIT_PARTS, Object.keys(PEERS)),
  );
  const manifest = writeManifest(dir);
  writePackageJson(dir);
  writeFileSync(
    path.join(dir, 'README.md'),
    packageReadme(manifest, new Set(Object.keys(ELEMENT_ENTRIES))),
  );
  return written;
}

/** The custom elements manifest, its module paths pointing at the package's .js files. */
function writeManifest(dir: string): Manifest {
  const out = path.join(dir, '.manifest');
  try {
    // Its sources are listed once, in custom-elements-manifest.config.mjs.
    execFileSync(
      path.join(ROOT, 'node_modules/.bin/cem'),
      ['analyze', '--outdir', path.relative(ROOT, out)],
      { cwd: ROOT, stdio: 'ignore' },
    );
    const manifest = publicManifest(
      JSON.parse(readFileSync(path.join(out, 'custom-elements.json'), 'utf8')) as Manifest,
    );
    writeFileSync(
      path.join(dir, 'custom-elements.json'),
      serialize(manifest).replace(/"((?:widgets|shared)\/[\w/.-]+)\.ts"/g, '"$1.js"'),
    );
    return manifest;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

function writePackageJson(dir: string): void {
  const root = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    version: string;
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const litDependencies = (
    JSON.parse(readFileSync(path.join(ROOT, 'node_modules/lit/package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    }
  ).dependencies;
  const versionOf = (name: string) => {
    const version = root.dependencies[name] ?? root.devDependencies[name];
    if (!version) throw new Error(`${name} is not in package.json`);
    return version;
  };
  const exports: Record<string, unknown> = Object.fromEntries(
    Object.entries(ENTRIES).map(([entry, source]) => [
      entry,
      { types: dts(source), default: js(source) },
    ]),
  );
  exports['./custom-elements.json'] = './custom-elements.json';
  exports['./package.json'] = './package.json';
  const manifest = {
    name: PACKAGE_NAME,
    version: root.version,
    description:
      'Embeddable web components (Lit) for payment links: clients, matters, payment links, aggregate links, bank accounts, transactions.',
    type: 'module',
    exports,
    types: dts(ENTRIES['.']!),
    // The entries register elements; every other module only declares.
    sideEffects: [
      ...new Set([
        ENTRIES['.']!,
        ...Object.values(ELEMENT_ENTRIES),
        ENTRIES['./react']!,
        ...Object.values(REACT_ENTRIES),
      ]),
    ].map(js),
    customElements: './custom-elements.json',
    dependencies: Object.fromEntries([
      ...RUNTIME_DEPENDENCIES.map((name) => [name, versionOf(name)]),
      ...LIT_PARTS.map((name) => [name, litDependencies[name]]),
    ]),
    peerDependencies: PEERS,
    peerDependenciesMeta: { react: { optional: true }, vue: { optional: true } },
  };
  writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** Builds the package and packs it: the path of the tarball. */
export function packWidgets(outDir: string, packageDir = path.join(outDir, 'package')): string {
  buildPackage(packageDir);
  const output = execFileSync(
    'npm',
    ['pack', packageDir, '--pack-destination', outDir, '--json', '--silent'],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const [{ filename }] = JSON.parse(output) as [{ filename: string }];
  return path.join(outDir, filename);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const tarball = packWidgets(path.resolve(process.env.WIDGETS_PACK_DIR ?? 'dist'));
  process.stdout.write(`${path.relative(process.cwd(), tarball)}\n`);
}
