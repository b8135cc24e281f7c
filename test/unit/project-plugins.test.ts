import { describe, expect, it } from 'vitest';
import { sectionOfFile } from '../../src/compile/project-plugins.ts';

describe('the plugin section of a partial, by the folder that holds it', () => {
  const folders = {
    docs: ['docs', 'versioned_docs/version-1.0'],
    instances: ['community'],
    blog: 'blog',
    pages: 'src/pages',
  };

  it("gives a partial in any docs version's folder the docs' plugins, as the docs plugin's loader compiles it", () => {
    expect(sectionOfFile('docs/_shared.md', folders)).toBe('docs');
    expect(sectionOfFile('versioned_docs/version-1.0/guides/_note.mdx', folders)).toBe('docs');
  });

  it("gives one in another docs instance's folder none of the preset's plugins", () => {
    expect(sectionOfFile('community/_shared.md', folders)).toBeUndefined();
  });

  it("gives the blog's to the blog's, and every other file the pages'", () => {
    expect(sectionOfFile('blog/_intro.md', folders)).toBe('blog');
    expect(sectionOfFile('src/pages/_part.md', folders)).toBe('pages');
    expect(sectionOfFile('snippets/_part.md', folders)).toBe('pages');
    expect(sectionOfFile('docsy/_part.md', folders)).toBe('pages');
  });

  it('reads folders written with ./ or a trailing slash', () => {
    expect(sectionOfFile('docs/_a.md', { ...folders, docs: ['./docs/'] })).toBe('docs');
  });
});
