import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import config from '../../site.config.ts';
import { closeBuiltSite, openBuiltSite, SCREENSHOTS, type TestServer } from './harness.ts';
import { runAxe } from './theme-support.ts';

/** The marketing pages of issue 31, by the name their screenshots get. */
const PAGES: Record<string, string> = {
  home: '/de/',
  tour: '/de/home/',
  landing: '/de/landing-page/',
  pricing: '/de/pricing/',
  manga: '/de/manga/',
  download: '/de/download/',
  learn: '/de/learn/',
  image: '/de/image/',
  topup: '/de/topup/',
};
/** The story landing pages (content/landing-page/), each opening on the webpage mock-up with its own sample. */
const STORIES = [
  'a-will-eternal',
  'against-the-gods',
  'coiling-dragon',
  'desolate-era',
  'i-shall-seal-the-heavens',
  'lord-of-the-mysteries',
  'martial-world',
  'omniscient-readers-viewpoint',
  'release-that-witch',
  'reverend-insanity',
  'solo-leveling',
  'star-gate',
  'super-gene',
  'supreme-uprising',
  'the-earth-is-online',
  'the-legendary-mechanic',
  'the-second-coming-of-gluttony',
  'warlock-of-the-magus-world',
];
for (const slug of STORIES) PAGES[`story-${slug}`] = `/de/landing-page/${slug}/`;
/** Marketing pages measured at two widths only: each ends in a call to action, none scrolls sideways. */
const MORE_PAGES = [
  '/de/android/',
  '/de/ao3/',
  '/de/mobile/',
  '/de/usage-scenarios/',
  '/de/welcome/',
  '/de/f-pdf-translate/',
  '/de/f-share-bilingual-content/',
  '/de/f-video-subtitle-translate/',
  '/de/manual-chrome-extension/',
];
/** 560–768: tablets, where a 9-card grid once fell to one column. */
const WIDTHS = [320, 375, 560, 640, 720, 768, 1024, 1280, 1440, 1920];
/** Where a grid has room for several columns: no card alone on its last row, no word broken inside. */
const WIDE = [1024, 1280, 1440, 1920];
const SHOT_WIDTHS = [375, 1280, 1920];

/** What one page measures at one width (see measure()). */
interface Measure {
  overflow: number;
  /**
   * Per grid: its class, the number of cards on each row, top to bottom, and whether the last row's first
   * card is as wide as the grid (a card that spans the row is not left alone, it closes the grid).
   */
  grids: { name: string; rows: number[]; lastSpansRow: boolean }[];
  /** Words of grid cards that run over more than one line: "word (grid)". */
  brokenWords: string[];
  /** The page's last block, and whether it is a call to action with a link button. */
  last: { className: string; ctaHref: string | null; aboveFooter: boolean };
}

/**
 * Runs in the page: the horizontal overflow, the rows of every card grid (cards grouped by their top), the
 * words in those cards whose text spans two line boxes (Range.getClientRects: a word broken inside is
 * drawn on two lines; breaks at a hyphen, dash or slash are allowed), and the page's last block.
 */
function measure(): Measure {
  const grids: Measure['grids'] = [];
  const brokenWords: string[] = [];
  for (const grid of document.querySelectorAll<HTMLElement>('main .balanced-grid')) {
    const cards = [...grid.children].filter(
      (c) => c instanceof HTMLElement && !c.matches('.pricing__note') && c.offsetParent !== null,
    ) as HTMLElement[];
    const tops = new Map<number, number>();
    for (const card of cards) {
      const top = Math.round(card.getBoundingClientRect().top);
      tops.set(top, (tops.get(top) ?? 0) + 1);
    }
    const name = grid.className.replace('balanced-grid ', '');
    const last = cards.at(-1);
    const lastSpansRow = !!last && last.getBoundingClientRect().width >= grid.clientWidth - 1;
    grids.push({ name, rows: [...tops.entries()].sort((a, b) => a[0] - b[0]).map(([, n]) => n), lastSpansRow });
    const walker = document.createTreeWalker(grid, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('.visually-hidden') || parent.offsetParent === null) continue;
      for (const m of (node.textContent ?? '').matchAll(/[^\s\-–/]+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1) brokenWords.push(`${m[0]} (${name})`);
      }
    }
  }
  const blocks = document.querySelector('main .page__content .markdown');
  const lastBlock = blocks?.lastElementChild as HTMLElement | null;
  const button = lastBlock?.matches('.cta') ? lastBlock.querySelector<HTMLAnchorElement>('a.button[href]') : null;
  const footer = document.querySelector('footer');
  return {
    overflow: document.documentElement.scrollWidth - window.innerWidth,
    grids,
    brokenWords,
    last: {
      className: lastBlock?.className ?? '(none)',
      ctaHref: button?.getAttribute('href') ?? null,
      aboveFooter: !!lastBlock && !!footer && lastBlock.getBoundingClientRect().bottom <= footer.getBoundingClientRect().top,
    },
  };
}

