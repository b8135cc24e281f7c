import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { firstLineExcerpt } from '../../src/compile/excerpt.ts';
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

  it("writes a head tag's JSON-LD (innerHTML) into every page, and leaves other inline text in the warning", async () => {
    // React Native's website: `headTags: [{ tagName: 'script', attributes: { type: 'application/ld+json' }, innerHTML }]`.
    const data = JSON.stringify({ '@type': 'WebSite', name: 'Meine </script> Seite' });
    const config = (await readFile(fixture('docusaurus-classic/docusaurus.config.js'), 'utf8')).replace(
      /\n {2}title: /,
      (m) =>
        `\n  headTags: [{ tagName: 'script', attributes: { type: 'application/ld+json' }, innerHTML: ${JSON.stringify(data)} }, { tagName: 'script', attributes: { type: 'application/ld+json' }, innerHTML: 'kein json' }],${m}`,
    );
    const { result, writer } = await buildTemplate({ 'docusaurus.config.js': config }, cleanups);
    expect(result.ok).toBe(true);
    const page = writer.text('docs/intro/index.html') ?? '';
    const scripts = [...page.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => m[1]);
    expect(scripts).toContain('{"@type":"WebSite","name":"Meine \\u003c/script> Seite"}');
    expect(scripts).toContain('');
    expect(result.diagnostics.filter((d) => d.code === 'Q003').flatMap((d) => d.message.split('\n').slice(1))).toContain(
      '- headTags.1.innerHTML',
    );
  });

  it("lets a page's own description replace themeConfig.metadata's, which stays on pages without one", async () => {
    // Kysely's website: `metadata: [{ name: 'description', content: '…' }]` beside docs with their own descriptions.
    const config = (await readFile(fixture('docusaurus-classic/docusaurus.config.js'), 'utf8')).replace(
      /themeConfig:[\s\S]*?\(\{/,
      (m) => `${m} metadata: [{ name: 'description', content: 'The site at large' }, { name: 'keywords', content: 'site, wide' }],`,
    );
    const { result, writer } = await buildTemplate({ 'docusaurus.config.js': config }, cleanups);
    expect(result.ok).toBe(true);
    const doc = writer.text('docs/intro/index.html') ?? '';
    const own = metas(doc, 'description');
    expect(own).toHaveLength(1);
    expect(own[0]).toContain('discover Docusaurus in less than 5 minutes');
    expect(metas(doc, 'keywords')).toEqual(['site, wide']);
    expect(metas(writer.text('404.html') ?? '', 'description')).toEqual(['The site at large']);
  });

  it("publishes an OpenSearch description of the search page with Algolia's search, named in every page's head", async () => {
    // metro's website: `algolia: { appId, apiKey, indexName }`, whose theme writes /opensearch.xml.
    const template = await readFile(fixture('docusaurus-classic/docusaurus.config.js'), 'utf8');
    const config = template
      .replace("baseUrl: '/',", "baseUrl: '/site/',")
      .replace(/themeConfig:[\s\S]*?\(\{/, (m) => `${m} algolia: { appId: 'APP', apiKey: 'key', indexName: 'metro' },`);
    const { result, writer } = await buildTemplate({ 'docusaurus.config.js': config }, cleanups);
    expect(result.ok).toBe(true);
    const xml = writer.text('site/opensearch.xml') ?? '';
    expect(xml).toContain('<ShortName>My Site</ShortName>');
    expect(xml).toContain(
      '<Url type="text/html" method="get" template="https://your-docusaurus-site.example.com/site/search/?q={searchTerms}"/>',
    );
    expect(xml).toContain(
      '<Image width="16" height="16" type="image/x-icon">https://your-docusaurus-site.example.com/site/img/favicon.ico</Image>',
    );
    const link = '<link rel="search" type="application/opensearchdescription+xml" title="My Site" href="/site/opensearch.xml"/>';
    expect(writer.text('site/docs/intro/index.html')).toContain(link);
    expect(writer.text('site/index.html')).toContain(link);

    // quire's own search (no Algolia): no description, as Docusaurus's local search plugins write none.
    const local = await buildTemplate({ 'docusaurus.config.js': template }, cleanups);
    expect(local.writer.text('opensearch.xml')).toBeUndefined();
    expect(local.writer.text('docs/intro/index.html')).not.toContain('opensearchdescription');
  });

  it("tags pages as Docusaurus does for Algolia's crawler, and searches its index with Docusaurus's docs tag", async () => {
    const template = await readFile(fixture('docusaurus-classic/docusaurus.config.js'), 'utf8');
    const config = template.replace(
      /themeConfig:[\s\S]*?\(\{/,
      (m) => `${m} algolia: { appId: 'APP', apiKey: 'key', indexName: 'metro' },`,
    );
    const { result, writer } = await buildTemplate({ 'docusaurus.config.js': config }, cleanups);
    expect(result.ok).toBe(true);
    const doc = writer.text('docs/intro/index.html') ?? '';
    expect(metas(doc, 'docsearch:language')).toEqual(['en']);
    expect(metas(doc, 'docsearch:docusaurus_tag')).toEqual(['docs-default-current']);
    expect(metas(doc, 'docsearch:version')).toEqual(['current']);
    const home = writer.text('index.html') ?? '';
    expect(metas(home, 'docsearch:docusaurus_tag')).toEqual(['default']);
    expect(metas(home, 'docsearch:version')).toEqual([]);
    // The contextual search's facet filters name the tags the crawled index has.
    const settingsFile = [...writer.files.keys()].find((f) => /^_quire\/search\.[\w]+\.json$/.test(f));
    expect(JSON.parse(writer.text(settingsFile ?? '') ?? '{}').tags).toEqual(['default', 'docs-default-current']);

    // Without a hosted index there is no crawler to tell: no docsearch tags, quire's own docs tag.
    const local = (await buildTemplate({ 'docusaurus.config.js': template }, cleanups)).writer.text('docs/intro/index.html') ?? '';
    expect(local).not.toContain('docsearch:');
    expect(metas(local, 'quire:tag')).toEqual(['docs-current']);
  });

  it('describes a page without front matter description by its first line of text, as Docusaurus does', async () => {
    const long = `${'Redux is a pattern for managing application state. '.repeat(6).trim()}`;
    const { result, writer } = await buildTemplate(
      {
        // Redux's FAQ pages: an h1, then a question as h2.
        'docs/faq.md': `---\ntitle: General\n---\n\n# Redux FAQ: General\n\n## When should I learn Redux?\n\n${long}\n`,
        // Not shortened, unlike quire's own sites' 200 characters.
        'docs/long.md': `# Long\n\n${long}\n`,
        'docs/skips.mdx': [
          "import Tabs from '@theme/Tabs';",
          'export const x = 1;',
          '',
          '```js',
          'const code = "not text";',
          '```',
          '',
          '<Tabs>',
          '',
          '</Tabs>',
          '',
          'See the **[store](./faq.md)** and `dispatch` :rocket: here.',
        ].join('\n'),
      },
      cleanups,
    );
    expect(result.ok).toBe(true);
    const described = (file: string) => metas(writer.text(file) ?? '', 'description');
    expect(described('docs/faq/index.html')).toEqual(['When should I learn Redux?']);
    expect(described('docs/long/index.html')).toEqual([long]);
    expect(described('docs/skips/index.html')).toEqual(['See the store and dispatch here.']);
  });

  it('reads the first line as Docusaurus does, line by line from the source', () => {
    expect(firstLineExcerpt('Title\n=====\n\nFirst *line* with ~~old~~ ![alt](a.png) and [^1].\n')).toBe('First line with old alt and .');
    expect(firstLineExcerpt('````md\n```js\nx\n```\n````\n> Quoted {#id}\n')).toBe('Quoted');
    // A line holding only a component is empty; the tags go, the text between them stays.
    expect(firstLineExcerpt('<div>\n<BigApp />\n\nConsider a <code>BigApp</code> component\n')).toBe('Consider a BigApp component');
    expect(firstLineExcerpt(':::tip\n\n:::\n')).toBeUndefined();
  });

  it('draws the not-found page as Docusaurus does: its title and two sentences, no search, links or button', async () => {
    // Redux Toolkit's website: Docusaurus's 404.html has these three texts only; quire added a search form, the
    // first docs of the sidebar and a home button.
    const { writer } = await buildTemplate({}, cleanups);
    const main = /<main[^>]*>([\s\S]*?)<\/main>/.exec(writer.text('404.html') ?? '')?.[1] ?? '';
    const texts = [...main.matchAll(/<(h1|p)[^>]*>([\s\S]*?)<\/\1>/g)].map((m) => m[2]);
    expect(texts).toEqual([
      'Page Not Found',
      'We could not find what you were looking for.',
      'Please contact the owner of the site that linked you to the original URL and let them know their link is broken.',
    ]);
    expect(main).not.toMatch(/<form|<nav|<a /);
  });

  it('gives a page without a description none, and the blog list its title for screen readers only, as Docusaurus', async () => {
    const { result, writer } = await buildTemplate(
      {
        'src/pages/plain.js':
          'import Layout from \'@theme/Layout\';\nexport default function Plain() { return <Layout title="Plain"><main>Plain</main></Layout>; }\n',
      },
      cleanups,
    );
    expect(result.ok).toBe(true);
    // A React page and the not-found page have no description of their own: Docusaurus writes no site-wide one
    // (quire's own sites give the tagline).
    for (const file of ['plain/index.html', '404.html']) {
      expect(metas(writer.text(file) ?? '', 'description')).toEqual([]);
      expect(metas(writer.text(file) ?? '', 'og:description')).toEqual([]);
    }
    // A page with one keeps it.
    expect(metas(writer.text('docs/intro/index.html') ?? '', 'description')).toHaveLength(1);
    expect(writer.text('blog/index.html')).toContain('<h1 class="visually-hidden">Blog</h1>');
    // The generated pages, described as Docusaurus's theme describes them: the search page, the tag and author
    // lists and an author's page not at all, a tag's page by the tag's description, the archive by its title.
    const described = (file: string) => metas(writer.text(file) ?? '', 'description');
    for (const file of ['search/index.html', 'blog/tags/index.html', 'blog/authors/index.html', 'blog/authors/yangshun/index.html'])
      expect({ file, description: described(file) }).toEqual({ file, description: [] });
    expect(described('blog/tags/docusaurus/index.html')).toEqual(['Docusaurus tag description']);
    expect(described('blog/tags/hola/index.html')).toEqual(['Hola tag description']);
    expect(described('blog/archive/index.html')).toEqual(['Archive']);
  });
});
