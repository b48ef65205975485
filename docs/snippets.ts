import { readFileSync } from 'node:fs';

// The code blocks the docs promise are checked: a block right after `<!-- runs: <path> -->`
// is code that file holds (a test runs it), one after `<!-- type-checked: <file> -->` is written
// to that file in e2e/package.test.ts's consumer project and type-checked there.

export interface Snippet {
  kind: 'runs' | 'type-checked';
  /** The file that runs it, or the consumer file to write it to. */
  target: string;
  code: string;
  line: number;
}

export function snippets(markdownFile: string): Snippet[] {
  const lines = readFileSync(markdownFile, 'utf8').split('\n');
  const found: Snippet[] = [];
  lines.forEach((text, i) => {
    const marker = /^<!-- (runs|type-checked): (\S+) -->$/.exec(text.trim());
    if (!marker) return;
    const start = lines.findIndex((l, j) => j > i && /^```/.test(l));
    const end = lines.findIndex((l, j) => j > start && /^```\s*$/.test(l));
    if (start < 0 || end < 0) throw new Error(`${markdownFile}:${i + 1}: no code block follows`);
    found.push({
      kind: marker[1] as Snippet['kind'],
      target: marker[2]!,
      code: lines.slice(start + 1, end).join('\n'),
      line: i + 1,
    });
  });
  return found;
}
