import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFixturePage } from './docusaurus-fixture.ts';
import type { TestServer } from './harness.ts';
import { runAxe } from './theme-support.ts';

const template = readFileSync(new URL('../fixtures/docusaurus-classic/docusaurus.config.js', import.meta.url), 'utf8');

/** What the visitor sees of the docs sidebar's column, the article and the two controls. */
function layout(page: Page) {
  return page.evaluate(() => {
    const box = (selector: string) => {
      const el = document.querySelector(selector);
      if (!el) return null;
      const rect = el.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0 && getComputedStyle(el).visibility !== 'hidden' ? Math.round(rect.width) : 0;
    };
    return {
      state: document.documentElement.getAttribute('data-doc-sidebar'),
      column: box('.doc-layout__sidebar'),
      sidebar: box('.doc-layout__sidebar > nav.doc-sidebar'),
      article: box('article.doc'),
      hide: box('[data-sidebar-hide]'),
      show: box('[data-sidebar-show]'),
    };
  });
}

/** Loads a page of the site and waits for the sidebar controls' module (reading.ts loads it after the page's script). */
async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.dataset.sidebarControls === 'ready');
}

/** The open state of the template's two top-level categories, by label. */
function openCategories(page: Page) {
  return page
    .locator('nav.doc-sidebar .menu--level-1 > .menu__item--category')
    .evaluateAll((items) => items.map((li) => [li.querySelector('.menu__category-link')?.textContent, li.querySelector('details')?.open]));
}

/**
 * The create-docusaurus template with `themeConfig.docs.sidebar: { hideable: true, autoCollapseCategories: true }`
 * (https://docusaurus.io/docs/api/themes/configuration#hideable-sidebar), read in Chromium.
 */
