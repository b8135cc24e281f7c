import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixture } from './docusaurus-fixture.ts';
import { launchBrowser, type TestServer } from './harness.ts';
import { runAxe } from './theme-support.ts';

/**
 * The create-docusaurus classic template (test/fixtures/docusaurus-classic), built unchanged by quire and read
 * in Chromium: the docs sidebar with the labels of its _category_.json files, the generated category pages,
 * heading ids written as MDX comments, and the blog with authors from authors.yml, tags from tags.yml and
 * excerpts cut at the truncate marker.
 */

describe('the Docusaurus classic template in a browser', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let cleanup: () => Promise<void>;
  /** What the pages asked for that the build did not write (answered with the site's 404 page). */
  let missing: string[] = [];

  beforeAll(async () => {
    ({ server, missing, cleanup } = await serveFixture('docusaurus-classic'));
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await cleanup?.();
  });

  it('shows the docs sidebar with the category labels of _category_.json, and their generated index pages', async () => {
    await page.goto(`${server.url}/docs/intro/`);
    const sidebar = page.locator('nav.doc-sidebar');
    await expect.poll(() => sidebar.locator('.menu__category-link').allTextContents()).toEqual(['Tutorial - Basics', 'Tutorial - Extras']);
    await sidebar.getByRole('link', { name: 'Tutorial - Basics' }).click();
    await page.waitForURL(`${server.url}/docs/category/tutorial---basics/`);
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Tutorial - Basics');
    await expect.poll(() => page.locator('main').textContent()).toContain('5 minutes to learn the most important Docusaurus concepts.');
    const cards = page.locator('main .card-list .card__title');
    await expect
      .poll(() => cards.allTextContents())
      .toEqual(['Create a Page', 'Create a Document', 'Create a Blog Post', 'Markdown Features', 'Deploy your site', 'Congratulations!']);
    // Drawn as cards side by side, as Docusaurus does, not as a bulleted list of underlined links.
    const items = await page.locator('main .card-list__item').evaluateAll((els) =>
      els.map((el) => {
        const box = el.getBoundingClientRect();
        const card = getComputedStyle(el.firstElementChild as Element);
        return { top: box.top, left: box.left, right: box.right, border: card.borderTopWidth, underline: card.textDecorationLine };
      }),
    );
    expect(items[1].top).toBe(items[0].top);
    expect(items[1].left).toBeGreaterThan(items[0].right);
    expect(items.map((i) => [i.border, i.underline])).toEqual(items.map(() => ['1px', 'none']));
    expect(await page.locator('main .card-list').evaluate((el) => getComputedStyle(el).listStyleType)).toBe('none');
    await expect
      .poll(() => page.locator('main .card-list .card__description').first().textContent())
      .toContain('Add Markdown or React files');
    await cards.first().click();
    await page.waitForURL(`${server.url}/docs/tutorial-basics/create-a-page/`);
  });

  it('gives headings the ids written as MDX comments, and links to them from the table of contents', async () => {
    await page.goto(`${server.url}/docs/tutorial-basics/markdown-features/`);
    // Each heading ends with its link to itself, as Docusaurus's do: a zero-width space the stylesheet draws as `#`.
    const text = (selector: string) => page.locator(selector).evaluate((el) => (el.textContent ?? '').replace(/\u200b/g, ''));
    await expect.poll(() => text('h2#my-heading-id')).toBe('Headings');
    await expect.poll(() => text('h3#my-custom-id')).toBe('Heading Ids');
    await expect
      .poll(() => page.locator('h3#my-custom-id a.hash-link[href="#my-custom-id"]').getAttribute('aria-label'))
      .toBe('Direct link to Heading Ids');
    const toc = page.locator('nav.toc--desktop');
    await expect.poll(() => toc.locator('a[href="#my-custom-id"]').textContent()).toBe('Heading Ids');
    await expect.poll(() => toc.textContent()).not.toContain('/*');
  });

  it('lists the blog posts with their excerpts, and shows a post with its authors and tags by name', async () => {
    await page.goto(`${server.url}/blog/`);
    const teasers = page.locator('article.blog-teaser');
    await expect
      .poll(() => teasers.locator('h2').allTextContents())
      .toEqual(['Welcome', 'MDX Blog Post', 'Long Blog Post', 'First Blog Post']);
    // Cut at {/* truncate */}: the long post's summary as written (its two paragraphs), nothing of what follows.
    const long = teasers.nth(2);
    await expect
      .poll(() => long.locator('.markdown p').allTextContents())
      .toEqual([
        'This is the summary of a very long blog post,',
        'Use a {/* truncate */} comment to limit blog post size in the list view.',
      ]);
    await expect.poll(() => long.textContent()).not.toContain('Lorem ipsum');
    await teasers.first().getByRole('link', { name: 'Welcome', exact: true }).click();
    await page.waitForURL(`${server.url}/blog/welcome/`);
    await expect.poll(() => page.locator('.blog-post__meta').textContent()).toBe('August 26, 2021 · 1 min read');
    // Each author under the title, as Docusaurus draws them: photo, name, title.
    await expect
      .poll(() => page.locator('header .post-authors .avatar__name').allTextContents())
      .toEqual(['Sébastien Lorber', 'Yangshun Tay']);
    await expect.poll(() => page.locator('header .post-authors .avatar__subtitle').first().textContent()).toBe('Docusaurus maintainer');
    await expect
      .poll(() =>
        page
          .locator('header .post-authors img')
          .first()
          .evaluate((img: HTMLImageElement) => img.getBoundingClientRect().width),
      )
      .toBe(48);
    await expect.poll(() => page.locator('.tag-links__tag').allTextContents()).toEqual(['Facebook', 'Hello', 'Docusaurus']);
    await expect
      .poll(() => page.locator('img[alt="Docusaurus Plushie"]').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
  });

  it('leads from a post to its tag and author pages, and from a tag to all tags', async () => {
    await page.goto(`${server.url}/blog/welcome/`);
    await page.locator('.tag-links').getByRole('link', { name: 'Docusaurus' }).click();
    await page.waitForURL(`${server.url}/blog/tags/docusaurus/`);
    await expect.poll(() => page.locator('main h1').textContent()).toBe('4 posts tagged with “Docusaurus”');
    await expect
      .poll(() => page.locator('main article h2').allTextContents())
      .toEqual(['Welcome', 'MDX Blog Post', 'Long Blog Post', 'First Blog Post']);
    await page.getByRole('link', { name: 'View all tags' }).click();
    await page.waitForURL(`${server.url}/blog/tags/`);
    await expect.poll(() => page.locator('main .tag-links__tag').count()).toBe(4);
    await page.goto(`${server.url}/blog/welcome/`);
    await page.locator('.post-authors').getByRole('link', { name: 'Yangshun Tay' }).click();
    await page.waitForURL(`${server.url}/blog/authors/yangshun/`);
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Yangshun Tay');
    await page.goto(`${server.url}/blog/archive/`);
    await expect.poll(() => page.locator('main h2').allTextContents()).toEqual(['2021', '2019']);
  });

  it("announces the blog's RSS and Atom feeds in the head, and serves them as well-formed XML with the posts", async () => {
    await page.goto(`${server.url}/blog/`);
    const feeds = await page
      .locator('head link[rel="alternate"][type$="+xml"]')
      .evaluateAll((links) => links.map((l) => `${l.getAttribute('type')} ${l.getAttribute('href')} ${l.getAttribute('title')}`));
    expect(feeds).toEqual(['application/rss+xml /blog/rss.xml My Site RSS Feed', 'application/atom+xml /blog/atom.xml My Site Atom Feed']);
    const read = await page.evaluate(async () =>
      Promise.all(
        ['/blog/rss.xml', '/blog/atom.xml'].map(async (url) => {
          const doc = new DOMParser().parseFromString(await (await fetch(url)).text(), 'application/xml');
          return {
            wellFormed: !doc.querySelector('parsererror'),
            titles: [...doc.querySelectorAll('item > title, entry > title')].map((t) => t.textContent),
          };
        }),
      ),
    );
    const titles = ['Welcome', 'MDX Blog Post', 'Long Blog Post', 'First Blog Post'];
    expect(read).toEqual([
      { wellFormed: true, titles },
      { wellFormed: true, titles },
    ]);
  });

  it('passes axe on the tag, author and archive pages', async () => {
    for (const path of ['/blog/tags/', '/blog/tags/docusaurus/', '/blog/authors/', '/blog/authors/yangshun/', '/blog/archive/']) {
      await page.goto(`${server.url}${path}`);
      expect(await runAxe(page), path).toEqual([]);
    }
  });

  it('shows the React home page with its hero, tutorial link and three features, and asked for no file the build did not write', async () => {
    await page.goto(`${server.url}/`);
    expect(await page.title()).toBe('Hello from My Site | My Site');
    expect(await page.locator('.hero__title').textContent()).toBe('My Site');
    expect(await page.locator('.col.col--4 h3').allTextContents()).toEqual(['Easy to Use', 'Focus on What Matters', 'Powered by React']);
    await page.getByRole('link', { name: 'Docusaurus Tutorial - 5min ⏱️' }).click();
    await page.waitForURL(`${server.url}/docs/intro/`);
    expect(missing).toEqual([]);
  });
});

