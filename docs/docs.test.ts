import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { layerLine } from '../shared/layers.js';
import { snippets } from './snippets.js';

// The docs name real code: every `server/…`, `shared/…`, `widgets/…`, `bench/…` and `e2e/…` path
// in README.md and docs/**/*.md must exist, every function a walk names must be defined in the
// file it is named with, and every relative link (and its #anchor) must lead somewhere. A rename
// that leaves the docs behind fails here instead of rotting silently.

const root = path.resolve(import.meta.dirname, '..');

/** Files another branch adds, linked before they land; checked like the others once they exist. */
const WRITTEN_ELSEWHERE = new Set<string>([]);

const CODE_PATH = /^(?:server|shared|widgets|bench|e2e)\/[\w./-]*$/;

interface Problem {
  file: string;
  line: number;
  message: string;
}

interface Found {
  problems: Problem[];
  paths: number;
  functions: number;
  links: number;
}

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return markdownFiles(full);
    return name.endsWith('.md') ? [full] : [];
  });
}

/** The lines outside fenced code blocks, with their 1-based numbers. */
function proseLines(text: string): { line: number; text: string }[] {
  let fenced = false;
  const out: { line: number; text: string }[] = [];
  text.split('\n').forEach((line, i) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return;
    }
    if (!fenced) out.push({ line: i + 1, text: line });
  });
  return out;
}

const codeSpans = (line: string) => [...line.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const { text } of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(text);
    if (!heading) continue;
    const base = (heading[1] ?? '')
      .replace(/`/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** Whether `file` defines `name`: a function, class, const, method or property of that name. */
function defines(source: string, name: string): boolean {
  const id = name.replace(/[$]/g, '\\$');
  return new RegExp(
    `(?:function\\*?|class|const|let|var|interface|type)\\s+#?${id}\\b|(?:^|[\\s{,.#])${id}\\s*(?:\\(|<|:|=)`,
    'm',
  ).test(source);
}

/** `name()`, `Class.method()` or `name`: the name to look up (the last part). */
const functionName = (span: string) => /([\w$]+)(?:\(\))?$/.exec(span.trim())?.[1];

/** The table's cells, or null when the line is not a table row. */
const cells = (line: string) =>
  /^\s*\|.*\|\s*$/.test(line)
    ? line
        .trim()
        .slice(1, -1)
        .split('|')
        .map((c) => c.trim())
    : null;

/** Checks one markdown file (`rel` relative to the repository root). */
function checkMarkdown(
  rel: string,
  text: string,
  exists: (rel: string) => boolean,
  read: (rel: string) => string,
): Found {
  const found: Found = { problems: [], paths: 0, functions: 0, links: 0 };
  const problem = (line: number, message: string) =>
    found.problems.push({ file: rel, line, message });
  const readable = (file: string) => /\.\w+$/.test(file) && exists(file);

  const checkFunction = (line: number, name: string | undefined, file: string) => {
    if (!name || !CODE_PATH.test(file) || !readable(file)) return;
    found.functions++;
    if (!defines(read(file), name)) problem(line, `${file} defines no \`${name}\``);
  };

  let fileColumn = -1;
  let functionColumn = -1;
  for (const { line, text: content } of proseLines(text)) {
    // Paths in code spans (globs and placeholders are not paths).
    for (const span of codeSpans(content)) {
      if (!CODE_PATH.test(span)) continue;
      found.paths++;
      if (!exists(span.replace(/\/$/, ''))) problem(line, `${span} does not exist`);
    }

    // A function named with its file: "`fn()` (`path`)" or "`fn()` in `path`".
    for (const m of content.matchAll(/`([\w$.#]+)(?:\(\))?` (?:\(|in )`([^`]+)`/g)) {
      if (CODE_PATH.test(m[2] ?? '')) checkFunction(line, functionName(m[1] ?? ''), m[2] ?? '');
    }

    // Walk tables: a "File" column and a "Function" column.
    const row = cells(content);
    if (!row) {
      fileColumn = functionColumn = -1;
    } else if (row.includes('File') && row.includes('Function')) {
      fileColumn = row.indexOf('File');
      functionColumn = row.indexOf('Function');
    } else if (fileColumn >= 0 && !row.every((c) => /^:?-+:?$/.test(c))) {
      const file = codeSpans(row[fileColumn] ?? '')[0] ?? '';
      for (const span of codeSpans(row[functionColumn] ?? '')) {
        checkFunction(line, functionName(span), file);
      }
    }

    // Relative links, and their anchors.
    const outsideCode = content.replace(/`[^`]*`/g, '');
    for (const m of outsideCode.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1] ?? '';
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
      found.links++;
      const [file = '', anchor] = target.split('#');
      const resolved = file
        ? path.posix.normalize(path.posix.join(path.posix.dirname(rel), file)).replace(/\/$/, '')
        : rel;
      if (!exists(resolved)) {
        if (!WRITTEN_ELSEWHERE.has(resolved)) problem(line, `link to ${target}: no such file`);
        continue;
      }
      if (anchor && !anchorsOf(resolved === rel ? text : read(resolved)).has(anchor)) {
        problem(line, `link to ${target}: no heading with that anchor`);
      }
    }
  }
  return found;
}

