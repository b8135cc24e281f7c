import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemoryWriter } from '../../src/emit/index.ts';
import { buildInMemory, fixture, installDocusaurusPackage, makeSite } from '../helpers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

async function build(overlay: Record<string, string | null> = {}) {
  const site = await makeSite('docusaurus-classic', overlay);
  cleanups.push(site.cleanup);
  return buildInMemory(site.root);
}

/** Each link of a listing's teasers or archive entries: `Welcome /blog/welcome/`. */
const links = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((m) => `${m[2]} ${m[1]}`);
const teasers = /<h2><a href="([^"]+)">([^<]+)<\/a><\/h2>/g;

describe("the blog's tag, author and archive pages (the create-docusaurus template)", () => {
  let writer: MemoryWriter;
  beforeAll(async () => {
    const built = await build();
    writer = built.writer;
    expect(built.result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
  const page = (file: string) => {
    const html = writer.text(file);
    if (html === undefined) throw new Error(`${file} was not written`);
    return html;
  };

  it("writes /blog/tags/ and one page per tag at tags.yml's permalink, with its description and posts newest first", () => {
    expect(links(page('blog/tags/index.html'), /<a class="tag-links__tag" href="([^"]+)" rel="tag">([^<]+)/g)).toEqual([
      'Docusaurus /blog/tags/docusaurus/',
      'Facebook /blog/tags/facebook/',
      'Hello /blog/tags/hello/',
      'Hola /blog/tags/hola/',
    ]);
    const docusaurus = page('blog/tags/docusaurus/index.html');
    expect(docusaurus).toContain('<h1>4 posts tagged with “Docusaurus”</h1>');
    expect(docusaurus).toContain('<p class="page__lead">Docusaurus tag description</p>');
    expect(links(docusaurus, teasers)).toEqual([
      'Welcome /blog/welcome/',
      'MDX Blog Post /blog/mdx-blog-post/',
      'Long Blog Post /blog/long-blog-post/',
      'First Blog Post /blog/first-blog-post/',
    ]);
    expect(page('blog/tags/facebook/index.html')).toContain('<h1>One post tagged with “Facebook”</h1>');
  });

  it('writes author pages for the authors with page (true, or a permalink), and links their names on the posts', () => {
    expect(writer.files.has('blog/authors/yangshun/index.html')).toBe(true);
    expect(writer.files.has('blog/authors/slorber/index.html')).toBe(false);
    const slorber = page('blog/authors/all-sebastien-lorber-articles/index.html');
    expect(slorber).toContain('<h1>Sébastien Lorber</h1>');
    // Titled with the number of their posts, as Docusaurus titles it.
    expect(slorber).toContain('<title>Sébastien Lorber – 3 posts | My Site</title>');
    expect(slorber).toContain('<p class="listing__author-title">Docusaurus maintainer</p>');
    // Not the long post, which is Yangshun's alone.
    expect(links(slorber, teasers)).toEqual([
      'Welcome /blog/welcome/',
      'MDX Blog Post /blog/mdx-blog-post/',
      'First Blog Post /blog/first-blog-post/',
    ]);
    expect(page('blog/authors/index.html')).toMatch(/<h1>Authors<\/h1>.*Yangshun Tay.*Sébastien Lorber/s);
    // Every author of authors.yml is listed with their posts' number, linked only where they have a page (as Docusaurus).
    const listed = [...page('blog/authors/index.html').matchAll(/<p class="listing__author-name">(.*?)<\/p>/g)].map((m) => m[1]);
    expect(listed).toEqual([
      '<a href="/blog/authors/yangshun/">Yangshun Tay</a> <span class="listing__author-count">3</span>',
      '<a href="/blog/authors/all-sebastien-lorber-articles/">Sébastien Lorber</a> <span class="listing__author-count">3</span>',
    ]);
    expect(page('blog/welcome/index.html')).toContain('<a class="tag-links__tag" href="/blog/tags/facebook/" rel="tag">Facebook</a>');
  });

  it("shows a post's authors as Docusaurus does, with photo, title and profiles, on the post and in every list", () => {
    const welcome = page('blog/welcome/index.html');
    const header = /<header>.*?<\/header>/s.exec(welcome)?.[0] ?? '';
    // No "by" line: each author under the title, the name linked to their page.
    expect(header).not.toMatch(/>by /);
    const names = [...header.matchAll(/<span class="avatar__name" translate="no">(.*?)<\/span>/g)].map((m) => m[1]);
    expect(names).toEqual([
      '<a href="/blog/authors/all-sebastien-lorber-articles/">Sébastien Lorber</a>',
      '<a href="/blog/authors/yangshun/">Yangshun Tay</a>',
    ]);
    expect(header).toContain('<img class="avatar__photo" src="https://github.com/slorber.png" alt="" loading="lazy"/>');
    expect(header).toContain('<small class="avatar__subtitle">Docusaurus maintainer</small>');
    expect(header).toMatch(
      /<a href="https:\/\/x\.com\/sebastienlorber" target="_blank" rel="noopener noreferrer">X<span class="visually-hidden">/,
    );
    // The lists show each post's authors and tags too, as Docusaurus's list items do.
    for (const list of ['blog/index.html', 'blog/tags/facebook/index.html', 'blog/authors/yangshun/index.html']) {
      const welcomeTeaser = /<article class="blog-teaser"><h2><a href="\/blog\/welcome\/">.*?<\/article>/s.exec(page(list))?.[0] ?? '';
      expect(welcomeTeaser, list).toContain(
        '<span class="avatar__name" translate="no"><a href="/blog/authors/yangshun/">Yangshun Tay</a></span>',
      );
      expect(welcomeTeaser, list).toContain('<a class="tag-links__tag" href="/blog/tags/facebook/" rel="tag">Facebook</a>');
    }
  });

  it('shows an MDX post with code of its own up to its truncate marker, as its page draws that part', () => {
    const list = page('blog/index.html');
    const at = list.indexOf('<h2><a href="/blog/mdx-blog-post/">');
    const teaser = list.slice(at, list.indexOf('</article>', at));
    expect(teaser).toMatch(/<aside class="admonition admonition-tip"[^>]*><p class="admonition-title">Tip<\/p><p>Use the power of React/);
    expect(teaser).not.toContain('For example');
    expect(teaser).not.toContain('quire-truncate');
    expect(teaser).toContain('blog-teaser__more');
  });

  it('titles the blog sidebar "Recent posts" and lists its posts under their years, as Docusaurus 3.5 and later do', () => {
    // Yoga's post pages: "Recent posts", 2024 and 2023 (the theme's `blog.sidebar.groupByYear`, on by default).
    const html = page('blog/welcome/index.html');
    const sidebar = html.slice(
      html.indexOf('<nav class="blog-sidebar"'),
      html.indexOf('</nav>', html.indexOf('<nav class="blog-sidebar"')),
    );
    expect(sidebar).toContain('<nav class="blog-sidebar" aria-label="Recent posts"><p class="blog-sidebar__title">Recent posts</p>');
    expect([...sidebar.matchAll(/<h3 class="blog-sidebar__year">(\d+)<\/h3>|<a href="([^"]+)"/g)].map((m) => m[1] ?? m[2])).toEqual([
      '2021',
      '/blog/welcome/',
      '/blog/mdx-blog-post/',
      '2019',
      '/blog/long-blog-post/',
      '/blog/first-blog-post/',
    ]);
  });

  it('writes /blog/archive/ with every post by year, newest first', () => {
    const archive = page('blog/archive/index.html');
    expect([...archive.matchAll(/<h2>(\d+)<\/h2>/g)].map((m) => m[1])).toEqual(['2021', '2019']);
    expect(links(archive, /<\/time> <a href="([^"]+)">([^<]+)/g)).toEqual([
      'Welcome /blog/welcome/',
      'MDX Blog Post /blog/mdx-blog-post/',
      'Long Blog Post /blog/long-blog-post/',
      'First Blog Post /blog/first-blog-post/',
    ]);
    // It lists every post itself: no sidebar of recent posts beside it, as in Docusaurus.
    expect(archive).not.toContain('blog-sidebar');
    expect(archive).toContain('<div class="blog-layout blog-layout--single">');
  });
});

