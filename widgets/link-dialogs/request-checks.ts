import { msg, str } from '../core/localize.js';

// The request form's own checks, in the server's terms (shared/payment-requests.ts), so most
// mistakes are named beside their field before a call; the server checks again, and its 400
// names each bad address (`emails.1`), shown on the same field.

/** As the server reads an address. */
const EMAIL = /^[^\s@,;<>()"]+@[^\s@,;<>()"]+\.[^\s@,;<>()".]+$/;
const MAX_EMAILS = 20;

/** "a@x.com, b@y.com; c@z.com" → the addresses. */
export const splitList = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

export function checkEmails(emails: string[], required: boolean): string[] {
  if (required && emails.length === 0) return [msg('is required: at least one address')];
  if (emails.length > MAX_EMAILS) return [msg(str`must name at most ${MAX_EMAILS} addresses`)];
  return emails
    .filter((email) => !EMAIL.test(email) || email.length > 254)
    .map((email) => msg(str`is not an email address: “${email}”`));
}

/** "3, 7, 14" → the days, or why not: rising, each from 1 to 365, at most 10. */
export function checkCadence(text: string): { days: number[]; errors: string[] } {
  const parts = splitList(text);
  const days = parts.map(Number);
  const ok =
    parts.length > 0 &&
    days.length <= 10 &&
    days.every(
      (d, i) => Number.isInteger(d) && d >= 1 && d <= 365 && (i === 0 || d > days[i - 1]!),
    );
  return ok
    ? { days, errors: [] }
    : { days: [], errors: [msg('must be whole days from 1 to 365, rising, at most 10')] };
}

/**
 * The server's field messages gathered under the form's fields: `emails.1` and `emails` under
 * `emails`. Others stay in the error's own alert.
 */
export function fieldMessages<F extends string>(
  fields: Record<string, string[]>,
  shown: readonly F[],
): Partial<Record<F, string[]>> {
  const out: Partial<Record<F, string[]>> = {};
  for (const [key, messages] of Object.entries(fields)) {
    const field = shown.find((f) => key === f || key.startsWith(`${f}.`));
    if (field) (out[field] ??= []).push(...messages);
  }
  return out;
}
