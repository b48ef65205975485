import { describe, expect, it } from 'vitest';
import { importedFiles, rel, sourcesOf, widgetSources } from './testing/imports.js';

// A circle of imports has no bottom: none of its modules can be read, tested or moved without the
// others. Types count (a type circle ties the shapes just the same). The layer table already
// refuses circles between layers; this finds them inside a folder, or among peers.

/** The circles (strongly connected groups of two or more modules) of an import graph. */
function circlesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const circle: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      circle.push(member);
    } while (member !== node);
    if (circle.length > 1) circles.push(circle.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return circles;
}

function importGraph(modules: readonly string[]): Map<string, string[]> {
  return new Map(modules.map((f) => [rel(f), importedFiles(f).map(rel)]));
}

describe('import circles', () => {
  it('there are none, types included, in server/, simulator/, shared/ or widgets/', () => {
    const modules = [
      ...sourcesOf('server'),
      ...sourcesOf('simulator'),
      ...sourcesOf('shared'),
      ...widgetSources(),
    ];
    expect(circlesOf(importGraph(modules)).map((c) => c.join(' ⇄ '))).toEqual([]);
  });

  it('a circle through three modules is found, a chain is not (the check itself works)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
    ]);
    expect(circlesOf(graph)).toEqual([['a', 'b', 'c']]);
    expect(
      circlesOf(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
  });
});
