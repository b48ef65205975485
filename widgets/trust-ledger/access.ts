import type { ApiClient } from '../../shared/api-client.js';
import { AMOUNT_MESSAGES } from '../../shared/money.js';
import { checkAmount, normalizeAmount } from '../core/validate.js';

/**
 * The role a widget token carries (`pwt_<base64url JSON>.<mac>`), read without checking its MAC:
 * only to offer what the server will accept, which checks every call. Null for another kind of
 * key or a token it cannot read: the widget then offers everything and shows the server's answer.
 */
export async function tokenRole(api: ApiClient): Promise<string | null> {
  const token = await api.token.catch(() => null);
  if (!token?.startsWith('pwt_')) return null;
  try {
    const payload = token.slice(4).split('.')[0]!.replaceAll('-', '+').replaceAll('_', '/');
    const role: unknown = (JSON.parse(atob(payload)) as { role?: unknown }).role;
    return typeof role === 'string' ? role : null;
  } catch {
    return null;
  }
}

/**
 * A bank statement's balance as typed: the kit's strict amount ("1,300.00", "$1,300", never a
 * guess at "1.300,00"), but zero and below zero too (an empty or overdrawn account). The amount
 * as the API takes it, or the message why it is not one.
 */
export function readStatementBalance(value: string): { amount: string } | { problem: string } {
  const text = value.trim();
  const negative = /^(?:\$\s*)?-/.test(text);
  const rest = negative ? text.replace(/^(\$\s*)?-\s*/, '$1') : text;
  if (/^\$?\s*0*(?:\.0{0,2})?$/.test(rest) && /0/.test(rest)) return { amount: '0.00' };
  const [problem] = checkAmount(rest);
  if (problem)
    return {
      problem: problem === AMOUNT_MESSAGES.notPositive ? AMOUNT_MESSAGES.notAnAmount : problem,
    };
  const amount = normalizeAmount(rest);
  return { amount: negative ? `-${amount}` : amount };
}
