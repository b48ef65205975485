import { beforeAll, describe, expect, it } from 'vitest';
import { inLocale, loadLanguage } from './localize.js';
import { checkAmount, normalizeAmount, parseAmount } from './validate.js';

// The amount input reads what a person types the way their locale writes numbers, strictly: the
// API gets its canonical "1234.56", and what could mean two things is refused in their words.

beforeAll(() => loadLanguage('es'));

describe('an amount typed in English (en)', () => {
  it('reads the decimal point and grouping commas', () => {
    expect(parseAmount('1,234.56', 'en')).toBe('1234.56');
    expect(parseAmount('1234.5', 'en')).toBe('1234.50');
    expect(parseAmount('$1,234,567.00', 'en-US')).toBe('1234567.00');
    expect(parseAmount('200', 'en')).toBe('200.00');
    expect(parseAmount('.5', 'en')).toBe('0.50');
    expect(normalizeAmount(' 1,250.50 ', 'en')).toBe('1250.50');
  });

  it('refuses a decimal comma and misplaced groups, in English', () => {
    for (const typed of ['200,50', '1.234,56', '12,34', '1,23', '12 34', '1,234,5', 'abc']) {
      expect(parseAmount(typed, 'en'), typed).toBeNull();
      expect(
        inLocale('en', () => checkAmount(typed, 'en')),
        typed,
      ).toEqual(['is not an amount: write it like 1,250.00']);
    }
  });

  it('keeps the API’s other checks', () => {
    const check = (typed: string) => inLocale('en', () => checkAmount(typed, 'en'));
    expect(check('')).toEqual(['is required']);
    expect(check('1.234')).toEqual(['must have at most 2 decimal places']);
    expect(check('0')).toEqual(['must be greater than $0.00']);
    expect(check('-5')).toEqual(['must be greater than $0.00']);
    expect(check('99,999,999.00')).toEqual(['must be at most $21,474,836.47']);
  });
});

describe('an amount typed in Spanish (es)', () => {
  it('reads the decimal comma and grouping points', () => {
    expect(parseAmount('1.234,56', 'es')).toBe('1234.56');
    expect(parseAmount('200,50', 'es')).toBe('200.50');
    expect(parseAmount('1234,5', 'es-ES')).toBe('1234.50');
    // Mexico writes numbers the English way: the marks follow the full locale.
    expect(parseAmount('1,234.5', 'es-MX')).toBe('1234.50');
    expect(parseAmount('1.234.567', 'es')).toBe('1234567.00');
    expect(parseAmount('1.234,56 US$', 'es')).toBe('1234.56');
    expect(parseAmount('200', 'es')).toBe('200.00');
  });

  it('refuses a decimal point and misplaced groups, in Spanish', () => {
    for (const typed of ['200.50', '1,234.56', '12.34', '1.23', '12 34', 'abc']) {
      expect(parseAmount(typed, 'es'), typed).toBeNull();
      const [message] = inLocale('es', () => checkAmount(typed, 'es'));
      expect(message, typed).toBe('no es un importe: escríbalo como 1.250,00');
    }
  });

  it('says the API’s other checks in Spanish, with Spanish amounts', () => {
    const check = (typed: string) => inLocale('es', () => checkAmount(typed, 'es'));
    expect(check('')).toEqual(['es obligatorio']);
    expect(check('1,234')).toEqual(['debe tener como máximo 2 decimales']);
    expect(check('0')[0]).toMatch(/^debe ser mayor que 0,00\sUS\$$/);
    expect(check('99.999.999,00')[0]).toMatch(/^debe ser como máximo 21\.474\.836,47\sUS\$$/);
  });
});
