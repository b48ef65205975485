import type { TransactionMethod, TransactionStatus } from '../../shared/records.js';

// Display helpers. Amounts arrive as decimal strings ("150.00") and are only formatted here,
// never computed with.

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export const formatMoney = (amount: string | null | undefined) =>
  amount == null || amount === '' || Number.isNaN(Number(amount))
    ? '—'
    : money.format(Number(amount));

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const seconds = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
const short = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * "Nov 21, 2026, 8:00 PM"; `true` (brief) leaves out the year ("Nov 21, 8:00 PM") for tables;
 * `'seconds'` adds them ("Nov 21, 2026, 8:00:05 PM"), to tell two alike records apart.
 */
export function formatDateTime(iso: string | null | undefined, form: boolean | 'seconds' = false) {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return (form === 'seconds' ? seconds : form ? short : dateTime).format(date);
}

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

/** A transaction's status as a badge's tone: money in, money on hold or going back, failed. */
export const statusTone = (status: TransactionStatus | string) =>
  /^(SUCCESSFUL|DEPOSITED|FUNDS_IN_TRANSIT)$/.test(status)
    ? 'success'
    : /^(ERROR|RETURNED|CHARGED_BACK|VOIDED)$/.test(status)
      ? 'error'
      : /^(PENDING|HELD)$/.test(status)
        ? 'warning'
        : 'muted';
