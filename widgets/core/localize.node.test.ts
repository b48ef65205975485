import { beforeAll, describe, expect, it } from 'vitest';
import { es } from '../locales/es.js';
import { fr } from '../locales/fr.js';
import { inLocale, languageOf, loadLanguage, msg, registerLocale, str } from './localize.js';

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

describe('a language the host registers (registerLocale)', () => {
  it('shows its messages, values in place, under the tag and its regional variants', () => {
    registerLocale('pt', {
      'Create client': 'Criar cliente',
      'Client “${0}” created.': 'Cliente “${0}” criado.',
    });
    expect(languageOf('pt-BR')).toBe('pt');
    expect(inLocale('pt-BR', () => msg('Create client'))).toBe('Criar cliente');
    const name = 'Jane';
    expect(inLocale('pt', () => msg(str`Client “${name}” created.`))).toBe(
      'Cliente “Jane” criado.',
    );
  });

  it('falls back to English for a message it lacks or leaves blank, never to a blank', () => {
    registerLocale('de', { 'New client': '  ', 'Create client': 'Kunde anlegen' });
    expect(inLocale('de-AT', () => msg('New client'))).toBe('New client');
    expect(inLocale('de', () => msg('Client name'))).toBe('Client name');
    expect(inLocale('de', () => msg('Create client'))).toBe('Kunde anlegen');
  });

  it('wins with its whole tag over the language, and over a shipped catalog’s words', async () => {
    registerLocale('pt-PT', { 'Create client': 'Criar o cliente' });
    expect(inLocale('pt-PT', () => msg('Create client'))).toBe('Criar o cliente');
    expect(inLocale('pt-BR', () => msg('Create client'))).toBe('Criar cliente');
    await loadLanguage('fr');
    registerLocale('fr-CA', { 'New client': 'Nouveau client (Québec)' });
    registerLocale('fr', { 'Create client': 'Créer un client' });
    expect(inLocale('fr', () => msg('Create client'))).toBe('Créer un client');
    expect(inLocale('fr', () => msg('New matter'))).toBe(fr['New matter']);
    expect(inLocale('fr-CA', () => msg('New client'))).toBe('Nouveau client (Québec)');
  });

  it('leaves a language nobody registered in English, and refuses English itself', () => {
    expect(languageOf('ja')).toBe('en');
    expect(languageOf('constructor')).toBe('en');
    expect(inLocale('ja', () => msg('Create client'))).toBe('Create client');
    expect(() => registerLocale('en', {})).toThrow(/English/);
    // @ts-expect-error: typed against the English texts of the kit
    registerLocale('it', { 'Not a text of the kit': 'x' });
  });
});
