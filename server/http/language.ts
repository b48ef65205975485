import type { Context } from 'hono';
import { API_LANGUAGES, render, type ApiLanguage, type Sentence } from '../sentences.js';
import { es } from './sentences/es.js';
import { fr } from './sentences/fr.js';

// The caller's language for the API's human sentences: the first of Accept-Language's languages
// (by weight) that the API speaks (en, es, fr; `es-MX` is es), else English. The kit sends its
// configured locale; a browser sends its own. Answers that hold a sentence say which language it
// is in (Content-Language).

const CATALOGS: Record<Exclude<ApiLanguage, 'en'>, Readonly<Record<string, string>>> = { es, fr };

/** The language `header` (an Accept-Language value) asks for, of those the API speaks. */
export function languageOf(header: string | undefined): ApiLanguage {
  const asked = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((a) => a.tag && a.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of asked) {
    const base = tag.split('-')[0] as ApiLanguage;
    if ((API_LANGUAGES as readonly string[]).includes(base)) return base;
  }
  return 'en';
}

/** A sentence in `language`: its catalog's template (English where the catalog lacks one). */
export function sentenceIn(sentence: Sentence, language: ApiLanguage): string {
  if (language === 'en') return render(sentence, 'en');
  const catalog = CATALOGS[language];
  return render(sentence, language, (s) => catalog[s.template] ?? s.template);
}

/** The request's language, and the answer marked with it. */
export function callerLanguage(c: Context): ApiLanguage {
  const language = languageOf(c.req.header('accept-language'));
  c.header('Content-Language', language);
  return language;
}