describe('listing pages in the built locale', () => {
  it('titles tag, author and archive pages in German for a German site', async () => {
    const config = readFileSync(fixture('docusaurus-classic/docusaurus.config.js'), 'utf8')
      .replace("defaultLocale: 'en'", "defaultLocale: 'de'")
      .replace("locales: ['en']", "locales: ['de']");
    const { result, writer } = await build({ 'docusaurus.config.js': config });
    expect(result.ok).toBe(true);
    const page = (file: string) => writer.text(file) ?? '';
    expect(page('blog/tags/index.html')).toContain('<h1>Schlagwörter</h1>');
    expect(page('blog/tags/docusaurus/index.html')).toContain('<h1>4 Beiträge mit dem Schlagwort „Docusaurus“</h1>');
    expect(page('blog/tags/docusaurus/index.html')).toContain('>Alle Schlagwörter</a>');
    expect(page('blog/authors/index.html')).toContain('<h1>Autorinnen und Autoren</h1>');
    expect(page('blog/archive/index.html')).toContain('<h1>Archiv</h1>');
    expect(page('blog/archive/index.html')).toContain('<time dateTime="2021-08-26">26. August 2021</time>');
    expect(page('blog/welcome/index.html')).toContain('<b class="tag-links__label">Schlagwörter:</b>');
  });

  it("shows the blog's dates in the locale's calendar (localeConfigs.<locale>.calendar), as Docusaurus does", async () => {
    const config = readFileSync(fixture('docusaurus-classic/docusaurus.config.js'), 'utf8').replace(
      "locales: ['en'],",
      "locales: ['en'],\n    localeConfigs: { en: { calendar: 'islamic' } },",
    );
    expect(config).toContain("calendar: 'islamic'");
    const { result, writer } = await build({ 'docusaurus.config.js': config });
    expect(result.ok).toBe(true);
    const options = { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' } as const;
    const day = new Date('2021-08-26T00:00:00Z');
    const islamic = day.toLocaleDateString('en', { ...options, calendar: 'islamic' });
    expect(islamic).not.toBe(day.toLocaleDateString('en', options));
    expect(writer.text('blog/archive/index.html')).toContain(`<time dateTime="2021-08-26">${islamic}</time>`);
  });

  it('takes docs and blog tags written inline ({ label, permalink }) with their own page, beside tags by name', async () => {
    const { result, writer } = await build({
      'docs/getaggt.md':
        '---\ntitle: Getaggt\ntags:\n  - label: Neu im Release\n    permalink: /release-neu\n    description: Was neu ist.\n  - einfach\n---\n\nText.\n',
      'blog/2024-01-02-inline.md':
        '---\ntitle: Inline\nauthors: [yangshun]\ntags: [{ label: Eigenes, permalink: /eigen }, hello, { label: "A$&B", permalink: /dollar }]\n---\n\nText.\n',
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const doc = writer.text('docs/getaggt/index.html') ?? '';
    const tagLinks = (html: string) =>
      [...html.matchAll(/class="tag-links__tag" href="([^"]+)"[^>]*>([^<]+)</g)].map((m) => `${m[2]} ${m[1]}`);
    expect(tagLinks(doc)).toEqual(['Neu im Release /docs/tags/release-neu/', 'einfach /docs/tags/einfach/']);
    const tagPage = writer.text('docs/tags/release-neu/index.html') ?? '';
    expect(tagPage.includes('Was neu ist.')).toBe(true);
    expect(tagPage.includes('href="/docs/getaggt/"')).toBe(true);
    expect((writer.text('blog/tags/eigen/index.html') ?? '').includes('href="/blog/2024/01/02/inline/"')).toBe(true);
    // A label is put into the title as written (`$&` is no replacement pattern).
    expect(writer.text('blog/tags/dollar/index.html')).toContain('<h1>One post tagged with “A$&amp;B”</h1>');
    expect(tagLinks(writer.text('blog/2024/01/02/inline/index.html') ?? '')).toEqual([
      'Eigenes /blog/tags/eigen/',
      'Hello /blog/tags/hello/',
      'A$&amp;B /blog/tags/dollar/',
    ]);
  });

  it('lists each post as written up to its truncate marker (links, paragraphs), described by its first paragraph only', async () => {
    const { writer } = await build({
      'blog/2024-02-02-kurz.md':
        '---\ntitle: Kurz\nauthors: [yangshun]\n---\n\nErster mit [Link](https://example.com) und **fett**.\n\n:::tip\n\nTipp vor dem Schnitt.\n\n:::\n\n<!-- truncate -->\n\nDanach.\n',
    });
    const list = writer.text('blog/index.html') ?? '';
    // Dated by its file name and without a slug: under its date, as Docusaurus puts it.
    const at = list.indexOf('href="/blog/2024/02/02/kurz/"');
    expect(at).toBeGreaterThan(0);
    const teaser = list.slice(at, list.indexOf('blog-teaser__more', at));
    expect(teaser).toContain(
      '<p>Erster mit <a href="https://example.com" target="_blank" rel="noopener noreferrer">Link</a> und <strong>fett</strong>.</p>',
    );
    expect(teaser).toMatch(/<aside class="admonition admonition-tip"[^>]*>[\s\S]*Tipp vor dem Schnitt\./);
    expect(teaser).not.toContain('Danach');
    const post = writer.text('blog/2024/02/02/kurz/index.html') ?? '';
    expect(post).toContain('<meta name="description" content="Erster mit Link und fett."/>');
    // The blog list's head says what Docusaurus's does (blogDescription, "Blog" by default) and shows no lead of quire's own.
    expect(list).toContain('<meta name="description" content="Blog"/>');
    expect(list).not.toContain('page__lead');
  });

  it('lists a post as its text before the marker compiles alone: references defined further down stay as written', async () => {
    const { result, writer } = await build({
      'blog/2024-03-03-verweis.md': [
        '---',
        'title: Verweis',
        'authors: [yangshun]',
        '---',
        '',
        'Neu sind [`frischeOption`] und [alt][Alte Option], dazu eine Fussnote[^hinweis] und [oben].',
        '',
        '[oben]: https://example.com/oben',
        '',
        '<!-- truncate -->',
        '',
        'Mehr zu [`frischeOption`].',
        '',
        '[`frischeOption`]: https://example.com/frisch',
        '[alte option]: https://example.com/alt',
        '[^hinweis]: Eine Erklaerung.',
        '',
      ].join('\n'),
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const list = writer.text('blog/index.html') ?? '';
    const at = list.indexOf('href="/blog/2024/03/03/verweis/"');
    const teaser = list.slice(at, list.indexOf('blog-teaser__more', at));
    // Defined after the marker: text, as Docusaurus's list shows it; defined before it: a link.
    expect(teaser).toContain('Neu sind [<code>frischeOption</code>] und [alt][Alte Option], dazu eine Fussnote[^hinweis] und ');
    expect(teaser).toContain('<a href="https://example.com/oben" target="_blank" rel="noopener noreferrer">oben</a>');
    expect(teaser).not.toContain('Mehr zu');
    // The post itself has every link.
    const post = writer.text('blog/2024/03/03/verweis/index.html') ?? '';
    expect(post).toContain('<a href="https://example.com/frisch" target="_blank" rel="noopener noreferrer"><code>frischeOption</code></a>');
    expect(post).toContain('<a href="https://example.com/alt" target="_blank" rel="noopener noreferrer">alt</a>');
  });

  it('lists a post without a truncate marker whole, with no link to read on, also on its tag and author pages', async () => {
    const { writer } = await build({
      'blog/2024-03-03-ganz.md':
        '---\ntitle: Ganz\nauthors: [slorber]\ntags: [docusaurus]\n---\n\nAm Anfang.\n\n![Logo](/img/docusaurus.png)\n\n## Mitte\n\nAm Ende.\n',
    });
    const teaserOf = (html: string, path: string) => {
      const at = html.indexOf(`<h2><a href="${path}">`);
      expect(at).toBeGreaterThan(0);
      return html.slice(at, html.indexOf('</article>', at));
    };
    for (const file of ['blog/index.html', 'blog/tags/docusaurus/index.html', 'blog/authors/all-sebastien-lorber-articles/index.html']) {
      const whole = teaserOf(writer.text(file) ?? '', '/blog/2024/03/03/ganz/');
      expect(whole).toContain('<p>Am Anfang.</p>');
      expect(whole).toContain('Am Ende.');
      // Its Markdown image as on the post's own page: measured, loading lazily.
      expect(whole).toContain('<img src="/img/docusaurus.png" alt="Logo" loading="lazy" decoding="async" width="200" height="200"/>');
      expect(whole).not.toContain('blog-teaser__more');
      // A post with a marker: up to it, and a link to the rest (as the blog's own list draws it, on every list).
      const cut = teaserOf(writer.text(file) ?? '', '/blog/welcome/');
      expect(cut).toContain('blog-teaser__more');
      expect(cut).toContain('<div class="markdown">');
      expect(cut).not.toContain('Docusaurus Plushie');
    }
  });

  it("links an author's socials from authors.yml on their page, handles as Docusaurus expands them", async () => {
    const { writer } = await build();
    const page = writer.text('blog/authors/yangshun/index.html') ?? '';
    const list = /<ul class="listing__socials">[\s\S]*?<\/ul>/.exec(page)?.[0] ?? '';
    const socials = [...list.matchAll(/<li><a href="([^"]+)"[^>]*>([^<]+)<span class="visually-hidden">/g)].map((m) => `${m[2]} ${m[1]}`);
    expect(socials).toEqual([
      'X https://x.com/yangshunz',
      'LinkedIn https://www.linkedin.com/in/yangshun/',
      'GitHub https://github.com/yangshun',
      'Newsletter https://www.greatfrontend.com',
    ]);
  });

  it('puts a Mastodon handle with its server on that server, a bare one on mastodon.social, and leaves out what is no handle', async () => {
    const authors = readFileSync(fixture('docusaurus-classic/blog/authors.yml'), 'utf8').replace(
      '    newsletter: https://www.greatfrontend.com',
      '    newsletter: https://www.greatfrontend.com\n    mastodon: "@yangshun@chaos.social"\n    bluesky: "not a handle"\n    threads: "yangshun@example.com"',
    );
    const { writer } = await build({ 'blog/authors.yml': authors });
    const list = /<ul class="listing__socials">[\s\S]*?<\/ul>/.exec(writer.text('blog/authors/yangshun/index.html') ?? '')?.[0] ?? '';
    expect(list).toContain('href="https://chaos.social/@yangshun"');
    expect(list).not.toContain('Bluesky');
    // A server part is Mastodon's alone: threads.net/@yangshun@example.com is no profile.
    expect(list).not.toContain('Threads');
  });

  it('names posts without a truncate marker in one warning as onUntruncatedBlogPosts says, and titles the sidebar', async () => {
    const config = readFileSync(fixture('docusaurus-classic/docusaurus.config.js'), 'utf8');
    const post = '---\ntitle: Whole\n---\n\nAll of it shows in the list.\n';
    const warned = await build({ 'blog/2024-01-01-whole.md': post, 'blog/2024-01-02-also.md': post.replace('Whole', 'Also') });
    const q024 = warned.result.diagnostics.filter((d) => d.code === 'Q024');
    expect(q024).toEqual([
      expect.objectContaining({
        severity: 'warning',
        file: 'blog/2024-01-01-whole.md',
        message: expect.stringContaining('2 blog posts have no truncate marker'),
      }),
    ]);
    expect(q024[0].message).toContain('blog/2024-01-01-whole.md, blog/2024-01-02-also.md.');
    // The template's own posts all have one; the Bilingo site's config leaves the check off (its default).
    expect(q024[0].message).not.toContain('welcome');
    const thrown = await build({
      'blog/2024-01-01-whole.md': post,
      'docusaurus.config.js': config.replace(
        "onUntruncatedBlogPosts: 'warn'",
        "onUntruncatedBlogPosts: 'throw', blogSidebarTitle: 'All posts'",
      ),
    });
    expect(thrown.result.diagnostics).toContainEqual(expect.objectContaining({ code: 'Q024', severity: 'error' }));
    const quiet = await build({
      'blog/2024-01-01-whole.md': post,
      'docusaurus.config.js': config.replace(
        "onUntruncatedBlogPosts: 'warn'",
        "onUntruncatedBlogPosts: 'ignore', blogSidebarTitle: 'All posts'",
      ),
    });
    expect(quiet.result.diagnostics.filter((d) => d.code === 'Q024')).toEqual([]);
    const sidebar = /<nav class="blog-sidebar"[^>]*>\s*<p class="blog-sidebar__title">[^<]*/.exec(
      quiet.writer.text('blog/welcome/index.html') ?? '',
    )?.[0];
    expect(sidebar).toBe('<nav class="blog-sidebar" aria-label="All posts"><p class="blog-sidebar__title">All posts');
    const unread = quiet.result.diagnostics.filter((d) => d.code === 'Q003').flatMap((d) => d.message.split('\n').slice(1));
    expect(unread.filter((line) => /blogSidebarTitle|onUntruncatedBlogPosts/.test(line))).toEqual([]);
  });

  it("draws a table of contents beside a post with headings, as Docusaurus's blog does", async () => {
    // Yoga's posts: their sections beside them in Docusaurus, none in quire.
    const { result, writer } = await build({
      'blog/2021-09-01-abschnitte.md':
        '---\nslug: abschnitte\ntitle: Abschnitte\n---\n\nText.\n\n## Erster Teil\n\nEins.\n\n### Genauer\n\nZwei.\n\n## Zweiter Teil\n\nDrei.\n',
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = writer.text('blog/abschnitte/index.html') ?? '';
    expect(html).toContain('<div class="blog-layout blog-layout--toc">');
    const aside = html.slice(html.indexOf('<div class="blog-layout__toc">'));
    expect([...aside.matchAll(/<a href="#([^"]+)"/g)].map((m) => m[1])).toEqual(['erster-teil', 'genauer', 'zweiter-teil']);
    // Above the post too, for screens without room beside it.
    expect(html).toContain('<details class="toc toc--mobile">');
    // A post without headings has none.
    expect(writer.text('blog/welcome/index.html')).toContain('<div class="blog-layout">');
  });

  it('lists the blog sidebar without years where the theme config says groupByYear: false', async () => {
    const config = readFileSync(fixture('docusaurus-classic/docusaurus.config.js'), 'utf8');
    const { result, writer } = await build({
      'docusaurus.config.js': config.replace(
        "// Replace with your project's social card",
        "blog: { sidebar: { groupByYear: false } },\n      // Replace with your project's social card",
      ),
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.diagnostics.filter((d) => d.code === 'Q003' && d.message.includes('groupByYear'))).toEqual([]);
    const html = writer.text('blog/welcome/index.html') ?? '';
    expect(html).toContain('<p class="blog-sidebar__title">Recent posts</p><ul class="menu">');
    expect(html).not.toContain('blog-sidebar__year');
  });

  it("takes a post's first # heading off, as Docusaurus's blog does, and keeps a later one", async () => {
    // Electron's "Maintainer Summit 2022 Recap" repeats its title as a heading: the page showed it twice.
    const { result, writer } = await build({
      'blog/2024-06-01-titled.md': '---\ntitle: Summit Recap\n---\n\nIntro.\n\n# Summit Recap\n\nText.\n\n<!-- truncate -->\n\n# Later\n',
      'blog/2024-06-02-ruled.md': '---\ntitle: Ruled\n---\n\n---\n\n# Kept\n\nText.\n\n<!-- truncate -->\n',
      'blog/2024-06-03-untitled.md': '# From the heading\n\nText.\n\n<!-- truncate -->\n',
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const titled = writer.text('blog/2024/06/01/titled/index.html') ?? '';
    const headings = (html: string, text: string) => (html.match(/<h1[\s\S]*?<\/h1>/g) ?? []).filter((h) => h.includes(text)).length;
    expect(headings(titled, 'Summit Recap')).toBe(1);
    expect(titled).toMatch(/<h1[^>]*>Later/);
    expect(writer.text('blog/2024/06/02/ruled/index.html')).toMatch(/<h1[^>]*>Kept/);
    // Without a title, the heading taken off still titles the post.
    const untitled = writer.text('blog/2024/06/03/untitled/index.html') ?? '';
    expect(untitled).toContain('<title>From the heading | My Site</title>');
    expect(headings(untitled, 'From the heading')).toBe(1);
  });

  it("reads a post's legacy author fields as its inline author, as Docusaurus still does", async () => {
    // React Native's older posts: `author`, `authorURL`, `authorTitle`, `authorImageURL` (or snake_case).
    const { result, writer } = await build({
      'blog/2024-05-07-alt.md':
        "---\ntitle: Alt\nauthor: Kim Beispiel\nauthorURL: 'https://example.org/kim'\nauthorTitle: Engineer at Example\nauthorImageURL: 'https://example.org/kim.png'\n---\n\nText.\n\n<!-- truncate -->\n",
      'blog/2024-05-08-snake.md': '---\ntitle: Snake\nauthor: Lu\nauthor_title: Guest\n---\n\nText.\n\n<!-- truncate -->\n',
    });
    expect(result.diagnostics.filter((d) => d.code === 'Q022' || d.severity === 'error')).toEqual([]);
    const alt = /<header>.*?<\/header>/s.exec(writer.text('blog/2024/05/07/alt/index.html') ?? '')?.[0] ?? '';
    expect(alt).toContain('<img class="avatar__photo" src="https://example.org/kim.png" alt="" loading="lazy"/>');
    expect(alt).toContain('<small class="avatar__subtitle">Engineer at Example</small>');
    expect(alt).toMatch(/<a href="https:\/\/example\.org\/kim"[^>]*>Kim Beispiel<\/a>/);
    const snake = /<header>.*?<\/header>/s.exec(writer.text('blog/2024/05/08/snake/index.html') ?? '')?.[0] ?? '';
    expect(snake).toContain('<span class="avatar__name" translate="no">Lu</span>');
    expect(snake).toContain('<small class="avatar__subtitle">Guest</small>');
  });

  it('names a post with inline authors as onInlineAuthors says (warn by default), and shows them by name', async () => {
    const config = readFileSync(fixture('docusaurus-classic/docusaurus.config.js'), 'utf8');
    expect(config).toContain("onInlineAuthors: 'warn'");
    // A one-word inline name is no author key: not an unknown key of authors.yml.
    const post =
      '---\ntitle: Inline\nauthors:\n  - slorber\n  - name: Ada\n    title: Guest\n  - Max Mustermann\n---\n\nText.\n\n<!-- truncate -->\n';
    const warned = await build({
      'blog/2024-05-05-inline.md': post,
      'blog/2024-05-06-single.md': post.replace(
        /authors:[\s\S]*?---/,
        "authors: { name: Bo, title: Guest, url: 'https://example.org/bo', image_url: 'https://example.org/bo.png' }\n---",
      ),
    });
    const q025 = warned.result.diagnostics.filter((d) => d.code === 'Q025');
    expect(q025).toEqual([
      expect.objectContaining({
        severity: 'warning',
        file: 'blog/2024-05-05-inline.md',
        line: 3,
        message: expect.stringContaining('inline, not by a key of blog/authors.yml: Ada.'),
      }),
      expect.objectContaining({ severity: 'warning', file: 'blog/2024-05-06-single.md', message: expect.stringContaining(': Bo.') }),
    ]);
    expect(warned.result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const names = [
      ...(warned.writer.text('blog/2024/05/05/inline/index.html') ?? '').matchAll(
        /<span class="avatar__name" translate="no">(.*?)<\/span>/g,
      ),
    ];
    expect(names.map((m) => m[1])).toEqual([
      '<a href="/blog/authors/all-sebastien-lorber-articles/">Sébastien Lorber</a>',
      'Ada',
      'Max Mustermann',
    ]);
    // An inline author's title, address and photo are drawn as an authors file's (Electron's older posts).
    const single = /<header>.*?<\/header>/s.exec(warned.writer.text('blog/2024/05/06/single/index.html') ?? '')?.[0] ?? '';
    expect(single).toContain('<img class="avatar__photo" src="https://example.org/bo.png" alt="" loading="lazy"/>');
    expect(single).toContain('<small class="avatar__subtitle">Guest</small>');
    expect(single).toMatch(/<a href="https:\/\/example\.org\/bo"[^>]*>Bo<\/a>/);
    const thrown = await build({
      'blog/2024-05-05-inline.md': post,
      'docusaurus.config.js': config.replace("onInlineAuthors: 'warn'", "onInlineAuthors: 'throw'"),
    });
    expect(thrown.result.diagnostics).toContainEqual(expect.objectContaining({ code: 'Q025', severity: 'error' }));
    const quiet = await build({
      'blog/2024-05-05-inline.md': post,
      'docusaurus.config.js': config.replace("onInlineAuthors: 'warn'", "onInlineAuthors: 'ignore'"),
    });
    expect(quiet.result.diagnostics.filter((d) => d.code === 'Q025')).toEqual([]);
    // Read, so not among the settings named unread.
    const unread = quiet.result.diagnostics.filter((d) => d.code === 'Q003').flatMap((d) => d.message.split('\n').slice(1));
    expect(unread.filter((line) => /onInlineAuthors/.test(line))).toEqual([]);
  });

  it("shows each post's reading time beside its date, as Docusaurus counts it (200 words a minute, rounded up)", async () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
    const { writer, result } = await build({
      'blog/2024-02-01-four-hundred.md': `---\ntitle: Even\n---\n\n${words(399)}\n\n<!-- truncate -->\n`,
      'blog/2024-02-02-four-hundred-one.md': `---\ntitle: Odd\n---\n\n${words(400)}\n\n<!-- truncate -->\n`,
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const meta = (file: string) => /<p class="blog-post__meta">([\s\S]*?)<\/p>/.exec(writer.text(file) ?? '')?.[1] ?? '';
    // The marker's word counts too, as the body is counted as written: 400 words are 2 minutes; 401 are 2.005,
    // which Docusaurus rounds to 2.01 and shows as 3.
    expect(meta('blog/2024/02/01/four-hundred/index.html')).toMatch(/<\/time><span> · 2 min read<\/span>/);
    expect(meta('blog/2024/02/02/four-hundred-one/index.html')).toMatch(/<\/time><span> · 3 min read<\/span>/);
    // The list shows it under each title too.
    expect(writer.text('blog/index.html')).toMatch(/Odd<\/a><\/h2><time[^>]*>[^<]*<\/time><span> · 3 min read<\/span>/);
    // And so do the tag and author pages, as Docusaurus draws their posts as the list does.
    expect(writer.text('blog/tags/docusaurus/index.html')).toMatch(/<time[^>]*>[^<]*<\/time><span> · 1 min read<\/span>/);
    // `showReadingTime: false` shows none.
    const config = readFileSync(fixture('docusaurus-classic/docusaurus.config.js'), 'utf8').replace(
      'showReadingTime: true',
      'showReadingTime: false',
    );
    const off = await build({ 'docusaurus.config.js': config });
    expect(off.writer.text('blog/welcome/index.html')).not.toContain('min read');
  });
});

describe("the blog's listings cut into pages (postsPerPage, pageBasePath), as Docusaurus paginates them", () => {
  let writer: MemoryWriter;
  beforeAll(async () => {
    const config = readFileSync(fixture('docusaurus-classic/docusaurus.config.js'), 'utf8');
    expect(config).toContain('showReadingTime: true,');
    const built = await build({
      'docusaurus.config.js': config.replace(
        'showReadingTime: true,',
        "showReadingTime: true,\n          postsPerPage: 2,\n          pageBasePath: 'seite',",
      ),
      // Unlisted: out of every list, and not counted for the pages.
      'blog/2021-09-01-hidden.md': '---\ntitle: Hidden\nunlisted: true\ntags: [docusaurus]\n---\n\nNot listed.\n',
      // An author without a page of their own: on the authors page, unlinked.
      'blog/authors.yml': `${readFileSync(fixture('docusaurus-classic/blog/authors.yml'), 'utf8')}\nghost:\n  name: Ghost Writer\nlinked:\n  name: Linked Writer\n  url: https://example.org/linked\n`,
    });
    writer = built.writer;
    expect(built.result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
  const page = (file: string) => {
    const html = writer.text(file);
    if (html === undefined) throw new Error(`${file} was not written`);
    return html;
  };
  const pager = (html: string) =>
    [...(/<nav class="pagination-nav"[^>]*>(.*?)<\/nav>/s.exec(html)?.[1] ?? '').matchAll(/href="([^"]+)" rel="(prev|next)"/g)].map(
      (m) => `${m[2]} ${m[1]}`,
    );

  it('writes the blog list as pages of two posts, newest first, each linking the newer and older page', () => {
    expect(links(page('blog/index.html'), teasers)).toEqual(['Welcome /blog/welcome/', 'MDX Blog Post /blog/mdx-blog-post/']);
    expect(links(page('blog/seite/2/index.html'), teasers)).toEqual([
      'Long Blog Post /blog/long-blog-post/',
      'First Blog Post /blog/first-blog-post/',
    ]);
    expect(writer.files.has('blog/seite/3/index.html')).toBe(false);
    expect(pager(page('blog/index.html'))).toEqual(['next /blog/seite/2/']);
    expect(pager(page('blog/seite/2/index.html'))).toEqual(['prev /blog/']);
    expect(page('blog/seite/2/index.html')).toContain('<title>Blog | My Site</title>');
    // The unlisted post is still a page of its own.
    expect(writer.files.has('blog/2021/09/01/hidden/index.html')).toBe(true);
  });

  it('links each listed post to the newer and older posts beside it, as the post page of Docusaurus does', () => {
    const postPager = (html: string) =>
      [
        ...(/<nav class="pagination-nav" aria-label="Blog post page navigation">(.*?)<\/nav>/s.exec(html)?.[1] ?? '').matchAll(
          /href="([^"]+)"><span class="pagination-nav__sublabel">([^<]+)<\/span><span class="pagination-nav__label">(.*?)<\/span>/g,
        ),
      ].map((m) => `${m[2]}: ${m[3].replace(/<!-- -->|[«»]/g, '').trim()} ${m[1]}`);
    expect(postPager(page('blog/welcome/index.html'))).toEqual(['Older post: MDX Blog Post /blog/mdx-blog-post/']);
    expect(postPager(page('blog/mdx-blog-post/index.html'))).toEqual([
      'Newer post: Welcome /blog/welcome/',
      'Older post: Long Blog Post /blog/long-blog-post/',
    ]);
    expect(postPager(page('blog/first-blog-post/index.html'))).toEqual(['Newer post: Long Blog Post /blog/long-blog-post/']);
    // An unlisted post is in no list: it links no other post, and none links it.
    expect(page('blog/2021/09/01/hidden/index.html')).not.toContain('Blog post page navigation');
  });

  it("cuts a tag's page and an author's page the same way, and lists the new pages in the sitemap", () => {
    const tag = page('blog/tags/docusaurus/index.html');
    expect(links(tag, teasers)).toEqual(['Welcome /blog/welcome/', 'MDX Blog Post /blog/mdx-blog-post/']);
    expect(links(page('blog/tags/docusaurus/seite/2/index.html'), teasers)).toEqual([
      'Long Blog Post /blog/long-blog-post/',
      'First Blog Post /blog/first-blog-post/',
    ]);
    // Still the tag's own heading and "view all tags" link on its second page.
    expect(page('blog/tags/docusaurus/seite/2/index.html')).toContain('<h1>4 posts tagged with “Docusaurus”</h1>');
    expect(page('blog/tags/docusaurus/seite/2/index.html')).toContain('href="/blog/tags/"');
    expect(links(page('blog/authors/all-sebastien-lorber-articles/seite/2/index.html'), teasers)).toEqual([
      'First Blog Post /blog/first-blog-post/',
    ]);
    expect(page('sitemap.xml')).toContain('<loc>https://your-docusaurus-site.example.com/blog/seite/2</loc>');
  });

  it('lists an author without a page of their own on the authors page, unlinked, and writes no page for them', () => {
    const names = [...page('blog/authors/index.html').matchAll(/<p class="listing__author-name">(.*?)<\/p>/g)].map((m) =>
      m[1].replaceAll('<!-- -->', ''),
    );
    expect(names.at(-2)).toBe('Ghost Writer <span class="listing__author-count">0</span>');
    expect([...writer.files.keys()].filter((f) => f.includes('ghost'))).toEqual([]);
    // One with an address is linked there, as Docusaurus links an author's name (their page, else their address).
    expect(names.at(-1)).toBe(
      '<a href="https://example.org/linked" target="_blank" rel="noopener noreferrer">Linked Writer</a> <span class="listing__author-count">0</span>',
    );
  });
});

/**
 * The template without a blog folder, with `@docusaurus/plugin-content-blog` of `version` installed: its own
 * node_modules folder (linking the repository's packages, which the fixture shares), so nothing is written there.
 */
async function withBlogPlugin(version: string, overlay: Record<string, string | null> = {}) {
  const site = await makeSite('docusaurus-classic', { blog: null, ...overlay });
  cleanups.push(site.cleanup);
  await installDocusaurusPackage(site.root, 'plugin-content-blog', version);
  return buildInMemory(site.root);
}

describe("a Docusaurus project without a blog folder, its blog plugin on (metro's website)", () => {
  it('writes the empty list page at /blog/ as Docusaurus does, in the sitemap, with no feed, tag or archive page', async () => {
    const { result, writer } = await build({ blog: null });
    // The template's navbar links to /blog: the page is there, so the link is not broken.
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const list = writer.text('blog/index.html') ?? '';
    expect(/<title>([^<]*)<\/title>/.exec(list)?.[1]).toBe('Blog | My Site');
    expect(list).not.toMatch(teasers);
    expect(writer.text('sitemap.xml')).toContain('/blog</loc>');
    for (const file of ['blog/rss.xml', 'blog/atom.xml', 'blog/archive/index.html', 'blog/tags/index.html', 'blog/authors/index.html'])
      expect(writer.text(file), file).toBeUndefined();
  });

  it("lists the authors of authors.yml without posts at /blog/authors/, as Docusaurus 3.10 does (gmail-processor's blog)", async () => {
    const posts = Object.fromEntries(
      ['2019-05-28-first-blog-post.mdx', '2019-05-29-long-blog-post.mdx', '2021-08-01-mdx-blog-post.mdx', '2021-08-26-welcome'].map((f) => [
        `blog/${f}`,
        null,
      ]),
    );
    const { result, writer } = await build(posts);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const listed = [...(writer.text('blog/authors/index.html') ?? '').matchAll(/<p class="listing__author-name">(.*?)<\/p>/g)].map(
      (m) => m[1],
    );
    expect(listed).toEqual([
      '<a href="/blog/authors/yangshun/">Yangshun Tay</a> <span class="listing__author-count">0</span>',
      '<a href="/blog/authors/all-sebastien-lorber-articles/">Sébastien Lorber</a> <span class="listing__author-count">0</span>',
    ]);
    expect(writer.text('blog/authors/yangshun/index.html')).toContain('<h1>Yangshun Tay</h1>');
    expect(writer.text('blog/archive/index.html')).toBeUndefined();
    expect(writer.text('sitemap.xml')).toContain('/blog/authors</loc>');
  });

  it('writes none when the project has Docusaurus 3.9 installed, whose blog plugin writes no empty list', async () => {
    // Redux Toolkit's website (3.9.2): no blog folder, no /blog/. 3.10's plugin writes the page, as above.
    const config = readFileSync(new URL('../fixtures/docusaurus-classic/docusaurus.config.js', import.meta.url), 'utf8');
    // The template's navbar and footer links to /blog are then broken, as `docusaurus build` reports them on 3.9.
    const old = await withBlogPlugin('3.9.2', {
      'docusaurus.config.js': config.replace("onBrokenLinks: 'throw'", "onBrokenLinks: 'warn'"),
    });
    expect(old.writer.text('blog/index.html')).toBeUndefined();
    expect(old.writer.text('sitemap.xml')).not.toContain('/blog</loc>');
    expect(old.result.diagnostics.filter((d) => d.code === 'Q060').map((d) => d.message)).toContain(
      'Broken link in the site configuration: /blog is not a page of the site.',
    );
    const recent = await withBlogPlugin('3.10.2');
    expect(recent.writer.text('blog/index.html')).toContain('<title>Blog | My Site</title>');
  });

  it('writes none with blog: false', async () => {
    const config = readFileSync(new URL('../fixtures/docusaurus-classic/docusaurus.config.js', import.meta.url), 'utf8').replace(
      /blog: \{[\s\S]*?\n {8}\},/,
      'blog: false,',
    );
    expect(config).toContain('blog: false,');
    const { writer } = await build({ blog: null, 'docusaurus.config.js': config });
    expect(writer.text('blog/index.html')).toBeUndefined();
  });
});
