import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// No service keeps its state in a module-level variable: caches, writers, counters and signers
// are made by openRuntime (server/runtime.ts) and reach handlers through the app's dependencies,
// so two runtimes in one process (tests, benches) never share them, and a reader sees where each
// lives. Checked on the source: a module-level WeakMap/WeakSet, an empty Map/Set made at module
// level (a collection filled later is state; one made from constants is a constant), or a
// module-level `let`/`var` (a binding that can be reassigned later is state, whatever it holds).

const here = import.meta.dirname;

/** Module-level memories that hold no service state, each with the reason it may stay. */
const ALLOWED: Record<string, string> = {
  'remote/batch.ts parsedCache':
    'a memo of parsing the fixed GraphQL documents: the same answer in every runtime',
  'remote/batch.ts printedCache':
    'a memo of printing batches of those documents: the same text in every runtime',
  'http/widget-assets.ts cache':
    "the kit's files as on disk, keyed by path and version: what any runtime would read",
  'security/secret-versions.ts versions':
    'a process-wide signal from the settings write path to every secrets cache of the process',
  'domain/api-keys.ts stampedAt':
    'when this process last stamped a key as used: a throttle of a best-effort write',
  'remote/sdl.ts sdl': 'schema.graphql as on disk, read once: the same text in every runtime',
  'remote/sdl.ts schema': 'that text built once into a read-only schema: the same in every runtime',
};

const REASSIGNABLE = /^(?:export\s+)?(?:let|var)\s+(\w+)\b/gm;

const DECLARATION =
  /^(?:export\s+)?(?:const|let|var)\s+(\w+)\b[^=]*=\s*new\s+(WeakMap|WeakSet|Map|Set)\b(?:<[^>]*>)?\((\s*)\)?/gm;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'testing' ? [] : sources(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
  });
}

/** `file name` of every module-level memory in `text` that the rule counts. */
function moduleMemories(file: string, text: string): string[] {
  const found: string[] = [];
  for (const [whole, name, kind] of text.matchAll(DECLARATION)) {
    const empty = /\(\s*\)$/.test(whole);
    if (kind === 'WeakMap' || kind === 'WeakSet' || empty) found.push(`${file} ${name}`);
  }
  for (const [, name] of text.matchAll(REASSIGNABLE)) {
    const memory = `${file} ${name}`;
    if (!found.includes(memory)) found.push(memory);
  }
  return found;
}

describe('module-level service state', () => {
  it('is none: services are made by openRuntime and passed in the app dependencies', () => {
    const found = sources(here).flatMap((file) =>
      moduleMemories(path.relative(here, file), readFileSync(file, 'utf8')),
    );
    expect(found.filter((memory) => !(memory in ALLOWED))).toEqual([]);
    // An allowance whose memory is gone is removed with it.
    expect(Object.keys(ALLOWED).filter((memory) => !found.includes(memory))).toEqual([]);
  });

  it('is found where a module keeps a cache of its own', () => {
    expect(
      moduleMemories('x.ts', 'const states = new WeakMap<AppDeps, State>();\nconst a = 1;'),
    ).toEqual(['x.ts states']);
    expect(moduleMemories('x.ts', 'export let seen = new Set<string>( );')).toEqual(['x.ts seen']);
    expect(moduleMemories('x.ts', 'let lastRun: number | undefined;\nvar count = 0;')).toEqual([
      'x.ts lastRun',
      'x.ts count',
    ]);
    // Inside a function or class (indented), or made from constants: not module state.
    expect(
      moduleMemories(
        'x.ts',
        "function f() {\n  const m = new Map();\n  let n = 0;\n}\nconst KINDS = new Set(['a', 'b']);",
      ),
    ).toEqual([]);
  });
});
