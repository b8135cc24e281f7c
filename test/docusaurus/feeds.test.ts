import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build.ts';
import { classicTheme } from '../../themes/classic/index.tsx';
import { buildInMemory, fixture, makeSite, repoRoot } from '../helpers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

const template = readFileSync(fixture('docusaurus-classic/docusaurus.config.js'), 'utf8');
/** The template's config with its `feedOptions` replaced (the text, as a JavaScript expression), and its base URL. */
const withFeed = (feedOptions: string, baseUrl = '/') =>
  template.replace(/feedOptions: \{[^}]*\},/, `feedOptions: ${feedOptions},`).replace("baseUrl: '/'", `baseUrl: '${baseUrl}'`);

async function build(overlay: Record<string, string | null> = {}) {
  const site = await makeSite('docusaurus-classic', overlay);
  cleanups.push(site.cleanup);
  const built = await buildInMemory(site.root);
  expect(built.result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return built.writer;
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' });
/** The feed parsed, after checking it is well-formed XML. */
function xml(text: string | undefined) {
  expect(text).toBeDefined();
  expect(XMLValidator.validate(text!)).toBe(true);
  return parser.parse(text!);
}

describe("the blog's feeds (the create-docusaurus template)", () => {
  it('names an author with a page on the site but no address of their own without a link, as Docusaurus does', async () => {
    const authors = readFileSync(path.join(fixture('docusaurus-classic'), 'blog/authors.yml'), 'utf8');
    const writer = await build({
      'blog/authors.yml': `${authors}\nfilmfan:\n  name: Film Fan\n  page: true\n`,
      'blog/2024-02-02-kritik.md': '---\ntitle: Kritik\nauthors: [filmfan]\n---\n\nGut.\n\n<!-- truncate -->\n\nMehr.\n',
    });
    const entry = xml(writer.text('blog/atom.xml')).feed.entry[0];
    expect(entry.title['#text']).toBe('Kritik');
    expect(entry.author).toEqual({ name: 'Film Fan' });
  });

  it("writes RSS and Atom (the template's feedOptions.type), with absolute URLs, authors and tags, and links them from blog pages", async () => {
    const writer = await build();
    expect(writer.files.has('blog/feed.json')).toBe(false);
    const rss = xml(writer.text('blog/rss.xml')).rss.channel;
    // The feed names the site's blog, as Docusaurus's does; the pages' links to it say the site's title (below).
    expect(rss.title).toBe('My Site Blog');
    expect(rss.description).toBe('My Site Blog');
    expect(rss.link).toBe('https://your-docusaurus-site.example.com/blog');
    expect(rss.item.map((i: { link: string }) => i.link)).toEqual([
      'https://your-docusaurus-site.example.com/blog/welcome',
      'https://your-docusaurus-site.example.com/blog/mdx-blog-post',
      'https://your-docusaurus-site.example.com/blog/long-blog-post',
      'https://your-docusaurus-site.example.com/blog/first-blog-post',
    ]);
    expect(rss.item[0]).toMatchObject({
      title: 'Welcome',
      pubDate: 'Thu, 26 Aug 2021 00:00:00 GMT',
      category: ['Facebook', 'Hello', 'Docusaurus'],
      author: ['Sébastien Lorber', 'Yangshun Tay'],
    });
    const atom = xml(writer.text('blog/atom.xml')).feed;
    expect(atom.entry).toHaveLength(4);
    expect(atom.entry[0].link['@href']).toBe('https://your-docusaurus-site.example.com/blog/welcome');
    // An author's own address, as Docusaurus gives it; one with a page on the site and no address is named alone.
    expect(atom.entry[0].author[1]).toEqual({ name: 'Yangshun Tay', uri: 'https://linkedin.com/in/yangshun' });
    // Atom's category needs its term; the site's icon is the feed's.
    expect(atom.entry[0].category.map((c: Record<string, string>) => c['@term'])).toEqual(['Facebook', 'Hello', 'Docusaurus']);
    expect(atom.icon).toBe('https://your-docusaurus-site.example.com/img/favicon.ico');
    const head = writer.text('blog/welcome/index.html')!.split('</head>')[0];
    expect(head).toContain('<link rel="alternate" type="application/rss+xml" href="/blog/rss.xml" title="My Site RSS Feed"/>');
    expect(head).toContain('<link rel="alternate" type="application/atom+xml" href="/blog/atom.xml" title="My Site Atom Feed"/>');
    // The post's date, authors' addresses and tags for Open Graph, as Docusaurus's theme writes them.
    expect(head).toContain('<meta property="article:published_time" content="2021-08-26T00:00:00.000Z"/>');
    expect(head).toContain('<meta property="article:author" content="https://sebastienlorber.com,https://linkedin.com/in/yangshun"/>');
    expect(head).toContain('<meta property="article:tag" content="Facebook,Hello,Docusaurus"/>');
    expect(writer.text('docs/intro/index.html')).not.toContain('article:');
    // Once in a post's head, and in every other page's too, as Docusaurus's blog plugin announces them.
    expect(head.match(/application\/rss\+xml/g)).toHaveLength(1);
    for (const page of ['docs/intro/index.html', 'index.html', 'blog/index.html', 'blog/archive/index.html', '404.html']) {
      const pageHead = writer.text(page)!.split('</head>')[0];
      expect(
        pageHead.match(/<link rel="alternate" type="application\/(rss|atom)\+xml" href="\/blog\/(rss|atom)\.xml"/g),
        page,
      ).toHaveLength(2);
    }
  });

  it("carries each post's content, whole, with absolute links and images, and nothing of the page around it", async () => {
    const writer = await build();
    const entries = xml(writer.text('blog/atom.xml')).feed.entry as { content: { '#text': string } }[];
    const welcome = entries[0].content['#text'];
    expect(welcome).toContain('<a href="https://docusaurus.io/docs/blog"');
    expect(welcome).toContain('Simply add Markdown files');
    expect(welcome).toMatch(/<img [^>]*src="https:\/\/your-docusaurus-site\.example\.com\/assets\/[^"]+\.jpeg"/);
    expect(welcome).not.toMatch(/src="\/|href="\/|href="#/);
    expect(welcome).not.toContain('<h1');
    expect(welcome).not.toContain('quire-truncate');
    expect(welcome.startsWith('<p><a href="https://docusaurus.io/docs/blog"')).toBe(true);
    expect(welcome).not.toContain('Recent posts');
    // An MDX post's content as its page draws it: the admonition, the code and the component's element.
    const mdx = entries[1].content['#text'];
    expect(mdx).toContain('Use the power of React');
    expect(mdx).toContain('Click me!</button>');
    const rss = xml(writer.text('blog/rss.xml')).rss.channel;
    expect(rss.item[0]['content:encoded']).toBe(welcome);
  });

  it("carries a hydrated component as its drawn HTML, without the island's element and props", async () => {
    // Yoga's posts show its playground, a component with state: Docusaurus's feed carries its server-rendered HTML.
    const writer = await build({
      'src/components/Zaehler.js':
        'import {useState} from \'react\';\nexport default function Zaehler({start}) {\n  const [n] = useState(start);\n  return <output className="zaehler">{n}</output>;\n}\n',
      'blog/2021-09-01-zaehler.md':
        "---\nslug: zaehler\ntitle: Zähler\n---\nimport Zaehler from '@site/src/components/Zaehler';\n\nVorher.\n\n<Zaehler start={4} />\n\nNachher.\n",
    });
    expect(writer.text('blog/zaehler/index.html')).toMatch(
      /<quire-island data-island="project"[^>]*><output class="zaehler">4<\/output><\/quire-island>/,
    );
    const entry = (xml(writer.text('blog/atom.xml')).feed.entry as { link: { '@href': string }; content: { '#text': string } }[]).find(
      (e) => e.link['@href'].endsWith('/blog/zaehler'),
    );
    const content = entry!.content['#text'];
    expect(content).toContain('<p>Vorher.</p>\n<output class="zaehler">4</output>\n<p>Nachher.</p>');
    expect(content).not.toMatch(/quire-|data-props/);
  });

  it('carries the content of posts a later build keeps from the output before (not rendered again)', async () => {
    const site = await makeSite('docusaurus-classic');
    cleanups.push(site.cleanup);
    const outDir = path.join(site.root, 'out');
    const build = () => buildSite({ root: site.root, toolRoot: repoRoot, theme: classicTheme, outDir, toolVersion: 'test-1' });
    expect((await build()).ok).toBe(true);
    const first = readFileSync(path.join(outDir, 'blog/atom.xml'), 'utf8');
    const page = statSync(path.join(outDir, 'blog/welcome/index.html'));
    expect((await build()).ok).toBe(true);
    // The post's page is the file the first build wrote (kept, so not rendered), and the feed is the same.
    expect(statSync(path.join(outDir, 'blog/welcome/index.html')).ino).toBe(page.ino);
    expect(readFileSync(path.join(outDir, 'blog/atom.xml'), 'utf8')).toBe(first);
    expect(first).toContain('Simply add Markdown files');
  });

  it("writes all three with type 'all', under the base URL, at most `limit` posts, every text escaped", async () => {
    const writer = await build({
      'docusaurus.config.js': withFeed("{ type: 'all', limit: 2, title: 'News <&> \"more\"' }", '/site/'),
      'blog/2021-08-26-welcome/index.mdx':
        "---\nslug: welcome\ntitle: 'Fish & <Chips> \"now\"'\ndescription: 'a < b && c > d'\n---\n\nText.\n",
    });
    const rss = xml(writer.text('site/blog/rss.xml')).rss.channel;
    expect(rss.title).toBe('News <&> "more"');
    expect(rss.item).toHaveLength(2);
    expect(rss.item[0]).toMatchObject({
      title: 'Fish & <Chips> "now"',
      description: 'a < b && c > d',
      link: 'https://your-docusaurus-site.example.com/site/blog/welcome',
    });
    const atom = xml(writer.text('site/blog/atom.xml')).feed;
    expect(atom.entry[0].title['#text'] ?? atom.entry[0].title).toBe('Fish & <Chips> "now"');
    const json = JSON.parse(writer.text('site/blog/feed.json')!);
    expect(json.title).toBe('News <&> "more"');
    expect(json.items.map((i: { url: string }) => i.url)).toEqual([
      'https://your-docusaurus-site.example.com/site/blog/welcome',
      'https://your-docusaurus-site.example.com/site/blog/mdx-blog-post',
    ]);
    expect(writer.text('site/blog/index.html')).toContain('<link rel="alternate" type="application/json" href="/site/blog/feed.json"');
  });

  it("writes the site's URL with two slashes after its scheme in feeds and sitemap, as Docusaurus joins it, and as written in heads", async () => {
    // Yoga's config says `https:/yogalayout.dev`.
    const writer = await build({
      'docusaurus.config.js': template.replace(
        "url: 'https://your-docusaurus-site.example.com'",
        "url: 'https:/your-docusaurus-site.example.com'",
      ),
    });
    const rss = xml(writer.text('blog/rss.xml')).rss.channel;
    expect(rss.link).toBe('https://your-docusaurus-site.example.com/blog');
    const atom = xml(writer.text('blog/atom.xml')).feed;
    expect(atom.icon).toBe('https://your-docusaurus-site.example.com/img/favicon.ico');
    expect(atom.id).toBe('https://your-docusaurus-site.example.com/blog');
    expect(writer.text('blog/atom.xml')).not.toContain('https:/your');
    expect(writer.text('sitemap.xml')).toContain('<loc>https://your-docusaurus-site.example.com/docs/intro</loc>');
    expect(writer.text('sitemap.xml')).not.toContain('https:/your');
    expect(writer.text('docs/intro/index.html')).toContain(
      '<link rel="canonical" href="https:/your-docusaurus-site.example.com/docs/intro"/>',
    );
  });

  it('writes no feed, and links none, with feedOptions.type null', async () => {
    const writer = await build({ 'docusaurus.config.js': withFeed('{ type: null }') });
    expect([...writer.files.keys()].filter((f) => /rss|atom|feed\.json/.test(f))).toEqual([]);
    expect(writer.text('blog/index.html')).not.toContain('application/rss+xml');
  });
});
