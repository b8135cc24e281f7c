import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTemplate, fixture } from '../helpers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

/** The page's article, its boxes and paragraphs only. */
const article = (html: string) => /<article[\s\S]*<\/article>/.exec(html)?.[0] ?? '';

const page = [
  '---',
  'title: Kästen',
  '---',
  '',
  ':::warning Veraltet',
  '',
  'Diese Schnittstelle entfällt bald.',
  '',
  ':::',
  '',
  ':::tip[In Klammern]',
  '',
  'So bleibt der Titel ein Titel.',
  '',
  ':::',
  '',
].join('\n');

describe('`:::type Title` under Docusaurus 3.10’s future.v4 (markdown.mdx1Compat.admonitions off)', () => {
  it('is text, as Docusaurus shows it, and told at its line; the bracket form stays a box with its title', async () => {
    // The classic template sets future.v4: true.
    const { result, writer } = await buildTemplate({ 'docs/kaesten.mdx': page, 'docs/kaesten-md.md': page }, cleanups);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    for (const [file, out] of [
      ['docs/kaesten.mdx', 'docs/kaesten/index.html'],
      ['docs/kaesten-md.md', 'docs/kaesten-md/index.html'],
    ]) {
      const html = article(writer.text(out)!);
      expect(html).toContain('<p>:::warning Veraltet</p>');
      expect(html).not.toContain('admonition-warning');
      expect(html).toMatch(/admonition-tip[\s\S]*In Klammern[\s\S]*So bleibt der Titel ein Titel\./);
      expect(result.diagnostics).toContainEqual(
        expect.objectContaining({
          code: 'Q036',
          severity: 'warning',
          file,
          line: 5,
          message: ":::warning Veraltet is shown as text, not as a box: a box's title goes in brackets here.",
          hint: expect.stringContaining('Write :::warning[Veraltet].'),
        }),
      );
    }
  });

  it('is a box with its title where the project turns the compatibility on', async () => {
    const config = (await readFile(fixture('docusaurus-classic/docusaurus.config.js'), 'utf8')).replace(
      'future: {',
      'markdown: { mdx1Compat: { admonitions: true } },\n  future: {',
    );
    const { result, writer } = await buildTemplate({ 'docusaurus.config.js': config, 'docs/kaesten.mdx': page }, cleanups);
    expect(result.diagnostics.filter((d) => d.code === 'Q036' || d.severity === 'error')).toEqual([]);
    const html = article(writer.text('docs/kaesten/index.html')!);
    expect(html).toMatch(/admonition-warning[\s\S]*Veraltet[\s\S]*Diese Schnittstelle entfällt bald\./);
    expect(html).not.toContain(':::');
  });
});