/** test/fixtures/docusaurus-sidebars: two sidebars, item classes, docs tags with a tags file. */
describe('a Docusaurus project with two sidebars in a browser', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let cleanup: () => Promise<void>;
  let missing: string[] = [];

  beforeAll(async () => {
    ({ server, missing, cleanup } = await serveFixture('docusaurus-sidebars'));
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await cleanup?.();
  });

  it('shows a doc of the second sidebar that sidebar, and the first sidebar again after following a link back', async () => {
    await page.goto(`${server.url}/docs/api/methods/`);
    const sidebar = page.locator('nav.doc-sidebar');
    await expect.poll(() => sidebar.locator('.menu__link').allTextContents()).toEqual(['API overview', 'Methods']);
    await expect.poll(() => sidebar.locator('[aria-current="page"]').textContent()).toBe('Methods');
    await sidebar.getByRole('link', { name: 'API overview' }).click();
    await page.waitForURL(`${server.url}/docs/api/overview/`);
    await expect.poll(() => sidebar.locator('[aria-current="page"]').textContent()).toBe('API overview');
    await page.goto(`${server.url}/docs/guide/start/`);
    await expect
      .poll(() => sidebar.locator('.menu__link').allTextContents())
      .toEqual(['Getting started', 'Going deeper', 'Example (opens in a new tab)']);
    await expect.poll(() => sidebar.locator('li.start-item [aria-current="page"]').textContent()).toBe('Getting started');
    // Its tags lead to the tag's page (at tags.yml's permalink) and on to every tag.
    await page.locator('.tag-links').getByRole('link', { name: 'For beginners' }).click();
    await page.waitForURL(`${server.url}/docs/tags/starting/`);
    await expect.poll(() => page.locator('main h1').textContent()).toBe('2 docs tagged with “For beginners”');
    await expect.poll(() => page.locator('main article h2').allTextContents()).toEqual(['API overview', 'Getting started']);
    expect(await runAxe(page), '/docs/tags/starting/').toEqual([]);
    // Chromium asks for /favicon.ico by itself; the project has no favicon.
    expect(missing.filter((p) => p !== '/favicon.ico')).toEqual([]);
  });
});

