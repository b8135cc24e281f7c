import { describe, expect, it } from 'vitest';
import { closestName, lineColumn, postInstant, withoutBom } from '../../src/shared/text.ts';

describe('text', () => {
  it('text: should name the candidate a typo most likely meant, and none for a name like no candidate', () => {
    const components = ['Kbd', 'Steps', 'Step', 'Figure', 'FeatureGrid', 'Feature', 'CardGrid', 'Card'];
    expect(closestName('Kdb', components)).toBe('Kbd');
    expect(closestName('Figur', components)).toBe('Figure');
    expect(closestName('figure', components)).toBe('Figure');
    expect(closestName('Stpes', components)).toBe('Steps');
    expect(closestName('Cards', components)).toBe('Card');
    expect(closestName('Video', components)).toBeUndefined();
    expect(closestName('X', components)).toBeUndefined();
    expect(closestName('guide/strat', ['guide/start', 'guide/mdx', 'index'])).toBe('guide/start');
    expect(closestName('services/deepl', ['services/deepL', 'services/deepseek'])).toBe('services/deepL');
  });

  it('text: should drop a byte order mark and nothing else', () => {
    expect(withoutBom('\uFEFF---\n')).toBe('---\n');
    expect(withoutBom('---\n\uFEFF')).toBe('---\n\uFEFF');
    expect(withoutBom('')).toBe('');
  });

  it('text: should give 1-based line and column of an offset', () => {
    expect(lineColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
    expect(lineColumn('ab', 0)).toEqual({ line: 1, column: 1 });
  });
});

describe('postInstant', () => {
  it('dates a post as Docusaurus does: a day at midnight UTC, a time without zone in UTC, a zone applied', () => {
    expect(postInstant('2021-08-26')).toBe('2021-08-26T00:00:00.000Z');
    expect(postInstant('2021-08-26T10:00')).toBe('2021-08-26T10:00:00.000Z');
    expect(postInstant('2021-08-26T10:00:30.5')).toBe('2021-08-26T10:00:30.500Z');
    expect(postInstant('2021-08-26T01:00:00+02:00')).toBe('2021-08-25T23:00:00.000Z');
    expect(postInstant('2021-08-26 18:30:00 -05:00')).toBe('2021-08-26T23:30:00.000Z');
    expect(postInstant('2021-08-26T10:00:00.000Z')).toBe('2021-08-26T10:00:00.000Z');
  });

  it('gives nothing for a time that does not exist', () => {
    expect(postInstant('2021-08-26T25:00')).toBeUndefined();
    expect(postInstant('2021-08-26T10:61')).toBeUndefined();
  });
});
