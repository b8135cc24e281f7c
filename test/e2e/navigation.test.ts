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
          .map(
            (el) =>
              [
                (el as HTMLElement).innerText.trim() || el.getAttribute('aria-label') || el.className,
                el.getBoundingClientRect().height,
              ] as const,
          )
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

  it("navigation: should give the bar's controls on a phone 44 px touch targets", async () => {
    const { page } = await open('/de/docs/faq/', phone);
    const sizes = await page
      .locator('.navbar :is(a, button)')
      .evaluateAll((els) =>
        els
          .filter((el) => (el as HTMLElement).checkVisibility() && !el.classList.contains('navbar__brand'))
          .map(
            (el) => [el.className, Math.round(el.getBoundingClientRect().width), Math.round(el.getBoundingClientRect().height)] as const,
          ),
      );
    expect(sizes.map(([name]) => name)).toEqual(['navbar__toggle', 'search-button']);
    for (const [name, width, height] of sizes) expect([name, width >= 44, height >= 44]).toEqual([name, true, true]);
    await page.close();
  });

  it("navigation: should show the current page's entry when the drawer opens on a page deep in the docs sidebar", async () => {
    const { page } = await open('/de/docs/services/zhipu/', phone);
    await openDrawer(page);
    const current = docsPanel(page).locator('.doc-sidebar [aria-current="page"]');
    await expect
      .poll(async () => {
        const box = await current.boundingBox();
        return !!box && box.y >= 0 && box.y + box.height <= phone.height;
      })
      .toBe(true);
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

  it("navigation: should style the drawer's disclosure rows with a chevron that turns when open, 44 px tall with their entries", async () => {
    const { page } = await open('/de/', phone);
    await openDrawer(page);
    const groups = menu(page).locator('.mobile-menu__group');
    const names = await groups.locator('summary').allInnerTexts();
    expect(names).toEqual(expect.arrayContaining(['Werkzeuge', 'Mehr erfahren', 'Sprachen']));
    for (const name of ['Werkzeuge', 'Mehr erfahren', 'Sprachen']) {
      const summary = groups.locator('summary', { hasText: name });
      // No browser triangle; a chevron drawn at the row's end instead.
      const look = () =>
        summary.evaluate((el) => ({
          marker: getComputedStyle(el).listStyleType,
          chevron: getComputedStyle(el, '::after').transform,
          height: el.getBoundingClientRect().height,
        }));
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

  it('header: should show the docs version dropdown, as "Version: Weiter", on docs pages only (bar and drawer)', async () => {
    const docs = await open('/de/docs/faq/', { width: 1280 });
    const toggle = docs.page.locator('.navbar .version-dropdown .dropdown__toggle');
    expect(await toggle.isVisible()).toBe(true);
    expect((await toggle.innerText()).trim()).toBe('Version: Weiter');
    expect(await docs.page.locator('.mobile-menu .version-dropdown').count()).toBe(1);
    await docs.page.close();
    for (const path of ['/de/', '/de/pricing/', '/de/download/', '/de/search/']) {
      const { page } = await open(path, { width: 1280 });
      expect(await page.locator('.version-dropdown').count(), path).toBe(0);
      await page.close();
    }
  });

  it('header: should name the current language beside the globe from 1024 px, and keep the globe alone below', async () => {
    const { page } = await open('/de/docs/faq/', { width: 1024 });
    const label = page.locator('.navbar .locale-dropdown .dropdown__label');
    for (const width of [1024, 1280, 1440, 1920]) {
      await page.setViewportSize({ width, height: 800 });
      expect(
        await label.evaluate((el) => el.getBoundingClientRect().width > 30 && (el as HTMLElement).innerText.trim()),
        `${width} px`,
      ).toBe('Deutsch');
    }
    await page.setViewportSize({ width: 1000, height: 800 });
    expect(await label.evaluate((el) => el.getBoundingClientRect().width)).toBeLessThanOrEqual(1);
    // Still the button's name for screen readers.
    expect(await page.locator('.navbar .locale-dropdown .dropdown__toggle').evaluate((el) => el.textContent?.trim())).toBe('Deutsch');
    await page.close();
  });

  it('header: should keep "Preise" on the pricing page, marked as the current page, after the header script has run', async () => {
    const { page, errors } = await open('/de/pricing/', { width: 1280 });
    const price = page.locator('.navbar .navbar__items a.price-link');
    expect(await price.getAttribute('aria-current')).toBe('page');
    // The header script starts 1.2 s after load: it hides the Pro tag here, not the link.
    await expect
      .poll(() => page.evaluate(() => (document.querySelector('.navbar [data-pro-tag]') as HTMLElement).hidden), { timeout: 4000 })
      .toBe(true);
    await page.waitForTimeout(1200);
    expect(await price.isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  /** Layout shifts from the first paint until the header script has run twice (1.2 s start, 1 s poll). */
  async function layoutShifts(path: string, subscriber: boolean): Promise<{ cls: number; shifted: string[]; page: Page }> {
    // The profile is in storage before the page's first script runs, as for a returning subscriber.
    const init = subscriber
      ? () => localStorage.setItem('bilingo_user_info', JSON.stringify({ subscription: { subscriptionStatus: 'active' } }))
      : undefined;
    const { page } = await open(path, { width: 1280, init });
    await page.evaluate(() => {
      // Buffered: the shifts since the page started loading, not only those after this call.
      const store: { value: number; sources: string[] }[] = [];
      (window as unknown as { __shifts: typeof store }).__shifts = store;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources: { node?: Node }[] }[]) {
          if (!entry.hadRecentInput)
            store.push({
              value: entry.value,
              sources: entry.sources.map((s) => (s.node instanceof Element ? s.node.outerHTML.slice(0, 80) : String(s.node?.nodeName))),
            });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.waitForTimeout(2600);
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts);
    return { cls: shifts.reduce((sum, s) => sum + s.value, 0), shifted: shifts.flatMap((s) => s.sources), page };
  }

  for (const path of ['/de/docs/faq/', '/de/pricing/', '/de/']) {
    it(`header: should not shift the layout on ${path} when the header script applies its decisions for a subscriber (CLS 0)`, async () => {
      const { cls, shifted, page } = await layoutShifts(path, true);
      expect(shifted).toEqual([]);
      expect(cls).toBe(0);
      // The decisions did apply: Premium tag shown, Pro tag and prices hidden.
      expect(await page.locator('.navbar [data-premium-tag]').isVisible()).toBe(true);
      expect(await page.locator('.navbar [data-pro-tag]').isVisible()).toBe(false);
      expect(await page.locator('.navbar a.price-link').isVisible()).toBe(false);
      await page.close();
    });
  }

  it('header: should not shift the layout for a visitor without subscription either (CLS 0)', async () => {
    const { cls, shifted, page } = await layoutShifts('/de/docs/faq/', false);
    expect(shifted).toEqual([]);
    expect(cls).toBe(0);
    expect(await page.locator('.navbar [data-pro-tag]').isVisible()).toBe(true);
    await page.close();
  });

  it('blog sidebar: should style its links as the docs sidebar does, the current post marked the same way', async () => {
    const look = (page: Page, selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((a) => {
          const style = getComputedStyle(a);
          return {
            display: style.display,
            padding: style.padding,
            radius: style.borderRadius,
            color: style.color,
            background: style.backgroundColor,
            weight: style.fontWeight,
            decoration: style.textDecorationLine,
          };
        });
    const docs = await open('/de/docs/faq/', { width: 1280 });
    const docLink = await look(docs.page, '.doc-sidebar a.menu__link:not([aria-current])');
    const docCurrent = await look(docs.page, '.doc-sidebar a[aria-current="page"]');
    await docs.page.close();
    const blog = await open('/de/blog/ollama-lokal-einrichten/', { width: 1280 });
    expect(await look(blog.page, '.blog-sidebar a:not([aria-current])')).toEqual(docLink);
    expect(await look(blog.page, '.blog-sidebar a[aria-current="page"]')).toEqual(docCurrent);
    await blog.page.close();
  });
});
