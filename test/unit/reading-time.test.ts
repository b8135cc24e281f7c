import { describe, expect, it } from 'vitest';
import { readingMinutes } from '../../src/plan/routes.ts';
import type { Compiled } from '../../src/types.ts';

const post = (words: number) => ({ body: Array.from({ length: words }, (_, i) => `w${i}`).join(' ') }) as Compiled['source'];

describe('readingMinutes', () => {
  it("counts words as Docusaurus does and keeps each source's count, counting a changed file's new source again", () => {
    const minutes = readingMinutes('en');
    const first = post(400);
    expect(minutes(first)).toBe(2);
    expect(minutes(post(401))).toBe(3);
    // `quire dev` gives an edited file a new source: its count is new, the old one's stays.
    expect(minutes(post(1))).toBe(1);
    expect(minutes(first)).toBe(2);
    // Another locale's count is its own: Japanese is segmented into words without spaces.
    expect(readingMinutes('ja')({ body: '日本語の文章を読みます。'.repeat(100) } as Compiled['source'])).toBeGreaterThan(1);
  });
});
