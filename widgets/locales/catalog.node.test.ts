import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../core/localize.js';
import { es } from './es.js';
import { fr } from './fr.js';

// Every text the kit shows goes through msg(); this reads every msg() of the widgets' sources (as
// `lit-localize extract` would) and holds each shipped catalog (Spanish, French) to them: a text
// without its translation, or a translation nothing uses any more, fails here.

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

const CATALOGS = { Spanish: es, French: fr } as const;

for (const [language, catalog] of Object.entries(CATALOGS) as [string, Catalog][]) {
  describe(`the ${language} texts`, () => {
    const texts = new Set(sources(WIDGETS).flatMap(extractTexts));

    it('find the texts of the kit', () => {
      expect(texts.has('Create client')).toBe(true);
      expect(texts.has('Client “${0}” created.')).toBe(true);
    });

    it('translate every text the widgets show, none of them blank', () => {
      expect([...texts].filter((text) => !(text in catalog))).toEqual([]);
      expect(Object.entries(catalog).filter(([, target]) => !target.trim())).toEqual([]);
    });

    it('keep no translation of a text that is gone', () => {
      expect(Object.keys(catalog).filter((text) => !texts.has(text))).toEqual([]);
    });

    it('keep every value of a str`` template', () => {
      const values = (text: string) => [...text.matchAll(/\$\{(\d+)\}/g)].map((m) => m[1]).sort();
      expect(
        Object.entries(catalog).filter(
          ([en, target]) => values(en).join() !== values(target).join(),
        ),
      ).toEqual([]);
    });
  });
}
