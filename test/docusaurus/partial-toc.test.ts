import { afterAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildInMemory, buildTemplate, makeSite } from '../helpers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

/** The desktop table of contents of a page: each entry's level and link. */
function tocOf(html: string): string[] {
  const nav = /<nav class="toc toc--desktop"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
  return [...nav.matchAll(/toc__item--(\d)"><a href="#([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`);
}

const PARTIALS = {
  'docs/_shared/_colours.mdx': '### Farbe Rot\n\nWarm.\n\n### Farbe Blau\n\nKalt.\n',
  // A partial showing a partial of its own; its h1 and h4 are outside the page's levels.
  'docs/_shared/_sizes.md': "import Tiny from './_tiny.md';\n\n# Groesse\n\n## Groesse Gross\n\n<Tiny />\n\n#### Ganz unten\n",
  'docs/_shared/_tiny.md': '### Groesse Klein\n\nWinzig.\n',
  // Imported, never shown: adds nothing.
  'docs/_shared/_unused.md': '## Nie gezeigt\n',
};

const PAGE = [
  '---',
  'title: Mit Teilen',
  '---',
  "import Colours from './_shared/_colours.mdx';",
  "import Unused from './_shared/_unused.md';",
  '',
  '## Anfang',
  '',
  '<Colours />',
  '',
  '## Mitte',
  '',
  '<Sizes />',
  '',
  '## Ende',
  '',
  // An import after its use counts too, as in Docusaurus.
  "import Sizes from '@site/docs/_shared/_sizes.md';",
  '',
].join('\n');

describe('headings of imported Markdown partials (Docusaurus’s table of contents slices)', () => {
  it('puts a shown partial’s headings into the page’s table of contents at its place, nested partials too', async () => {
    const { result, writer } = await buildTemplate(
      {
        ...PARTIALS,
        'docs/teile.mdx': PAGE,
        'docs/teile-kurz.md': PAGE.replace('title: Mit Teilen', 'title: Kurz\ntoc_max_heading_level: 2'),
        'docs/verweis.md': '---\ntitle: Verweis\n---\n\n[Blau](./teile.mdx#farbe-blau) und [Klein](./teile.mdx#groesse-klein).\n',
      },
      cleanups,
    );
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(tocOf(writer.text('docs/teile/index.html')!)).toEqual([
      '2 anfang',
      '3 farbe-rot',
      '3 farbe-blau',
      '2 mitte',
      '2 groesse-gross',
      '3 groesse-klein',
      '2 ende',
    ]);
    // The page's own levels apply to its partials' headings.
    expect(tocOf(writer.text('docs/teile-kurz/index.html')!)).toEqual(['2 anfang', '2 mitte', '2 groesse-gross', '2 ende']);
    // The partials' headings are the page's anchors: links to them are not broken.
    expect(result.diagnostics.filter((d) => d.code === 'Q061')).toEqual([]);
    // The `toc` each partial exports for the pages showing it is quire's own: no note that it is not read.
    expect(result.diagnostics.filter((d) => d.code === 'Q038')).toEqual([]);
  });

  it('finds a partial wherever the bundle resolves its import, also from the site’s root', async () => {
    const { result, writer } = await buildTemplate(
      {
        'docs/_shared/_wurzel.md': '### Von der Wurzel\n\nGefunden.\n',
        'docs/wege.mdx': [
          '---',
          'title: Wege',
          '---',
          // Webpack's resolve.roots, which Docusaurus sets to the static folders and the site's folder.
          "import Wurzel from '/docs/_shared/_wurzel.md';",
          '',
          '## Erst',
          '',
          '<Wurzel />',
          '',
          '## Zuletzt',
          '',
        ].join('\n'),
      },
      cleanups,
    );
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(tocOf(writer.text('docs/wege/index.html')!)).toEqual(['2 erst', '3 von-der-wurzel', '2 zuletzt']);
  });

  it('gives <TOCInline toc={toc} /> the shown partials’ headings at their places, nested partials too', async () => {
    const { result, writer } = await buildTemplate(
      {
        ...PARTIALS,
        'docs/inline.mdx': PAGE.replace('## Anfang', "import TOCInline from '@theme/TOCInline';\n\n<TOCInline toc={toc} />\n\n## Anfang"),
      },
      cleanups,
    );
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const inline = /<div class="toc-inline">[\s\S]*?<\/div>/.exec(writer.text('docs/inline/index.html')!)?.[0] ?? '';
    expect([...inline.matchAll(/href="#([^"]+)"/g)].map((m) => m[1])).toEqual([
      'anfang',
      'farbe-rot',
      'farbe-blau',
      'mitte',
      'groesse-gross',
      'groesse-klein',
      'ende',
    ]);
  });

  it('keeps the partials’ headings when the pages’ modules come from the bundle kept by an earlier build', async () => {
    const site = await makeSite('docusaurus-classic', { ...PARTIALS, 'docs/teile.mdx': PAGE });
    cleanups.push(site.cleanup);
    const cacheDir = await mkdtemp(path.join(tmpdir(), 'quire-partial-toc-'));
    cleanups.push(() => rm(cacheDir, { recursive: true, force: true }));
    const first = await buildInMemory(site.root, { cacheDir });
    const second = await buildInMemory(site.root, { cacheDir });
    expect(second.result.steps.find((s) => s.name === 'plan')?.detail).toBe('page modules unchanged');
    const toc = tocOf(second.writer.text('docs/teile/index.html')!);
    expect(toc).toContain('3 groesse-klein');
    expect(toc).toEqual(tocOf(first.writer.text('docs/teile/index.html')!));
  });
});
