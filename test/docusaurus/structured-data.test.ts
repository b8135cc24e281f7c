import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildInMemory, fixture, installDocusaurusPackage, makeSite } from '../helpers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

const banner = readFileSync(fixture('docusaurus-classic/blog/2021-08-26-welcome/docusaurus-plushie-banner.jpeg'));

/** The JSON-LD blocks of a page's head. */
function structured(html: string | undefined): Record<string, unknown>[] {
  expect(html).toBeDefined();
  const head = html!.split('</head>')[0];
  return [...head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]) as Record<string, unknown>,
  );
}

async function build(overlay: Record<string, string | Buffer | null>) {
  const site = await makeSite('docusaurus-classic', overlay);
  cleanups.push(site.cleanup);
  const built = await buildInMemory(site.root);
  return built;
}

const site = 'https://your-docusaurus-site.example.com';

describe("posts' structured data and their time of day (the create-docusaurus template)", () => {
  it('describes a post as a BlogPosting and the list as the Blog, dates it to the minute and orders by it', async () => {
    const { writer, result } = await build({
      // Written on the same day as the template's Welcome, in the evening, in another zone: 16:30 in UTC.
      'blog/2021-08-26-abendpost/index.md':
        '---\ntitle: Abendpost\ndescription: Ein Beitrag am Abend.\ndate: 2021-08-26 18:30:00 +02:00\nauthors: slorber\nkeywords: [abend, zeit]\nimage: ./karte.jpeg\nimage_alt: Eine Karte\n---\n\nGeschrieben am Abend.\n',
      'blog/2021-08-26-abendpost/karte.jpeg': banner,
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const [post] = structured(writer.text('blog/2021/08/26/abendpost/index.html'));
    expect(post).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      '@id': `${site}/blog/2021/08/26/abendpost`,
      url: `${site}/blog/2021/08/26/abendpost`,
      headline: 'Abendpost',
      name: 'Abendpost',
      description: 'Ein Beitrag am Abend.',
      datePublished: '2021-08-26T16:30:00.000Z',
      // One author is the Person itself, with the authors file's title as description.
      author: {
        '@type': 'Person',
        name: 'Sébastien Lorber',
        description: 'Docusaurus maintainer',
        url: 'https://sebastienlorber.com',
        image: 'https://github.com/slorber.png',
      },
      keywords: ['abend', 'zeit'],
      isPartOf: { '@type': 'Blog', '@id': `${site}/blog`, name: 'Blog' },
    });
    // The card beside the post, at the URL it is published under.
    const image = (post.image as Record<string, string>).url;
    expect(image).toMatch(new RegExp(`^${site}/assets/.*karte.*\\.jpeg$`));
    expect(writer.files.has(image.slice(site.length + 1))).toBe(true);
    expect(post.image).toMatchObject({ '@type': 'ImageObject', '@id': image, contentUrl: image, caption: 'Eine Karte' });
    // Its Open Graph date has the time too, as Docusaurus writes it.
    expect(writer.text('blog/2021/08/26/abendpost/index.html')).toContain(
      '<meta property="article:published_time" content="2021-08-26T16:30:00.000Z"/>',
    );

    // Two authors are a list; a post without keywords has an empty list.
    const [welcome] = structured(writer.text('blog/welcome/index.html'));
    expect((welcome.author as { name: string }[]).map((a) => a.name)).toEqual(['Sébastien Lorber', 'Yangshun Tay']);
    expect(welcome.keywords).toEqual([]);
    expect(welcome.datePublished).toBe('2021-08-26T00:00:00.000Z');

    // The list: the Blog with its posts, newest first, the evening post before the morning's of the same day.
    const listHtml = writer.text('blog/index.html');
    const [list] = structured(listHtml);
    expect(list).toMatchObject({
      '@type': 'Blog',
      '@id': `${site}/blog`,
      mainEntityOfPage: `${site}/blog`,
      headline: 'Blog',
      description: 'Blog',
    });
    const posts = list.blogPost as Record<string, unknown>[];
    expect(posts.map((p) => p.headline)).toEqual(['Abendpost', 'Welcome', 'MDX Blog Post', 'Long Blog Post', 'First Blog Post']);
    expect(posts[0]).not.toHaveProperty('@context');
    expect(posts[0]).not.toHaveProperty('isPartOf');
    expect((posts[0].image as Record<string, string>).url).toBe(image);
    expect(listHtml).not.toContain('quire-asset:');
    // The feed dates the post to the minute.
    expect(writer.text('blog/rss.xml')).toContain('<pubDate>Thu, 26 Aug 2021 16:30:00 GMT</pubDate>');
    // A doc's breadcrumbs (a doc at the sidebar's top level: itself alone), as Docusaurus 3.10 writes them.
    expect(structured(writer.text('docs/intro/index.html'))).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [{ '@type': 'ListItem', position: 1, name: 'Tutorial Intro', item: `${site}/docs/intro` }],
      },
    ]);
  });

  it("links an author's name to their e-mail where they have no page and no url, and names it in the Person", async () => {
    const authors = readFileSync(fixture('docusaurus-classic/blog/authors.yml'), 'utf8');
    const { writer, result } = await build({
      'blog/authors.yml': `${authors}\nmira:\n  name: Mira Beispiel\n  email: mira@example.org\n`,
      'blog/2021-09-02-post.md':
        '---\nslug: post\ntitle: Post\nauthors:\n  - mira\n  - name: Jonas Gast\n    email: jonas@example.org\n---\n\nText.\n',
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = writer.text('blog/post/index.html')!;
    expect(html).toContain('<a href="mailto:mira@example.org">Mira Beispiel</a>');
    expect(html).toContain('<a href="mailto:jonas@example.org">Jonas Gast</a>');
    const [post] = structured(html);
    expect(post.author).toEqual([
      { '@type': 'Person', name: 'Mira Beispiel', email: 'mira@example.org' },
      { '@type': 'Person', name: 'Jonas Gast', email: 'jonas@example.org' },
    ]);
    expect(writer.text('blog/authors/index.html')).toContain('<a href="mailto:mira@example.org">Mira Beispiel</a>');
  });

  it('refuses a time of day that does not exist, at the date', async () => {
    const { result } = await build({
      'blog/2021-09-01-spaet.md': '---\ntitle: Spät\ndate: 2021-09-01T25:00:00\n---\n\nText.\n',
    });
    const found = result.diagnostics.find((d) => d.file === 'blog/2021-09-01-spaet.md');
    expect(found).toMatchObject({ severity: 'error', line: 3 });
    expect(found?.message).toMatch(/date/);
  });
});

