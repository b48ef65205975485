import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  AMOUNT_MESSAGES,
  MAX_AMOUNT,
  bigCents,
  fromCents,
  moneyOfCents,
  parseMoney,
  readAmount,
  toCents,
} from './money.js';

describe('parseMoney', () => {
  it.each([
    ['150', '150.00'],
    ['150.5', '150.50'],
    ['0150.05', '150.05'],
    [150.5, '150.50'],
    [0.1, '0.10'],
    ['-3.20', '-3.20'],
    ['-0', '0.00'],
    ['999999999999.99', '999999999999.99'],
  ])('%j → %j', (input, expected) => {
    expect(parseMoney(input)).toBe(expected);
  });

  it.each([
    ['1.234'],
    ['abc'],
    [''],
    ['1e3'],
    [0.1 + 0.2],
    [Number.NaN],
    [Infinity],
    ['1,00'],
    ['1000000000000.00'],
  ])('rejects %j', (input) => {
    expect(parseMoney(input)).toBeNull();
  });
});

describe('cents', () => {
  it('converts exactly where floats would not', () => {
    expect(toCents('0.29')).toBe(29); // 0.29 * 100 === 28.999999999999996 in floating point
    expect(toCents('1.10')).toBe(110);
    expect(toCents('21474836.47')).toBe(2_147_483_647);
    expect(fromCents(29)).toBe('0.29');
    expect(fromCents(-5)).toBe('-0.05');
    expect(fromCents(0)).toBe('0.00');
  });

  it('round-trips every cent value', () => {
    fc.assert(
      fc.property(fc.integer({ min: -99_999_999_999_999, max: 99_999_999_999_999 }), (cents) => {
        expect(toCents(fromCents(cents))).toBe(cents);
      }),
    );
  });

  it('refuses non-integers', () => {
    expect(() => fromCents(1.5)).toThrow(RangeError);
    expect(() => toCents('x')).toThrow(RangeError);
  });
});

describe('readAmount: the words of widgets and API alike', () => {
  it.each([
    ['.5', { amount: '0.50' }],
    ['5.', { amount: '5.00' }],
    [150.5, { amount: '150.50' }],
    ['21474836.47', { amount: '21474836.47' }],
    ['12345678901234', { problem: 'must be at most $21,474,836.47' }],
    ['21474836.48', { problem: 'must be at most $21,474,836.47' }],
    [1e21, { problem: 'must be at most $21,474,836.47' }],
    ['1e3', { problem: 'is not an amount: write it like 1,250.00' }],
    ['ten', { problem: 'is not an amount: write it like 1,250.00' }],
    [Number.NaN, { problem: 'is not an amount: write it like 1,250.00' }],
    ['1.005', { problem: 'must have at most 2 decimal places' }],
    [0.1 + 0.2, { problem: 'must have at most 2 decimal places' }],
    ['0', { problem: 'must be greater than $0.00' }],
    ['-5', { problem: 'must be greater than $0.00' }],
    [' ', { problem: 'is required' }],
  ])('%j → %j', (input, expected) => {
    expect(readAmount(input)).toEqual(expected);
  });

  it('names the largest amount as a person reads it', () => {
    expect(MAX_AMOUNT).toBe('$21,474,836.47');
    expect(AMOUNT_MESSAGES.tooLarge).toBe('must be at most $21,474,836.47');
  });
});

describe('readAmount: which signs a field takes', () => {
  it.each([
    ['-250', 'nonzero', { amount: '-250.00' }],
    ['-.5', 'nonzero', { amount: '-0.50' }],
    ['0', 'nonzero', { problem: 'must not be $0.00' }],
    ['-21474836.48', 'nonzero', { problem: 'must be at most $21,474,836.47' }],
    ['999999999999.99', 'nonzero', { problem: 'must be at most $21,474,836.47' }],
    ['-0', 'any', { amount: '0.00' }],
    ['-12.', 'any', { amount: '-12.00' }],
    ['-5', 'positive', { problem: 'must be greater than $0.00' }],
  ] as const)('%j as %s → %j', (input, sign, expected) => {
    expect(readAmount(input, sign)).toEqual(expected);
  });
});

describe('moneyOfCents and bigCents: exact at any size', () => {
  it('writes and reads totals past 2^53 cents', () => {
    expect(moneyOfCents('9000000002147483647')).toBe('90000000021474836.47');
    expect(moneyOfCents(-5)).toBe('-0.05');
    expect(moneyOfCents(0n)).toBe('0.00');
    expect(bigCents('90000000021474836.47')).toBe(9_000_000_002_147_483_647n);
    expect(bigCents('-0.05')).toBe(-5n);
    expect(() => moneyOfCents('1.5')).toThrow(RangeError);
  });

  it('agrees with fromCents on every safe integer', () => {
    fc.assert(
      fc.property(fc.integer({ min: -99_999_999_999_999, max: 99_999_999_999_999 }), (cents) => {
        expect(moneyOfCents(cents)).toBe(fromCents(cents));
        expect(bigCents(fromCents(cents))).toBe(BigInt(cents));
      }),
    );
  });
});
