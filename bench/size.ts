// npm run bench:size — what the widget kit weighs once built (`vite build` → dist/widgets): for
// each element, the files a host page loads for it alone (its entry and the chunks it imports,
// transitively), and for the whole kit (service-widgets.js and everything it imports; and the
// single-file script-tag build). Sizes are gzip as a server would send them (level 6, each file
// compressed on its own), Lit included. The budget, 30 KB gzip each: the eight elements with all
// they import statically (service-widgets.js and its chunk, each file gzipped on its own), and
// the script-tag kit (service-widgets.iife.js, one file with everything). The operations widgets (entries of their own, outside the kit's
// script) are weighed apart, outside the budget.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { OUTSIDE_KIT_ELEMENTS } from '../widgets/elements.js';
import { packWidgets } from '../widgets/build/package.js';

export const BUDGET_BYTES = 30 * 1024;

interface Weight {
  name: string;
  files: number;
  raw: number;
  gzip: number;
}

interface KitSize {
  /** The kit's eight elements, each alone. */
  elements: Weight[];
  /** The operations widgets (`<service-sync-problems>`, …), each alone: not in the budget. */
  operations: Weight[];
  kit: Weight;
  /**
   * What the kit loads only when needed (`import()`: the settings card's checklist, allowed
   * origins and health list, the bank account sync's progress, the Spanish texts), apart.
   */
  onDemand: Weight;
  scriptTag: Weight;
  /** The same, for the script-tag build: parts/ beside it (widgets/build/script-tag.ts). */
  scriptTagParts: Weight;
  /** Whether any built file mentions zod (it must never reach the bundle). */
  containsZod: boolean;
}

const DYNAMIC_IMPORT = /\bimport\(\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]\s*\)/g;
const IMPORT = /(?:import|export)\s*(?:[\w$*{}\s,]*?from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;

/** The file and every module it imports, transitively. */
export function closure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    closure(path.resolve(path.dirname(file), match[1] ?? ''), seen);
  }
  return seen;
}

function weigh(name: string, files: Iterable<string>): Weight {
  let raw = 0;
  let gzip = 0;
  let count = 0;
  for (const file of files) {
    const bytes = readFileSync(file);
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 6 }).length;
    count += 1;
  }
  return { name, files: count, raw, gzip };
}

export function measureKit(dir: string): KitSize {
  if (!existsSync(path.join(dir, 'service-widgets.js'))) {
    throw new Error(`No built kit in ${dir}: run "npm run build:widgets" first`);
  }
  const entries = readdirSync(dir)
    .filter((f) => /^service-[a-z-]+\.js$/.test(f) && f !== 'service-widgets.js')
    .sort();
  const all = [
    ...readdirSync(dir).filter((f) => f.endsWith('.js')),
    ...readdirSync(path.join(dir, 'chunks'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => `chunks/${f}`),
  ];
  const kitFiles = closure(path.join(dir, 'service-widgets.js'));
  const lazy = new Set<string>();
  for (const file of kitFiles) {
    for (const match of readFileSync(file, 'utf8').matchAll(DYNAMIC_IMPORT)) {
      closure(path.resolve(path.dirname(file), match[1] ?? ''), lazy);
    }
  }
  for (const file of kitFiles) lazy.delete(file);
  const operations = new Set<string>(OUTSIDE_KIT_ELEMENTS.map((name) => `service-${name}.js`));
  const weighEntry = (f: string) => weigh(f.replace(/\.js$/, ''), closure(path.join(dir, f)));
  return {
    elements: entries.filter((f) => !operations.has(f)).map(weighEntry),
    operations: entries.filter((f) => operations.has(f)).map(weighEntry),
    kit: weigh('whole kit (service-widgets.js)', kitFiles),
    onDemand: weigh('loaded on demand (settings parts, progress, Spanish)', lazy),
    scriptTag: weigh('script-tag build (service-widgets.iife.js)', [
      path.join(dir, 'service-widgets.iife.js'),
    ]),
    scriptTagParts: weigh(
      'its parts, loaded on demand (parts/)',
      readdirSync(path.join(dir, 'parts'), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.js'))
        .map((f) => path.join(dir, 'parts', f)),
    ),
    containsZod: all.some((f) =>
      /\bzod\b|ZodError|\$ZodType/.test(readFileSync(path.join(dir, f), 'utf8')),
    ),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function report(size: KitSize): string {
  const rows = [
    ...size.elements,
    size.kit,
    size.onDemand,
    size.scriptTag,
    size.scriptTagParts,
    ...size.operations,
  ];
  const width = Math.max(...rows.map((r) => r.name.length));
  const line = (r: Weight) =>
    `${r.name.padEnd(width)}  ${String(r.files).padStart(5)}  ${kb(r.raw).padStart(9)}  ${kb(r.gzip).padStart(9)}`;
  const budget = (what: string, w: Weight) =>
    `budget: ${what} ≤ ${kb(BUDGET_BYTES)} gzip: ${kb(w.gzip)}, ` +
    `${w.gzip <= BUDGET_BYTES ? 'within' : 'OVER'} budget (${Math.round((w.gzip / BUDGET_BYTES) * 100)}% of it)`;
  return [
    `${'what a page loads'.padEnd(width)}  files        raw       gzip`,
    ...size.elements.map(line),
    '-'.repeat(width + 30),
    line(size.kit),
    line(size.onDemand),
    line(size.scriptTag),
    line(size.scriptTagParts),
    '',
    'operations widgets (entries of their own, outside the kit and its budget):',
    ...size.operations.map(line),
    '',
    budget('the eight elements and all they import statically (service-widgets.js)', size.kit),
    budget('the script-tag kit (service-widgets.iife.js)', size.scriptTag),
    `zod in the bundle: ${size.containsZod ? 'YES (it must not be)' : 'no'}`,
  ].join('\n');
}

/** The npm package (npm run pack:widgets), packed fresh: the tarball and what it unpacks to. */
export function measurePackage(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'plk-pack-'));
  try {
    const tarball = packWidgets(dir);
    const files = readdirSync(path.join(dir, 'package'), { recursive: true, encoding: 'utf8' })
      .map((f) => path.join(dir, 'package', f))
      .filter((f) => statSync(f).isFile());
    const unpacked = files.reduce((sum, f) => sum + statSync(f).size, 0);
    const manifest = statSync(path.join(dir, 'package', 'custom-elements.json')).size;
    return (
      `npm package ${path.basename(tarball)}: ${kb(statSync(tarball).size)} packed, ` +
      `${kb(unpacked)} unpacked in ${files.length} files (of which custom-elements.json ${kb(manifest)}); ` +
      'Lit comes from its own packages, shared with the host'
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const size = measureKit(path.resolve(process.env.WIDGETS_OUT_DIR ?? 'dist/widgets'));
  process.stdout.write(`${report(size)}\n${measurePackage()}\n`);
  if (size.kit.gzip > BUDGET_BYTES || size.scriptTag.gzip > BUDGET_BYTES || size.containsZod) {
    process.exitCode = 1;
  }
}