/** Phone widths where the mock-ups must stay legible, and the pages that show mock-ups. */
const PHONES = [320, 375, 414];
const MOCKUP_PAGES = ['/de/', '/de/manga/', '/de/image/', ...STORIES.map((slug) => `/de/landing-page/${slug}/`)];

/**
 * Runs in the page: for each mock-up drawn (not display: none), which drawing it is, and each text's size as
 * rendered: its font size in SVG units times the scale from those units to CSS px (getScreenCTM, which counts
 * the viewBox and any scaling group); texts whose box (getBoundingClientRect) leaves the drawing or the
 * screen; and the page's horizontal overflow.
 */
function legibility() {
  const small: string[] = [];
  const outside: string[] = [];
  const variants: string[] = [];
  let texts = 0;
  for (const svg of document.querySelectorAll<SVGSVGElement>('main svg.mockup')) {
    const box = svg.getBoundingClientRect();
    if (box.width === 0) continue;
    variants.push(svg.dataset.variant ?? '(none)');
    if (box.left < 0 || box.right > window.innerWidth) outside.push(`${svg.getAttribute('class')} at ${box.left}–${box.right}`);
    for (const text of svg.querySelectorAll<SVGTextContentElement>('text, tspan')) {
      if (!text.textContent?.trim()) continue;
      texts++;
      const px = Number.parseFloat(getComputedStyle(text).fontSize) * (text.getScreenCTM()?.a ?? 0);
      if (px < 10) small.push(`"${text.textContent}" at ${px.toFixed(1)}px`);
      const r = text.getBoundingClientRect();
      if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1)
        outside.push(`"${text.textContent}" leaves its drawing`);
    }
  }
  return { drawings: variants.length, variants, texts, small, outside, overflow: document.documentElement.scrollWidth - window.innerWidth };
}

