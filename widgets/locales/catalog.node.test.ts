import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { es } from './es.js';

// Every text the kit shows goes through msg(); this reads every msg() of the widgets' sources (as
// `lit-localize extract` would) and holds the Spanish catalog to them: a text without its
// translation, or a translation nothing uses any more, fails here.

const WIDGETS = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory())
      return ['testing', 'demo', 'build'].includes(entry.name) ? [] : sources(file);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [file] : [];
  });
}

/** The English text of each msg() call: a string, or a str`` template with ${0}, ${1}… */
export function extractTexts(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'msg'
    ) {
      const [arg] = node.arguments;
      if (arg && (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg))) {
        found.push(arg.text);
      } else if (arg && ts.isTaggedTemplateExpression(arg) && arg.tag.getText(source) === 'str') {
        const t = arg.template;
        found.push(
          ts.isNoSubstitutionTemplateLiteral(t)
            ? t.text
            : t.head.text + t.templateSpans.map((s, i) => `\${${i}}${s.literal.text}`).join(''),
        );
      } else {
        throw new Error(`${file}: msg() of something other than a literal or a str\`\` template`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the Spanish texts', () => {
  const texts = new Set(sources(WIDGETS).flatMap(extractTexts));

  it('find the texts of the kit', () => {
    expect(texts.has('Create client')).toBe(true);
    expect(texts.has('Client “${0}” created.')).toBe(true);
  });

  it('translate every text the widgets show', () => {
    expect([...texts].filter((text) => !(text in es))).toEqual([]);
  });

  it('keep no translation of a text that is gone', () => {
    expect(Object.keys(es).filter((text) => !texts.has(text))).toEqual([]);
  });

  it('keep every value of a str`` template', () => {
    const values = (text: string) => [...text.matchAll(/\$\{(\d+)\}/g)].map((m) => m[1]).sort();
    expect(
      Object.entries(es).filter(([en, target]) => values(en).join() !== values(target).join()),
    ).toEqual([]);
  });
});
