import { readFileSync } from 'node:fs';
import { lstat, mkdir, mkdtemp, readFile, readdir, readlink, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, type BuildProgress } from '../src/build.ts';
import type { MemoryWriter } from '../src/emit/index.ts';
import { classicTheme } from '../themes/classic/index.tsx';
import { escapeAttribute } from '../src/shared/html.ts';
import { textHash } from '../src/shared/hash.ts';
import { SEARCH_MESSAGE_IDS, type SearchSettings } from '../src/shared/search.ts';
import { buildInMemory, fixture, makeSite, png, repoRoot } from './helpers.ts';

describe('build (fixture site "basic")', () => {
  let writer: MemoryWriter;
  let result: Awaited<ReturnType<typeof buildInMemory>>['result'];
  beforeAll(async () => {
    ({ writer, result } = await buildInMemory(fixture('basic')));
  });
  const page = (file: string) => {
    const html = writer.text(file);
    if (html === undefined) throw new Error(`${file} was not written; have: ${[...writer.files.keys()].join(', ')}`);
    return html;
  };

  it('build: should succeed without diagnostics and time every stage', () => {
    expect(result.diagnostics).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.steps.map((s) => s.name)).toEqual(['config', 'load', 'compile', 'plan', 'render', 'emit']);
  });

  it('build: should write every route as trailing-slash index.html under the base path', () => {
    const html = [...writer.files.keys()].filter((f) => f.endsWith('.html')).sort();
    expect(html).toEqual([
      'de/404.html',
      'de/blog/hallo/index.html',
      'de/blog/index.html',
      'de/deals/manga/index.html',
      'de/docs/guide/mdx/index.html',
      'de/docs/guide/start/index.html',
      'de/docs/hidden/index.html',
      'de/docs/index.html',
      'de/index.html',
      'de/landing-page/star-gate/index.html',
      'de/pricing/index.html',
      'de/search/index.html',
    ]);
  });

  it('build: should leave drafts out of production builds', () => {
    expect(writer.files.has('de/docs/draft/index.html')).toBe(false);
  });

  it("build: should label footnotes in the site's language (Markdown and MDX)", () => {
    for (const file of ['de/docs/guide/start/index.html', 'de/docs/guide/mdx/index.html']) {
      const html = page(file);
      expect(html).toContain('<h2 class="visually-hidden" id="footnote-label">Fußnoten</h2>');
      expect(html).toMatch(/aria-label="Zurück zur Textstelle 1"/);
      expect(html).not.toContain('Back to reference');
    }
  });

  it('build: should render the document head (lang, title, canonical, hreflang, og, noindex)', () => {
    const html = page('de/docs/guide/start/index.html');
    expect(html.startsWith('<!DOCTYPE html><html lang="de" dir="ltr"')).toBe(true);
    expect(html).toContain('<title>Start | Fixture</title>');
    expect(html).toContain('<meta name="description" content="Der erste Absatz wird zur Beschreibung."/>');
    expect(html).toContain('<meta name="keywords" content="start, anleitung"/>');
    expect(html).toContain('<link rel="canonical" href="https://example.org/de/docs/guide/start/"/>');
    expect(html).toContain('<link rel="alternate" hrefLang="ar" href="https://example.org/ar/docs/guide/start/"/>');
    expect(html).toContain('<link rel="alternate" hrefLang="zh" href="https://example.org/docs/guide/start/"/>');
    expect(html).toContain('<link rel="alternate" hrefLang="x-default" href="https://example.org/docs/guide/start/"/>');
    expect(html.match(/rel="alternate" hrefLang=/g)).toHaveLength(5);
    expect(html).toContain('<meta property="og:locale" content="de_DE"/>');
    expect(html).not.toContain('noindex');
    expect(page('de/docs/hidden/index.html')).toContain('<meta name="robots" content="noindex, nofollow"/>');
  });

  it('build: should render docs chrome: sidebar with the current page, breadcrumbs, toc, prev/next, version', () => {
    const html = page('de/docs/guide/start/index.html');
    expect(html).toContain('<a class="menu__link menu__link--active" href="/de/docs/guide/start/" aria-current="page">Loslegen</a>');
    expect(html).toMatch(/class="breadcrumbs"[\s\S]*Leitfaden[\s\S]*aria-current="page">Loslegen/);
    expect(html).toContain('<a href="#tabelle-und-aufgaben" class="toc__link">Tabelle und Aufgaben</a>');
    expect(html).toContain('<a href="#eigene-id" class="toc__link">Eigene Kennung</a>');
    expect(html).toMatch(/pagination-nav__link--prev" href="\/de\/docs\/"/);
    expect(html).toMatch(/pagination-nav__link--next" href="\/de\/docs\/guide\/mdx\/"/);
    expect(html).toContain('data-version="current">Weiter</a>');
    // unlisted docs are built but not in the sidebar
    expect(html).not.toContain('/de/docs/hidden/');
  });

  it('build: should render Markdown features: tables, task lists, admonitions, code titles, images', () => {
    const html = page('de/docs/guide/start/index.html');
    expect(html).toContain('<table>');
    expect(html).toContain('type="checkbox" checked');
    expect(html).toContain('<p class="admonition-title">Gut zu wissen</p>');
    expect(html).toContain('<p class="admonition-title">Achtung</p>');
    expect(html).toContain('<figcaption class="code-title">beispiel.js</figcaption>');
    expect(html).toContain('src="/de/img/logo.svg"');
    expect(html).toMatch(/src="\/de\/assets\/bild\.[0-9a-f]{8}\.svg"/);
    expect(html).toContain('Verhältnis:Wert');
  });

  it('build: should title an untitled admonition in the language the content is written in, whatever locale is built', async () => {
    // The English build shows the German content: its boxes keep German titles, as the text around them.
    const { writer: en } = await buildInMemory(fixture('basic'), { locale: 'en' });
    const start = (w: MemoryWriter) => w.text([...w.files.keys()].find((f) => f.endsWith('docs/guide/start/index.html'))!);
    expect(start(en)).toContain('<p class="admonition-title">Achtung</p>');
    // A project whose content is English (no contentLocale, built in English) gets English titles.
    const english = await makeSite('basic', {
      'site.config.ts': readFileSync(path.join(fixture('basic'), 'site.config.ts'), 'utf8').replace(
        "currentLocale: 'de'",
        "currentLocale: 'en'",
      ),
    });
    try {
      const { writer: built } = await buildInMemory(english.root);
      expect(start(built)).toContain('<p class="admonition-title">Warning</p>');
    } finally {
      await english.cleanup();
    }
  });

  it("build: should name a post's authors in one line under its title on a quire site, and list its tags", () => {
    const post = page('de/blog/hallo/index.html');
    expect(/<p class="blog-post__meta">.*?<\/p>/.exec(post)?.[0]).toMatch(/ · <!-- -->von <!-- -->Team<\/span><\/p>$/);
    expect(post).not.toContain('post-authors');
    // The list shows the post's tags below it, as the post does.
    expect(/<article class="blog-teaser">.*?<\/article>/s.exec(page('de/blog/index.html'))?.[0]).toContain('News');
  });

  it('build: should resolve links to content files to their routes', () => {
    expect(page('de/docs/index.html')).toContain('href="/de/docs/guide/start/"');
  });

  it('build: should render MDX with theme components and data', () => {
    const html = page('de/docs/guide/mdx/index.html');
    expect(html).toContain('<kbd class="kbd">Strg</kbd>');
    expect(html).toContain('mehr als zehn Millionen');
    expect(html).toContain('<ol class="steps">');
    expect(html).toContain('href="/de/docs/guide/start/#eigene-id"');
    expect(html).toContain('<aside class="admonition admonition-note"');
    // HTML tags written in MDX get the base path and publish relative files, like Markdown's links and images.
    expect(html).toContain('<a href="/de/docs/guide/start/#eigene-id">Zum Anfang</a> oder <a href="/de/docs/guide/start/">relativ</a>');
    expect(html).toContain('<img src="/de/img/logo.svg" srcSet="/de/img/logo.svg 2x" alt="Logo als JSX"/>');
    expect(page('de/index.html')).toContain('<h1 class="hero__title">Willkommen</h1>');
  });

  it('build: should write the not-found page with the SPEC text', () => {
    const html = page('de/404.html');
    expect(html).toContain('Seite nicht gefunden');
    expect(html).toContain('dass der Link nicht mehr funktioniert');
  });

  it('build: should write sitemap (no unlisted, no 404, no search) and robots', () => {
    const sitemap = writer.text('de/sitemap.xml')!;
    expect(sitemap).toContain('<loc>https://example.org/de/docs/guide/start/</loc>');
    expect(sitemap).not.toContain('hidden');
    expect(sitemap).not.toContain('404');
    expect(sitemap).not.toContain('/search/');
    expect(writer.text('robots.txt')).toContain('Sitemap: https://example.org/de/sitemap.xml');
  });

  it('build: should emit hashed client and style bundles and reference them from pages', () => {
    const assets = [...writer.files.keys()].filter((f) => f.startsWith('de/assets/'));
    const js = assets.find((f) => /^de\/assets\/main\.[A-Z0-9]+\.js$/.test(f));
    const css = assets.find((f) => /^de\/assets\/styles\.[A-Z0-9]+\.css$/.test(f));
    expect(js).toBeDefined();
    expect(css).toBeDefined();
    const html = page('de/pricing/index.html');
    expect(html).toContain(`src="/${js}"`);
    expect(html).toContain(`href="/${css}"`);
    expect(html).not.toContain('quire-asset:');
  });

  it('build: should write the search settings once per build, in the file every search button names', () => {
    const files = [...writer.files.keys()].filter((f) => f.startsWith('de/_quire/search.'));
    expect(files).toHaveLength(1);
    const [file] = files;
    const contents = writer.text(file)!;
    // Named by its contents, so a browser may keep it as long as it likes.
    expect(file).toBe(`de/_quire/search.${textHash(contents)}.json`);
    const settings = JSON.parse(contents) as SearchSettings;
    expect(settings).toMatchObject({
      provider: 'local',
      baseUrl: '/de/',
      locale: 'de',
      indexUrl: '/de/pagefind/pagefind.js',
      searchPageUrl: '/de/search/',
    });
    expect(Object.keys(settings.messages).sort()).toEqual([...SEARCH_MESSAGE_IDS].sort());
    const pages = [...writer.files.keys()].filter((f) => f.endsWith('.html'));
    for (const f of pages) {
      const html = page(f);
      expect(html, f).toContain(`data-search-settings="/${file}"`);
      expect(html, f).not.toContain('data-search-props');
      expect(html, f).not.toContain(escapeAttribute(JSON.stringify(settings.messages)).slice(0, 200));
    }
    // The search page's island takes them from the same file.
    expect(page('de/search/index.html')).toContain(`data-island="SearchPage" data-props="{}" data-props-src="/${file}"`);
  });

  it('build: should hide flag-gated navbar items and render external links safely', () => {
    const html = page('de/index.html');
    expect(html).not.toContain('href="/de/blog/"');
    expect(html).toContain('href="https://example.com/" target="_blank" rel="noopener noreferrer"');
  });

  it('build: should add analytics only when configured and never in development', async () => {
    const { writer: dev } = await buildInMemory(fixture('basic'), { mode: 'development' });
    expect(dev.text('de/index.html')).not.toContain('googletagmanager');
    expect(page('de/index.html')).not.toContain('googletagmanager');
  });
});

describe('build: files named relative to an MDX page', () => {
  it('build: should publish relative images of HTML tags and component props in MDX, and resolve relative links of components', async () => {
    const site = await makeSite('basic', {
      'content/docs/guide/tags.mdx':
        '---\ntitle: Tags\n---\n<img src="./bild.svg" srcSet="./bild.svg 1x, /img/logo.svg 2x" alt="Bild" />\n\n<Figure src="./bild.svg" alt="Abbildung" />\n\n<CardGrid>\n  <Card title="Start" href="./start.md">Zum Anfang.</Card>\n  <Card title="Index" href="../../">Zur Übersicht.</Card>\n</CardGrid>\n',
    });
    try {
      const { result, writer } = await buildInMemory(site.root);
      expect(result.diagnostics).toEqual([]);
      const html = writer.text('de/docs/guide/tags/index.html')!;
      const asset = [...writer.files.keys()].find((f) => /^de\/assets\/bild\.[0-9a-f]{8}\.svg$/.test(f))!;
      expect(asset).toBeDefined();
      const url = '/' + asset;
      expect(html).toContain(`<img src="${url}" srcSet="${url} 1x, /de/img/logo.svg 2x" alt="Bild"/>`);
      expect(html).toMatch(new RegExp(`<img src="${url}" alt="Abbildung"`));
      expect(html).toContain('href="/de/docs/guide/start/"');
      expect(html).toContain('href="/de/docs/"');
      expect(html).not.toMatch(/quire-(asset|file):/);
    } finally {
      await site.cleanup();
    }
  });

  it('build: should publish images and link pages whose file names have spaces and umlauts', async () => {
    const svg = await readFile(path.join(fixture('basic'), 'content/docs/guide/bild.svg'));
    const site = await makeSite('basic', {
      'content/docs/guide/Übersicht (neu).svg': svg,
      'content/docs/guide/zweite seite.md': '---\ntitle: Zweite Seite\n---\nText.\n',
      'content/docs/guide/namen.md':
        '---\ntitle: Namen\n---\n![Übersicht](<./Übersicht (neu).svg>) und [die zweite Seite](<./zweite seite.md>).\n',
    });
    try {
      const { result, writer } = await buildInMemory(site.root);
      expect(result.diagnostics).toEqual([]);
      const html = writer.text('de/docs/guide/namen/index.html')!;
      const asset = [...writer.files.keys()].find((f) => f.startsWith('de/assets/Ubersicht-neu.'));
      expect(asset).toMatch(/^de\/assets\/Ubersicht-neu\.[0-9a-f]{8}\.svg$/);
      expect(html).toMatch(new RegExp(`<img src="/${asset}" alt="Übersicht" loading="lazy" decoding="async" width="\\d+" height="\\d+">`));
      // Route paths are URLs: encoded in every link and the sitemap, decoded in the file name.
      expect(html).toContain('href="/de/docs/guide/zweite%20seite/">die zweite Seite</a>');
      expect(writer.text('de/docs/guide/zweite seite/index.html')).toContain('<h1 class="doc__title">Zweite Seite</h1>');
      expect(writer.text('de/sitemap.xml')).toContain('<loc>https://example.org/de/docs/guide/zweite%20seite/</loc>');
      expect(html).not.toMatch(/quire-(asset|file):/);
    } finally {
      await site.cleanup();
    }
  });

  it('build: should give files named in decomposed form (as macOS saves umlauts) the addresses links type', async () => {
    const svg = await readFile(path.join(fixture('basic'), 'content/docs/guide/bild.svg'));
    const decomposed = (name: string) => name.normalize('NFD');
    expect(decomposed('Übersicht')).not.toBe('Übersicht');
    const site = await makeSite('basic', {
      [`content/docs/guide/${decomposed('Übersicht')}.md`]: '---\ntitle: Übersicht\n---\nText.\n',
      [`static/img/${decomposed('Grün')}.svg`]: svg,
      'content/docs/guide/verweise.md':
        '---\ntitle: Verweise\n---\n[Pfad](/docs/guide/Übersicht/), [Datei](./Übersicht.md) und ![Grün](/img/Grün.svg).\n',
    });
    try {
      const { result, writer } = await buildInMemory(site.root);
      expect(result.diagnostics).toEqual([]);
      expect(writer.text('de/docs/guide/Übersicht/index.html')).toContain('<h1 class="doc__title">Übersicht</h1>');
      expect(writer.files.has('de/img/Grün.svg')).toBe(true);
      const html = writer.text('de/docs/guide/verweise/index.html')!;
      expect(html.match(/href="\/de\/docs\/guide\/%C3%9Cbersicht\/"/g)).toHaveLength(2);
    } finally {
      await site.cleanup();
    }
  });

  it('build: should report a missing file of an MDX tag at its place', async () => {
    const site = await makeSite('basic', {
      'content/docs/guide/tags.mdx': '---\ntitle: Tags\n---\nText.\n\n<img srcSet="./fehlt.png 2x" alt="" />\n',
    });
    try {
      const { result } = await buildInMemory(site.root);
      expect(result.diagnostics.map((d) => [d.code, d.file, d.line, d.column, d.message])).toEqual([
        ['Q060', 'content/docs/guide/tags.mdx', 6, 1, 'Image not found: content/docs/guide/fehlt.png.'],
      ]);
    } finally {
      await site.cleanup();
    }
  });
});

describe('build: message catalogues', () => {
  it('build: should warn of a theme text no catalogue has, which the page shows as its id', async () => {
    const drop = (file: string) => {
      const messages = JSON.parse(readFileSync(path.join(fixture('basic'), file), 'utf8')) as Record<string, string>;
      delete messages['docs.backToTop'];
      return JSON.stringify(messages, null, 2);
    };
    const site = await makeSite('basic', { 'locales/de.json': drop('locales/de.json'), 'locales/en.json': drop('locales/en.json') });
    try {
      const { result, writer } = await buildInMemory(site.root);
      expect(result.ok).toBe(true);
      expect(result.diagnostics.map((d) => [d.severity, d.code, d.file, d.message])).toEqual([
        [
          'warning',
          'Q091',
          'locales/en.json',
          '1 interface text(s) the theme shows are in neither locales/de.json or locales/en.json, so their ids are shown instead: docs.backToTop.',
        ],
      ]);
      expect(writer.text('de/docs/guide/start/index.html')).toContain('aria-label="docs.backToTop"');
    } finally {
      await site.cleanup();
    }
  });
});

describe('build: blog', () => {
  it('build: should warn of a blog post without a date and list it after the dated ones', async () => {
    const site = await makeSite('basic', { 'content/blog/ohne-datum.md': '---\ntitle: Ohne Datum\n---\nText.\n' });
    try {
      const { result, writer } = await buildInMemory(site.root);
      expect(result.diagnostics.map((d) => [d.severity, d.code, d.file, d.line, d.message])).toEqual([
        [
          'warning',
          'Q023',
          'content/blog/ohne-datum.md',
          1,
          'This blog post has no date: it is published without one and listed after the dated posts.',
        ],
      ]);
      const list = writer.text('de/blog/index.html') ?? '';
      expect(list.indexOf('/de/blog/hallo/')).toBeGreaterThan(-1);
      expect(list.indexOf('/de/blog/ohne-datum/')).toBeGreaterThan(list.indexOf('/de/blog/hallo/'));
    } finally {
      await site.cleanup();
    }
  });
});

describe('build: tabs', () => {
  it('build: should give each tab set its own radio group, even two sets with the same labels, and mark grouped sets', async () => {
    const set = (group: string) => `<Tabs${group}>\n  <Tab label="Chrome">Erst.</Tab>\n  <Tab label="Firefox">Dann.</Tab>\n</Tabs>\n`;
    const site = await makeSite('basic', {
      'content/docs/guide/reiter.mdx': `---\ntitle: Reiter\n---\n${set(' groupId="browser"')}\n${set(' groupId="browser"')}\n${set('')}`,
    });
    try {
      const { result, writer } = await buildInMemory(site.root);
      expect(result.diagnostics).toEqual([]);
      const html = writer.text('de/docs/guide/reiter/index.html')!;
      const attribute = (tag: string, name: string) => new RegExp(` ${name}="([^"]*)"`).exec(tag)?.[1];
      const radios = [...html.matchAll(/<input type="radio"[^>]*>/g)].map(([tag]) => ({
        name: attribute(tag, 'name'),
        id: attribute(tag, 'id'),
        value: attribute(tag, 'value'),
        checked: attribute(tag, 'checked') !== undefined,
      }));
      expect(radios.map((r) => r.value)).toEqual(['Chrome', 'Firefox', 'Chrome', 'Firefox', 'Chrome', 'Firefox']);
      expect(new Set(radios.map((r) => r.name)).size).toBe(3);
      expect(new Set(radios.map((r) => r.id)).size).toBe(6);
      expect(radios.filter((r) => r.checked).map((r) => r.value)).toEqual(['Chrome', 'Chrome', 'Chrome']);
      for (const r of radios) expect(html).toContain(`<label for="${r.id}" class="tabs__label">${r.value}</label>`);
      expect(html.match(/<div class="tabs" style="--tab-count:2" data-tab-group="browser">/g)).toHaveLength(2);
      expect(html.match(/<div class="tabs" style="--tab-count:2">/g)).toHaveLength(1);
      // The same page built again has the same names (incremental builds compare bytes).
      const again = await buildInMemory(site.root);
      expect(again.writer.text('de/docs/guide/reiter/index.html')).toBe(html);
    } finally {
      await site.cleanup();
    }
  });
});

describe('build: drafts', () => {
  const overlay = {
    'content/sidebars.ts':
      "export default {\n  docs: ['index', 'draft', { type: 'category', label: 'Leitfaden', items: ['guide/start', 'guide/mdx'] }],\n};\n",
    'content/docs/guide/start.md': '---\ntitle: Loslegen\npagination_prev: draft\n---\nText.\n\n## Eigene Kennung {#eigene-id}\n',
  };

  it('build: should leave a draft out of the production sidebar and pagination, and show it while writing', async () => {
    const site = await makeSite('basic', overlay);
    try {
      const production = await buildInMemory(site.root);
      expect(production.result.diagnostics).toEqual([]);
      const html = production.writer.text('de/docs/guide/start/index.html')!;
      expect(html).not.toContain('/de/docs/draft/');
      expect(html).not.toContain('pagination-nav__link--prev');
      expect(production.writer.text('de/docs/draft/index.html')).toBeUndefined();
      const development = await buildInMemory(site.root, { mode: 'development' });
      expect(development.result.diagnostics).toEqual([]);
      const writing = development.writer.text('de/docs/guide/start/index.html')!;
      expect(writing).toContain('href="/de/docs/draft/"');
      expect(writing).toMatch(/pagination-nav__link--prev" href="\/de\/docs\/draft\/"/);
    } finally {
      await site.cleanup();
    }
  });

  it('build: should say that a broken link leads to a draft', async () => {
    const site = await makeSite('basic', {
      ...overlay,
      'content/docs/guide/start.md':
        '---\ntitle: Loslegen\n---\nZum [Entwurf](/docs/draft/) oder [als Datei](../draft.md).\n\n## Eigene Kennung {#eigene-id}\n',
    });
    try {
      const { result } = await buildInMemory(site.root);
      expect(result.diagnostics.map((d) => [d.code, d.file, d.line, d.column, d.message])).toEqual([
        [
          'Q060',
          'content/docs/guide/start.md',
          4,
          5,
          'Broken link to /docs/draft/: the page is a draft (content/docs/draft.md), which production builds leave out.',
        ],
        [
          'Q060',
          'content/docs/guide/start.md',
          4,
          34,
          'Broken link to ../draft.md: the page is a draft (content/docs/draft.md), which production builds leave out.',
        ],
      ]);
    } finally {
      await site.cleanup();
    }
  });
});

describe('build: files saved with a byte order mark', () => {
  it('build: should read front matter and JSON data after a byte order mark', async () => {
    const figures = await readFile(path.join(fixture('basic'), 'content/data/figures.json'), 'utf8');
    const site = await makeSite('basic', {
      'content/docs/bom.md': '\uFEFF---\r\ntitle: Mit BOM\r\n---\r\nText aus Windows.\r\n\r\n## Abschnitt\r\n',
      'content/data/figures.json': '\uFEFF' + figures,
    });
    try {
      const { result, writer } = await buildInMemory(site.root);
      expect(result.diagnostics).toEqual([]);
      const html = writer.text('de/docs/bom/index.html')!;
      expect(html).toContain('<h1 class="doc__title">Mit BOM</h1>');
      expect(html).toContain('<h2 id="abschnitt">Abschnitt</h2>');
      expect(html).not.toContain('title: Mit BOM');
      expect(writer.text('de/docs/guide/mdx/index.html')).toContain('mehr als zehn Millionen');
    } finally {
      await site.cleanup();
    }
  });
});

describe('build: anchors', () => {
  const pages = {
    'content/docs/guide/anker.md':
      '---\ntitle: Anker\nimage: /img/karte.png\n---\nZu [Tabelle](/docs/guide/start/#tabelle-und-aufgaben), [fehlt](/docs/guide/start/#gibt-es-nicht) und [hier](#ende).\n\n## Ende {#ende}\n\n## Schluss {#ende}\n\n<a id="ziel"></a>Ein Ziel ohne Überschrift, [hierher](#ziel) verlinkt.\n',
  };
  const withAnchors = async (onBrokenAnchors?: string) => {
    const config: Record<string, string> = {};
    if (onBrokenAnchors)
      config['site.config.ts'] = (await readFile(path.join(fixture('basic'), 'site.config.ts'), 'utf8')).replace(
        'flags:',
        `onBrokenAnchors: '${onBrokenAnchors}',\n  flags:`,
      );
    const site = await makeSite('basic', { ...pages, ...config });
    try {
      return (await buildInMemory(site.root)).result;
    } finally {
      await site.cleanup();
    }
  };

  it('build: should warn about an anchor no heading or element has and a custom id written twice, with their places', async () => {
    const result = await withAnchors();
    expect(result.ok).toBe(true);
    expect(result.diagnostics.map((d) => [d.severity, d.code, d.file, d.line, d.column])).toEqual([
      ['warning', 'Q061', 'content/docs/guide/anker.md', 5, 56],
      ['warning', 'Q062', 'content/docs/guide/anker.md', 9, 1],
    ]);
    expect(result.diagnostics[0].message).toBe(
      'Broken anchor in link /docs/guide/start/#gibt-es-nicht: the page /de/docs/guide/start/ has no heading with id "gibt-es-nicht".',
    );
    expect(result.diagnostics[1].message).toBe('Two headings on this page have the id "ende": links to #ende reach only the first.');
  });

  it('build: should follow onBrokenAnchors: throw fails the build, ignore reports nothing', async () => {
    const thrown = await withAnchors('throw');
    expect(thrown.ok).toBe(false);
    expect(thrown.diagnostics.map((d) => [d.severity, d.code])).toEqual([
      ['error', 'Q061'],
      ['error', 'Q062'],
    ]);
    const ignored = await withAnchors('ignore');
    expect(ignored.ok).toBe(true);
    expect(ignored.diagnostics).toEqual([]);
  });
});

describe("build: the site's images", () => {
  const configWith = async (extra: string) => ({
    'site.config.ts': (await readFile(path.join(fixture('basic'), 'site.config.ts'), 'utf8')).replace('flags:', `${extra}\n  flags:`),
  });

  it('build: should warn, with their places, about social cards that link previews do not show (SVG), and accept PNG', async () => {
    const site = await makeSite('basic', {
      ...(await configWith("image: '/img/logo.svg',")),
      'content/docs/guide/start.md': '---\ntitle: Start\nimage: /img/logo.svg?v=2\n---\nText.\n',
      'content/docs/guide/mdx.mdx': '---\ntitle: MDX\nimage: /img/karte.png\n---\nText.\n',
    });
    try {
      const { result, writer } = await buildInMemory(site.root);
      expect(result.ok).toBe(true);
      expect(result.diagnostics.map((d) => [d.severity, d.code, d.file, d.keyPath ?? d.line, d.column])).toEqual([
        ['warning', 'Q063', 'site.config.ts', 'image', undefined],
        ['warning', 'Q063', 'content/docs/guide/start.md', 3, 8],
      ]);
      expect(result.diagnostics[1].message).toBe(
        'The social card /img/logo.svg?v=2 is an SVG: Facebook, X, LinkedIn and messengers show no preview picture for SVG images.',
      );
      expect(result.diagnostics[1].hint).toBe('Use a PNG or JPEG, ideally 1200 × 630 pixels.');
      // A warning only: the pages still name the image.
      expect(writer.text('de/docs/guide/mdx/index.html')).toContain(
        '<meta property="og:image" content="https://example.org/de/img/karte.png"/>',
      );
    } finally {
      await site.cleanup();
    }
  });

  it('build: should publish a front matter image given relative to the page, and name every social card by its absolute URL', async () => {
    const png = await readFile(path.join(fixture('basic'), 'static/img/karte.png'));
    const site = await makeSite('basic', {
      'content/docs/guide/start.md': '---\ntitle: Start\nimage: ./bilder/karte.png\n---\nText.\n',
      'content/docs/guide/bilder/karte.png': png,
      'content/docs/guide/mdx.mdx': '---\ntitle: MDX\nimage: //cdn.example.org/karte.png\n---\nText.\n',
    });
    try {
      const { result, writer } = await buildInMemory(site.root);
      expect(result.diagnostics.filter((d) => d.code !== 'Q061')).toEqual([]);
      const asset = [...writer.files.keys()].find((f) => /^de\/assets\/karte\.[0-9a-f]{8}\.png$/.test(f));
      expect(asset).toBeDefined();
      const start = writer.text('de/docs/guide/start/index.html')!;
      expect(start).toContain(`<meta property="og:image" content="https://example.org/${asset}"/>`);
      expect(start).toContain(`<meta name="twitter:image" content="https://example.org/${asset}"/>`);
      expect(writer.text('de/docs/guide/mdx/index.html')).toContain(
        '<meta property="og:image" content="https://cdn.example.org/karte.png"/>',
      );
    } finally {
      await site.cleanup();
    }
  });

  it('build: should leave hidden files of static/ unpublished, with one warning, and publish .well-known/', async () => {
    const site = await makeSite('basic', {
      'static/.env': 'SECRET=1\n',
      'static/img/.DS_Store': 'x',
      'static/.hidden/a.txt': 'a',
      'static/.well-known/security.txt': 'Contact: mailto:security@example.org\n',
    });
    try {
      const { result, writer } = await buildInMemory(site.root);
      expect(result.ok).toBe(true);
      const files = [...writer.files.keys()];
      expect(files.filter((f) => /\/\.(env|DS_Store)$|\.hidden/.test(f))).toEqual([]);
      expect(files).toContain('de/.well-known/security.txt');
      expect(result.diagnostics.map((d) => [d.severity, d.code, d.message])).toEqual([
        ['warning', 'Q013', 'Hidden files in static/ are not published: static/.env, static/.hidden/a.txt, static/img/.DS_Store.'],
      ]);
    } finally {
      await site.cleanup();
    }
  });

  it('build: should give social cards their pixel size and description (og:image:width, :height, :alt)', async () => {
    const site = await makeSite('basic', {
      ...(await configWith("image: '/img/karte.png',\n  imageAlt: 'Eine Karte mit \"Bilingo\" & Co.',")),
      'content/docs/guide/start.md':
        '---\ntitle: Start\nimage: ./bilder/gross.png\nimage_alt: Zwei Spalten, Original und Übersetzung\n---\nText.\n',
      'content/docs/guide/bilder/gross.png': png(1200, 630),
      'content/docs/guide/mdx.mdx': '---\ntitle: MDX\nimage: https://cdn.example.org/karte.png\n---\nText.\n',
      'content/docs/guide/logo.md': '---\ntitle: Logo\nimage: /img/favicon.svg\n---\nText.\n',
    });
    try {
      const { result, writer } = await buildInMemory(site.root);
      expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const card = (page: string) =>
        [...writer.text(page)!.matchAll(/<meta (?:property|name)="(?:og|twitter):image(?::\w+)?" content="[^"]*"\/>/g)].map((m) => m[0]);
      // The config's card (12 × 6 pixels) and its description, escaped.
      expect(card('de/docs/index.html')).toEqual([
        '<meta property="og:image" content="https://example.org/de/img/karte.png"/>',
        '<meta property="og:image:width" content="12"/>',
        '<meta property="og:image:height" content="6"/>',
        '<meta property="og:image:alt" content="Eine Karte mit &quot;Bilingo&quot; &amp; Co."/>',
        '<meta name="twitter:image" content="https://example.org/de/img/karte.png"/>',
        '<meta name="twitter:image:alt" content="Eine Karte mit &quot;Bilingo&quot; &amp; Co."/>',
      ]);
      // A page's own card next to it: its size and its own description.
      const start = card('de/docs/guide/start/index.html');
      expect(start.slice(1, 4)).toEqual([
        '<meta property="og:image:width" content="1200"/>',
        '<meta property="og:image:height" content="630"/>',
        '<meta property="og:image:alt" content="Zwei Spalten, Original und Übersetzung"/>',
      ]);
      // An image on another host is not measured, and the config's description does not fit another card.
      expect(card('de/docs/guide/mdx/index.html')).toEqual([
        '<meta property="og:image" content="https://cdn.example.org/karte.png"/>',
        '<meta name="twitter:image" content="https://cdn.example.org/karte.png"/>',
      ]);
      // A vector image has no pixel size.
      expect(card('de/docs/guide/logo/index.html').some((m) => m.includes(':width'))).toBe(false);
    } finally {
      await site.cleanup();
    }
  });

  it('build: should report a missing front matter image relative to the page at its field', async () => {
    const site = await makeSite('basic', { 'content/docs/guide/start.md': '---\ntitle: Start\nimage: ./fehlt.png\n---\nText.\n' });
    try {
      const { result } = await buildInMemory(site.root);
      expect(result.ok).toBe(false);
      // (Other pages link to headings of the page this test replaces: those are warnings.)
      const errors = result.diagnostics.filter((d) => d.severity === 'error');
      expect(errors.map((d) => [d.code, d.file, d.line, d.column, d.message])).toEqual([
        ['Q060', 'content/docs/guide/start.md', 3, 8, 'Image not found: content/docs/guide/fehlt.png.'],
      ]);
    } finally {
      await site.cleanup();
    }
  });

  it('build: should link the favicon only when the config names one', async () => {
    const withIcon = await makeSite('basic');
    const without = await makeSite('basic', {
      'site.config.ts': (await readFile(path.join(fixture('basic'), 'site.config.ts'), 'utf8')).replace(
        "  favicon: '/img/favicon.svg',\n",
        '',
      ),
    });
    try {
      const a = (await buildInMemory(withIcon.root)).writer.text('de/index.html');
      const b = (await buildInMemory(without.root)).writer.text('de/index.html');
      expect(a).toContain('<link rel="icon" href="/de/img/favicon.svg"/>');
      expect(b).not.toContain('rel="icon"');
    } finally {
      await withIcon.cleanup();
      await without.cleanup();
    }
  });
});

describe('build: output folder', () => {
  let out: string;
  beforeAll(async () => {
    out = await mkdtemp(path.join(tmpdir(), 'quire-out-'));
  });
  afterAll(() => rm(out, { recursive: true, force: true }));

  it('build: should swap the output folder in only when the build succeeded', async () => {
    const dist = path.join(out, 'dist');
    const run = () => buildSite({ root: fixture('basic'), toolRoot: repoRoot, theme: classicTheme, outDir: dist, cacheDir: false });
    const first = await run();
    expect(first.ok).toBe(true);
    const html = await readFile(path.join(dist, 'de/docs/index.html'), 'utf8');
    expect(html).toContain('Übersicht');
    const second = await run();
    expect(second.ok).toBe(true);
    // dist is a link to its generation; the store holds it, the one it replaced and the note naming that
    // one (after two builds there is nothing older to remove), and no temporary folder is left behind
    expect((await readdir(out)).sort()).toEqual(['.dist-builds', 'dist']);
    expect((await lstat(dist)).isSymbolicLink()).toBe(true);
    expect((await readdir(path.join(out, '.dist-builds'))).length).toBeLessThanOrEqual(3);
  });

  it('build: should write through an output folder that is a symbolic link, and keep the link', async () => {
    const target = path.join(out, 'served');
    const link = path.join(out, 'linked-dist');
    await mkdir(target);
    await symlink(target, link);
    const opts = {
      root: fixture('basic'),
      toolRoot: repoRoot,
      theme: classicTheme,
      outDir: link,
      cacheDir: path.join(out, 'cache-link'),
      toolVersion: 'link-test',
    };
    for (const run of ['first build (swap)', 'second build (update in place)']) {
      const result = await buildSite(opts);
      expect(result.ok, run).toBe(true);
      expect((await lstat(link)).isSymbolicLink(), run).toBe(true);
      expect(await readlink(link), run).toBe(target);
      expect(await readFile(path.join(target, 'robots.txt'), 'utf8'), run).toContain('Sitemap:');
    }
    // No staging or old folders were left beside either path.
    expect((await readdir(out)).filter((f) => /\.(tmp|old)-/.test(f))).toEqual([]);
  });

  it('build: should reuse the compile cache on a warm build', async () => {
    const cacheDir = path.join(out, 'cache');
    const opts = { root: fixture('basic'), toolRoot: repoRoot, theme: classicTheme, outDir: path.join(out, 'dist2'), cacheDir };
    const cold = await buildSite(opts);
    const warm = await buildSite(opts);
    expect(cold.cacheHits).toBe(0);
    expect(warm.cacheHits).toBe(9);
    expect(await readFile(path.join(out, 'dist2/de/docs/guide/mdx/index.html'), 'utf8')).toContain('<ol class="steps">');
  });

  it('build: should report progress through compile (cached or not), every page, then the search index', async () => {
    const opts = {
      root: fixture('basic'),
      toolRoot: repoRoot,
      theme: classicTheme,
      outDir: path.join(out, 'dist3'),
      cacheDir: path.join(out, 'cache3'),
    };
    for (const run of ['cold', 'warm with unchanged pages kept'] as const) {
      const events: BuildProgress[] = [];
      const result = await buildSite({ ...opts, toolVersion: 'progress-test', onProgress: (p) => events.push(p) });
      expect(result.ok, run).toBe(true);
      const counted = (step: 'compile' | 'render') => events.flatMap((e) => (e.step === step ? [e] : []));
      const compile = counted('compile');
      expect(
        compile.map((e) => e.done),
        run,
      ).toEqual(Array.from({ length: 9 }, (_, i) => i + 1));
      expect(new Set(compile.map((e) => e.total)), run).toEqual(new Set([9]));
      const render = counted('render');
      expect(
        render.map((e) => e.done),
        run,
      ).toEqual(Array.from({ length: result.pages }, (_, i) => i + 1));
      expect(new Set(render.map((e) => e.total)), run).toEqual(new Set([result.pages]));
      // In order: all sources, then all pages, then the search index, which the second run reuses (nothing
      // changed, the content image included).
      const steps = events.map((e) => e.step).filter((step, i, all) => step !== all[i - 1]);
      expect(steps, run).toEqual(run === 'cold' ? ['compile', 'render', 'search'] : ['compile', 'render']);
      // Kept pages count too: every page was kept in the second run.
      if (run !== 'cold') expect(result.reused).toBe(result.pages);
    }
  });
});
