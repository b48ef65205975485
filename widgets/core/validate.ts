import { ApiError, type FieldMessages } from '../../shared/api-client.js';
import { MAX_REMOTE_CENTS, fromCents, parseMoney, toCents } from '../../shared/money.js';

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

export function checkAmount(value: string): string[] {
  if (!value.trim()) return ['is required'];
  const amount = parseMoney(value.replace(/[$,\s]/g, ''));
  if (amount === null) return ['must be an amount with at most 2 decimal places, such as 150.00'];
  const cents = toCents(amount);
  if (cents <= 0) return ['must be greater than 0'];
  if (cents > MAX_REMOTE_CENTS) return [`must be at most ${fromCents(MAX_REMOTE_CENTS)}`];
  return [];
}

/** The amount as the API takes it ("1,250.5" → "1250.50"); call after checkAmount passed. */
export const normalizeAmount = (value: string) =>
  parseMoney(value.replace(/[$,\s]/g, '')) ?? value.trim();
