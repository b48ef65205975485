import type { TransactionMethod, TransactionStatus } from '../../shared/records.js';

// Display helpers. Amounts arrive as decimal strings ("150.00") and are only formatted here,
// never computed with.

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export const formatMoney = (amount: string | null | undefined) =>
  amount == null || amount === '' || Number.isNaN(Number(amount))
    ? '—'
    : money.format(Number(amount));

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const short = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "Nov 21, 2026, 8:00 PM"; `brief` leaves out the year ("Nov 21, 8:00 PM") for tables. */
export function formatDateTime(iso: string | null | undefined, brief = false): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : (brief ? short : dateTime).format(date);
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

const words = (value: string) =>
  value.charAt(0) + value.slice(1).toLowerCase().replaceAll('_', ' ');

const METHODS: Partial<Record<TransactionMethod, string>> = {
  ACH: 'ACH',
  PUSH_TO_CARD: 'Push to card',
  PAYPAL: 'PayPal',
};

export const methodLabel = (method: TransactionMethod | null) =>
  method ? (METHODS[method] ?? words(method)) : '—';

/** "1 bank account", "3 bank accounts". */
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export const statusLabel = (status: TransactionStatus | string) => words(status);
