import { ApiError, type FieldMessages } from '../../shared/api-client.js';
import { AMOUNT_MESSAGES, MAX_AMOUNT, readAmount } from '../../shared/money.js';

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
 * What a person means by an amount: digits with one decimal point and up to two decimals
 * ("1250.5", ".5"), commas only between groups of three ("1,234,567"), an optional "$" in front.
 * Anything else ("12 34", "1,23", "1.234,5") is refused rather than guessed at. The checks and
 * their words are the API's own (readAmount).
 */
function readTyped(value: string): ReturnType<typeof readAmount> {
  const text = value.trim().replace(/^\$\s*/, '');
  const grouped = text.includes(',');
  if (grouped && !/^[-+]?\d{1,3}(?:,\d{3})+(?:\.\d*)?$/.test(text)) {
    return { problem: AMOUNT_MESSAGES.notAnAmount };
  }
  return readAmount(grouped ? text.replaceAll(',', '') : text);
}

/** The amount as the API takes it ("1,250.5" → "1250.50"), or null when it is not one. */
export function parseAmount(value: string): string | null {
  const read = readTyped(value);
  return 'amount' in read ? read.amount : null;
}

export { MAX_AMOUNT };

export function checkAmount(value: string): string[] {
  const read = readTyped(value);
  return 'problem' in read ? [read.problem] : [];
}

/** The amount as the API takes it; call after checkAmount passed. */
export const normalizeAmount = (value: string) => parseAmount(value) ?? value.trim();
