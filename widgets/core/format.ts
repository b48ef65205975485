import type { TransactionMethod, TransactionStatus } from '../../shared/records.js';
import { currentLocale, languageOf, msg } from './localize.js';

// Display helpers. Amounts arrive as decimal strings ("150.00") and are only formatted here,
// never computed with.

// Formatters of a locale (by default the current one, the rendering element's: see
// localize.ts), made once each.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

export function formatter<F extends Intl.NumberFormat | Intl.DateTimeFormat>(
  kind: string,
  make: (locale: string) => F,
  locale = currentLocale(),
): F {
  const key = `${kind} ${locale}`;
  let found = formatters.get(key) as F | undefined;
  if (!found) {
    try {
      found = make(locale);
    } catch {
      // A `lang` Intl does not know: formats of the kit's own language.
      found = make(languageOf(locale));
    }
    formatters.set(key, found);
  }
  return found;
}

const money = () =>
  formatter(
    'money',
    (locale) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }),
  );

/**
 * "$1,250.50" (en), "1250,50 US$" (es): amounts stay US dollars, written the locale's way. Below
 * zero with a true minus sign ("−$1,151.00"), not the hyphen Intl writes in en and es.
 */
export const formatMoney = (amount: string | null | undefined) =>
  amount == null || amount === '' || Number.isNaN(Number(amount))
    ? '—'
    : money()
        .format(amount as Intl.StringNumericLiteral)
        .replace('-', '\u2212');

/** The text of a formatted number's part of this `type`, else `fallback`. */
export const numberPart = (format: Intl.NumberFormat, type: string, fallback: string) =>
  format.formatToParts(12345.6).find((part) => part.type === type)?.value ?? fallback;

/** The dollar's sign in the current locale ("$" in en, "US$" in es), beside an amount input. */
export const currencySymbol = () => numberPart(money(), 'currency', '$');

const DATE_FORMS = {
  full: { dateStyle: 'medium', timeStyle: 'short' },
  seconds: { dateStyle: 'medium', timeStyle: 'medium' },
  brief: { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * "Nov 21, 2026, 8:00 PM"; `true` (brief) leaves out the year ("Nov 21, 8:00 PM") for tables;
 * `'seconds'` adds them ("Nov 21, 2026, 8:00:05 PM"), to tell two alike records apart. In the
 * current locale's words and order.
 */
export function formatDateTime(iso: string | null | undefined, form: boolean | 'seconds' = false) {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  const name = form === 'seconds' ? 'seconds' : form ? 'brief' : 'full';
  return formatter(name, (locale) => new Intl.DateTimeFormat(locale, DATE_FORMS[name])).format(
    date,
  );
}

/** "Nov 30, 2026": a day as the trust ledger counts days (UTC), in the current locale. */
export function formatDate(iso: string | null | undefined) {
  const date = new Date(iso ?? '');
  if (!iso || Number.isNaN(date.getTime())) return '—';
  return formatter(
    'date',
    (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }),
  ).format(date);
}

/** "8:00:05 PM" (en), "20:00:05" (es): a time of today, in the current locale. */
export const formatTime = (date: Date) =>
  formatter('time', (locale) => new Intl.DateTimeFormat(locale, { timeStyle: 'medium' })).format(
    date,
  );

/**
 * Labels that tell records apart: each record's first label, or, where two are alike, its next
 * (more precise) one, and so on.
 */
export function distinctLabels<T>(
  records: readonly T[],
  ...labellers: ((record: T) => string)[]
): Map<T, string> {
  const level = new Map(records.map((record) => [record, 0]));
  const label = (record: T) => labellers[level.get(record)!]!(record);
  for (;;) {
    const count = new Map<string, number>();
    for (const record of records) count.set(label(record), (count.get(label(record)) ?? 0) + 1);
    const alike = records.filter(
      (record) => count.get(label(record))! > 1 && level.get(record)! < labellers.length - 1,
    );
    if (alike.length === 0) return new Map(records.map((record) => [record, label(record)]));
    for (const record of alike) level.set(record, level.get(record)! + 1);
  }
}

/**
 * The URL if it is an http(s) address, else null. Values from the API end up in `href`s: a
 * `javascript:` or `data:` URL must never become something a user can click.
 */
export function safeHttpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A value the kit has no words for ("NEW_STATUS" → "New status"): the API's, readable. */
const words = (value: string) =>
  value.charAt(0) + value.slice(1).toLowerCase().replaceAll('_', ' ');

/** A transaction's method in the current language. */
export function methodLabel(method: TransactionMethod | null): string {
  if (!method) return '—';
  const labels: Record<TransactionMethod, string> = {
    ACH: 'ACH',
    CARD: msg('Card'),
    CREDIT: msg('Credit'),
    DEBIT: msg('Debit'),
    MANUAL: msg('Manual'),
    PUSH_TO_CARD: msg('Push to card'),
    PAYPAL: 'PayPal',
    ZELLE: 'Zelle',
  };
  return labels[method] ?? words(method);
}

/** "1 bank account", "3 bank accounts": `one` and `other` in the current language. */
export const plural = (n: number, one: string, other: string) =>
  `${formatCount(n)} ${n === 1 ? one : other}`;

/** Plain numbers in the locale (the current one by default). */
export const numbers = (locale?: string) =>
  formatter('count', (tag) => new Intl.NumberFormat(tag), locale);

/** A count in the current locale ("1,234", "1234"). */
export const formatCount = (n: number) => numbers().format(n);

/** A transaction's status in the current language. */
export function statusLabel(status: TransactionStatus | string): string {
  const labels: Record<TransactionStatus, string> = {
    PENDING: msg('Pending'),
    SUCCESSFUL: msg('Successful'),
    DEPOSITED: msg('Deposited'),
    FUNDS_IN_TRANSIT: msg('Funds in transit'),
    REFUNDED: msg('Refunded'),
    PARTIALLY_REFUNDED: msg('Partially refunded'),
    RETURNED: msg('Returned'),
    VOIDED: msg('Voided'),
    ERROR: msg('Error'),
    CHARGED_BACK: msg('Charged back'),
    HELD: msg('Held'),
  };
  return labels[status as TransactionStatus] ?? words(status);
}

/** A transaction's status as a badge's tone: money in, money on hold or going back, failed. */
export const statusTone = (status: TransactionStatus | string) =>
  /^(SUCCESSFUL|DEPOSITED|FUNDS_IN_TRANSIT)$/.test(status)
    ? 'success'
    : /^(ERROR|RETURNED|CHARGED_BACK|VOIDED)$/.test(status)
      ? 'error'
      : /^(PENDING|HELD)$/.test(status)
        ? 'warning'
        : 'muted';

/** A bank account as its statement names it: "Trust (IOLTA) ··2222". */
export const accountLabel = (a: { name: string; lastFour?: string | null }) =>
  `${a.name}${a.lastFour ? ` ··${a.lastFour}` : ''}`;
