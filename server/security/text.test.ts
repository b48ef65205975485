import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clipText255,
  DEPTH_MESSAGE,
  findTextProblem,
  NUL_MESSAGE,
  storableJson,
  storableText,
  SURROGATE_MESSAGE,
  textProblem,
} from './text.js';

describe('text PostgreSQL cannot store', () => {
  it('names NUL and lone surrogates, and passes paired ones', () => {
    expect(textProblem('a\u0000b')).toBe(NUL_MESSAGE);
    expect(textProblem('x\ud800')).toBe(SURROGATE_MESSAGE);
    expect(textProblem('\udc00x')).toBe(SURROGATE_MESSAGE);
    expect(textProblem('emoji 😀 ok')).toBeNull();
    expect(textProblem('Zoë')).toBeNull();
  });

  it('finds the first problem by path, in values and keys, without recursion', () => {
    expect(findTextProblem({ name: 'ok', list: ['a', 'b\u0000'] })).toEqual({
      path: 'list.1',
      message: NUL_MESSAGE,
    });
    expect(findTextProblem({ ['k\ud800']: 1 })).toEqual({
      path: '(key)',
      message: SURROGATE_MESSAGE,
    });
    const deep = JSON.parse('['.repeat(100_000) + ']'.repeat(100_000));
    expect(findTextProblem(deep)?.message).toBe(DEPTH_MESSAGE);
    expect(findTextProblem({ a: { b: { c: { d: 'fine' } } } })).toBeNull();
  });

  it('sanitizes any text into something without a problem, keeping good text as is', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const clean = storableText(text);
        expect(textProblem(clean)).toBeNull();
        if (textProblem(text) === null) expect(clean).toBe(text);
      }),
      { numRuns: 100 },
    );
    expect(storableJson({ ['a\u0000']: ['\ud800x'] })).toEqual({ a: ['\ufffdx'] });
  });
});

describe('remote text for a Text(255) column', () => {
  it('is cut to 255, never refused; absent stays null and empty stays empty', () => {
    expect(clipText255('x'.repeat(300))).toBe('x'.repeat(255));
    expect(clipText255('Zoë')).toBe('Zoë');
    expect(clipText255('')).toBe('');
    expect(clipText255(null)).toBeNull();
    expect(clipText255(undefined)).toBeNull();
  });
});
