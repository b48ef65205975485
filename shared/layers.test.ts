import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The architecture's import rules, checked on the source:
//  - shared/ imports neither server/ nor widgets/;
//  - widgets/ never imports server/, and nothing the widgets load at run time reaches zod:
//    the zod schemas in shared/ are imported with `import type` only (erased by TypeScript), so
//    the bundle carries the types' names and nothing else.

const root = path.resolve(import.meta.dirname, '..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : files(full);
    return /\.ts$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

const IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gms;

/** What a module imports at run time (`import type` is erased, so it does not count). */
function runtimeImports(file: string): string[] {
  const found: string[] = [];
  for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    if (!match[1]) found.push(match[2] ?? '');
  }
  return found;
}

function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return spec; // a package
  return path.resolve(path.dirname(from), spec).replace(/\.js$/, '.ts');
}

/** Every module reached at run time from `file`, as paths relative to the root or package names. */
function reach(file: string, seen = new Set<string>()): Set<string> {
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

const widgetSources = files(path.join(root, 'widgets')).filter(
  (f) => !f.endsWith('.test.ts') && !f.includes(`${path.sep}testing${path.sep}`),
);

describe('import boundaries', () => {
  it('shared/ imports neither server/ nor widgets/', () => {
    const offenders = files(path.join(root, 'shared'))
      .filter((f) => !f.endsWith('.test.ts'))
      .flatMap((f) =>
        runtimeImports(f)
          .filter((spec) =>
            /(^|\/)(server|widgets)\//.test(path.relative(root, resolve(f, spec) ?? '')),
          )
          .map((spec) => `${path.relative(root, f)} → ${spec}`),
      );
    expect(offenders).toEqual([]);
  });

  it('widgets/ reach neither server/ nor zod at run time', () => {
    expect(widgetSources.length).toBeGreaterThan(10);
    const offenders = widgetSources.flatMap((f) =>
      [...reach(f)]
        .filter((m) => m === 'zod' || m.startsWith('zod/') || m.startsWith('server/'))
        .map((m) => `${path.relative(root, f)} → ${m}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the rule sees a value import of a zod module (the check itself works)', () => {
    const reached = reach(path.join(root, 'shared', 'schemas.ts'));
    expect(reached.has('zod')).toBe(true);
  });
});
