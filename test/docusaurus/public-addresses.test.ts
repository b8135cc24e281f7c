import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { buildInMemory, fixture, makeSite } from '../helpers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

const site = 'https://your-docusaurus-site.example.com';
const template = readFileSync(fixture('docusaurus-classic/docusaurus.config.js'), 'utf8');
const overlay = {
  // An index doc is at its folder's address with the slash, a slug written with one keeps it.
  'docs/leitfaden/index.md': '---\ntitle: Leitfaden\n---\n\nÜberblick.\n',
  'docs/mit-strich.md': '---\ntitle: Mit Strich\nslug: /mit-strich/\n---\n\nText.\n',
};

async function build(extra: Record<string, string> = {}) {
  const copy = await makeSite('docusaurus-classic', { ...overlay, ...extra });
  cleanups.push(copy.cleanup);
  const { writer, result } = await buildInMemory(copy.root);
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return writer;
}

const canonical = (html: string | undefined) => /<link rel="canonical" href="([^"]*)"\/>/.exec(html ?? '')?.[1];
const ogUrl = (html: string | undefined) => /<meta property="og:url" content="([^"]*)"\/>/.exec(html ?? '')?.[1];

describe('the addresses a Docusaurus project names its pages by (absoluteUrls)', () => {
  it('without trailingSlash: its permalinks in the head, the sitemap, the feeds and the structured data', async () => {
    const writer = await build();
    const intro = writer.text('docs/intro/index.html');
    expect(canonical(intro)).toBe(`${site}/docs/intro`);
    expect(ogUrl(intro)).toBe(`${site}/docs/intro`);
    expect(canonical(writer.text('docs/leitfaden/index.html'))).toBe(`${site}/docs/leitfaden/`);
    expect(canonical(writer.text('docs/mit-strich/index.html'))).toBe(`${site}/docs/mit-strich/`);
    expect(canonical(writer.text('index.html'))).toBe(`${site}/`);
    expect(canonical(writer.text('blog/tags/facebook/index.html'))).toBe(`${site}/blog/tags/facebook`);
    const sitemap = writer.text('sitemap.xml')!;
    for (const address of ['/', '/docs/intro', '/docs/leitfaden/', '/docs/mit-strich/', '/blog', '/blog/welcome', '/blog/tags/facebook'])
      expect(sitemap).toContain(`<loc>${site}${address}</loc>`);
    expect(sitemap).not.toContain(`<loc>${site}/docs/intro/</loc>`);
    const rss = writer.text('blog/rss.xml')!;
    expect(rss).toContain(`<link>${site}/blog</link>`);
    expect(rss).toContain(`<link>${site}/blog/welcome</link>`);
    const welcome = writer.text('blog/welcome/index.html')!;
    expect(welcome).toContain(`"@id":"${site}/blog/welcome"`);
    expect(welcome).toContain(`"isPartOf":{"@type":"Blog","@id":"${site}/blog","name":"Blog"}`);
  });

  it('names the not-found page by its address and titles it as Docusaurus does: the site alone where the docs are at its root', async () => {
    const notFound = (await build()).text('404.html');
    expect(canonical(notFound)).toBe(`${site}/404.html`);
    expect(ogUrl(notFound)).toBe(`${site}/404.html`);
    expect(/<title>([^<]*)<\/title>/.exec(notFound ?? '')?.[1]).toBe('Page Not Found | My Site');
    const atRoot = await build({
      'docusaurus.config.js': template
        .replace("sidebarPath: './sidebars.js',", "sidebarPath: './sidebars.js',\n          routeBasePath: '/',")
        .replace("to: '/docs/intro'", "to: '/intro'"),
      'src/pages/index.js': readFileSync(fixture('docusaurus-classic/src/pages/index.js'), 'utf8').replace(
        'to="/docs/intro"',
        'to="/intro"',
      ),
    });
    expect(canonical(atRoot.text('intro/index.html'))).toBe(`${site}/intro`);
    expect(/<title>([^<]*)<\/title>/.exec(atRoot.text('404.html') ?? '')?.[1]).toBe('My Site');
  });

  it('with trailingSlash: true, the addresses with the slash, as quire publishes them', async () => {
    const writer = await build({ 'docusaurus.config.js': template.replace('projectName:', 'trailingSlash: true,\n  projectName:') });
    expect(canonical(writer.text('docs/intro/index.html'))).toBe(`${site}/docs/intro/`);
    expect(writer.text('sitemap.xml')).toContain(`<loc>${site}/blog/tags/facebook/</loc>`);
    expect(writer.text('blog/rss.xml')).toContain(`<link>${site}/blog/welcome/</link>`);
  });
});
