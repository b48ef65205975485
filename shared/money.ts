// Money is a decimal string with two places ("150.00") everywhere outside the database, and an
// integer number of cents on the remote wire. Conversions work on the digits, never on floats.

/** Largest amount the remote accepts: its `amount` fields are GraphQL `Int` (32-bit) cents. */
export const MAX_REMOTE_CENTS = 2_147_483_647;

const DECIMAL = /^(-)?(\d{1,12})(?:\.(\d{1,2}))?$/;

/**
 * Parses a money value given as a string ("150", "150.5", "150.50") or a number (150.5) into its
 * canonical two-place string. Returns null when the value is not an amount with at most two
 * decimal places and twelve integer digits (the range of numeric(14,2)).
 */
export function parseMoney(value: string | number): string | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // String() of a number is the shortest round-tripping form: 0.1 + 0.2 shows all its digits
    // and is rejected below instead of being silently rounded.
    text = String(value);
    if (/e/i.test(text)) return null;
  } else {
    text = value.trim();
  }
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const normalizedWhole = whole.replace(/^0+(?=\d)/, '');
  const canonical = `${normalizedWhole}.${fraction.padEnd(2, '0')}`;
  return canonical === '0.00' ? canonical : sign + canonical;
}

/** "150.25" → 15025. The input must be canonical (see parseMoney). */
export function toCents(amount: string): number {
  const canonical = parseMoney(amount);
  if (canonical === null) throw new RangeError(`Not a money amount: ${JSON.stringify(amount)}`);
  const negative = canonical.startsWith('-');
  const [whole = '0', fraction = '00'] = canonical.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(fraction);
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount out of range: ${amount}`);
  return negative ? -cents : cents;
}

/** 15025 → "150.25". */
export function fromCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be an integer: ${cents}`);
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const fraction = String(abs % 100).padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** Cents (of any size) as a person reads dollars in a sentence: 123456789 → "$1,234,567.89". */
export const asDollars = (cents: number | string | bigint) =>
  `$${moneyOfCents(cents).replace(/\B(?=(\d{3})+\.)/g, ',')}`;

/** The largest amount as a person reads it: "$21,474,836.47". */
export const MAX_AMOUNT = asDollars(MAX_REMOTE_CENTS);

/**
 * What is wrong with an amount, in the same words from the widgets (beside the field) and from
 * the API (its field messages): a person reads one message for one mistake wherever it is caught.
 */
export const AMOUNT_MESSAGES = {
  required: 'is required',
  notAnAmount: 'is not an amount: write it like 1,250.00',
  tooPrecise: 'must have at most 2 decimal places',
  tooLarge: `must be at most ${MAX_AMOUNT}`,
  notPositive: 'must be greater than $0.00',
  zero: 'must not be $0.00',
} as const;

/**
 * Which amounts a field takes: `positive` (links, refunds), `nonzero` (a manual ledger entry: in
 * or out), `any` (a bank statement's balance: empty or overdrawn too). Every one is capped at
 * MAX_AMOUNT either way.
 */
export type AmountSign = 'positive' | 'nonzero' | 'any';

/**
 * The API's one amount reader: every money field of every route reads through it, so the same
 * inputs are taken and refused, in the same words. Digits with an optional decimal point ("150",
 * "150.5", ".5", "5.") and an optional sign, or a number (150.5): its canonical two-place string,
 * or the message why it is not one (AMOUNT_MESSAGES). Grouping commas and a "$" are the widgets'
 * to remove first.
 */
export function readAmount(
  value: string | number,
  sign: AmountSign = 'positive',
): { amount: string } | { problem: string } {
  const m = AMOUNT_MESSAGES;
  const text = String(value);
  const number = /^([-+]?)(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!number || (!number[2] && !number[3])) {
    // A number that String() writes with an exponent is far too large or too precise.
    if (typeof value === 'number' && /e/.test(text)) {
      return { problem: Math.abs(value) >= 1 ? m.tooLarge : m.tooPrecise };
    }
    return { problem: text.trim() ? m.notAnAmount : m.required };
  }
  const [, mark, whole = '', fraction = ''] = number;
  if (fraction.length > 2) return { problem: m.tooPrecise };
  if (whole.replace(/^0+/, '').length > 12) return { problem: m.tooLarge };
  const size = parseMoney(`${whole || '0'}${fraction ? `.${fraction}` : ''}`) ?? '0.00';
  const cents = toCents(size);
  if (sign === 'positive' && (mark === '-' || cents === 0)) return { problem: m.notPositive };
  if (sign === 'nonzero' && cents === 0) return { problem: m.zero };
  if (cents > MAX_REMOTE_CENTS) return { problem: m.tooLarge };
  return { amount: mark === '-' && cents !== 0 ? `-${size}` : size };
}

/**
 * Integer cents of any size (a sum the database kept as bigint or numeric, read as text) →
 * "150.25". BigInt, so a total past 2^53 cents reads exactly instead of failing.
 */
export function moneyOfCents(cents: string | number | bigint): string {
  const text = String(cents).trim();
  if (!/^-?\d+$/.test(text)) throw new RangeError(`Cents must be an integer: ${text}`);
  const value = BigInt(text);
  const abs = value < 0n ? -value : value;
  const fraction = String(abs % 100n).padStart(2, '0');
  return `${value < 0n ? '-' : ''}${abs / 100n}.${fraction}`;
}

/** "150.25" (any size, from moneyOfCents or parseMoney) → 15025n. */
export function bigCents(amount: string): bigint {
  const match = /^(-)?(\d+)\.(\d{2})$/.exec(amount.trim());
  if (!match) throw new RangeError(`Not a money amount: ${JSON.stringify(amount)}`);
  const cents = BigInt(match[2]!) * 100n + BigInt(match[3]!);
  return match[1] ? -cents : cents;
}
