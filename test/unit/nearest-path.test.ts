import { describe, expect, it } from 'vitest';
import { nearestPath } from '../../src/plan/links.ts';

describe('nearestPath', () => {
  const pages = ['/', '/docs/', '/docs/faq/', '/docs/features/pdf/', '/docs/features/epub/', '/docs/guide/start/', '/pricing/'];
  const files = ['content/docs/features/epub.mdx', 'content/docs/features/pdf.mdx', 'content/docs/faq.md', 'content/docs/index.mdx'];

  it('nearestPath: should suggest a page or file beside the broken one: a typo, the other Markdown extension', () => {
    expect(nearestPath('/docs/fqa/', pages)).toBe('/docs/faq/');
    expect(nearestPath('/docs/features/epbu/', pages)).toBe('/docs/features/epub/');
    expect(nearestPath('content/docs/features/epub.md', files)).toBe('content/docs/features/epub.mdx');
    expect(nearestPath('content/docs/features/pfd.mdx', files)).toBe('content/docs/features/pdf.mdx');
  });

  it('nearestPath: should suggest a page that moved (the same name in one other folder), and nothing for a name like none', () => {
    expect(nearestPath('/docs/start/', pages)).toBe('/docs/guide/start/');
    expect(nearestPath('content/docs/guide/faq.md', files)).toBe('content/docs/faq.md');
    expect(nearestPath('/docs/fehlt/', pages)).toBeUndefined();
    expect(nearestPath('content/docs/guide/missing.mdx', files)).toBeUndefined();
  });
});
