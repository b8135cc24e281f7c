import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compile/index.ts';
import { readingMinutes } from '../../src/plan/routes.ts';
import type { Compiled, Source } from '../../src/types.ts';
import { minimalConfig } from './config-fixture.ts';

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
const post = (n: number) => ({ source: { body: words(n) } }) as Compiled;

describe('readingMinutes', () => {
  it('counts words as Docusaurus does, 200 a minute rounded up, in the locale the site is built in', () => {
    const minutes = readingMinutes('en');
    expect(minutes(post(400))).toBe(2);
    expect(minutes(post(401))).toBe(3);
    expect(minutes(post(1))).toBe(1);
    // Japanese is segmented into words without spaces.
    expect(readingMinutes('ja')({ source: { body: '日本語の文章を読みます。'.repeat(100) } } as Compiled)).toBeGreaterThan(1);
  });

  it('takes the count compile kept with the page (Compiled.words), so a warm build counts nothing', async () => {
    // The count, not the body, decides: a page whose count says 401 words takes 3 minutes whatever its body holds.
    expect(readingMinutes('en')({ source: { body: words(1) }, words: 401 } as Compiled)).toBe(3);
    const config = minimalConfig();
    const source: Source = {
      kind: 'blog',
      file: 'content/blog/a.md',
      format: 'md',
      id: 'a',
      path: '/blog/a/',
      frontMatter: {},
      body: `${words(401)}\n`,
      bodyLine: 1,
      hash: 'h',
    };
    const shown = await compileSource(source, { ...config, blog: { ...config.blog, showReadingTime: true } });
    const hidden = await compileSource(source, config);
    if (!('compiled' in shown) || !('compiled' in hidden)) throw new Error('expected compiled pages');
    expect(shown.compiled.words).toBe(401);
    // A site that shows no reading times counts nothing.
    expect(hidden.compiled.words).toBeUndefined();
  });
});