describe("a doc's breadcrumbs for search engines, by the Docusaurus version installed", () => {
  /** The template with `@docusaurus/theme-classic` of `version` installed beside the repository's modules. */
  async function withTheme(version: string | undefined) {
    const copy = await makeSite('docusaurus-classic');
    cleanups.push(copy.cleanup);
    if (version) await installDocusaurusPackage(copy.root, 'theme-classic', version);
    const { writer } = await buildInMemory(copy.root);
    return writer.text('docs/tutorial-basics/create-a-page/index.html')!;
  }

  it('3.10: a BreadcrumbList in the head, of the linked crumbs (the category with its generated page, the doc), no microdata', async () => {
    const html = await withTheme('3.10.0');
    expect(structured(html)).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Tutorial - Basics', item: `${site}/docs/category/tutorial---basics` },
          { '@type': 'ListItem', position: 2, name: 'Create a Page', item: `${site}/docs/tutorial-basics/create-a-page` },
        ],
      },
    ]);
    expect(html).not.toContain('itemType="https://schema.org/BreadcrumbList"');
    expect(html).not.toContain('itemProp');
    expect(html).toContain('<nav class="breadcrumbs"');
  });

  it('3.9: microdata on the breadcrumbs, nothing in the head', async () => {
    const html = await withTheme('3.9.2');
    expect(structured(html)).toEqual([]);
    expect(html).toContain('<ol itemScope="" itemType="https://schema.org/BreadcrumbList">');
    expect(html).toContain('<meta itemProp="position" content="2"/>');
  });
});

describe('structured data off (blog.structuredData: false)', () => {
  it('writes none on posts and lists', async () => {
    const site = await makeSite('basic', {
      'site.config.ts': readFileSync(path.join(fixture('basic'), 'site.config.ts'), 'utf8').replace(
        'flags: { blog: false },',
        'flags: { blog: false },\n  blog: { enabled: true, structuredData: false },',
      ),
    });
    cleanups.push(site.cleanup);
    const { writer, result } = await buildInMemory(site.root);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const pages = [...writer.files.keys()].filter((f) => /blog\/.*index\.html$/.test(f));
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(writer.text(page)).not.toContain('application/ld+json');
  });
});
