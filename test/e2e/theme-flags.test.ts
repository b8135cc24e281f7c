import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, SCREENSHOTS, serveDist, type TestServer } from './harness.ts';
import { buildVariant, focusIndicator, openPage, runAxe } from './theme-support.ts';

/**
 * Flag-gated items and colour mode. The real config keeps the flags off and fixes light mode; a variant of it
 * turns every flag on and enables the colour switch (following the system preference).
 */
describe('theme: flags and colour mode', () => {
  let variant: Awaited<ReturnType<typeof buildVariant>>;
  let flagged: TestServer;
  let real: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    variant = await buildVariant({
      config: `flags: { blog: true, useScenes: true, zhTWVisible: true, Email: true, Twitter: true }, colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: true }`,
    });
    flagged = await serveDist(variant.dist);
    real = await serveDist(inject('e2eDist'));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await flagged?.close();
    await real?.close();
    await variant?.cleanup();
  });
  const storeDark = () => localStorage.setItem('theme', 'dark');

  it('theme: should show the flag-gated navbar, language and footer items only when their flags are on', async () => {
    const off = await openPage(browser, real.url + '/de/docs/faq/');
    const on = await openPage(browser, flagged.url + '/de/docs/faq/');
    const learnMore = (p: import('playwright-core').Page) =>
      p
        .locator('.navbar .dropdown', { hasText: 'Mehr erfahren' })
        .locator('a')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(await learnMore(off.page)).not.toContain('/de/blog/');
    expect(await learnMore(on.page)).toEqual(expect.arrayContaining(['/de/usage-scenarios/', '/de/blog/']));
    expect(await learnMore(on.page)).toHaveLength(12);
    const languages = (p: import('playwright-core').Page) =>
      p.locator('.navbar .locale-dropdown a').evaluateAll((as) => as.map((a) => a.textContent));
    expect(await languages(off.page)).not.toContain('繁體中文');
    expect(await languages(on.page)).toContain('繁體中文');
    expect(await on.page.locator('.navbar .locale-dropdown a[lang="zh-TW"]').getAttribute('href')).toBe('/zh-TW/docs/faq/');
    const social = (p: import('playwright-core').Page) =>
      p.locator('.footer__social a').evaluateAll((as) => as.map((a) => a.firstChild?.textContent));
    expect(await social(off.page)).toEqual(['GitHub', 'Discord', 'Telegram']);
    expect(await social(on.page)).toEqual(['GitHub', 'Discord', 'Telegram', 'E-Mail', 'X (Twitter)']);
    // The blog exists either way; only its navbar link is gated.
    await on.page.locator('.navbar .dropdown', { hasText: 'Mehr erfahren' }).locator('.dropdown__toggle').click();
    await on.page.locator('.navbar a[href="/de/blog/"]').click();
    await expect.poll(() => on.page.evaluate(() => location.pathname)).toBe('/de/blog/');
    expect(await on.page.locator('.blog-sidebar li').count()).toBeGreaterThan(3);
    await off.page.close();
    await on.page.close();
  });

  it('theme: should keep the real site light, with no toggle, whatever is stored or preferred', async () => {
    const { page } = await openPage(browser, real.url + '/de/', { colorScheme: 'dark', init: storeDark });
    expect(await page.locator('[data-color-mode-toggle]').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)');
    // A stale choice is forgotten, so it cannot return if the switch is enabled later.
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
    await page.close();
  });

  it('theme: should apply a stored dark mode before the page shows, and name the mode on the toggle', async () => {
    const { page } = await openPage(browser, flagged.url + '/de/', {
      init: () => {
        localStorage.setItem('theme', 'dark');
        // What the document looks like when the parser reaches the body: the head script must have run by then.
        document.addEventListener(
          'DOMContentLoaded',
          () => ((window as unknown as { themeAtBody: string | undefined }).themeAtBody = document.documentElement.dataset.theme),
          { once: true },
        );
      },
    });
    expect(await page.evaluate(() => (window as unknown as { themeAtBody: string }).themeAtBody)).toBe('dark');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(15, 23, 42)');
    const toggle = page.locator('.navbar [data-color-mode-toggle]');
    expect(await toggle.isVisible()).toBe(true);
    expect(
      await page
        .getByRole('button', { name: /derzeit dunkler Modus/ })
        .first()
        .isVisible(),
    ).toBe(true);
    await toggle.focus();
    expect((await focusIndicator(page)).visible).toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'dark-home-1280.png') });
    await page.close();
  });

  it('theme: should follow the system preference when nothing is stored', async () => {
    for (const scheme of ['dark', 'light'] as const) {
      const { page } = await openPage(browser, flagged.url + '/de/docs/faq/', { colorScheme: scheme });
      expect(await page.evaluate(() => [document.documentElement.dataset.theme, document.documentElement.dataset.themeChoice])).toEqual([
        scheme,
        'system',
      ]);
      await page.close();
    }
    const stored = await openPage(browser, flagged.url + '/de/docs/faq/', {
      colorScheme: 'dark',
      init: () => localStorage.setItem('theme', 'light'),
    });
    expect(
      await stored.page.evaluate(() => [document.documentElement.dataset.theme, document.documentElement.dataset.themeChoice]),
    ).toEqual(['light', 'light']);
    await stored.page.close();
  });

  it('colour mode: should toggle and remember the choice, and follow the system live while nothing is stored', async () => {
    const { page } = await openPage(browser, flagged.url + '/de/docs/faq/', { colorScheme: 'light' });
    const mode = () => page.evaluate(() => document.documentElement.dataset.theme);
    expect(await mode()).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(mode).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(mode).toBe('light');
    await page.locator('.navbar [data-color-mode-toggle]').click();
    expect(await mode()).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    expect(await page.getAttribute('.navbar [data-color-mode-toggle]', 'aria-pressed')).toBe('true');
    // A stored choice wins over the system from now on, also after a reload.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    expect(await mode()).toBe('dark');
    await page.locator('.navbar [data-color-mode-toggle]').click();
    expect(await mode()).toBe('light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await page.close();
  });

  it('theme: should pass axe-core (contrast included) in dark mode on home, docs pages (one with highlighted code), pricing and 404', async () => {
    for (const route of ['/de/', '/de/docs/usage/', '/de/docs/js-sdk/', '/de/pricing/', '/de/gibt-es-nicht/']) {
      for (const width of [1280, 375]) {
        const { page } = await openPage(browser, flagged.url + route, { width, init: storeDark });
        expect(await runAxe(page), `${route} at ${width}px`).toEqual([]);
        await page.close();
      }
    }
    const { page } = await openPage(browser, flagged.url + '/de/docs/usage/', { width: 375, init: storeDark });
    await page.click('[data-mobile-toggle]');
    await expect.poll(() => page.locator('[data-mobile-menu]').isVisible()).toBe(true);
    expect(await runAxe(page)).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'dark-docs-menu-375.png') });
    await page.close();
  });
});