describe("Docusaurus's hideable sidebar and auto-collapsing categories in the browser", () => {
  let server: TestServer;
  let page: Page;
  let errors: string[] = [];
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ server, page, errors, close } = await openFixturePage('docusaurus-classic', {
      'docusaurus.config.js': template.replace(
        '      colorMode: {',
        '      docs: {sidebar: {hideable: true, autoCollapseCategories: true}},\n      colorMode: {',
      ),
    }));
  });

  afterAll(async () => {
    await close?.();
  });

  it('hides the sidebar with the button at its foot, the article taking the width, and keeps it hidden on the next docs pages', async () => {
    await open(page, `${server.url}/docs/tutorial-basics/create-a-page/`);
    const before = await layout(page);
    expect(before).toMatchObject({ state: 'shown', show: 0 });
    expect(before.sidebar).toBeGreaterThan(200);
    expect(before.hide).toBeGreaterThan(200);
    // The button sits at the foot of the screen-high sidebar, in sight without scrolling.
    const hideBox = await page.locator('[data-sidebar-hide]').boundingBox();
    expect(hideBox!.y + hideBox!.height).toBeGreaterThan(850);
    expect(hideBox!.y + hideBox!.height).toBeLessThanOrEqual(900);

    await page.getByRole('button', { name: 'Hide sidebar' }).click();
    const hidden = await layout(page);
    expect(hidden).toMatchObject({ state: 'hidden', sidebar: 0, hide: 0 });
    expect(hidden.column!).toBeLessThan(50);
    // The bar is the column but for its border.
    expect(hidden.show).toBe(hidden.column! - 1);
    expect(hidden.article!).toBeGreaterThan(before.article! + 150);
    expect(await page.locator('nav.doc-sidebar').getByRole('link').first().isVisible()).toBe(false);

    // A soft navigation (the window stays) to the next doc: still hidden.
    await page.evaluate(() => Object.assign(window, { sameWindow: true }));
    await page.locator('.pagination-nav__link--next').click();
    await page.waitForURL(/\/docs\/tutorial-basics\/create-a-document\/$/);
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Create a Document');
    expect(await page.evaluate(() => (window as unknown as { sameWindow?: boolean }).sameWindow)).toBe(true);
    expect(await layout(page)).toMatchObject({ state: 'hidden', sidebar: 0, hide: 0, show: hidden.show });

    // A full load of another doc: hidden from the start.
    await open(page, `${server.url}/docs/intro/`);
    expect(await layout(page)).toMatchObject({ state: 'hidden', sidebar: 0, hide: 0, show: hidden.show });

    await page.getByRole('button', { name: 'Show sidebar' }).click();
    expect(await layout(page)).toMatchObject({ state: 'shown', sidebar: before.sidebar, show: 0 });
    await open(page, `${server.url}/docs/tutorial-extras/manage-docs-versions/`);
    expect(await layout(page)).toMatchObject({ state: 'shown', sidebar: before.sidebar, show: 0 });
    expect(errors).toEqual([]);
  });

  it('hides the sidebar before first paint on a page loaded with it hidden, with no shift of the article', async () => {
    await open(page, `${server.url}/docs/intro/`);
    await page.evaluate(() => sessionStorage.setItem('quire.docs.sidebar.hidden', 'true'));
    // Without the page's script: only the pre-paint script in <head> can have hidden it.
    await page.route('**/assets/main.*.js', (route) => route.abort());
    try {
      await page.goto(`${server.url}/docs/tutorial-basics/create-a-document/`);
      expect(await layout(page)).toMatchObject({ state: 'hidden', sidebar: 0, hide: 0 });
    } finally {
      await page.unroute('**/assets/main.*.js');
    }
    // The console's line about the script this test held back.
    errors.length = 0;
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { layoutShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await open(page, `${server.url}/docs/tutorial-basics/create-a-document/`);
    await page.waitForLoadState('load');
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts)).toEqual([]);
    await page.evaluate(() => sessionStorage.removeItem('quire.docs.sidebar.hidden'));
    expect(errors).toEqual([]);
  });

  it('works from the keyboard, the focus moving to the control that takes the pressed one’s place, and passes axe-core', async () => {
    await open(page, `${server.url}/docs/intro/`);
    expect(await runAxe(page), 'shown').toEqual([]);
    await page.locator('[data-sidebar-hide]').focus();
    await page.keyboard.press('Enter');
    expect((await layout(page)).state).toBe('hidden');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Show sidebar');
    expect(await runAxe(page), 'hidden').toEqual([]);
    await page.keyboard.press('Space');
    expect((await layout(page)).state).toBe('shown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Hide sidebar');
    // Tab reaches the hide button right after the sidebar's last control (the last category's caret).
    await page.locator('nav.doc-sidebar .menu--level-1 > li:last-child summary').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-sidebar-hide'))).toBe(true);
    expect(errors).toEqual([]);
  });

  it('leaves phones alone: no controls, and the menu shows the sidebar while it is hidden on wide screens', async () => {
    await open(page, `${server.url}/docs/intro/`);
    await page.getByRole('button', { name: 'Hide sidebar' }).click();
    await page.setViewportSize({ width: 390, height: 800 });
    try {
      const narrow = await layout(page);
      expect(narrow).toMatchObject({ state: 'hidden', column: 0, hide: 0, show: 0 });
      expect(narrow.article!).toBeGreaterThan(300);
      await page.locator('[data-mobile-toggle]').click();
      const drawer = page.locator('[data-mobile-docs] nav.doc-sidebar');
      await expect.poll(() => drawer.getByRole('link', { name: 'Tutorial Intro' }).isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      // Closed again, the sidebar is back in its column, before the controls.
      await expect.poll(() => page.evaluate(() => document.querySelector('.doc-layout__sidebar')?.firstElementChild?.tagName)).toBe('NAV');
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    // Wide again: still hidden, as chosen.
    expect(await layout(page)).toMatchObject({ state: 'hidden', sidebar: 0 });
    await page.getByRole('button', { name: 'Show sidebar' }).click();
    expect(errors).toEqual([]);
  });

  it('closes the open sibling categories when the visitor opens one, by pointer or keyboard', async () => {
    const caret = (label: string) => page.locator(`nav.doc-sidebar summary[aria-label="Expand or collapse the category ${label}"]`);
    await open(page, `${server.url}/docs/tutorial-basics/create-a-page/`);
    // The trail's category is open, and stays so on load.
    expect(await openCategories(page)).toEqual([
      ['Tutorial - Basics', true],
      ['Tutorial - Extras', false],
    ]);
    await caret('Tutorial - Extras').click();
    await expect
      .poll(() => openCategories(page))
      .toEqual([
        ['Tutorial - Basics', false],
        ['Tutorial - Extras', true],
      ]);
    await caret('Tutorial - Basics').focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => openCategories(page))
      .toEqual([
        ['Tutorial - Basics', true],
        ['Tutorial - Extras', false],
      ]);
    // Closing one opens nothing else.
    await page.keyboard.press('Enter');
    await expect
      .poll(() => openCategories(page))
      .toEqual([
        ['Tutorial - Basics', false],
        ['Tutorial - Extras', false],
      ]);
    expect(errors).toEqual([]);
  });
});
