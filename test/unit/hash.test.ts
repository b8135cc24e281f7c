import { describe, expect, it } from 'vitest';
import { textHash } from '../../src/shared/hash.ts';

describe('textHash', () => {
  it('textHash: should give 16 hex digits that stay the same for the same text', () => {
    expect(textHash('{"a":1}')).toMatch(/^[0-9a-f]{16}$/);
    expect(textHash('{"a":1}')).toBe(textHash('{"a":1}'));
    expect(textHash('')).toMatch(/^[0-9a-f]{16}$/);
  });

  it('textHash: should change with any change of the text, including order, case and non-Latin letters', () => {
    const texts = [
      '{"a":1}',
      '{"a":2}',
      '{"b":1}',
      '{"A":1}',
      '1:"a"{}',
      'Suche',
      'suche',
      'Süche',
      '搜索',
      '搜寻',
      'ab',
      'ba',
      'a'.repeat(1000),
      'a'.repeat(1001),
    ];
    expect(new Set(texts.map(textHash)).size).toBe(texts.length);
    // Many near-identical texts (a changed message in otherwise equal settings) all get names of their own.
    const many = Array.from({ length: 20_000 }, (_, i) => `{"search.placeholder":"Suchen ${i}"}`);
    expect(new Set(many.map(textHash)).size).toBe(many.length);
  });
});
