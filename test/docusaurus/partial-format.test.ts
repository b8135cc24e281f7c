import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTemplate, fixture } from '../helpers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

/** The page's article, without the empty comments React writes between text parts. */
const article = (html: string) => (/<article[\s\S]*<\/article>/.exec(html)?.[0] ?? '').replaceAll('<!-- -->', '');

/** A partial CommonMark reads as text and HTML, and MDX refuses (a brace, a lowercase tag MDX takes as JSX). */
const commonMark = [
  '## Aus dem Teil',
  '',
  'Eine {Klammer} bleibt Text.',
  '',
  '<div class="rahmen">',
  '',
  'Im **Rahmen**.',
  '',
  '</div>',
  '',
].join('\n');

const page = (imports: string[]) =>
  [
    '---',
    'title: Mit Teilen',
    '---',
    ...imports.map((name) => `import ${name} from './_teile/_${name.toLowerCase()}.md';`),
    '',
    '# Mit Teilen',
    '',
    ...imports.map((name) => `<${name} />\n`),
  ].join('\n');

describe('a .md partial is read as Docusaurus reads it: CommonMark or MDX by markdown.format and its own mdx.format', () => {
  it('is CommonMark under markdown.format detect: braces are text, its raw HTML is HTML, its heading in the table of contents', async () => {
    const config = (await readFile(fixture('docusaurus-classic/docusaurus.config.js'), 'utf8')).replace(
      'future: {',
      "markdown: { format: 'detect' },\n  future: {",
    );
    const { result, writer } = await buildTemplate(
      {
        'docusaurus.config.js': config,
        'docs/_teile/_roh.md': commonMark,
        'docs/_teile/_mdx.mdx': 'export const wert = 6 * 7;\n\nDas MDX-Teil rechnet: {wert}.\n',
        'docs/teile.mdx': page(['Roh']).replace('<Roh />', "<Roh />\n\nimport Mdx from './_teile/_mdx.mdx';\n\n<Mdx />"),
      },
      cleanups,
    );
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = article(writer.text('docs/teile/index.html')!);
    expect(html).toContain('Eine {Klammer} bleibt Text.');
    expect(html).toMatch(/<div class="rahmen">\s*<p>Im <strong>Rahmen<\/strong>\.<\/p>\s*<\/div>/);
    expect(html).toContain('Das MDX-Teil rechnet: 42.');
    expect(writer.text('docs/teile/index.html')).toMatch(/href="#aus-dem-teil"/);
  });

  it('follows the partial’s own mdx.format front matter over the config’s mdx default; another value is an error there', async () => {
    const { result, writer } = await buildTemplate(
      {
        'docs/_teile/_roh.md': `---\nmdx:\n  format: md\n---\n${commonMark}`,
        'docs/teile.mdx': page(['Roh']),
      },
      cleanups,
    );
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = article(writer.text('docs/teile/index.html')!);
    expect(html).toContain('Eine {Klammer} bleibt Text.');
    expect(html).toMatch(/<div class="rahmen">\s*<p>Im <strong>Rahmen<\/strong>\.<\/p>\s*<\/div>/);

    const wrong = await buildTemplate(
      { 'docs/_teile/_roh.md': `---\nmdx:\n  format: markdown\n---\n${commonMark}`, 'docs/teile.mdx': page(['Roh']) },
      cleanups,
    );
    expect(wrong.result.diagnostics).toContainEqual(
      expect.objectContaining({
        code: 'Q039',
        severity: 'error',
        file: 'docs/_teile/_roh.md',
        line: 3,
        message: 'An imported module cannot be bundled: The partial\'s mdx.format is "markdown": it is md, mdx or detect.',
      }),
    );
  });

  it('stays MDX under the default format: a brace is an expression (Docusaurus fails there too)', async () => {
    const { result } = await buildTemplate({ 'docs/_teile/_roh.md': commonMark, 'docs/teile.mdx': page(['Roh']) }, cleanups);
    expect(result.diagnostics).toContainEqual(
      expect.objectContaining({ code: 'Q080', severity: 'error', message: expect.stringContaining('Klammer is not defined') }),
    );
  });

  it('names the line of a partial MDX cannot read, below its front matter', async () => {
    const { result } = await buildTemplate(
      {
        'docs/_teile/_kaputt.mdx': '---\nnotiz: egal\n---\n\nVor dem Fehler.\n\nEin <b>Fehler</i>.\n',
        'docs/teile.mdx': "---\ntitle: T\n---\nimport Kaputt from './_teile/_kaputt.mdx';\n\n<Kaputt />\n",
      },
      cleanups,
    );
    expect(result.diagnostics).toContainEqual(
      expect.objectContaining({
        code: 'Q039',
        severity: 'error',
        file: 'docs/_teile/_kaputt.mdx',
        line: 7,
        message: expect.stringContaining('The partial cannot be compiled'),
      }),
    );
  });
});