/** The template with a component of its own that keeps state and reacts to clicks, used in a doc. */
describe("a Docusaurus project's own interactive component in a browser", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let cleanup: () => Promise<void>;
  let missing: string[] = [];
  const errors: string[] = [];
  const requested: string[] = [];

  beforeAll(async () => {
    ({ server, missing, cleanup } = await serveFixture('docusaurus-classic', {
      'src/components/Counter.js': [
        "import React, {useState} from 'react';",
        "import Link from '@docusaurus/Link';",
        "import styles from './Counter.module.css';",
        '',
        'export default function Counter({label, start = 0, children}) {',
        '  const [count, setCount] = useState(start);',
        '  return (',
        '    <div className={styles.box}>',
        '      <button type="button" onClick={() => setCount(count + 1)}>{label}: {count}</button>',
        '      <Link to="/docs/intro">Intro</Link>',
        '      {children}',
        '    </div>',
        '  );',
        '}',
        '',
      ].join('\n'),
      'src/components/Counter.module.css': '.box { border: 2px solid rebeccapurple; }\n',
      'src/components/Mode.js': [
        "import {useColorMode} from '@docusaurus/theme-common';",
        'export default function Mode() {',
        '  const {colorMode, setColorMode} = useColorMode();',
        '  return <p className="mode">Modus: {colorMode} <button type="button" onClick={() => setColorMode(\'light\')}>Hell</button></p>;',
        '}',
        '',
      ].join('\n'),
      'docs/mode.mdx': "---\ntitle: Mode\n---\nimport Mode from '@site/src/components/Mode';\n\n<Mode />\n",
      'src/components/Filter.js': [
        "import {useQueryString, useQueryStringList} from '@docusaurus/theme-common';",
        "const ALL = ['rot', 'grün', 'blau'];",
        'export default function Filter() {',
        "  const [title, setTitle] = useQueryString('title');",
        "  const [tags, setTags] = useQueryStringList('tags');",
        '  const shown = ALL.filter((c) => (!title || c.includes(title)) && (tags.length === 0 || tags.includes(c)));',
        '  return (',
        '    <div className="filter">',
        '      <button type="button" onClick={() => setTitle(\'r\')}>Titel r</button>',
        '      <button type="button" onClick={() => setTags((t) => [...t, \'grün\'])}>Grün dazu</button>',
        '      <ul>{shown.map((c) => <li key={c}>{c}</li>)}</ul>',
        '    </div>',
        '  );',
        '}',
        '',
      ].join('\n'),
      'docs/filter.mdx': "---\ntitle: Filter\n---\nimport Filter from '@site/src/components/Filter';\n\n<Filter />\n",
      'docs/counter.mdx':
        '---\ntitle: Counter\n---\nimport Counter from \'@site/src/components/Counter\';\n\n# Zähler\n\n<Counter label="Klicks" start={2}>\n\nInhalt mit **fett**.\n\n</Counter>\n',
    }));
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await cleanup?.();
  });

  it('draws it at build time, hydrates it at load, and it counts clicks; the Markdown inside stays', async () => {
    await page.goto(`${server.url}/docs/counter/`);
    const button = page.getByRole('button', { name: /Klicks/ });
    expect(await button.textContent()).toBe('Klicks: 2');
    await page.waitForFunction(() => document.querySelector<HTMLElement>('quire-island')?.dataset.islandState === 'hydrated');
    await button.click();
    await button.click();
    expect(await button.textContent()).toBe('Klicks: 4');
    expect(await page.locator('quire-children strong').textContent()).toBe('fett');
    expect(await page.locator('quire-island a').getAttribute('href')).toBe('/docs/intro/');
    // The component's CSS module styles it.
    expect(await button.evaluate((b) => getComputedStyle(b.parentElement!).borderTopColor)).toBe('rgb(102, 51, 153)');
    expect(errors).toEqual([]);
    expect(missing).toEqual([]);
  });

  it("follows the theme's colour switch in a component using useColorMode, and switches it with setColorMode", async () => {
    errors.length = 0;
    await page.goto(`${server.url}/docs/mode/`);
    await page.waitForFunction(() => document.querySelector<HTMLElement>('quire-island')?.dataset.islandState === 'hydrated');
    const mode = page.locator('p.mode');
    await expect.poll(() => mode.textContent()).toBe('Modus: light Hell');
    await page.locator('.navbar [data-color-mode-toggle]').click();
    await expect.poll(() => mode.textContent()).toBe('Modus: dark Hell');
    await page.getByRole('button', { name: 'Hell' }).click();
    await expect.poll(() => mode.textContent()).toBe('Modus: light Hell');
    expect(await page.evaluate(() => [document.documentElement.dataset.theme, localStorage.getItem('theme')])).toEqual(['light', 'light']);
    expect(await page.locator('.navbar [data-color-mode-toggle]').getAttribute('aria-pressed')).toBe('false');
    expect(errors).toEqual([]);
  });

  it("reads and sets the address's query string with useQueryString and useQueryStringList", async () => {
    errors.length = 0;
    await page.goto(`${server.url}/docs/filter/?tags=rot&tags=blau`);
    await page.waitForFunction(() => document.querySelector<HTMLElement>('quire-island')?.dataset.islandState === 'hydrated');
    const items = page.locator('.filter li');
    await expect.poll(() => items.allTextContents()).toEqual(['rot', 'blau']);
    await page.getByRole('button', { name: 'Grün dazu' }).click();
    await expect.poll(() => items.allTextContents()).toEqual(['rot', 'grün', 'blau']);
    await page.getByRole('button', { name: 'Titel r' }).click();
    await expect.poll(() => items.allTextContents()).toEqual(['rot', 'grün']);
    expect(new URL(page.url()).search).toBe('?tags=rot&tags=blau&tags=gr%C3%BCn&title=r');
    expect(errors).toEqual([]);
  });

  it('loads no module of the project on a page whose code needs no browser (the React home page)', async () => {
    requested.length = 0;
    await page.goto(`${server.url}/`);
    await page.waitForLoadState('networkidle');
    expect(requested.filter((p) => p.includes('/assets/project/'))).toEqual([]);
    expect(await page.locator('quire-island').count()).toBe(0);
  });
});

