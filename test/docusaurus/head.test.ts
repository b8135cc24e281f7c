import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTemplate, fixture } from '../helpers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

/** The `content` of every `<meta>` with this name or property, in order. */
const metas = (html: string, key: string) =>
  [...html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)"\/>/g)].filter((m) => m[1] === key).map((m) => m[2]);

describe("Docusaurus page head (the classic theme's PageMetadata and SiteMetadata)", () => {
  it('gives og:title the window title, and lets themeConfig.metadata replace the site-wide social tags', async () => {
    // Redux's website: `metadata: [{ name: 'twitter:card', content: 'summary' }]`.
    const config = (await readFile(fixture('docusaurus-classic/docusaurus.config.js'), 'utf8')).replace(
      /themeConfig:[\s\S]*?\(\{/,
      (m) => `${m} metadata: [{ name: 'twitter:card', content: 'summary' }, { property: 'og:site_name', content: 'Docs of mine' }],`,
    );
    const { result, writer } = await buildTemplate({ 'docusaurus.config.js': config }, cleanups);
    expect(result.ok).toBe(true);
    const page = writer.text('docs/intro/index.html') ?? '';
    expect(/<title>([^<]*)<\/title>/.exec(page)?.[1]).toBe('Tutorial Intro | My Site');
    expect(metas(page, 'og:title')).toEqual(['Tutorial Intro | My Site']);
    // One tag per name, the config's, as react-helmet leaves it in Docusaurus's page.
    expect(metas(page, 'twitter:card')).toEqual(['summary']);
    expect(metas(page, 'og:site_name')).toEqual(['Docs of mine']);
  });
});