describe('marketing pages in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  /** `${name}@${width}` → what the page measured there. */
  const measured = new Map<string, Measure>();
  const errors: string[] = [];

  beforeAll(async () => {
    ({ server, browser } = await openBuiltSite(inject('e2eDist')));
    await mkdir(SCREENSHOTS, { recursive: true });
    // This run's screenshots only: one an earlier run left must not stand in for a page this run did not reach.
    for (const name of await readdir(SCREENSHOTS)) if (name.startsWith('marketing-')) await rm(path.join(SCREENSHOTS, name));
    for (const width of WIDTHS) {
      const context = await visitorContext(browser, width);
      const page = await context.newPage();
      page.on('pageerror', (e) => errors.push(`${page.url()} at ${width}px: ${e.message}`));
      for (const [name, route] of Object.entries(PAGES)) {
        const response = await page.goto(server.url + route);
        if (response?.status() !== 200) errors.push(`${route}: HTTP ${response?.status()}`);
        await page.evaluate(() => document.fonts.ready);
        measured.set(`${name}@${width}`, await page.evaluate(measure));
        if (SHOT_WIDTHS.includes(width)) await screenshot(page, `marketing-${name}-${width}.png`);
      }
      await context.close();
    }
  }, 600_000);
  afterAll(() => closeBuiltSite({ server, browser }));

  it('marketing: should load every marketing page without a script error', () => {
    expect(errors).toEqual([]);
  });

  it('marketing: should never scroll sideways, from 320 to 1920 px', () => {
    const wide: string[] = [];
    for (const width of WIDTHS)
      for (const name of Object.keys(PAGES))
        if (measured.get(`${name}@${width}`)!.overflow > 0)
          wide.push(`${PAGES[name]} at ${width}px: ${measured.get(`${name}@${width}`)!.overflow}px`);
    expect(wide).toEqual([]);
  });

  it('marketing: should leave no card alone on the last row of a grid, from 320 to 1920 px', () => {
    const widows: string[] = [];
    let grids = 0;
    for (const width of WIDTHS)
      for (const name of Object.keys(PAGES))
        for (const grid of measured.get(`${name}@${width}`)!.grids) {
          grids++;
          if (grid.rows.length > 1 && grid.rows[0] > 1 && grid.rows.at(-1) === 1 && !grid.lastSpansRow)
            widows.push(`${PAGES[name]} ${grid.name} at ${width}px: rows of ${grid.rows.join(' + ')}`);
        }
    // The home page's features and stats, the tour's and the landing page's grids, the learning centre's four
    // card grids and the plans, at ten widths.
    expect(grids).toBeGreaterThanOrEqual(10 * 12);
    expect(widows).toEqual([]);
  });

  it('marketing: should lay the 9 features of /de/ in 1 column on phones, 2 on tablets and 3 × 3 from 1024 px', () => {
    const rows = (width: number) => measured.get(`home@${width}`)!.grids.find((g) => g.name === 'feature-grid')!;
    for (const width of [320, 375]) expect(rows(width).rows, `${width}px`).toEqual(Array(9).fill(1));
    // Two columns: four rows of two and the ninth card across the row.
    for (const width of [560, 640, 720, 768]) {
      expect(rows(width).rows, `${width}px`).toEqual([2, 2, 2, 2, 1]);
      expect(rows(width).lastSpansRow, `${width}px`).toBe(true);
    }
    for (const width of WIDE) expect(rows(width).rows, `${width}px`).toEqual([3, 3, 3]);
  });

  it('marketing: should break no word inside in the stat, feature and card grids at 1024, 1280, 1440 and 1920 px', () => {
    const broken: string[] = [];
    for (const width of WIDE)
      for (const name of Object.keys(PAGES))
        for (const word of measured.get(`${name}@${width}`)!.brokenWords) broken.push(`${PAGES[name]} at ${width}px: ${word}`);
    expect(broken).toEqual([]);
  });

  it('marketing: should end every marketing page in a call to action with a link button, above the footer', () => {
    for (const width of [375, 1280]) {
      for (const [name, route] of Object.entries(PAGES)) {
        const { last } = measured.get(`${name}@${width}`)!;
        expect(last.className, `${route} ends in ${last.className}`).toBe('cta');
        expect(last.ctaHref, route).toMatch(/^(?:\/de\/|https:\/\/)/);
        expect(last.aboveFooter, route).toBe(true);
      }
    }
  });

  it('marketing: should end the feature, app and guide pages in a call to action above the footer too, at 375, 1280 and 1920 px', async () => {
    const ends: string[] = [];
    for (const width of SHOT_WIDTHS) {
      const context = await visitorContext(browser, width);
      const page = await context.newPage();
      for (const route of MORE_PAGES) {
        const response = await page.goto(server.url + route);
        expect(response?.status(), route).toBe(200);
        const { last, overflow } = await page.evaluate(measure);
        if (last.className !== 'cta' || !last.ctaHref?.match(/^(?:\/de\/|https:\/\/)/) || !last.aboveFooter || overflow > 0)
          ends.push(`${route} at ${width}px: ends in ${last.className}, link ${last.ctaHref}, overflow ${overflow}px`);
        // Issue 31 reviews every marketing page at the three widths: these too, by their address.
        await screenshot(page, `marketing-${route.split('/').at(-2)}-${width}.png`);
      }
      await context.close();
    }
    expect(ends).toEqual([]);
  });

  it('mock-ups: should show the product as labelled inline drawings on /de/, /de/manga/, /de/image/ and the story pages, sized before paint', async () => {
    const context = await visitorContext(browser, 1280);
    const page = await context.newPage();
    const expected: Record<string, string[]> = {
      '/de/': ['webpage', 'pdf', 'video', 'manga'],
      '/de/manga/': ['manga'],
      '/de/image/': ['image'],
      ...Object.fromEntries(STORIES.map((slug) => [`/de/landing-page/${slug}/`, ['webpage']])),
    };
    for (const [route, names] of Object.entries(expected)) {
      // Without CSS the drawings (wide and phone) keep the box their attributes give: nothing moves when the
      // styles arrive.
      await page.route(/\.css$/, (r) => r.abort());
      await page.goto(server.url + route);
      const unstyled = await page.locator('svg.mockup').evaluateAll((svgs) =>
        svgs.map((svg) => {
          const box = svg.getBoundingClientRect();
          return { width: svg.getAttribute('width'), height: svg.getAttribute('height'), ratio: box.width / box.height };
        }),
      );
      for (const m of unstyled) expect(m.ratio, route).toBeCloseTo(Number(m.width) / Number(m.height), 2);
      await page.unroute(/\.css$/);
      await page.goto(server.url + route);
      // Per mock-up, both drawings: the ratio of the one shown, the bytes of the larger.
      const shots = await page.locator('main .mockup-box').evaluateAll((boxes) =>
        boxes.map((box) => {
          const svgs = [...box.querySelectorAll<SVGSVGElement>(':scope > svg.mockup')];
          const shown = svgs.find((svg) => svg.getBoundingClientRect().width > 0) ?? svgs[0];
          return {
            name: [...shown.classList].find((c) => c.startsWith('mockup--'))?.slice('mockup--'.length),
            drawings: svgs.map((svg) => svg.dataset.variant),
            roles: svgs.map((svg) => svg.getAttribute('role')),
            label: shown.getAttribute('aria-label') ?? '',
            bytes: Math.max(...svgs.map((svg) => new Blob([svg.outerHTML]).size)),
            external: box.querySelectorAll('image, use[href^="http"], foreignObject').length,
            ratio: shown.getBoundingClientRect().width / shown.getBoundingClientRect().height,
            viewBox: shown.getAttribute('viewBox'),
          };
        }),
      );
      expect(
        shots.map((s) => s.name),
        route,
      ).toEqual(names);
      for (const shot of shots) {
        expect(shot.drawings, `${route} ${shot.name}`).toEqual(['wide', 'phone']);
        expect(shot.roles, `${route} ${shot.name}`).toEqual(['img', 'img']);
        // A German sentence that says what the drawing shows, not a file name.
        expect(shot.label, `${route} ${shot.name}`).toMatch(/^[A-ZÄÖÜ][\s\S]{40,}$/);
        expect(shot.label, `${route} ${shot.name}`).toMatch(/\b(?:mit|und|der|die|das|ein|eine)\b/);
        expect(shot.bytes, `${route} ${shot.name}`).toBeLessThan(8 * 1024);
        expect(shot.external, `${route} ${shot.name}`).toBe(0);
        const [, , w, h] = shot.viewBox!.split(' ').map(Number);
        expect(shot.ratio, `${route} ${shot.name}`).toBeCloseTo(w / h, 2);
      }
      // The simple diagrams the mock-ups replace are gone from the page.
      expect(await page.locator('img:is([src*="hero-bilingual"], [src*="manga-bubbles"], [src*="image-translate"])').count(), route).toBe(
        0,
      );
    }
    await context.close();
  });

  it('mock-ups: should draw every word at 10 CSS px or more on phones of 320, 375 and 414 px, inside the drawing and the screen', async () => {
    const small: string[] = [];
    const outside: string[] = [];
    let words = 0;
    for (const width of PHONES) {
      const context = await visitorContext(browser, width);
      const page = await context.newPage();
      for (const route of MOCKUP_PAGES) {
        await page.goto(server.url + route);
        const found = await page.evaluate(legibility);
        expect(found.drawings, `${route} at ${width}px`).toBeGreaterThan(0);
        expect(found.variants, `${route} at ${width}px`).toEqual(Array(found.drawings).fill('phone'));
        words += found.texts;
        for (const s of found.small) small.push(`${route} at ${width}px: ${s}`);
        for (const o of found.outside) outside.push(`${route} at ${width}px: ${o}`);
        expect(found.overflow, `${route} at ${width}px`).toBeLessThanOrEqual(0);
      }
      await context.close();
    }
    expect(words).toBeGreaterThan(PHONES.length * MOCKUP_PAGES.length * 3);
    expect(small).toEqual([]);
    expect(outside).toEqual([]);
  });

  it('mock-ups: should show the detailed drawing where there is room, at 1280 px on /de/manga/', async () => {
    const context = await visitorContext(browser, 1280);
    const page = await context.newPage();
    await page.goto(server.url + '/de/manga/');
    const found = await page.evaluate(legibility);
    expect(found.variants).toEqual(['wide']);
    await context.close();
  });

  it("stories: should open with the story title, a way on and a drawing of the page's own sample, at 375 and 1280 px", async () => {
    for (const width of [375, 1280]) {
      const context = await visitorContext(browser, width);
      const page = await context.newPage();
      for (const slug of STORIES) {
        await page.goto(`${server.url}/de/landing-page/${slug}/`);
        const hero = await page.evaluate(() => {
          const section = document.querySelector('main .hero');
          const shown = [...(section?.querySelectorAll<SVGSVGElement>('svg.mockup') ?? [])].find(
            (svg) => svg.getBoundingClientRect().width > 0,
          );
          const words = (shown?.textContent ?? '').replace(/\s+/g, ' ');
          const sample = document.querySelector('.bilingual__pair');
          const first = (el: Element | null | undefined) => (el?.textContent ?? '').trim().split(/\s+/).slice(0, 4).join(' ');
          return {
            h1: document.querySelectorAll('h1').length,
            title: section?.querySelector('h1')?.textContent ?? '',
            download: section?.querySelector('a.button--primary')?.getAttribute('href') ?? null,
            inView: !!shown && shown.getBoundingClientRect().top < window.innerHeight * 2,
            original:
              !!first(sample?.querySelector('.bilingual__original')) &&
              words.includes(first(sample?.querySelector('.bilingual__original'))),
            translation:
              !!first(sample?.querySelector('.bilingual__translation')) &&
              words.includes(first(sample?.querySelector('.bilingual__translation'))),
          };
        });
        const where = `${slug} at ${width}px`;
        expect(hero.h1, where).toBe(1);
        expect(hero.title, where).toMatch(/ zweisprachig lesen$/);
        expect(hero.download, where).toBe('/de/download/');
        expect(hero.inView, where).toBe(true);
        expect(hero.original, where).toBe(true);
        expect(hero.translation, where).toBe(true);
      }
      await context.close();
    }
  });

  it('mock-ups: should follow the colour mode', async () => {
    const context = await visitorContext(browser, 1280);
    const page = await context.newPage();
    await page.goto(server.url + '/de/');
    const colours = () =>
      page.evaluate(() => {
        const fill = (selector: string) => getComputedStyle(document.querySelector(`.mockup--webpage ${selector}`)!).fill;
        return { window: fill('.mk-window'), text: fill('.mk-text'), translation: fill('.mk-translation') };
      });
    const light = await colours();
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    const dark = await colours();
    for (const key of ['window', 'text', 'translation'] as const) expect(dark[key], key).not.toBe(light[key]);
    await context.close();
  });

  it('showcase: should alternate text and mock-up side by side at 1280 px and stack them, text first, at 375 px', async () => {
    for (const width of [1280, 375]) {
      const context = await visitorContext(browser, width);
      const page = await context.newPage();
      await page.goto(server.url + '/de/');
      const rows = await page.locator('.showcase').evaluateAll((rows) =>
        rows.map((row) => {
          const text = row.querySelector('.showcase__text')!.getBoundingClientRect();
          const visual = row.querySelector('.showcase__visual')!.getBoundingClientRect();
          return { visualLeft: visual.right <= text.left, visualRight: visual.left >= text.right, stacked: visual.top >= text.bottom };
        }),
      );
      expect(rows).toHaveLength(3);
      if (width === 1280)
        expect(rows.map((r) => (r.visualLeft ? 'left' : r.visualRight ? 'right' : 'overlap'))).toEqual(['right', 'left', 'right']);
      else expect(rows.every((r) => r.stacked)).toBe(true);
      await context.close();
    }
  });

  it('a11y: should pass axe on the marketing pages the chrome tests do not cover and on the 404 page', async () => {
    const context = await visitorContext(browser, 1280);
    const page = await context.newPage();
    const found: string[] = [];
    for (const route of [
      '/de/manga/',
      '/de/image/',
      '/de/learn/',
      '/de/topup/',
      '/de/landing-page/star-gate/',
      '/de/android/',
      '/de/gibt-es-nicht/',
    ]) {
      await page.goto(server.url + route);
      for (const v of await runAxe(page)) found.push(`${route} ${v.id}: ${v.nodes.join('; ')}`);
    }
    expect(found).toEqual([]);
    await context.close();
  });

  it('head: should name the favicon set, the browser colour and og:locale de_DE, each icon there to load', async () => {
    const context = await visitorContext(browser, 375);
    const page = await context.newPage();
    await page.goto(server.url + '/de/');
    const head = await page.evaluate(() => ({
      themeColor: document.head.querySelector('meta[name="theme-color"]')?.getAttribute('content'),
      ogLocale: document.head.querySelector('meta[property="og:locale"]')?.getAttribute('content'),
      links: [...document.head.querySelectorAll('link:is([rel="icon"], [rel="apple-touch-icon"], [rel="manifest"])')].map(
        (l) => `${l.getAttribute('rel')} ${l.getAttribute('href')}`,
      ),
    }));
    expect(head.themeColor).toMatch(/^#[0-9a-f]{6}$/i);
    expect(head.ogLocale).toBe('de_DE');
    expect(head.links).toEqual([
      'icon /de/img/favicon.svg',
      'icon /de/img/favicon-32.png',
      'apple-touch-icon /de/img/apple-touch-icon.png',
      'manifest /de/manifest.webmanifest',
    ]);
    for (const link of head.links) expect((await page.request.get(server.url + link.split(' ')[1])).status(), link).toBe(200);
    const manifest = (await (await page.request.get(server.url + '/de/manifest.webmanifest')).json()) as {
      theme_color: string;
      icons: { src: string }[];
    };
    expect(manifest.theme_color).toBe(head.themeColor);
    for (const icon of manifest.icons)
      expect((await page.request.get(new URL(icon.src, server.url + '/de/manifest.webmanifest').href)).status(), icon.src).toBe(200);
    await context.close();
  });

  it('404: should offer a search that finds the docs, the first docs and the home page', async () => {
    const context = await visitorContext(browser, 1280);
    const page = await context.newPage();
    const response = await page.goto(server.url + '/de/gibt-es-nicht/');
    expect(response?.status()).toBe(404);
    const docs = await page.locator('.not-found__docs a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(docs.length).toBeGreaterThanOrEqual(3);
    expect(docs.every((href) => href?.startsWith('/de/docs/'))).toBe(true);
    expect(await page.locator('.not-found a[href="/de/"]').count()).toBe(1);
    await screenshot(page, 'marketing-404-1280.png');
    for (const width of SHOT_WIDTHS.filter((w) => w !== 1280)) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, `marketing-404-${width}.png`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    const field = page.getByRole('searchbox', { name: 'Suchbegriff eingeben' });
    await field.fill('Ollama');
    await field.press('Enter');
    await page.waitForURL(/\/de\/search\/\?q=Ollama$/);
    await page.waitForSelector('.search-page__results[data-search-status="done"][data-search-query="Ollama"]');
    expect(await page.locator('.search-page__results a[href^="/de/docs/services/ollama/"]').count()).toBeGreaterThan(0);
    // Each of the docs links leads to a page that is there.
    for (const href of docs) expect((await page.request.get(server.url + href!)).status(), href!).toBe(200);
    await context.close();
  });

  // README's Lighthouse section: the not-found page has no robots meta (Lighthouse's "blocked from indexing" audit,
  // Docusaurus's not-found page has none either). At a missing address hosts answer 404, which keeps it out of search
  // engines; its own file is linked from nowhere, and the build leaves it out of the sitemap and the site's search
  // by its route kind.
  it('404: should answer 404 at a missing address, carry no noindex, and stay out of the sitemap and the search', async () => {
    const context = await visitorContext(browser, 1280);
    const page = await context.newPage();
    const missing = await page.goto(server.url + '/de/gibt-es-nicht/');
    expect(missing?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe('Seite nicht gefunden');
    expect(await page.locator('head meta[name="robots"]').count()).toBe(0);
    // Hosts also serve the file itself at /de/404.html (this test server answers that address with the page as a
    // missing one): the file carries no robots meta either.
    const file = await (await page.request.get(server.url + '/de/404.html')).text();
    expect(file).toContain('Seite nicht gefunden');
    expect(file).not.toMatch(/<meta name="robots"/);
    await page.goto(server.url + '/de/404.html');
    expect(await page.locator('h1').textContent()).toBe('Seite nicht gefunden');
    const sitemap = await (await page.request.get(server.url + '/de/sitemap.xml')).text();
    expect(sitemap).toContain('<loc>https://www.bilingo.app/de/pricing/</loc>');
    expect(sitemap).not.toContain('404');
    // The site's own search never returns the page itself.
    await page.goto(server.url + '/de/search/?q=' + encodeURIComponent('Seite nicht gefunden'));
    await page.waitForSelector('.search-page__results[data-search-status="done"]');
    expect(await page.locator('.search-page__results a[href^="/de/404"]').count()).toBe(0);
    await context.close();
  });

  // Declared last, so it runs after every test above that writes screenshots.
  it('screenshots: should leave every marketing page at 375, 1280 and 1920 px for review, each a PNG that wide', async () => {
    const names = [...Object.keys(PAGES), ...MORE_PAGES.map((route) => route.split('/').at(-2)!), '404'];
    const problems: string[] = [];
    for (const name of names)
      for (const width of SHOT_WIDTHS) {
        const file = `marketing-${name}-${width}.png`;
        const bytes = await readFile(path.join(SCREENSHOTS, file)).catch(() => undefined);
        // A PNG starts with its 8-byte signature and the IHDR chunk, whose first field is the width.
        if (!bytes) problems.push(`${file}: missing`);
        else if (bytes.readUInt32BE(0) !== 0x89504e47 || bytes.toString('latin1', 12, 16) !== 'IHDR') problems.push(`${file}: not a PNG`);
        else if (bytes.readUInt32BE(16) !== width) problems.push(`${file}: ${bytes.readUInt32BE(16)} px wide`);
      }
    expect(problems).toEqual([]);
    expect(names.length * SHOT_WIDTHS.length).toBeGreaterThanOrEqual(100);
  });
});

/** A visitor who has answered the consent banner already (it would cover the page in screenshots); no tag manager. */
async function visitorContext(browser: Browser, width: number): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.route(/googletagmanager\.com/, (r) => r.abort());
  await context.addInitScript(
    (version) =>
      localStorage.setItem(
        'quire.consent',
        JSON.stringify({ v: version, c: { necessary: true, statistics: false }, t: new Date().toISOString() }),
      ),
    config.consent!.version,
  );
  return context;
}

/** A full-page screenshot for review, with lazy images loaded first (they are blank until scrolled to). */
async function screenshot(page: Page, file: string): Promise<void> {
  await page.evaluate(async () => {
    for (const img of document.querySelectorAll('img')) img.loading = 'eager';
    await Promise.all(
      [...document.images].map((img) =>
        img.complete
          ? undefined
          : new Promise((resolve) => {
              img.addEventListener('load', resolve, { once: true });
              img.addEventListener('error', resolve, { once: true });
            }),
      ),
    );
  });
  await page.screenshot({ path: path.join(SCREENSHOTS, file), fullPage: true });
}
