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
