import { afterAll, describe, expect, it } from 'vitest';
import { buildTemplate } from '../helpers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

/** The desktop table of contents of a page: each entry's level and link. */
function tocOf(html: string): string[] {
  const nav = /<nav class="toc toc--desktop"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
  return [...nav.matchAll(/toc__item--(\d)"><a href="#([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`);
}

describe('a Markdown page’s table of contents (Docusaurus’s MDX page)', () => {
  it('is drawn beside a page of src/pages with headings, unless hidden; React pages draw their own', async () => {
    const body = '# Wege\n\nWie es geht.\n\n## Zu Fuss\n\nLangsam.\n\n### Mit Schuhen\n\nBesser.\n\n## Per Rad\n\nSchnell.\n';
    const { result, writer } = await buildTemplate(
      {
        'src/pages/wege.md': `---\ntitle: Wege\n---\n\n${body}`,
        'src/pages/versteckt.md': `---\ntitle: Versteckt\nhide_table_of_contents: true\n---\n\n${body}`,
      },
      cleanups,
    );
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = writer.text('wege/index.html')!;
    expect(tocOf(html)).toEqual(['2 zu-fuss', '3 mit-schuhen', '2 per-rad']);
    expect(html).toContain('class="page page--page page--toc"');
    // Its text is still the page's searchable body, the table beside it is not.
    expect(html).toMatch(/<div class="page__column">[\s\S]*data-pagefind-body=""[\s\S]*<div class="page__toc">/);
    expect(tocOf(writer.text('versteckt/index.html')!)).toEqual([]);
    // The template's Markdown page has no heading below its title: no table.
    expect(writer.text('markdown-page/index.html')).not.toContain('toc--desktop');
    expect(writer.text('index.html')).not.toContain('toc--desktop');
  });
});
