import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { closeBuiltSite, openBuiltSite, SCREENSHOTS, type TestServer } from './harness.ts';

describe('page chrome in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    ({ server, browser } = await openBuiltSite(inject('e2eDist')));
    await mkdir(SCREENSHOTS, { recursive: true });
  });
  afterAll(() => closeBuiltSite({ server, browser }));

  it('chrome: should render home, a docs page and pricing at 1280 and 375 px without errors or horizontal scroll', async () => {
    for (const [name, route] of [
      ['home', '/de/'],
      ['docs', '/de/docs/features/pdf/'],
      ['pricing', '/de/pricing/'],
    ] as const) {
      for (const width of [1280, 375]) {
        const page = await browser.newPage({ viewport: { width, height: 900 } });
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        // Third-party hosts (the tag manager) are unreachable here; only our own errors count.
        page.on(
          'console',
          (m) =>
            m.type() === 'error' &&
            !/googletagmanager/.test(m.location().url) &&
            m.location().url.startsWith(server.url) &&
            errors.push(m.text()),
        );
        await page.route(/googletagmanager\.com/, (r) => r.abort());
        const response = await page.goto(server.url + route);
        expect(response?.status()).toBe(200);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${route} at ${width}px scrolls sideways`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: false });
        expect(errors).toEqual([]);
        await page.close();
      }
    }
  });

  it('chrome: should make the skip link the first focusable element and jump to the main content', async () => {
    const page = await browser.newPage();
    await page.goto(server.url + '/de/docs/faq/');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Zum Hauptinhalt springen');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => location.hash)).toBe('#main');
    // The focus moved with it: the next Tab goes to the first link of the content, not of the header.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('#main'))).toBe(true);
    await page.close();
  });

  it('chrome: should open and close the mobile menu with the docs sidebar inside below 996 px', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await page.goto(server.url + '/de/docs/faq/');
    const menu = page.locator('[data-mobile-menu]');
    expect(await menu.isVisible()).toBe(false);
    await page.click('[data-mobile-toggle]');
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await page.locator('[data-mobile-menu] .doc-sidebar').count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.isVisible()).toBe(false);
    await page.close();
  });

  it('chrome: should open and close the mobile menu with Space, as its buttons say they are, without scrolling', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await page.goto(server.url + '/de/docs/faq/');
    // The page script is running.
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-dropdowns'));
    const menu = page.locator('[data-mobile-menu]');
    await page.focus('[data-mobile-toggle]');
    await page.keyboard.press(' ');
    await expect.poll(() => menu.isVisible()).toBe(true);
    await page.focus('[data-mobile-menu] .mobile-menu__close');
    await page.keyboard.press(' ');
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.close();
  });

  it('chrome: should remember the announcement dismissal for its id, with no flash on reload', async () => {
    const page = await browser.newPage();
    await page.goto(server.url + '/de/');
    const bar = page.locator('.announcement');
    expect(await bar.isVisible()).toBe(true);
    await page.click('[data-announcement-close]');
    expect(await bar.isVisible()).toBe(false);
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.announcementDismissed)).toBe('true');
    expect(await bar.isVisible()).toBe(false);
    // A new id shows the bar again.
    await page.evaluate(() => localStorage.setItem('quire.announcement.id', 'an-older-announcement'));
    await page.reload();
    expect(await bar.isVisible()).toBe(true);
    await page.close();
  });

  it('chrome: should keep the focus in the header when the announcement is closed from the keyboard, and name the landmarks', async () => {
    const page = await browser.newPage();
    await page.goto(server.url + '/de/');
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-dropdowns'));
    // One banner landmark (the header with the navbar); the announcement is a region of its own.
    expect(await page.getByRole('banner').count()).toBe(1);
    expect(await page.getByRole('banner').getByRole('navigation').count()).toBe(1);
    expect(await page.getByRole('region', { name: 'Ankündigung' }).count()).toBe(1);
    await page.focus('[data-announcement-close]');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.announcement').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.matches('.navbar .navbar__brand'))).toBe(true);
    await page.close();
  });

  it('chrome: should serve the not-found page for unknown paths', async () => {
    const page = await browser.newPage();
    const response = await page.goto(server.url + '/de/gibt-es-nicht/');
    expect(response?.status()).toBe(404);
    expect(await page.textContent('h1')).toBe('Seite nicht gefunden');
    await page.close();
  });
});
