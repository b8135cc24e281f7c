import { describe, expect, it } from 'vitest';
import { globMatcher } from '../../src/globs.ts';

const DEFAULT_EXCLUDE = ['**/_*.{js,jsx,ts,tsx,md,mdx}', '**/_*/**', '**/*.test.{js,jsx,ts,tsx}', '**/__tests__/**'];

describe('globMatcher (Docusaurus include/exclude)', () => {
  const include = globMatcher(['**/*.{md,mdx}']);
  const exclude = globMatcher(DEFAULT_EXCLUDE);

  it('includes Markdown and MDX files at any depth', () => {
    expect(['a.md', 'x/y/z.mdx', 'a_b.md'].map(include)).toEqual([true, true, true]);
    expect(['a.txt', 'a.md.bak', 'a.mdxx'].map(include)).toEqual([false, false, false]);
  });

  it("excludes Docusaurus's defaults: partials, underscore folders and tests", () => {
    expect(['_p.md', 'x/_p.mdx', '_f/a.md', 'x/_f/y/a.md', 'a.test.ts', 'x/__tests__/a.md'].map(exclude)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['a.md', 'a_b.md', 'x/y_/a.md'].map(exclude)).toEqual([false, false, false]);
  });

  it('does not match dot-names with wildcards, as globby without `dot`', () => {
    expect(include('.hidden.md')).toBe(false);
    expect(include('x/.h/a.md')).toBe(false);
  });

  it('keeps * within a segment, ** across them, and reads classes and nested braces', () => {
    expect(globMatcher(['guides/**'])('guides/a/b.md')).toBe(true);
    expect(globMatcher(['guides/*.md'])('guides/a/b.md')).toBe(false);
    expect(globMatcher(['guides/*.md'])('guides/b.md')).toBe(true);
    expect(globMatcher(['[ab].md'])('b.md')).toBe(true);
    expect(globMatcher(['[!ab].md'])('b.md')).toBe(false);
    expect(globMatcher(['a.{md,{mdx,markdown}}'])('a.markdown')).toBe(true);
    expect(globMatcher(['a+b(1).md'])('a+b(1).md')).toBe(true);
    expect(globMatcher([])('a.md')).toBe(false);
  });
});
