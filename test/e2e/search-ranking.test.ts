import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { closeBuiltSite, openBuiltSite, type TestServer } from './harness.ts';

/** What search finds and shows on the real site (issue 31): docs first, clean titles, excerpts from a sentence's start. */
describe('search quality in the browser (real site)', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    ({ server, browser } = await openBuiltSite(inject('e2eDist')));
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.route(/googletagmanager/, (r) => r.abort());
    // From a marketing page: its search covers the docs and everything else (blog, marketing pages).
    await page.goto(server.url + '/de/', { waitUntil: 'networkidle' });
    await page.keyboard.press('Control+k');
    await page.waitForSelector('.search-modal__input');
  });
  afterAll(() => closeBuiltSite({ server, browser }));

  interface Row {
    href: string;
    title: string;
    excerpt: string;
  }

  async function search(query: string): Promise<{ rows: Row[]; pages: string[] }> {
    await page.locator('.search-modal__input').fill(query);
    await page.waitForSelector(`.search-modal__body[data-search-query="${query}"][data-search-status="done"]`);
    const rows = await page.locator('.search-modal [role="option"]').evaluateAll((els) =>
      els.map((a) => ({
        href: a.getAttribute('href') ?? '',
        title: a.querySelector('.search-hit__title')?.textContent?.trim() ?? '',
        excerpt: a.querySelector('.search-hit__excerpt')?.textContent?.trim() ?? '',
      })),
    );
    const pages = await page.locator('.search-modal .search-results__page').allTextContents();
    return { rows, pages };
  }

  it('search ranking: should put the Ollama docs page first for "Ollama", above the blog post about it', async () => {
    const { rows } = await search('Ollama');
    const order = [...new Set(rows.map((r) => r.href.split('#')[0]))];
    expect(order[0]).toBe('/de/docs/services/ollama/');
    expect(order).toContain('/de/blog/ollama-lokal-einrichten/');
  });

  it('search ranking: should show result titles without the "Pro" badge\'s text', async () => {
    const { rows, pages } = await search('Export');
    const exportSection = rows.find((r) => r.href === '/de/docs/features/pdf/#export');
    expect(exportSection?.title).toBe('Export als PDF oder HTML');
    for (const text of [...rows.map((r) => r.title), ...pages]) expect(text).not.toMatch(/\sPro$/);
    // Nor in the excerpts, where "HTML Pro. Eine" read as the name of a format.
    for (const row of rows) expect(row.excerpt).not.toMatch(/HTML Pro(?![\p{L}-])/u);
  });

  /**
   * Where a reader can start in a page: the start of each block of its content (paragraph, list item, table cell,
   * heading …) and each word after a sentence's end, as the first words there.
   */
  async function readingStarts(path: string): Promise<string[]> {
    const reader = await browser.newPage();
    await reader.route(/googletagmanager/, (r) => r.abort());
    await reader.goto(server.url + path);
    const starts = await reader.evaluate(() => {
      const blocks = document.querySelectorAll(
        '[data-pagefind-body] :is(p, li, td, th, h1, h2, h3, h4, h5, h6, dt, dd, figcaption, blockquote, summary, pre, code)',
      );
      return [...blocks].flatMap((el) => {
        const text = (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim();
        return [text, ...[...text.matchAll(/[.!?…]["“”»)]*\s+/g)].map((m) => text.slice(m.index + m[0].length))];
      });
    });
    await reader.close();
    return starts;
  }

  it('search ranking: should start excerpts at a sentence or heading, or say with "…" that they do not', async () => {
    const starts = new Map<string, string[]>();
    let checked = 0;
    for (const query of ['Ollama', 'PDF', 'Untertitel']) {
      const { rows } = await search(query);
      expect(rows.length, query).toBeGreaterThan(0);
      for (const row of rows.filter((r) => r.excerpt && !r.excerpt.startsWith('…')).slice(0, 6)) {
        const path = row.href.split('#')[0];
        if (!starts.has(path)) starts.set(path, await readingStarts(path));
        // The excerpt's first words begin a block or a sentence of the page (compared without punctuation: the
        // index ends a heading or a step's title with a full stop the page does not show).
        const words = (text: string) =>
          text
            .replace(/[.,;:!?…]/g, '')
            .split(' ')
            .filter(Boolean);
        const first = words(row.excerpt);
        const begins = (start: string) => {
          const head = words(start).slice(0, 3);
          return head.length > 0 && head.every((w, i) => w === first[i]);
        };
        expect(starts.get(path)!.some(begins), `${query}: ${row.href}: "${row.excerpt}"`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
    // Pagefind's own window for the setup steps began "ein Modell. Für Übersetzungen …", mid-sentence.
    const { rows } = await search('Ollama');
    const setup = rows.find((r) => r.href.startsWith('/de/docs/services/ollama/#einrichtung'));
    expect(setup?.excerpt).not.toMatch(/^ein Modell/);
  });
});