const onDisk = {
  exists: (rel: string) => existsSync(path.join(root, rel)),
  read: (rel: string) => readFileSync(path.join(root, rel), 'utf8'),
};

describe('the docs', () => {
  const files = ['README.md', ...markdownFiles(path.join(root, 'docs'))].map((f) =>
    path.relative(root, path.resolve(root, f)).split(path.sep).join('/'),
  );
  const results = files.map((rel) =>
    checkMarkdown(rel, onDisk.read(rel), onDisk.exists, onDisk.read),
  );

  it('name only code paths and functions that exist, and link only to what exists', () => {
    const problems = results.flatMap((r) => r.problems);
    expect(problems.map((p) => `${p.file}:${p.line}: ${p.message}`)).toEqual([]);
  });

  it('are read in full: the walks and the links are found', () => {
    const total = (key: 'paths' | 'functions' | 'links') =>
      results.reduce((sum, r) => sum + r[key], 0);
    // Far below what the pages hold today: a parser that stops finding them fails here.
    expect(total('paths')).toBeGreaterThan(60);
    expect(total('functions')).toBeGreaterThan(40);
    expect(total('links')).toBeGreaterThan(30);
    const architecture = results[files.indexOf('docs/architecture.md')];
    expect(architecture?.functions).toBeGreaterThan(30);
  });
});

describe('the layer order', () => {
  // shared/layers.ts is its one source; the pages that draw it in one line draw that line.
  it.each(['docs/architecture.md', 'docs/decisions/layer-order.md'])('%s draws it', (page) => {
    const drawn = [...onDisk.read(page).matchAll(/`(roots → [^`]+)`/g)].map((m) => m[1]);
    expect(drawn).toEqual([layerLine()]);
  });
});

describe('the README', () => {
  // The first page a new user reads: the two commands, what the product is, where the rest is.
  // Anything longer belongs in docs/.
  it('stays under 12 KB', () => {
    expect(Buffer.byteLength(onDisk.read('README.md'))).toBeLessThanOrEqual(12 * 1024);
  });
});

describe('the docs check', () => {
  const source: Record<string, string> = {
    'server/a.ts': 'export function receive() {}\nexport class Box {\n  async store(x) {}\n}\n',
    'docs/b.md': '# Title\n\n## Keys and roles\n\n## Keys and roles\n',
  };
  const exists = (rel: string) => rel in source || rel === 'docs';
  const read = (rel: string) => source[rel] ?? '';
  const check = (text: string) =>
    checkMarkdown('docs/x.md', text, exists, read).problems.map((p) => p.message);

  it('reports a path that does not exist, and skips globs', () => {
    expect(check('`server/a.ts` and `server/gone.ts` and `widgets/**/*.test.ts`')).toEqual([
      'server/gone.ts does not exist',
    ]);
  });

  it('reports a function its file does not define, in a walk table or inline', () => {
    const table = [
      '| Step | File | Function | What |',
      '| ---- | ---- | -------- | ---- |',
      '| 1 | `server/a.ts` | `receive()`, `Box.store()` | fine |',
      '| 2 | `server/a.ts` | `verify()` | renamed |',
    ].join('\n');
    expect(check(table)).toEqual(['server/a.ts defines no `verify`']);
    expect(check('then `store()` (`server/a.ts`) and `send()` in `server/a.ts`')).toEqual([
      'server/a.ts defines no `send`',
    ]);
  });

  it('reports a link to a missing file or heading, and knows repeated headings', () => {
    expect(
      check(
        '[a](b.md#keys-and-roles) [b](b.md#keys-and-roles-1) [c](b.md#routes) [d](c.md) [e](https://x.org/y)',
      ),
    ).toEqual(['link to b.md#routes: no heading with that anchor', 'link to c.md: no such file']);
  });

  it('ignores fenced code', () => {
    expect(check('```\n`server/gone.ts` [x](gone.md)\n```')).toEqual([]);
  });
});

describe('the docs’ snippets marked as run', () => {
  it('are in the files that run them, line by line', () => {
    const found = snippets(path.join(root, 'docs/widgets.md')).filter((s) => s.kind === 'runs');
    expect(found.map((s) => s.target)).toEqual([
      'widgets/demo/embed.html',
      'widgets/demo/embed.js',
      'widgets/demo/wizard.js',
      'e2e/wizard.test.ts',
    ]);
    for (const snippet of found) {
      const file = readFileSync(path.join(root, snippet.target), 'utf8');
      for (const line of snippet.code.split('\n').map((l) => l.trim())) {
        if (line) expect(file, `${snippet.target}: ${line}`).toContain(line);
      }
    }
  });
});
