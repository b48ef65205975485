// The API's human sentences (refusals, reconciliation reasons) in the caller's language. Code
// that refuses writes its sentence once, in English, as a template with named values
// (`say('At most {left} can be refunded', { left: money('75.25') })`); the HTTP layer renders it
// in the language the caller asked for (Accept-Language: en, es or fr; http/language.ts), from
// catalogs keyed by the English template (http/sentences/), with each amount written as that
// language writes money. The English text is the sentence's `text`, so logs and anything that
// reads a plain message still get one.

/**
 * A value of a sentence: plain text (a name, the service's own words), a count, an amount of
 * money (a decimal string), or sentences of their own (rendered in the same language, joined by
 * commas).
 */
export type SentenceValue = string | number | { money: string } | { sentences: Sentence[] };

export interface Sentence {
  /** The English template: the catalogs' key. Values are `{name}`. */
  template: string;
  values: Readonly<Record<string, SentenceValue>>;
}

/** An amount of money as a sentence value (a decimal string such as "-1.00"). */
export const money = (amount: string): SentenceValue => ({ money: amount });

/** The languages the API speaks; the first is the default. */
export const API_LANGUAGES = ['en', 'es', 'fr'] as const;
export type ApiLanguage = (typeof API_LANGUAGES)[number];

// As the kit writes money in each language (widgets/core/format.ts: Intl, USD).
const LOCALES: Record<ApiLanguage, string> = { en: 'en-US', es: 'es', fr: 'fr-CA' };

/** One formatter per language, made once: one per amount was most of a big report's time. */
const MONEY_FORMATS = Object.fromEntries(
  Object.entries(LOCALES).map(([language, locale]) => [
    language,
    new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }),
  ]),
) as Record<ApiLanguage, Intl.NumberFormat>;

/** Money as the language writes it, with a true minus: $1,250.50, 1250,50 US$, −1 250,50 $ US. */
export function formatMoney(amount: string, language: ApiLanguage): string {
  const value = Number(amount);
  if (!Number.isFinite(value)) return amount;
  return MONEY_FORMATS[language].format(value).replace('-', '−');
}

/**
 * Renders a sentence from `template` (the language's own, or the English one), each `{name}`
 * replaced by its value written for `language`.
 */
export function render(
  sentence: Sentence,
  language: ApiLanguage,
  templateOf: (s: Sentence) => string = (s) => s.template,
): string {
  return templateOf(sentence).replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = sentence.values[name];
    if (value === undefined) return whole;
    if (typeof value !== 'object') return String(value);
    if ('money' in value) return formatMoney(value.money, language);
    return value.sentences.map((s) => render(s, language, templateOf)).join(', ');
  });
}

/** A sentence with its English text, as say() makes it. */
export type Said = Sentence & { text: string };

/** A stored sentence (template and values), with its English text again. */
export const said = (sentence: Sentence): Said => ({ ...sentence, text: render(sentence, 'en') });

/** A sentence, with its English text. */
export const say = (template: string, values: Readonly<Record<string, SentenceValue>> = {}): Said =>
  said({ template, values });
