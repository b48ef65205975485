import type { Catalog } from '../locales/catalog.js';
import type { es } from '../locales/es.js';
import { pageConfig } from './config.js';
import { KIT_LANGUAGES, type KitLanguage } from './languages.js';

// The kit's languages, and those a host registers (registerLocale). Text is written in English
// and wrapped in msg() (`msg('Create client')`, `msg(str`Client “${name}” created.`)`), the
// shape @lit/localize uses, and looked up by its English text in the catalog of the element's
// language. The lookup is the kit's own, per element, not @lit/localize (not a dependency): its
// configureLocalization() is page-wide, may be called only once (the host's own Lit app may) and
// holds one locale per page, while an element's `lang` may differ from the page's; and its
// runtime (hashing each text to an id) would weigh about 1 KB gzip of the kit's budget.
//
// An element's locale is, first found: a `lang` on the element or an ancestor below <html>
// (across shadow roots), then configure({ locale }), then <html lang>, then `en`. Its text is the
// catalog of the language (`es-MX` → es); its dates and money are formatted for the full tag.

export { KIT_LANGUAGES, type KitLanguage };

/** A str`` template's parts: its English text keys the catalogs with the values as ${0}, ${1}… */
export interface StrResult {
  strTag: true;
  strings: readonly string[];
  values: readonly unknown[];
}

/** Marks a template whose values move in translation: msg(str`Client “${name}” created.`). */
export const str = (strings: TemplateStringsArray, ...values: unknown[]): StrResult => ({
  strTag: true,
  strings,
  values,
});

/** Dispatched on `window` when a catalog arrived: elements render again in their language. */
export const LOCALE_EVENT = 'service-widgets-locale';

/** The locale for `Intl` and the catalog of an element, as described above. */
export function localeOf(element: Element | undefined): string {
  for (let node: Element | undefined = element; node;) {
    if (node === document.documentElement) break;
    const lang = node.getAttribute('lang');
    if (lang) return lang;
    const parent: Node | null = node.parentNode;
    node = parent instanceof ShadowRoot ? parent.host : ((parent as Element | null) ?? undefined);
  }
  return (
    pageConfig()?.config.locale || globalThis.document?.documentElement.lang || KIT_LANGUAGES[0]
  );
}

/**
 * The language whose texts a locale reads: the whole tag when a host registered it (`pt-br`),
 * else its primary subtag when the kit ships it or a host registered it, else English.
 */
export function languageOf(locale: string): string {
  const tag = locale.toLowerCase().replaceAll('_', '-');
  if (state.host[tag]) return tag;
  const primary = tag.split('-')[0]!;
  return (KIT_LANGUAGES as readonly string[]).includes(primary) || state.host[primary]
    ? primary
    : 'en';
}

export type { Catalog } from '../locales/catalog.js';

/**
 * The English text of every message of the kit: the keys of a catalog. (The Spanish catalog
 * holds each one exactly, widgets/locales/catalog.node.test.ts sees to it.)
 */
export type MessageKey = keyof typeof es;

/** A host's messages for registerLocale: English text → its translation; values as ${0}, ${1}… */
export type Messages = Partial<Record<MessageKey, string>>;

/** The translations a host gave, without its blank ones (they would show nothing). */
const filled = (messages: Catalog): Catalog =>
  Object.fromEntries(Object.entries(messages).filter(([, target]) => target?.trim()));

const loaders: Record<Exclude<KitLanguage, 'en'>, () => Promise<Catalog>> = {
  es: async () => (await import('../locales/es.js')).es,
  fr: async () => (await import('../locales/fr.js')).fr,
};

interface LocaleState {
  /** Each language's texts: the kit's catalog, the host's over it. */
  catalogs: Partial<Record<string, Catalog>>;
  loading: Partial<Record<string, Promise<void>>>;
  /** What hosts registered (registerLocale), by lower-case tag. */
  host: Partial<Record<string, Catalog>>;
  /** The locale of the element rendering now (its text and formats); null outside a render. */
  current: string | null;
}

// No prototype: a tag such as `constructor` is a language like any other.
const state: LocaleState = {
  catalogs: Object.create(null) as LocaleState['catalogs'],
  loading: Object.create(null) as LocaleState['loading'],
  host: Object.create(null) as LocaleState['host'],
  current: null,
};

const relocalize = () => globalThis.dispatchEvent?.(new Event(LOCALE_EVENT));

/**
 * Adds a language the kit does not ship, or changes words of one it does: `messages` keyed by
 * the English text of each message (`'Create client'`, `'Client “${0}” created.'`), as the kit's
 * catalogs are. A message it lacks (or leaves blank) shows in the kit's own translation, else in
 * English. Elements whose locale reads it render again at once. `code`: a language tag (`pt`,
 * `pt-BR`; a whole tag wins over its language).
 */
export function registerLocale(code: string, messages: Messages): void {
  const tag = code.toLowerCase().replaceAll('_', '-');
  if (!tag || tag === 'en') throw new Error('registerLocale: English is the source language');
  state.host[tag] = { ...state.host[tag], ...filled(messages) };
  state.catalogs[tag] = { ...state.catalogs[tag], ...state.host[tag] };
  relocalize();
}

/** Loads a language's catalog once; elements hear of it (LOCALE_EVENT) and render again. */
export function loadLanguage(language: string): Promise<void> {
  const load = Object.hasOwn(loaders, language)
    ? loaders[language as keyof typeof loaders]
    : undefined;
  if (!load || state.loading[language]) return state.loading[language] ?? Promise.resolve();
  state.loading[language] = load().then(
    (catalog) => {
      state.catalogs[language] = { ...catalog, ...state.host[language] };
      relocalize();
    },
    (error: unknown) => {
      // English stays; the next element that asks tries again.
      delete state.loading[language];
      console.warn(`service widgets: the "${language}" texts could not be loaded`, error);
    },
  );
  return state.loading[language];
}

let watching = false;

/**
 * A `lang` set or changed on the page (an element, an ancestor, <html>) re-renders the kit's
 * elements in the new language: one observer for the page, started by the first element.
 */
export function watchLang(): void {
  if (watching || typeof MutationObserver === 'undefined') return;
  watching = true;
  new MutationObserver(() => globalThis.dispatchEvent(new Event(LOCALE_EVENT))).observe(
    document.documentElement,
    { attributes: true, attributeFilter: ['lang'], subtree: true },
  );
}

/** The locale text and formats use now: the rendering element's, else the page's. */
export const currentLocale = () => state.current ?? localeOf(undefined);

/** Runs `render` with `locale` as the current one (an element's update). */
export function inLocale<T>(locale: string, render: () => T): T {
  const outer = state.current;
  state.current = locale;
  try {
    return render();
  } finally {
    state.current = outer;
  }
}

/**
 * The text in the current language: its translation, or the English source where the catalog
 * lacks it (or has not arrived yet).
 */
export function msg(template: string): string;
export function msg(template: StrResult): string;
export function msg(template: string | StrResult): string {
  const catalog = state.catalogs[languageOf(currentLocale())];
  if (typeof template === 'string') return catalog?.[template] ?? template;
  const { strings, values } = template;
  const source = strings.reduce((text, part, i) => `${text}\${${i - 1}}${part}`);
  return (catalog?.[source] ?? source).replace(/\$\{(\d+)\}/g, (_, i: string) =>
    String(values[Number(i)]),
  );
}
