import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { money, say } from '../sentences.js';
import { sourcesOf } from '../../shared/testing/imports.js';
import { languageOf, sentenceIn } from './language.js';
import { es } from './sentences/es.js';
import { fr } from './sentences/fr.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Every template a module of the server says: `say('…')` and the templates kept in tables. */
function templatesInSource(): Set<string> {
  const found = new Set<string>();
  for (const file of sourcesOf('server')) {
    if (file.includes(`${path.sep}sentences${path.sep}`)) continue;
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/say\(\s*(['"])((?:(?!\1)[^\\]|\\.)*)\1/g)) found.add(m[2]!);
  }
  return found;
}

describe("the API's sentences in the caller's language", () => {
  it('reads Accept-Language by weight, a region as its language, English by default', () => {
    expect(languageOf(undefined)).toBe('en');
    expect(languageOf('')).toBe('en');
    expect(languageOf('es')).toBe('es');
    expect(languageOf('es-MX,es;q=0.9,en;q=0.8')).toBe('es');
    expect(languageOf('de-DE,fr-CA;q=0.7,en;q=0.5')).toBe('fr');
    expect(languageOf('en;q=0.4, es;q=0.8')).toBe('es');
    expect(languageOf('es;q=0, fr')).toBe('fr');
    expect(languageOf('de, it')).toBe('en');
    expect(languageOf('*')).toBe('en');
  });

  it('writes each amount as the language writes money, with a true minus', () => {
    const s = say('At most {left} can be refunded', { left: money('-1250.50') });
    expect(s.text).toBe('At most −$1,250.50 can be refunded');
    expect(sentenceIn(s, 'es')).toBe('Se puede reembolsar como máximo −1250,50\u00a0US$');
    expect(sentenceIn(s, 'fr')).toBe('Au plus −1\u00a0250,50\u00a0$\u00a0US peut être remboursé');
  });

  it('renders sentences within a sentence in the same language', () => {
    const held = say(
      'This client holds money ({holdings}): records that hold money stay, so it cannot be deleted',
      { holdings: { sentences: [say('{count} stored transaction(s)', { count: 2 })] } },
    );
    expect(sentenceIn(held, 'es')).toBe(
      'Este cliente tiene dinero (2 transacción(es) guardada(s)): los registros con dinero se conservan, así que no se puede eliminar',
    );
  });

  it('every template the server says is in each catalog, with the same values', () => {
    const said = templatesInSource();
    expect(said.size).toBeGreaterThan(10);
    for (const catalog of [es, fr]) {
      const keys = new Set(Object.keys(catalog));
      expect([...said].filter((t) => !keys.has(t))).toEqual([]);
      for (const [english, translated] of Object.entries(catalog)) {
        expect(placeholders(translated), english).toEqual(placeholders(english));
      }
    }
    expect(Object.keys(fr).sort()).toEqual(Object.keys(es).sort());
  });

  it('no catalog keeps a template nothing says any more', () => {
    const source = sourcesOf('server')
      .filter((f) => !f.includes(`${path.sep}sentences${path.sep}`))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    expect(
      Object.keys(es).filter(
        (key) => !source.includes(JSON.stringify(key).slice(1, -1)) && !source.includes(key),
      ),
    ).toEqual([]);
  });
});