describe("Docusaurus tabs and BrowserOnly in a browser (Markdown and the project's components)", () => {
  let server: TestServer;
  let browser: Browser;
  let cleanup: () => Promise<void>;
  let missing: string[] = [];

  beforeAll(async () => {
    ({ server, missing, cleanup } = await serveFixture('docusaurus-classic', {
      'src/components/Install.js': [
        "import React from 'react';",
        "import Tabs from '@theme/Tabs';",
        "import TabItem from '@theme/TabItem';",
        '',
        'export default function Install() {',
        '  return (',
        '    <Tabs groupId="os" values={[{label: "Windows", value: "win"}, {label: "macOS", value: "mac"}]}>',
        '      <TabItem value="mac">brew install</TabItem>',
        '      <TabItem value="win" default>winget install</TabItem>',
        '    </Tabs>',
        '  );',
        '}',
        '',
      ].join('\n'),
      'src/components/Breite.js': [
        "import React from 'react';",
        "import BrowserOnly from '@docusaurus/BrowserOnly';",
        'export default function Breite() {',
        '  return <BrowserOnly fallback={<p>Wird geladen</p>}>{() => <p className="breite">Breite: {window.innerWidth}</p>}</BrowserOnly>;',
        '}',
        '',
      ].join('\n'),
      'docs/tabs.mdx': [
        '---',
        'title: Tabs',
        '---',
        "import Tabs from '@theme/Tabs';",
        "import TabItem from '@theme/TabItem';",
        "import Install from '@site/src/components/Install';",
        "import Breite from '@site/src/components/Breite';",
        '',
        '<Tabs groupId="os" queryString>',
        '  <TabItem value="win" label="Windows">Windows text</TabItem>',
        '  <TabItem value="mac" label="macOS" default>Mac text</TabItem>',
        '</Tabs>',
        '',
        '<Install />',
        '',
        '<Breite />',
        '',
      ].join('\n'),
    }));
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await cleanup?.();
  });

  const shown = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll('.tabs')].map((set) => set.querySelector('.tabs__radio:checked + label')?.textContent),
    );

  it('shows the tab marked default, follows ?os= in the address, and writes a choice there and into every set of the group', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // The tabs' code is a chunk the page loads when it has tab sets: a choice counts once it is there.
    await page.goto(`${server.url}/docs/tabs/`, { waitUntil: 'networkidle' });
    // The Markdown set starts on its default tab, the component's on its own (values order: Windows first).
    await expect.poll(() => shown(page)).toEqual(['macOS', 'Windows']);
    expect(await page.locator('.tabs').nth(1).locator('.tabs__label').allTextContents()).toEqual(['Windows', 'macOS']);
    await page.locator('.tabs').first().getByText('Windows', { exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('os')).toBe('win');
    await expect.poll(() => shown(page)).toEqual(['Windows', 'Windows']);
    // The parameter chooses for the set that reads it; the other keeps the stored choice, as in Docusaurus.
    await page.goto(`${server.url}/docs/tabs/?os=mac`);
    await expect.poll(() => shown(page)).toEqual(['macOS', 'Windows']);
    expect(await page.locator('.tabs').first().locator('.tabs__radio:checked ~ .tabs__panel').textContent()).toBe('Mac text');
    // Without the parameter, the kept choice (localStorage) is shown.
    await page.goto(`${server.url}/docs/tabs/`);
    await expect.poll(() => shown(page)).toEqual(['Windows', 'Windows']);
    // Both are shown by the page itself as it is parsed, not by the tabs' code that comes later: with that code
    // blocked, the first paint would otherwise show each set's default (macOS, Windows). Kept: macOS.
    await page.evaluate(() => localStorage.setItem('quire.tab.os', 'mac'));
    let blocked = 0;
    await page.route(/\/chunks\/tabs\.[\w-]+\.js$/, (route) => (blocked++, route.abort()));
    await page.goto(`${server.url}/docs/tabs/?os=win`, { waitUntil: 'networkidle' });
    expect(await shown(page)).toEqual(['Windows', 'macOS']);
    await page.goto(`${server.url}/docs/tabs/`, { waitUntil: 'networkidle' });
    expect(await shown(page)).toEqual(['macOS', 'macOS']);
    expect(blocked).toBe(2);
    expect(missing).toEqual([]);
    await context.close();
  });

  it("runs BrowserOnly's function once the page is hydrated, in place of its fallback", async () => {
    const context = await browser.newContext({ viewport: { width: 1111, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}/docs/tabs/`);
    await expect.poll(() => page.locator('.breite').textContent()).toBe('Breite: 1111');
    expect(await page.getByText('Wird geladen').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
