import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers.ts';
import { launchBrowser, SCREENSHOTS, serveDist, type TestServer } from './harness.ts';
import { buildVariant, openPage, runAxe, sidewaysOverflow } from './theme-support.ts';

/** `quire build --locale ar`: the right-to-left site, built from the German content it has no translation of. */
describe('theme: the site built with --locale ar', () => {
  let build: Awaited<ReturnType<typeof buildVariant>>;
  let server: TestServer;
  let browser: Browser;
  let notTranslated: string;
  beforeAll(async () => {
    build = await buildVariant({ locale: 'ar' });
    server = await serveDist(build.dist);
    browser = await launchBrowser();
    const messages = (file: string) =>
      readFile(path.join(repoRoot, 'locales', file), 'utf8').then((t) => JSON.parse(t) as Record<string, string>);
    notTranslated = (await messages('ar.json'))['docs.notTranslated'] ?? (await messages('en.json'))['docs.notTranslated'];
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await build?.cleanup();
  });
  const open = (route: string, options: Parameters<typeof openPage>[2] = {}) => openPage(browser, server.url + route, options);
  const box = async (page: import('playwright-core').Page, selector: string) => {
    const b = await page.locator(selector).first().boundingBox();
    if (!b) throw new Error(`${selector} is not visible`);
    return b;
  };

  it('theme: should serve the Arabic site under /ar/ as right-to-left with Arabic chrome', async () => {
    const { page, errors } = await open('/ar/docs/features/pdf/');
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    expect(await page.locator('.navbar .locale-dropdown .dropdown__toggle').textContent()).toBe('العربية');
    expect(await page.locator('.navbar .locale-dropdown a[aria-current="true"]').getAttribute('href')).toBe('/ar/docs/features/pdf/');
    expect(await page.locator('.navbar .locale-dropdown a[lang="de"]').getAttribute('href')).toBe('/de/docs/features/pdf/');
    expect(await page.getAttribute('.navbar__brand', 'href')).toBe('/ar/');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('theme: should mirror the layout: brand and docs sidebar on the right, table of contents on the left', async () => {
    const { page } = await open('/ar/docs/features/pdf/', { width: 1280 });
    const brand = await box(page, '.navbar__brand');
    const firstItem = await box(page, '.navbar__items .navbar__item');
    expect(brand.x).toBeGreaterThan(firstItem.x);
    expect(brand.x + brand.width).toBeGreaterThan(1200);
    const sidebar = await box(page, '.doc-layout__sidebar');
    const main = await box(page, '.doc-layout__main');
    const toc = await box(page, '.doc-layout__toc');
    expect(sidebar.x).toBeGreaterThan(main.x);
    expect(toc.x).toBeLessThan(main.x);
    // The announcement's close button moves to the left edge; the search button sits at the far left.
    expect((await box(page, '[data-announcement-close]')).x).toBeLessThan(60);
    expect((await box(page, '.navbar .search-button')).x).toBeLessThan(brand.x);
    // Next page on the left, previous on the right (the reading order turns around).
    const prev = await box(page, '.pagination-nav__link--prev');
    const next = await box(page, '.pagination-nav__link--next');
    expect(prev.x).toBeGreaterThan(next.x);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'ar-docs-1280.png') });
    await page.close();
  });

  it('theme: should say in Arabic that the page is not translated yet, link the German original and name it canonical', async () => {
    const { page } = await open('/ar/docs/features/pdf/');
    const notice = page.locator('[data-translation-notice]');
    expect(await notice.isVisible()).toBe(true);
    expect(await notice.getAttribute('lang')).toBe('ar');
    expect(await notice.textContent()).toContain(notTranslated);
    expect(await notice.locator('a').getAttribute('href')).toBe('/de/docs/features/pdf/');
    expect(await page.getAttribute('link[rel="canonical"]', 'href')).toBe('https://www.bilingo.app/de/docs/features/pdf/');
    // The German text is marked as German and runs left to right inside the mirrored page.
    const body = page.locator('[data-pagefind-body]');
    expect(await body.getAttribute('lang')).toBe('de');
    expect(await body.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    expect(await page.locator('h1').evaluate((el) => [el.getAttribute('lang'), getComputedStyle(el).direction])).toEqual(['de', 'ltr']);
    // Marketing pages say the same.
    await page.goto(server.url + '/ar/pricing/');
    expect(await page.locator('[data-translation-notice]').textContent()).toContain(notTranslated);
    await page.close();
  });

  it('theme: should keep code, URLs, numbers and keys left-to-right inside right-to-left text', async () => {
    const { page } = await open('/ar/docs/js-sdk/');
    // Code blocks of the (German) content.
    expect(
      await page
        .locator('.code-block pre')
        .first()
        .evaluate((el) => [getComputedStyle(el).direction, getComputedStyle(el).textAlign]),
    ).toEqual(['ltr', 'left']);
    // The shortcut hint of the search button in the right-to-left navbar.
    expect(await page.locator('.navbar .search-button__keys').evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    // Arabic text written in the right-to-left chrome keeps inline code, keys and URLs left to right.
    const directions = await page.evaluate(() => {
      const p = document.createElement('p');
      p.innerHTML = 'افتح <code>chrome://extensions</code> واضغط <kbd>Ctrl</kbd> ثم <input type="url" value="https://www.bilingo.app/de/">';
      document.querySelector('.footer__inner')!.append(p);
      return [...p.children].map((el) => [el.tagName.toLowerCase(), getComputedStyle(el).direction, getComputedStyle(el).unicodeBidi]);
    });
    expect(directions).toEqual([
      ['code', 'ltr', 'isolate'],
      ['kbd', 'ltr', 'isolate'],
      ['input', 'ltr', 'isolate'],
    ]);
    await page.close();
  });

  it('theme: should open the mobile menu from the right edge at 375 px without sideways scrolling', async () => {
    const { page } = await open('/ar/docs/faq/', { width: 375, height: 800 });
    expect(await sidewaysOverflow(page)).toEqual({ scroll: 0, elements: [] });
    await page.click('[data-mobile-toggle]');
    const menu = page.locator('[data-mobile-menu]');
    await expect.poll(() => menu.isVisible()).toBe(true);
    await expect
      .poll(async () => {
        const b = await menu.boundingBox();
        return b ? Math.round(b.x + b.width) : 0;
      })
      .toBe(375);
    expect(await menu.locator('.doc-sidebar [aria-current="page"]').count()).toBe(1);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'ar-docs-menu-375.png') });
    await page.close();
    for (const route of ['/ar/', '/ar/pricing/']) {
      const { page: p } = await open(route, { width: 375 });
      expect(await sidewaysOverflow(p), route).toEqual({ scroll: 0, elements: [] });
      if (route === '/ar/') await p.screenshot({ path: path.join(SCREENSHOTS, 'ar-home-375.png') });
      await p.close();
    }
  });

  it('theme: should pass axe-core on the Arabic home, docs and pricing pages', async () => {
    for (const route of ['/ar/', '/ar/docs/usage/', '/ar/pricing/']) {
      const { page } = await open(route);
      expect(await runAxe(page), route).toEqual([]);
      await page.close();
    }
  });
});
