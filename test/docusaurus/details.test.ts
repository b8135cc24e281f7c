import { afterAll, describe, expect, it } from 'vitest';
import { buildTemplate } from '../helpers.ts';
import { compileSource } from '../../src/compile/index.ts';
import { minimalConfig } from '../unit/config-fixture.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

/** Each disclosure of the page's article: the text of its summary, or null where it has none. */
function summaries(html: string): (string | null)[] {
  const article = /<article[\s\S]*<\/article>/.exec(html)?.[0] ?? '';
  return [...article.matchAll(/<details[^>]*>\s*(<summary[^>]*>([\s\S]*?)<\/summary>)?/g)].map((m) =>
    m[1] === undefined ? null : m[2].replace(/<[^>]+>/g, ''),
  );
}

describe('a <details> without a <summary> (Docusaurus’s Details)', () => {
  it('gets “Details” as its summary in a Docusaurus project, in MDX, in raw HTML and from @theme/Details', async () => {
    const { result, writer } = await buildTemplate(
      {
        'docs/aufklappen.mdx': [
          '---',
          'title: Aufklappen',
          '---',
          "import Details from '@theme/Details';",
          '',
          '<details>',
          '',
          'Ohne eigene Zusammenfassung.',
          '',
          '</details>',
          '',
          '<details>',
          '<summary>Eigene</summary>',
          '',
          'Mit eigener Zusammenfassung.',
          '',
          '</details>',
          '',
          '<Details>Aus dem Thema, ohne.</Details>',
          '',
          '<Details summary="Gegeben">Aus dem Thema, mit.</Details>',
          '',
        ].join('\n'),
        // CommonMark by its front matter, as Docusaurus reads `mdx.format`: raw HTML, a brace in text.
        'docs/roh.md': [
          '---',
          'title: Roh',
          'mdx:',
          '  format: md',
          '---',
          '',
          'Eine {Klammer} bleibt Text.',
          '',
          '<details>',
          '',
          'Roh ohne.',
          '',
          '</details>',
          '',
          '<details><summary>Roh mit</summary>',
          '',
          'Roh mit Zusammenfassung.',
          '',
          '</details>',
          '',
        ].join('\n'),
      },
      cleanups,
    );
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(summaries(writer.text('docs/aufklappen/index.html')!)).toEqual(['Details', 'Eigene', 'Details', 'Gegeben']);
    expect(summaries(writer.text('docs/roh/index.html')!)).toEqual(['Details', 'Roh mit']);
    expect(writer.text('docs/roh/index.html')).toContain('Eine {Klammer} bleibt Text.');
  });

  it('keeps the browser’s own summary where the config does not set one (a quire site)', async () => {
    const config = minimalConfig();
    const r = await compileSource(
      {
        kind: 'doc',
        file: 'content/docs/a.md',
        format: 'md',
        id: 'a',
        path: '/docs/a/',
        frontMatter: {},
        body: '<details>\n\nOhne.\n\n</details>\n',
        bodyLine: 1,
        hash: 'h',
      },
      config,
    );
    if (!('compiled' in r) || r.compiled.output.type !== 'html') throw new Error('expected a compiled page');
    expect(r.compiled.output.html).not.toContain('<summary');
  });
});
