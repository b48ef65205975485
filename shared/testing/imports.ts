import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

// What the source's modules import, read as text: the one reader of the import checks
// (shared/layers.test.ts, shared/circles.test.ts). Every import counts: static, dynamic
// `import()`, type-level `typeof import()`, and those of the plain JavaScript modules (the PGlite
// thread's) as much as the TypeScript ones. Test tooling: nothing at run time imports it.

export const root = path.resolve(import.meta.dirname, '..', '..');

/** The modules below `dir`: TypeScript and plain JavaScript (declaration files aside). */
export function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : files(full);
    return /\.[jt]s$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

const IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gms;
/** `import('x')` loads a module at run time; `typeof import('x')` names its types. */
const DYNAMIC_IMPORT = /(\btypeof\s+)?\bimport\s*\(\s*['"`]([^'"`]+)['"`]\s*\)/g;

export interface ImportOf {
  spec: string;
  typeOnly: boolean;
}

/** What a module imports at run time (`import type` is erased, so it does not count). */
export function runtimeImports(file: string): string[] {
  return allImports(file)
    .filter((i) => !i.typeOnly)
    .map((i) => i.spec);
}

/** Everything a module imports, types included. */
export function allImports(file: string): ImportOf[] {
  return importsIn(readFileSync(file, 'utf8'));
}

/** The imports written in `source`: static ones, and dynamic `import()` / `typeof import()`. */
export function importsIn(source: string): ImportOf[] {
  const read = (pattern: RegExp) =>
    [...source.matchAll(pattern)].map((match) => ({
      spec: match[2] ?? '',
      typeOnly: Boolean(match[1]),
    }));
  return [...read(IMPORT), ...read(DYNAMIC_IMPORT)];
}

export function resolve(from: string, spec: string): string | null {
  if (spec.startsWith('/')) return null; // a URL the page loads (the served kit), not a source
  if (!spec.startsWith('.')) return spec; // a package
  const target = path.resolve(path.dirname(from), spec);
  // `./x.js` names `x.ts` (TypeScript's ESM spelling), or a JavaScript module `x.js` itself.
  const typescript = target.replace(/\.js$/, '.ts');
  return target.endsWith('.js') && !existsSync(typescript) ? target : typescript;
}

/** Every module reached at run time from `file`, as paths relative to the root or package names. */
export function reach(file: string, seen = new Set<string>()): Set<string> {
  for (const spec of runtimeImports(file)) {
    const target = resolve(file, spec);
    if (!target) continue;
    const key = path.isAbsolute(target) ? path.relative(root, target) : target;
    if (seen.has(key)) continue;
    seen.add(key);
    if (path.isAbsolute(target)) reach(target, seen);
  }
  return seen;
}

/** A path from the repository root, with forward slashes. */
export const rel = (f: string) => path.relative(root, f).split(path.sep).join('/');

const isTest = (f: string) => /\.test\.[jt]s$/.test(f);

/** The product's modules below a top folder (tests aside). */
export const sourcesOf = (folder: string) =>
  files(path.join(root, folder)).filter((f) => !isTest(f));

/** The widgets' modules that ship (tests and test harnesses aside). */
export const widgetSources = () =>
  sourcesOf('widgets').filter((f) => !f.includes(`${path.sep}testing${path.sep}`));

/** Every module `file` imports (types included), as absolute paths of this repository's files. */
export const importedFiles = (file: string): string[] =>
  allImports(file)
    .map((i) => resolve(file, i.spec))
    .filter((t): t is string => t !== null && path.isAbsolute(t) && existsSync(t));
