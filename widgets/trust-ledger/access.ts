import { AMOUNT_MESSAGES } from '../../shared/money.js';
import { checkAmount, normalizeAmount } from '../core/validate.js';

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
