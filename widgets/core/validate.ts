import { ApiError, type FieldMessages } from '../../shared/api-client.js';
import { MAX_REMOTE_CENTS, fromCents, parseMoney, toCents } from '../../shared/money.js';
import { formatMoney } from './format.js';

// Checks made before a form is sent, with the server's own words, so most mistakes are caught
// without a round trip. The server checks everything again: these are a convenience.

/** The code of an error found by the form itself (no call was made). */
export const INVALID_FORM = 'invalid_form';

export const isFormError = (error: unknown) =>
  error instanceof ApiError && error.code === INVALID_FORM;

/** Throws the messages as one error when there are any (a task's failure, like the server's). */
export function assertValid(fields: FieldMessages): void {
  const found = Object.fromEntries(Object.entries(fields).filter(([, m]) => m.length > 0));
  if (Object.keys(found).length > 0) {
    throw new ApiError(400, INVALID_FORM, 'Check the highlighted fields.', found);
  }
}

export function checkName(value: string, required = true): string[] {
  const text = value.trim();
  if (!text) return required ? ['is required'] : [];
  return text.length > 255 ? ['must be at most 255 characters'] : [];
}

export const checkChosen = (value: string | null | undefined, what: string): string[] =>
  value ? [] : [`is required: choose a ${what}`];

/**
 * What a person means by an amount: digits, with commas only between groups of three
 * ("1,234,567"), one decimal point and up to two decimals, an optional "$" in front. Anything
 * else ("12 34", "1,23", "1.234,5") is refused rather than guessed at.
 */
const AMOUNT = /^\$?\s*((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{0,2})?|\.\d{1,2})$/;

/** The amount as the API takes it ("1,250.5" → "1250.50"), or null when it is not one. */
export function parseAmount(value: string): string | null {
  const match = AMOUNT.exec(value.trim());
  return match ? parseMoney(match[1]!.replaceAll(',', '').replace(/\.$/, '')) : null;
}

/** The largest amount, as a person reads it: $21,474,836.47. */
export const MAX_AMOUNT = formatMoney(fromCents(MAX_REMOTE_CENTS));

export function checkAmount(value: string): string[] {
  if (!value.trim()) return ['is required'];
  if (value.trim().startsWith('-')) return ['must be greater than $0.00'];
  const amount = parseAmount(value);
  if (amount === null)
    return [
      'must be an amount such as 1,250.00: commas only between thousands, at most 2 decimal places',
    ];
  const cents = toCents(amount);
  if (cents <= 0) return ['must be greater than $0.00'];
  if (cents > MAX_REMOTE_CENTS) return [`must be at most ${MAX_AMOUNT}`];
  return [];
}

/** The amount as the API takes it; call after checkAmount passed. */
export const normalizeAmount = (value: string) => parseAmount(value) ?? value.trim();
