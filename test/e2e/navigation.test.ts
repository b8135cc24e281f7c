import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { closeBuiltSite, openBuiltSite, type TestServer } from './harness.ts';
import { openPage } from './theme-support.ts';

/** The mobile drawer and the header of the real site (issue 31), as a visitor on a phone or a desktop uses them. */
describe('navigation: mobile drawer and header (real site)', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => ({ server, browser } = await openBuiltSite(inject('e2eDist'))));
  afterAll(() => closeBuiltSite({ server, browser }));
  const open = (path: string, options: Parameters<typeof openPage>[2] = {}) => openPage(browser, server.url + path, options);
  const phone = { width: 375, height: 800 };

  const menu = (page: Page) => page.locator('[data-mobile-menu]');
  const docsPanel = (page: Page) => page.locator('[data-mobile-panel="docs"]');
  const mainPanel = (page: Page) => page.locator('[data-mobile-panel="main"]');
  const activeMatches = (page: Page, selector: string) => page.evaluate((s) => !!document.activeElement?.matches(s), selector);

  /** Opens the drawer as a visitor does, once the page script has started. */
  async function openDrawer(page: Page): Promise<void> {
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-dropdowns'));
    await page.click('[data-mobile-toggle]');
    await expect.poll(() => menu(page).isVisible()).toBe(true);
  }

  /** Rows of the visible drawer smaller than a 44 px touch target, as "text: height". */
  const smallTargets = (page: Page) =>
    menu(page)
      .locator('.mobile-menu__body :is(a, summary, button)')
      .evaluateAll((els) =>
        els
          .filter((el) => (el as HTMLElement).checkVisibility({ visibilityProperty: true }))
          .map((el) => [(el as HTMLElement).innerText.trim() || el.getAttribute('aria-label') || el.className, el.getBoundingClientRect().height] as const)
          .filter(([, height]) => height < 44)
          .map(([text, height]) => `${text}: ${height}`),
      );

  it('navigation: should open the drawer on a docs page on the docs sidebar, with "Hauptmenü" to the site menu and back', async () => {
    const { page, errors } = await open('/de/docs/features/pdf/', phone);
    await openDrawer(page);
    // The docs panel first: its sidebar with the current page, not the site's links.
    expect(await docsPanel(page).isVisible()).toBe(true);
    expect(await mainPanel(page).isVisible()).toBe(false);
    expect(await docsPanel(page).locator('.doc-sidebar [aria-current="page"]').textContent()).toBe('PDF');
    expect(await menu(page).getByRole('link', { name: 'Download', exact: true }).isVisible()).toBe(false);
    const back = menu(page).getByRole('button', { name: 'Hauptmenü' });
    expect(await back.isVisible()).toBe(true);
    expect(await smallTargets(page)).toEqual([]);

    // To the site menu: the focus goes to its first control, the way back to the docs.
    await back.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => mainPanel(page).isVisible()).toBe(true);
    expect(await docsPanel(page).isVisible()).toBe(false);
    expect(await activeMatches(page, '[data-mobile-show="docs"]')).toBe(true);
    expect(await menu(page).getByRole('link', { name: 'Download', exact: true }).isVisible()).toBe(true);
    expect(await menu(page).getByRole('button', { name: 'Dokumentation' }).isVisible()).toBe(true);
    expect(await smallTargets(page)).toEqual([]);

    // And back, with the keyboard too.
    await page.keyboard.press('Enter');
    await expect.poll(() => docsPanel(page).isVisible()).toBe(true);
    expect(await activeMatches(page, '[data-mobile-show="main"]')).toBe(true);

    // Escape closes the drawer and gives the focus back to the menu button; the next opening starts on the docs again.
    await back.click();
    await expect.poll(() => mainPanel(page).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => menu(page).isVisible()).toBe(false);
    expect(await activeMatches(page, '[data-mobile-toggle]')).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => menu(page).isVisible()).toBe(true);
    expect(await docsPanel(page).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('navigation: should open the drawer elsewhere on the site menu alone, without panel switches', async () => {
    const { page, errors } = await open('/de/pricing/', phone);
    await openDrawer(page);
    expect(await mainPanel(page).isVisible()).toBe(true);
    expect(await menu(page).locator('[data-mobile-show]').count()).toBe(0);
    expect(await menu(page).locator('.doc-sidebar').count()).toBe(0);
    expect(await menu(page).getByRole('link', { name: 'Download', exact: true }).isVisible()).toBe(true);
    expect(await smallTargets(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('navigation: should style the drawer\'s disclosure rows with a chevron that turns when open, 44 px tall with their entries', async () => {
    const { page } = await open('/de/', phone);
    await openDrawer(page);
    const groups = menu(page).locator('.mobile-menu__group');
    const names = await groups.locator('summary').allInnerTexts();
    expect(names).toEqual(expect.arrayContaining(['Werkzeuge', 'Mehr erfahren', 'Sprachen']));
    for (const name of ['Werkzeuge', 'Mehr erfahren', 'Sprachen']) {
      const summary = groups.locator('summary', { hasText: name });
      // No browser triangle; a chevron drawn at the row's end instead.
      const look = () =>
        summary.evaluate((el) => ({ marker: getComputedStyle(el).listStyleType, chevron: getComputedStyle(el, '::after').transform, height: el.getBoundingClientRect().height }));
      const closed = await look();
      expect(closed.marker).toBe('none');
      expect(closed.chevron).not.toBe('none');
      expect(closed.height).toBeGreaterThanOrEqual(44);
      await summary.click();
      await expect.poll(async () => (await look()).chevron).not.toBe(closed.chevron);
    }
    expect(await smallTargets(page)).toEqual([]);
    await page.close();
  });
});
