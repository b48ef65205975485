import { ApiError, type FieldMessages } from '../../shared/api-client.js';
import { AMOUNT_MESSAGES, MAX_REMOTE_CENTS, fromCents, readAmount } from '../../shared/money.js';
import { formatMoney, formatter, numberPart, numbers } from './format.js';
import { currentLocale, msg, str } from './localize.js';

// Checks made before a form is sent, with the server's own rules, so most mistakes are caught
// without a round trip. The server checks everything again: these are a convenience. The words
// are the current locale's (the element's: see localize.ts).

/** The code of an error found by the form itself (no call was made). */
export const INVALID_FORM = 'invalid_form';

export const isFormError = (error: unknown) =>
  error instanceof ApiError && error.code === INVALID_FORM;

/** Throws the messages as one error when there are any (a task's failure, like the server's). */
export function assertValid(fields: FieldMessages): void {
  const found = Object.fromEntries(Object.entries(fields).filter(([, m]) => m.length > 0));
  if (Object.keys(found).length > 0) {
    throw new ApiError(400, INVALID_FORM, msg('Check the highlighted fields.'), found);
  }
}

export function checkName(value: string, required = true): string[] {
  const text = value.trim();
  if (!text) return required ? [msg('is required')] : [];
  return text.length > 255 ? [msg('must be at most 255 characters')] : [];
}

/** `message` when nothing is chosen ("is required: choose a client"). */
export const checkChosen = (value: string | null | undefined, message: string): string[] =>
  value ? [] : [message];

/** The largest amount, in the locale's way ("$21,474,836.47", "21.474.836,47 US$"). */
export const maxAmount = () => formatMoney(fromCents(MAX_REMOTE_CENTS));

/**
 * An amount as the locale writes it in an input, without the currency ("1,250.50" in en,
 * "1250,50" in es, as its amounts read beside it): what a form prefills reads back as typed
 * (parseAmount). From the decimal string itself, never a float. `always` shows the group mark
 * even where the locale leaves it out of four digits ("1.250,50").
 */
export const formatAmountInput = (amount: string, grouping: 'auto' | 'always' = 'auto') =>
  formatter(
    grouping,
    (locale) =>
      new Intl.NumberFormat(locale, {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
        useGrouping: grouping,
      } as Intl.NumberFormatOptions),
  ).format(amount as Intl.StringNumericLiteral);

/** How the locale writes an example amount with cents, its group mark shown ("1.250,00"). */
export const amountExample = (amount = '1250') => formatAmountInput(amount, 'always');

/** The locale's group and decimal marks ("," and "." in en; "." and "," in es). */
export function separators(locale?: string): { group: string; decimal: string } {
  const format = numbers(locale);
  return { group: numberPart(format, 'group', ','), decimal: numberPart(format, 'decimal', '.') };
}

/** The API's words for a problem with an amount (AMOUNT_MESSAGES), in the current language. */
function amountProblem(problem: string): string {
  const m = AMOUNT_MESSAGES;
  if (problem === m.required) return msg('is required');
  if (problem === m.tooPrecise) return msg('must have at most 2 decimal places');
  if (problem === m.tooLarge) return msg(str`must be at most ${maxAmount()}`);
  if (problem === m.notPositive) return msg(str`must be greater than ${formatMoney('0')}`);
  return msg(str`is not an amount: write it like ${amountExample()}`);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What a person means by an amount, written the locale's way: digits with its decimal mark and up
 * to two decimals ("1250.5" in en, "1250,5" in es), its group mark only between groups of three
 * ("1,234,567" / "1.234.567"), the dollar sign ("$", "US$") before or after. Anything else
 * ("12 34", "1,23" in en, "200.50" in es) is refused rather than guessed at. The checks are the
 * API's own (readAmount).
 */
function readTyped(
  value: string,
  locale = currentLocale(),
): { amount: string } | { problem: string } {
  const { group, decimal } = separators(locale);
  const text = value
    .trim()
    .replace(/^(?:US)?\$\s*|\s*(?:US)?\$$|\s*USD$/g, '')
    .trim();
  if (!text) return readAmount('');
  // A group mark that is a space (fr: U+202F) may be typed as any space.
  const groups = /\s/.test(group) ? '[\\s\\u202f\\u00a0]' : escape(group);
  const dec = escape(decimal);
  const shape = new RegExp(`^[-+]?(?:\\d{1,3}(?:${groups}\\d{3})*|\\d*)(?:${dec}\\d*)?$`);
  if (!shape.test(text)) return { problem: AMOUNT_MESSAGES.notAnAmount };
  const [whole = '', fraction] = text.split(decimal);
  const sign = /^[-+]/.test(whole) ? whole[0] : '';
  return readAmount(
    `${sign}${whole.replace(/\D/g, '')}${fraction === undefined ? '' : `.${fraction}`}`,
  );
}

/** The amount as the API takes it ("1,250.5" in en, "1.250,5" in es → "1250.50"), or null. */
export function parseAmount(value: string, locale?: string): string | null {
  const read = readTyped(value, locale);
  return 'amount' in read ? read.amount : null;
}

export function checkAmount(value: string, locale?: string): string[] {
  const read = readTyped(value, locale);
  return 'problem' in read ? [amountProblem(read.problem)] : [];
}

/** The amount as the API takes it; call after checkAmount passed. */
export const normalizeAmount = (value: string, locale?: string) =>
  parseAmount(value, locale) ?? value.trim();
