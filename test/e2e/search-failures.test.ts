import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { closeBuiltSite, openBuiltSite, SCREENSHOTS, type TestServer } from './harness.ts';

/**
 * Search when its code or data cannot be loaded (issue 31): whatever part fails, Ctrl+K answers with a German
 * message and "Erneut versuchen" from the page's own script, the browser's error goes to the console, and
 * Retry works once the part can be loaded again.
 */
describe('search failures in the browser (real site)', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => ({ server, browser } = await openBuiltSite(inject('e2eDist'))));
  afterAll(() => closeBuiltSite({ server, browser }));

  const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
  const dialog = (page: Page) => page.locator('.search-modal [role="dialog"]');
  const box = (page: Page) => page.locator('.search-host .lazy-error');

  async function open(route: string): Promise<{ page: Page; consoleErrors: string[]; pageErrors: string[] }> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const consoleErrors: string[] = [];
    const pageErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.route(/googletagmanager/, (r) => r.abort());
    await page.goto(server.url + route, { waitUntil: 'networkidle' });
    return { page, consoleErrors, pageErrors };
  }

  /** The JavaScript files a module imports, directly or through its chunks, as site paths. */
  async function moduleGraph(url: string, seen = new Set<string>()): Promise<Set<string>> {
    if (seen.has(url)) return seen;
    seen.add(url);
    const source = await (await fetch(server.url + url)).text();
    for (const [, spec] of source.matchAll(/(?:from|import)\s*"(\.{1,2}\/[^"]+\.js)"/g)) {
      await moduleGraph(new URL(spec, server.url + url).pathname, seen);
    }
    return seen;
  }

  /**
   * The files of the search modal's code a page does not have yet when the visitor presses Ctrl+K: the island
   * and the chunks it imports beyond those the page's own script imported at load.
   */
  async function searchCode(page: Page): Promise<string[]> {
    const { main, island } = await page.evaluate(() => ({
      main: new URL((document.querySelector('script[type="module"][src]') as HTMLScriptElement).src).pathname,
      island: (JSON.parse(document.getElementById('quire-config')!.textContent!) as { islands: Record<string, string> }).islands
        .SearchModal,
    }));
    const loaded = await moduleGraph(main);
    return [...(await moduleGraph(island))].filter((file) => !loaded.has(file));
  }

  /** Every non-empty combination of `items`. */
  const combinations = <T>(items: T[]): T[][] =>
    items.flatMap((item, i) => [[item], ...combinations(items.slice(i + 1)).map((rest) => [item, ...rest])]);

  /** What the error box shows: the page's words only, no browser error, no address. */
  async function expectGermanBox(page: Page): Promise<void> {
    await poll(() => box(page).isVisible()).toBe(true);
    const text = await box(page).innerText();
    expect(text).toContain('Die Suche konnte nicht geladen werden. Bitte prüfen Sie Ihre Netzwerkverbindung.');
    expect(text).toContain('Erneut versuchen');
    expect(text).not.toMatch(/https?:|failed|fetch|module|import|error/i);
    // The answer to the key just pressed: the focus is on Retry.
    expect(await page.evaluate(() => document.activeElement?.matches('.search-host [data-lazy-retry]'))).toBe(true);
  }

  it('search failures: should find at least the island and one chunk of its own to block', async () => {
    const { page } = await open('/de/docs/');
    const files = await searchCode(page);
    expect(files.some((f) => /\/island-SearchModal\.[\w-]+\.js$/.test(f))).toBe(true);
    expect(files.filter((f) => f.includes('/chunks/')).length).toBeGreaterThanOrEqual(1);
    await page.close();
  });

  it("search failures: should share no file between the page's own script and the search code, so blocking any of it leaves Retry working", async () => {
    const { page } = await open('/de/docs/');
    const { main, island } = await page.evaluate(() => ({
      main: new URL((document.querySelector('script[type="module"][src]') as HTMLScriptElement).src).pathname,
      island: (JSON.parse(document.getElementById('quire-config')!.textContent!) as { islands: Record<string, string> }).islands
        .SearchModal,
    }));
    const pageScript = await moduleGraph(main);
    expect([...(await moduleGraph(island))].filter((file) => pageScript.has(file))).toEqual([]);
    await page.close();
  });

  it('search failures: should show a German message and "Erneut versuchen" for every combination of blocked search code, and open once it loads', async () => {
    const probe = await open('/de/docs/');
    const files = await searchCode(probe.page);
    await probe.page.close();
    const combos = combinations(files);
    expect(combos.length).toBe(2 ** files.length - 1);
    for (const blocked of combos) {
      const { page, consoleErrors, pageErrors } = await open('/de/docs/');
      const isBlocked = (url: URL) => blocked.includes(url.pathname);
      await page.route(isBlocked, (r) => r.abort());
      await page.keyboard.press('Control+k');
      await expectGermanBox(page);
      expect(await dialog(page).count()).toBe(0);
      // The browser's own words went to the console.
      await poll(() =>
        consoleErrors.some((e) => /dynamically imported module|Failed to fetch|importing a module script failed/i.test(e)),
      ).toBe(true);
      if (blocked.length === files.length) await page.screenshot({ path: path.join(SCREENSHOTS, 'search-code-blocked-1280.png') });

      await page.unroute(isBlocked);
      await page.keyboard.press('Enter');
      await poll(() => dialog(page).isVisible()).toBe(true);
      expect(await box(page).count()).toBe(0);
      await page.locator('.search-modal__input').fill('PDF');
      await page.waitForSelector('.search-modal__body[data-search-query="PDF"][data-search-status="done"]');
      expect(await page.locator('.search-modal [role="option"]').count(), blocked.join(' + ')).toBeGreaterThan(0);
      expect(pageErrors).toEqual([]);
      await page.close();
    }
  });

  it('search failures: should show the German box when the search settings cannot load, and Escape or a tap beside it closes it', async () => {
    const { page, pageErrors } = await open('/de/docs/');
    await page.route(/\/_quire\/search\.[0-9a-f]+\.json$/, (r) => r.abort());
    await page.keyboard.press('Control+k');
    await expectGermanBox(page);
    await page.keyboard.press('Escape');
    await poll(() => box(page).count()).toBe(0);
    // A phone has no Escape key: a tap beside the box closes it too.
    await page.keyboard.press('Control+k');
    await expectGermanBox(page);
    await page.mouse.click(10, 450);
    await poll(() => box(page).count()).toBe(0);
    // A new try with the shortcut, once the file loads.
    await page.unroute(/\/_quire\/search\.[0-9a-f]+\.json$/);
    await page.keyboard.press('Control+k');
    await poll(() => dialog(page).isVisible()).toBe(true);
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('search failures: should say in German that results could not be loaded when the index fails, with "Erneut versuchen" that works once it loads', async () => {
    const { page, consoleErrors, pageErrors } = await open('/de/docs/');
    await page.route(/\/pagefind\//, (r) => r.abort());
    await page.keyboard.press('Control+k');
    await poll(() => dialog(page).isVisible()).toBe(true);
    await page.locator('.search-modal__input').fill('PDF');
    await page.waitForSelector('.search-modal__body[data-search-query="PDF"][data-search-status="error"]');
    const body = page.locator('.search-modal__body');
    const text = await body.innerText();
    expect(text).toContain('Ergebnisse konnten nicht geladen werden');
    expect(text).toContain('Bitte prüfen Sie Ihre Netzwerkverbindung.');
    expect(text).not.toMatch(/https?:|failed|fetch|index|error/i);
    expect(consoleErrors.some((e) => /search index/i.test(e))).toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'search-index-blocked-1280.png') });

    await page.unroute(/\/pagefind\//);
    await body.getByRole('button', { name: 'Erneut versuchen' }).click();
    await page.waitForSelector('.search-modal__body[data-search-query="PDF"][data-search-status="done"]');
    expect(await page.locator('.search-modal [role="option"]').count()).toBeGreaterThan(0);
    // The focus stayed in the dialog, on the input.
    expect(await page.evaluate(() => document.activeElement?.classList.contains('search-modal__input'))).toBe(true);
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('search failures: should offer "Erneut versuchen" on the search page when the index fails, and show results once it loads', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.route(/googletagmanager/, (r) => r.abort());
    await page.route(/\/pagefind\//, (r) => r.abort());
    await page.goto(server.url + '/de/search/?q=PDF');
    const results = page.locator('.search-page__results');
    await poll(() => results.getAttribute('data-search-status')).toBe('error');
    const alert = page.locator('.search-page [role="alert"]');
    expect(await alert.innerText()).toContain('Ergebnisse konnten nicht geladen werden');
    await page.unroute(/\/pagefind\//);
    await alert.getByRole('button', { name: 'Erneut versuchen' }).click();
    await poll(() => results.getAttribute('data-search-status')).toBe('done');
    expect(await page.locator('.search-page__hit').count()).toBeGreaterThan(0);
    await page.close();
  });
});
