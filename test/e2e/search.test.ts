import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { closeBuiltSite, openBuiltSite, SCREENSHOTS, type TestServer } from './harness.ts';

/** The search modal and page on the real built site (issue 5), doing what a visitor does. */
describe('search in the browser (real site)', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => ({ server, browser } = await openBuiltSite(inject('e2eDist'))));
  afterAll(() => closeBuiltSite({ server, browser }));

  async function open(
    route: string,
    viewport = { width: 1280, height: 900 },
  ): Promise<{ page: Page; requests: string[]; errors: string[] }> {
    const page = await browser.newPage({ viewport });
    const requests: string[] = [];
    const errors: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.route(/googletagmanager/, (r) => r.abort());
    await page.goto(server.url + route, { waitUntil: 'networkidle' });
    return { page, requests, errors };
  }

  /** The machine may be busy: islands and the index load over the network, so allow time. */
  const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
  const dialog = (page: Page) => page.locator('.search-modal [role="dialog"]');
  const input = (page: Page) => page.locator('.search-modal__input');

  /** Types a query into the open modal and waits until its results (or failure) for that query are shown. */
  async function query(page: Page, q: string): Promise<void> {
    await input(page).fill(q);
    await page.waitForSelector(
      `.search-modal__body[data-search-query="${q}"]:is([data-search-status="done"], [data-search-status="error"])`,
    );
  }

  const resultHrefs = (page: Page) =>
    page.locator('.search-modal [role="option"]').evaluateAll((els) => els.map((a) => (a as HTMLAnchorElement).getAttribute('href') ?? ''));
  const resultPages = async (page: Page) => [...new Set((await resultHrefs(page)).map((h) => h.split('#')[0]))];
  const markedWords = (page: Page) => page.locator('.search-modal mark').allTextContents();

  it('search: should download no search code and no index on a docs page until search is used', async () => {
    const { page, requests } = await open('/de/docs/features/pdf/');
    const isSearch = (p: string) => /\/pagefind\/|island-Search|\/_quire\/search\./.test(p);
    expect(requests.filter(isSearch)).toEqual([]);
    await page.mouse.wheel(0, 2000);
    await page.waitForLoadState('networkidle');
    expect(requests.filter(isSearch)).toEqual([]);
    // Hovering the search button prefetches the modal and the index; nothing opens.
    await page.hover('[data-search-open]');
    await poll(() => requests.filter(isSearch).some((p) => p.includes('island-SearchModal'))).toBe(true);
    // The settings (UI texts, filters) are one file per build, named by the button, not a copy in each page.
    const settings = await page.getAttribute('[data-search-open]', 'data-search-settings');
    expect(settings).toMatch(/^\/de\/_quire\/search\.[0-9a-f]{16}\.json$/);
    await poll(() => requests.includes(settings!)).toBe(true);
    await poll(() => requests.some((p) => p.endsWith('/pagefind/pagefind.js'))).toBe(true);
    await poll(() => requests.some((p) => /\/pagefind\/wasm\.de\.pagefind$/.test(p))).toBe(true);
    expect(await dialog(page).count()).toBe(0);
    await page.close();
  });

  it('search: should open with Ctrl+K, Cmd+K, "/" and the button, and close with Escape, the close button and the backdrop', async () => {
    const { page, errors } = await open('/de/docs/faq/');
    await page.keyboard.press('Control+k');
    await poll(() => dialog(page).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('search-modal__input'))).toBe(true);
    expect(await input(page).getAttribute('placeholder')).toBe('Dokumentation durchsuchen');
    await page.keyboard.press('Escape');
    await poll(() => dialog(page).count()).toBe(0);

    await page.keyboard.press('Meta+k');
    await poll(() => dialog(page).isVisible()).toBe(true);
    await page.keyboard.press('Control+k'); // toggles closed
    await poll(() => dialog(page).count()).toBe(0);

    await page.keyboard.press('/');
    await poll(() => dialog(page).isVisible()).toBe(true);
    expect(await input(page).inputValue()).toBe(''); // the slash opened search, it was not typed
    await page.click('.search-modal__close');
    await poll(() => dialog(page).count()).toBe(0);

    await page.click('[data-search-open]');
    await poll(() => dialog(page).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/de/docs/faq/'); // the button's link to the search page was not followed
    await page.mouse.click(8, 880); // the backdrop, outside the dialog
    await poll(() => dialog(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('search: should not open on "/" while typing in a field', async () => {
    const { page } = await open('/de/search/');
    await page.click('#search-page-input');
    await page.keyboard.type('a/b');
    expect(await page.inputValue('#search-page-input')).toBe('a/b');
    expect(await dialog(page).count()).toBe(0);
    await page.close();
  });

  it('search: should trap focus inside the modal and return it to where it was', async () => {
    const { page } = await open('/de/docs/faq/');
    const link = page.locator('.doc-sidebar a').first();
    await link.focus();
    const before = await link.getAttribute('href');
    await page.keyboard.press('Control+k');
    await poll(() => dialog(page).isVisible()).toBe(true);
    await query(page, 'PDF');
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('.search-modal [role="dialog"]'))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await poll(() => dialog(page).count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe(before);
    // Closed by its shortcut again, or by a click beside it: the focus goes back just as well.
    for (const closeIt of [() => page.keyboard.press('Control+k'), () => page.mouse.click(5, 400)]) {
      await page.keyboard.press('Control+k');
      await poll(() => dialog(page).isVisible()).toBe(true);
      await closeIt();
      await poll(() => dialog(page).count()).toBe(0);
      await poll(() => page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe(before);
    }
    await page.close();
  });

  it('search: should take typing when opened over the open mobile menu, and Escape should close only the dialog', async () => {
    const { page } = await open('/de/docs/faq/', { width: 375, height: 800 });
    await page.click('[data-mobile-toggle]');
    await poll(() => page.locator('[data-mobile-menu]').isVisible()).toBe(true);
    const inMenu = () => page.evaluate(() => !!document.activeElement?.closest('[data-mobile-menu]'));
    await poll(inMenu).toBe(true);
    await page.keyboard.press('Control+k');
    await poll(() => dialog(page).isVisible()).toBe(true);
    await page.keyboard.type('pdf');
    await poll(() => page.inputValue('.search-modal input')).toBe('pdf');
    await page.keyboard.press('Escape');
    await poll(() => dialog(page).count()).toBe(0);
    expect(await page.locator('[data-mobile-menu]').isVisible()).toBe(true);
    await poll(inMenu).toBe(true);
    await page.close();
  });

  it('search: should jump to a section of the page already shown and put the focus on it', async () => {
    const { page } = await open('/de/docs/features/pdf/');
    await page.keyboard.press('Control+k');
    await query(page, 'Export als PDF oder HTML');
    const hrefs = await resultHrefs(page);
    const at = hrefs.findIndex((h) => h.startsWith('/de/docs/features/pdf/#'));
    expect(at).toBeGreaterThanOrEqual(0);
    for (let i = 0; i < at; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const hash = hrefs[at].slice(hrefs[at].indexOf('#'));
    await poll(() => new URL(page.url()).hash).toBe(hash);
    expect(await dialog(page).count()).toBe(0);
    // The focus is on the section's heading, and the page shows it.
    expect(await page.evaluate(() => '#' + document.activeElement?.id)).toBe(hash);
    // A heading is no control: no focus ring around it.
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).toBe('none');
    expect(await page.evaluate((id) => Math.round(document.getElementById(id)!.getBoundingClientRect().top) < 200, hash.slice(1))).toBe(
      true,
    );
    await page.close();
  });

  it('search: should move through results with the arrow keys (wrapping) and open the active one with Enter', async () => {
    const { page } = await open('/de/docs/');
    await page.keyboard.press('Control+k');
    await query(page, 'PDF');
    const options = page.locator('.search-modal [role="option"]');
    const count = await options.count();
    expect(count).toBeGreaterThan(2);
    const selected = () => options.evaluateAll((els) => els.findIndex((e) => e.getAttribute('aria-selected') === 'true'));
    expect(await selected()).toBe(0);
    await page.keyboard.press('ArrowDown');
    expect(await selected()).toBe(1);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await selected()).toBe(count - 1);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await selected()).toBe(1);
    expect(await input(page).getAttribute('aria-activedescendant')).toBe(await options.nth(1).getAttribute('id'));
    const href = (await options.nth(1).getAttribute('href'))!;
    expect(href.startsWith('/de/')).toBe(true);
    await page.keyboard.press('Enter');
    await poll(() => {
      const u = new URL(page.url());
      return u.pathname + u.hash;
    }).toBe(href);
    expect(await dialog(page).count()).toBe(0);
    // The page came by soft navigation; search still opens on it.
    await page.keyboard.press('Control+k');
    await poll(() => dialog(page).isVisible()).toBe(true);
    await page.close();
  });

  it('search: should find German words across umlaut spellings, inflections and compounds, with highlights', async () => {
    const { page } = await open('/de/docs/');
    await page.keyboard.press('Control+k');
    // The three spellings find the same pages (the same total; ranking may favour the exact spelling).
    const totals: Record<string, string> = {};
    for (const q of ['Übersetzung', 'uebersetzung', 'ubersetzung']) {
      await query(page, q);
      const pages = await resultPages(page);
      expect(pages.length, q).toBeGreaterThan(3);
      expect(
        pages.every((p) => p.startsWith('/de/')),
        q,
      ).toBe(true);
      expect(
        (await markedWords(page)).some((w) => /^übersetzung/i.test(w)),
        q,
      ).toBe(true);
      totals[q] = await page.locator('.search-modal__all').innerText();
    }
    expect(totals['Übersetzung']).toMatch(/^Alle \d+ Ergebnisse anzeigen$/);
    expect(totals.uebersetzung).toBe(totals['Übersetzung']);
    expect(totals.ubersetzung).toBe(totals['Übersetzung']);

    for (const q of ['übersetzt', 'Übersetzungen']) {
      await query(page, q);
      expect((await resultPages(page)).length, q).toBeGreaterThan(3);
      expect(
        (await markedWords(page)).some((w) => /^übersetz/i.test(w)),
        q,
      ).toBe(true);
    }

    await query(page, 'Untertitel');
    expect(await resultPages(page)).toContain('/de/f-video-subtitle-translate/');
    // The word is found inside compounds (Untertiteldateien, Untertitelspur, …), not only alone.
    expect((await markedWords(page)).some((w) => /^untertitel\p{L}+/iu.test(w))).toBe(true);
    await query(page, 'Untertitelübersetzung');
    expect(await resultPages(page)).toContain('/de/f-video-subtitle-translate/');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'search-modal-1280.png') });
    await page.close();
  });

  it('search: should say "no results" with the query, and fail gracefully when the index cannot load', async () => {
    const { page } = await open('/de/docs/');
    await page.keyboard.press('Control+k');
    await query(page, 'xqzvwj');
    expect(await page.locator('.search-modal__body').innerText()).toContain('Keine Ergebnisse für „xqzvwj“');
    await page.close();

    const broken = await open('/de/docs/');
    await broken.page.route(/\/pagefind\//, (r) => r.abort());
    await broken.page.keyboard.press('Control+k');
    await query(broken.page, 'PDF');
    const text = await broken.page.locator('.search-modal__body').innerText();
    expect(text).toContain('Ergebnisse konnten nicht geladen werden');
    expect(text).toContain('Bitte prüfen Sie Ihre Netzwerkverbindung.');
    await broken.page.close();
  });

  it('search: should offer Retry when the modal code cannot load, and open once it can', async () => {
    const { page } = await open('/de/docs/');
    await page.route(/island-SearchModal/, (r) => r.abort());
    await page.keyboard.press('Control+k');
    const retry = page.locator('.search-host .lazy-error button');
    await poll(() => retry.isVisible()).toBe(true);
    await page.unroute(/island-SearchModal/);
    await retry.click();
    await poll(() => dialog(page).isVisible()).toBe(true);
    await query(page, 'PDF');
    expect(await page.locator('.search-modal [role="option"]').count()).toBeGreaterThan(0);
    await page.close();
  });

  it('search: should offer Retry when the search settings cannot load, and open with them once they can', async () => {
    const { page } = await open('/de/docs/');
    await page.route(/\/_quire\/search\./, (r) => r.abort());
    await page.keyboard.press('Control+k');
    const retry = page.locator('.search-host .lazy-error button');
    await poll(() => retry.isVisible()).toBe(true);
    expect(await dialog(page).count()).toBe(0);
    await page.unroute(/\/_quire\/search\./);
    await retry.click();
    await poll(() => dialog(page).isVisible()).toBe(true);
    // The texts came from the settings file.
    expect(await input(page).getAttribute('placeholder')).toBe('Dokumentation durchsuchen');
    await query(page, 'PDF');
    expect(await page.locator('.search-modal [role="option"]').count()).toBeGreaterThan(0);
    await page.close();
  });

  it('search: should keep opened results as recent searches in localStorage and show them for an empty query', async () => {
    const { page } = await open('/de/docs/');
    await page.keyboard.press('Control+k');
    expect(await page.locator('.search-modal__body').innerText()).toContain('Noch keine Suchen im Verlauf');
    await query(page, 'Ollama');
    const first = page.locator('.search-modal [role="option"]').first();
    const title = (await first.locator('.search-hit__title').innerText()).trim();
    await first.click();
    await poll(() => dialog(page).count()).toBe(0);
    // The result opens by soft navigation; the recent search is then checked on the result's page.
    await poll(() => page.evaluate(() => location.pathname)).not.toBe('/de/docs/');
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('quire.search.recent.de.local') ?? '[]') as { pageTitle: string }[],
    );
    expect(stored).toHaveLength(1);

    await page.keyboard.press('Control+k');
    await poll(() => page.locator('.search-modal .search-recent [role="option"]').count()).toBe(1);
    expect(await page.locator('.search-modal .search-recent .search-hit__title').innerText()).toBe(title);
    await page.click('.search-recent__remove');
    await poll(() => page.locator('.search-modal__body').innerText()).toContain('Noch keine Suchen im Verlauf');
    expect(await page.evaluate(() => localStorage.getItem('quire.search.recent.de.local'))).toBe('[]');
    await page.close();
  });

  it('search: should stay open and usable when opened while a link is still loading, and unlock the page when closed', async () => {
    const { page, errors } = await open('/de/docs/');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/de/docs/faq/', async (route) => {
      await gate;
      await route.continue();
    });
    await page.locator('main a[href="/de/docs/faq/"], nav a[href="/de/docs/faq/"]').first().click();
    // The next page is on its way; the visitor opens search meanwhile.
    await page.keyboard.press('Control+k');
    await poll(() => dialog(page).isVisible()).toBe(true);
    release();
    await poll(() => page.evaluate(() => JSON.parse(document.getElementById('quire-config')?.textContent ?? '{}').path)).toBe('/docs/faq/');
    expect(new URL(page.url()).pathname).toBe('/de/docs/faq/');
    // The page changed under the modal: it is still there, focused, and finds things.
    expect(await dialog(page).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('search-modal__input'))).toBe(true);
    await query(page, 'Ollama');
    expect(await page.locator('.search-modal [role="option"]').count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await poll(() => dialog(page).count()).toBe(0);
    // Closed means closed: no scroll lock left behind, and the shortcut opens it again at once.
    expect(await page.evaluate(() => document.body.classList.contains('search-modal-open'))).toBe(false);
    await page.keyboard.press('Control+k');
    await poll(() => dialog(page).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('search: should link "see all results" to the search page, which reads ?q= and follows back and forward', async () => {
    const { page, errors } = await open('/de/docs/');
    // The history after each step, named if the last Back fails (it did once, under heavy load, unexplained).
    const trail: string[] = [];
    const note = async (step: string) =>
      trail.push(`${step}: ${await page.evaluate(() => `${history.length} ${location.pathname}${location.search}`)}`);
    await page.keyboard.press('Control+k');
    await query(page, 'Untertitel');
    await page.click('.search-modal__all');
    await poll(() => new URL(page.url()).search).toBe('?q=Untertitel');
    await note('see all');
    const results = page.locator('.search-page__results');
    await page.waitForSelector('.search-page__results[data-search-status="done"][data-search-query="Untertitel"]');
    expect(await page.locator('.search-page h1').innerText()).toBe('Suchergebnisse für „Untertitel“');
    expect(await page.title()).toBe('Suchergebnisse für „Untertitel“ | Bilingo');
    expect(await results.innerText()).toMatch(/\d+ Dokumente gefunden/);
    expect(await page.locator('.search-page__group').count()).toBeGreaterThan(3);
    expect(await page.locator('.search-page mark').count()).toBeGreaterThan(3);

    await page.fill('#search-page-input', 'Ollama');
    await poll(() => new URL(page.url()).search).toBe('?q=Ollama');
    await page.waitForSelector('.search-page__results[data-search-status="done"][data-search-query="Ollama"]');
    expect(await page.title()).toBe('Suchergebnisse für „Ollama“ | Bilingo');
    expect(await page.locator('.search-page__group h2 a').first().getAttribute('href')).toMatch(/^\/de\//);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'search-page-1280.png') });
    await note('typed');

    await page.goBack();
    await poll(() => page.inputValue('#search-page-input')).toBe('Untertitel');
    await page.waitForSelector('.search-page__results[data-search-status="done"][data-search-query="Untertitel"]');
    await note('back');
    await page.goForward();
    await poll(() => page.inputValue('#search-page-input')).toBe('Ollama');
    expect(new URL(page.url()).search).toBe('?q=Ollama');
    await note('forward');
    await page.goBack();
    await poll(() => page.inputValue('#search-page-input')).toBe('Untertitel');
    await note('back');
    await page.goBack();
    await expect
      .poll(() => new URL(page.url()).pathname, {
        timeout: 15_000,
        message: `history length and address after each step: ${trail.join('; ')}`,
      })
      .toBe('/de/docs/');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('search: should open the search page with ?q= directly and fill the modal full screen on a phone', async () => {
    const { page } = await open('/de/search/?q=PDF');
    await page.waitForSelector('.search-page__results[data-search-status="done"][data-search-query="PDF"]');
    expect(await page.inputValue('#search-page-input')).toBe('PDF');
    await page.close();

    const phone = await open('/de/docs/', { width: 375, height: 800 });
    await phone.page.click('[data-search-open]');
    await poll(() => dialog(phone.page).isVisible()).toBe(true);
    const box = await dialog(phone.page).boundingBox();
    expect(box?.width).toBe(375);
    await query(phone.page, 'Manga');
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await phone.page.screenshot({ path: path.join(SCREENSHOTS, 'search-modal-375.png') });
    await phone.page.close();
  });
});
