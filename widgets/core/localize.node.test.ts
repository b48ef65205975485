import { beforeAll, describe, expect, it } from 'vitest';
import { es } from '../locales/es.js';
import { inLocale, loadLanguage, msg, str } from './localize.js';

// A text the Spanish catalog lacks (a new msg() whose translation is not written yet) shows in
// English rather than as nothing or as an id; the catalog test keeps that from being shipped.

beforeAll(() => loadLanguage('es'));

describe('a text without its Spanish', () => {
  it('shows in English, values in place, while translated texts show in Spanish', () => {
    const missing = 'A text nobody has translated yet';
    expect(missing in es).toBe(false);
    expect(inLocale('es', () => msg(missing))).toBe(missing);
    const name = 'Jane';
    expect(inLocale('es', () => msg(str`Hello ${name}, nothing here is in Spanish`))).toBe(
      'Hello Jane, nothing here is in Spanish',
    );
    expect(inLocale('es', () => msg('Create client'))).toBe('Crear cliente');
    expect(inLocale('es', () => msg(str`Client “${name}” created.`))).toBe(
      'Cliente «Jane» creado.',
    );
  });
});
