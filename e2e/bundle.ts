import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { build, type Rolldown } from 'vite';

// A host app's production build, as Vite makes it with no config of its own: what a page loads
// first (the entry chunk and what it imports statically; not what comes on demand, such as the
// Spanish texts), its gzip weight (level 6, each file on its own) and its code.

export interface Bundle {
  gzip: number;
  code: string;
  /** Chunks loaded on demand (`import()`), by file name. */
  lazy: string[];
}

export async function bundle(dir: string, entry: string): Promise<Bundle> {
  const result = await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    mode: 'production',
    build: {
      outDir: path.join(dir, `dist-${path.parse(entry).name}`),
      emptyOutDir: true,
      write: false,
      rolldownOptions: { input: path.join(dir, entry) },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = new Map(
    outputs
      .flatMap((o) => o.output)
      .filter((c): c is Rolldown.OutputChunk => c.type === 'chunk')
      .map((c) => [c.fileName, c]),
  );
  const first = new Set<string>();
  const visit = (name: string) => {
    if (first.has(name)) return;
    first.add(name);
    for (const imported of chunks.get(name)?.imports ?? []) visit(imported);
  };
  for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
  const loaded = [...first].map((name) => chunks.get(name)!.code);
  return {
    gzip: loaded.reduce((sum, code) => sum + gzipSync(code, { level: 6 }).length, 0),
    code: loaded.join('\n'),
    lazy: [...chunks.keys()].filter((name) => !first.has(name)),
  };
}
