import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { closeBuiltSite, openBuiltSite, type TestServer } from './harness.ts';
import { openPage, runAxe } from './theme-support.ts';

/**
 * What screen readers, keyboards and speech input get on the real site, checked where an audit found it
 * wrong: names as Chromium computes them, focus order, landmarks, live regions and contrast.
 */
describe('accessibility of the real site', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => ({ server, browser } = await openBuiltSite(inject('e2eDist'))));
  afterAll(() => closeBuiltSite({ server, browser }));
  const open = (path: string, options: Parameters<typeof openPage>[2] = {}) => openPage(browser, server.url + path, options);
  /** The machine may be busy: islands and the search index load over the network, so allow time. */
  const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
  const activeMatches = (page: Page, selector: string) => page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);

  /** Role, name and description of an element matching `selector` (the first), as Chromium gives them to screen readers. */
  async function accessible(page: Page, selector: string, index = 0): Promise<{ role: string; name: string; description: string }> {
    const cdp = await page.context().newCDPSession(page);
    try {
      const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
      const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector });
      const nodeId = nodeIds[index];
      if (!nodeId) throw new Error(`no element ${index} matches ${selector}`);
      const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
      const value = (v: { value?: unknown } | undefined) => String(v?.value ?? '');
      return { role: value(nodes[0].role), name: value(nodes[0].name), description: value(nodes[0].description) };
    } finally {
      await cdp.detach();
    }
  }

  /**
   * Contrast of the text of the first element matching `selector` against what is behind it: its colour, faded by
   * the opacity of it and its ancestors, laid over the nearest opaque background.
   */
  const contrast = (page: Page, selector: string) =>
    page.evaluate((s) => {
      const el = document.querySelector(s);
      if (!el) throw new Error(`no element matches ${s}`);
      const rgba = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
      const luminance = ([r, g, b]: number[]) => {
        const lin = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
        return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
      };
      let opacity = 1;
      let background: number[] | undefined;
      for (let e: Element | null = el; e; e = e.parentElement) {
        const style = getComputedStyle(e);
        opacity *= Number(style.opacity);
        const bg = rgba(style.backgroundColor);
        if (!background && (bg[3] ?? 1) === 1) background = bg;
      }
      const [r, g, b, a = 1] = rgba(getComputedStyle(el).color);
      const back = background ?? [255, 255, 255];
      const alpha = a * opacity;
      const text = [r, g, b].map((v, i) => v * alpha + back[i] * (1 - alpha));
      const [hi, lo] = [luminance(text), luminance(back)].sort((x, y) => y - x);
      return (hi + 0.05) / (lo + 0.05);
    }, selector);

  /** The text a sighted visitor sees in an element: without the 1 px text kept for screen readers only. */
  const visibleText = (page: Page, selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((root) => {
        const parts: string[] = [];
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const rect = node.parentElement!.getBoundingClientRect();
          if (node.parentElement!.checkVisibility() && rect.width > 1 && rect.height > 1) parts.push(node.textContent ?? '');
        }
        return parts.join('').replace(/\s+/g, ' ').trim();
      });

  const dialog = (page: Page) => page.locator('.search-modal [role="dialog"]');
  /** Opens the search modal with its shortcut; with a query, waits until its results are shown. */
  async function openSearch(page: Page, query?: string): Promise<void> {
    await page.keyboard.press('Control+k');
    await poll(() => dialog(page).isVisible()).toBe(true);
    if (query === undefined) return;
    await page.locator('.search-modal__input').fill(query);
    await page.waitForSelector(`.search-modal__body[data-search-query="${query}"][data-search-status="done"]`);
  }

  it('chrome: should keep Tab and Shift+Tab at the ends of the open mobile menu inside it, past closed groups', async () => {
    const { page, errors } = await open('/de/docs/faq/', { width: 390, height: 844 });
    await page.click('[data-mobile-toggle]');
    await poll(() => page.evaluate(() => !!document.activeElement?.closest('[data-mobile-menu]'))).toBe(true);
    // On a docs page the menu opens on the docs sidebar; the site menu, with its groups, is one step away.
    await page.click('[data-mobile-show="main"]');
    // The menu's first element is its logo link; its last the summary of the closed "Versionen" group, whose
    // link is out of reach until the group opens.
    const first = '.mobile-menu__header .navbar__brand';
    const last = '.mobile-menu .version-dropdown summary';
    expect(await page.locator('.mobile-menu .version-dropdown details').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await page.locator(first).focus();
    await page.keyboard.press('Shift+Tab');
    expect(await activeMatches(page, last)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await activeMatches(page, first)).toBe(true);
    // Opened, the group's link is the last element.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await page.locator(first).focus();
    await page.keyboard.press('Shift+Tab');
    expect(await activeMatches(page, '.mobile-menu .version-dropdown a')).toBe(true);
    await page.keyboard.press('Tab');
    expect(await activeMatches(page, first)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('search: should hold only options in the recent-searches listbox, its remove buttons beside it for mouse and keyboard', async () => {
    const { page } = await open('/de/docs/', {
      init: () =>
        localStorage.setItem(
          'quire.search.recent.de.local',
          JSON.stringify([
            { id: 'faq', url: '/docs/faq/', pageTitle: 'FAQ', section: [] },
            { id: 'usage', url: '/docs/usage/', pageTitle: 'Anleitung', section: [] },
          ]),
        ),
    });
    await openSearch(page);
    const listbox = page.locator('.search-modal [role="listbox"]');
    expect(await listbox.evaluate((el) => [...el.children].map((c) => c.getAttribute('role')))).toEqual(['option', 'option']);
    expect(await listbox.locator('button').count()).toBe(0);
    // Each remove button says what it removes.
    const removes = page.locator('.search-modal .search-recent__remove');
    expect(await removes.count()).toBe(2);
    expect(await accessible(page, '.search-modal .search-recent__remove')).toMatchObject({
      role: 'button',
      name: 'Aus dem Verlauf entfernen',
      description: expect.stringContaining('FAQ'),
    });
    // Each sits beside its own entry.
    for (const i of [0, 1]) {
      const [option, remove] = await Promise.all([listbox.locator('[role="option"]').nth(i).boundingBox(), removes.nth(i).boundingBox()]);
      expect(remove!.x).toBeGreaterThan(option!.x + option!.width - 1);
      expect(remove!.y + remove!.height / 2).toBeGreaterThan(option!.y);
      expect(remove!.y + remove!.height / 2).toBeLessThan(option!.y + option!.height);
    }
    // The keyboard reaches them with Tab from the input (the close button comes first) and removes with Enter.
    for (let i = 0; i < 4 && !(await activeMatches(page, '.search-recent__remove')); i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-describedby'))).toBe('search-modal-option-0');
    await page.keyboard.press('Enter');
    await poll(() => listbox.locator('[role="option"]').allInnerTexts()).toEqual([expect.stringContaining('Anleitung')]);
    // And the mouse.
    await removes.first().click();
    await poll(() => page.locator('.search-modal__body').innerText()).toContain('Noch keine Suchen im Verlauf');
    expect(await page.evaluate(() => localStorage.getItem('quire.search.recent.de.local'))).toBe('[]');
    await page.close();
  });

  it("search: should show the active result's excerpt at AA contrast (4.5:1)", async () => {
    const { page } = await open('/de/docs/');
    await openSearch(page, 'PDF');
    const excerpt = '.search-modal .search-hit--active .search-hit__excerpt';
    expect(await page.locator(excerpt).count()).toBe(1);
    expect(await contrast(page, excerpt)).toBeGreaterThanOrEqual(4.5);
    await page.close();
  });

  it('search: should name the close button by what it shows: "Esc" on desktops, "Abbrechen" on phones', async () => {
    for (const [width, shown] of [
      [1280, 'Esc'],
      [390, 'Abbrechen'],
    ] as const) {
      const { page } = await open('/de/docs/', { width, height: 844 });
      await openSearch(page);
      const close = page.locator('.search-modal__close');
      expect(await visibleText(page, '.search-modal__close'), `${width} px`).toBe(shown);
      const { name } = await accessible(page, '.search-modal__close');
      expect(name.startsWith(shown), `${width} px: "${name}"`).toBe(true);
      await close.click();
      await poll(() => dialog(page).count()).toBe(0);
      await page.close();
    }
  });

  it('search: should add no second contentinfo landmark to the page', async () => {
    const { page } = await open('/de/docs/');
    await openSearch(page, 'PDF');
    expect(await page.getByRole('contentinfo').count()).toBe(1);
    expect(await dialog(page).getByRole('contentinfo').count()).toBe(0);
    await page.close();
  });

  it('search: should make no Tab stop of the scrolling results (the arrow keys move through them)', async () => {
    const { page } = await open('/de/docs/');
    await openSearch(page, 'PDF');
    const body = page.locator('.search-modal__body');
    expect(await body.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    const stops: string[] = [];
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      stops.push(await page.evaluate(() => String(document.activeElement?.className)));
    }
    expect(stops.filter((c) => c.includes('search-modal__body'))).toEqual([]);
    await page.close();
  });

  it('links: should say of every link that opens a new tab that it does, and name the app-store links once', async () => {
    // Pages with the footer's QR codes, a plan's "Pro abonnieren", a call to action and site tables.
    for (const path of ['/de/', '/de/pricing/', '/de/download/', '/de/docs/videoSiteSupport/']) {
      const { page } = await open(path);
      const silent = await page
        .locator('a[target="_blank"]')
        .evaluateAll((as) =>
          as
            .filter((a) => a.querySelector(':scope > .visually-hidden')?.textContent !== ' (öffnet in neuem Tab)')
            .map((a) => a.outerHTML.slice(0, 120)),
        );
      expect(silent, path).toEqual([]);
      await page.close();
    }
    const { page } = await open('/de/pricing/');
    expect(await page.locator('.pricing a[target="_blank"]', { hasText: 'Pro abonnieren' }).count()).toBe(1);
    expect(await accessible(page, '.footer__qr')).toMatchObject({ role: 'link', name: 'App Store (iOS) (öffnet in neuem Tab)' });
    // The code itself is decoration for screen readers; sighted visitors get its tooltip.
    expect(await page.locator('.footer__qr svg').first().getAttribute('aria-hidden')).toBe('true');
    expect(await page.locator('.footer__qr svg title').first().textContent()).toBe('QR-Code für App Store (iOS)');
    await page.close();
  });

  it('blog: should name each teaser\'s "Weiterlesen" link by its post as well, without the arrow', async () => {
    const { page } = await open('/de/blog/');
    const teasers = page.locator('.blog-teaser');
    expect(await teasers.count()).toBeGreaterThan(1);
    for (let i = 0; i < (await teasers.count()); i++) {
      const title = (await teasers.nth(i).locator('h2').innerText()).trim();
      const { name } = await accessible(page, `.blog-teaser:nth-of-type(${i + 1}) .blog-teaser__more`);
      expect(name).toBe(`Weiterlesen – ${title}`);
      expect(await visibleText(page, `.blog-teaser:nth-of-type(${i + 1}) .blog-teaser__more`)).toBe('Weiterlesen →');
    }
    await page.close();
  });

  it('search page: should announce the result count only, not the whole list of results', async () => {
    const { page } = await open('/de/search/?q=PDF');
    await page.waitForSelector('.search-page__results[data-search-status="done"][data-search-query="PDF"]');
    const live = '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]';
    // The list is in no live region; the count is, in one that was there before it changed.
    expect(await page.locator('.search-page__list').evaluate((list, s) => list.closest(s)?.outerHTML.slice(0, 80) ?? null, live)).toBe(
      null,
    );
    const status = page.locator('.search-page__results [role="status"]');
    expect(await status.count()).toBe(1);
    expect(await status.locator('.search-page__count').count()).toBe(1);
    expect(await status.innerText()).toMatch(/^\d+ Dokumente gefunden$/);
    // A search without results says so in the same status line.
    await page.fill('#search-page-input', 'xqzvwj');
    await page.waitForSelector('.search-page__results[data-search-status="done"][data-search-query="xqzvwj"]');
    expect(await status.innerText()).toBe('Keine Ergebnisse für „xqzvwj“');
    expect(await page.locator('.search-page__list').count()).toBe(0);
    await page.close();
  });

  it('tables: should give each scrolling table its own name, from the heading above it', async () => {
    // Two of the page's three tables scroll on a phone; both were "Tabelle, seitlich scrollbar" (axe: landmark-unique).
    const { page } = await open('/de/docs/PRIVACY/', { width: 390, height: 844 });
    const regions = page.locator('.table-scroll[role="region"]');
    await poll(() => regions.count()).toBe(2);
    const names: string[] = [];
    for (let i = 0; i < 2; i++) names.push((await accessible(page, '.table-scroll[role="region"]', i)).name);
    expect(names).toEqual(['3.3 Cookies und lokale Speicherung Tabelle, seitlich scrollbar', '4. Empfänger Tabelle, seitlich scrollbar']);
    // The table that fits is a plain box, named by nothing.
    expect(
      await page
        .locator('.table-scroll:not([role])')
        .evaluateAll((boxes) => boxes.map((b) => [b.getAttribute('aria-label'), b.getAttribute('aria-labelledby')])),
    ).toEqual([[null, null]]);
    await page.close();
  });

  it('tables: should number the scrolling tables that share a heading', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.route(/googletagmanager\.com/, (r) => r.abort());
    // The page with its first table twice, one after the other.
    await page.route('**/de/docs/PRIVACY/', async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      const start = html.indexOf('<div class="table-scroll">');
      const box = html.slice(start, html.indexOf('</table></div>', start) + '</table></div>'.length);
      await route.fulfill({ response, body: html.slice(0, start) + box + box + html.slice(start + box.length) });
    });
    await page.goto(server.url + '/de/docs/PRIVACY/');
    await poll(() => page.locator('.table-scroll[role="region"]').count()).toBe(3);
    const names: string[] = [];
    for (let i = 0; i < 3; i++) names.push((await accessible(page, '.table-scroll[role="region"]', i)).name);
    expect(names.slice(0, 2)).toEqual([
      '3.3 Cookies und lokale Speicherung Tabelle, seitlich scrollbar (1)',
      '3.3 Cookies und lokale Speicherung Tabelle, seitlich scrollbar (2)',
    ]);
    expect(new Set(names).size).toBe(3);
    await context.close();
  });

  it('navbar: should make its dropdowns disclosures of links, not menus, and say that "Weiter" is the docs version', async () => {
    const { page } = await open('/de/docs/faq/', { width: 1280 });
    const toggles = await page
      .locator('.navbar .dropdown__toggle')
      .evaluateAll((buttons) =>
        buttons.map((b) => [
          b.getAttribute('aria-haspopup'),
          b.getAttribute('aria-expanded'),
          document.getElementById(b.getAttribute('aria-controls') ?? '')?.className,
        ]),
      );
    expect(toggles).toEqual(Array(4).fill([null, 'false', 'dropdown__menu']));
    // On screen too (issue 31): a bare "Weiter" read as the pagination's "next".
    expect(await accessible(page, '.navbar .version-dropdown .dropdown__toggle')).toMatchObject({
      role: 'button',
      name: 'Version: Weiter',
    });
    expect(await visibleText(page, '.navbar .version-dropdown .dropdown__toggle')).toBe('Version: Weiter');
    await page.close();
  });

  it('navbar: should name the search button "Suche" once at every width, with its shortcuts', async () => {
    for (const width of [1600, 1280, 390]) {
      const { page } = await open('/de/docs/faq/', { width });
      expect(await accessible(page, '.navbar .search-button'), `${width} px`).toMatchObject({ role: 'link', name: 'Suche' });
      expect(await page.getAttribute('.navbar .search-button', 'aria-keyshortcuts')).toBe('Control+K /');
      await page.close();
    }
    // On Apple devices the shortcut is ⌘K: hint, tooltip and aria-keyshortcuts say so.
    const { page } = await open('/de/docs/faq/', {
      width: 1600,
      init: () => Object.defineProperty(navigator, 'platform', { get: () => 'MacIntel' }),
    });
    const button = page.locator('.navbar .search-button');
    await poll(() => button.locator('[data-modifier-key]').textContent()).toBe('⌘');
    expect([await button.getAttribute('aria-keyshortcuts'), await button.getAttribute('title')]).toEqual(['Meta+K /', 'Suche (⌘+K)']);
    await page.close();
  });

  it("chrome: should draw the focus ring of the announcement's close button inside the window", async () => {
    const { page } = await open('/de/docs/faq/', { width: 1280 });
    const close = page.locator('[data-announcement-close]');
    await close.focus();
    const ring = await close.evaluate((button) => {
      const style = getComputedStyle(button);
      const grow = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth);
      const r = button.getBoundingClientRect();
      return {
        focusVisible: button.matches(':focus-visible'),
        top: r.top - grow,
        right: r.right + grow,
        width: document.documentElement.clientWidth,
        outline: style.outlineStyle,
      };
    });
    expect(ring).toMatchObject({ focusVisible: true, outline: 'solid' });
    expect(ring.top).toBeGreaterThanOrEqual(0);
    expect(ring.right).toBeLessThanOrEqual(ring.width);
    await page.close();
  });

  it("code: should show the copy button's check mark at 3:1 contrast at least", async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await context.newPage();
    await page.route(/googletagmanager\.com/, (r) => r.abort());
    await page.goto(server.url + '/de/docs/js-sdk/');
    const block = page.locator('figure.code-block').first();
    await block.hover();
    await block.locator('.code-block__copy').click();
    await poll(() => block.locator('.code-block__copy[data-copied]').count()).toBe(1);
    await poll(() => contrast(page, 'figure.code-block .code-block__copy[data-copied]')).toBeGreaterThanOrEqual(3);
    await context.close();
  });

  it('toc: should nest each h3 entry inside its h2 entry, on desktops and phones, and still mark the section being read', async () => {
    for (const [width, toc] of [
      [1280, '.toc--desktop'],
      [390, '.toc--mobile'],
    ] as const) {
      const { page } = await open('/de/docs/PRIVACY/', { width, height: 844 });
      const entries = await page
        .locator(`${toc} .toc__item`)
        .evaluateAll((items) =>
          items.map((li) => [
            li.className.match(/toc__item--(\d)/)?.[1],
            li.parentElement?.closest('li')?.className.match(/toc__item--(\d)/)?.[1] ?? null,
          ]),
        );
      const sub = entries.filter(([depth]) => depth === '3');
      expect(sub.length, toc).toBeGreaterThan(10);
      // Every h3 entry in an h2 entry, every h2 entry at the top.
      expect(
        sub.every(([, parent]) => parent === '2'),
        toc,
      ).toBe(true);
      expect(
        entries.filter(([depth]) => depth === '2').every(([, parent]) => parent === null),
        toc,
      ).toBe(true);
      // In the order of the page's headings.
      const order = await page.locator(`${toc} a.toc__link`).evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      const headings = await page.locator('main .markdown :is(h2, h3)[id]').evaluateAll((hs) => hs.map((h) => `#${h.id}`));
      expect(order, toc).toEqual(headings);
      if (toc === '.toc--desktop') {
        await page.evaluate(() => document.getElementById('cookies')!.scrollIntoView());
        await poll(() => page.locator('.toc--desktop .toc__link--active').getAttribute('href')).toBe('#cookies');
      }
      await page.close();
    }
  });

  it('axe: should pass on the pages and in the states the audit looked at (tables, blog, search page, search dialog)', async () => {
    for (const path of ['/de/docs/PRIVACY/', '/de/blog/', '/de/search/?q=PDF']) {
      for (const width of [1280, 390]) {
        const { page } = await open(path, { width, height: 844 });
        if (path.includes('?q=')) await page.waitForSelector('.search-page__results[data-search-status="done"]');
        // The tables are named once their boxes have been measured.
        if (path.includes('PRIVACY')) await poll(() => page.locator('.table-scroll[role="region"]').count()).toBeGreaterThan(0);
        expect(await runAxe(page), `${path} at ${width}px`).toEqual([]);
        await page.close();
      }
    }
    for (const width of [1280, 390]) {
      const { page } = await open('/de/docs/', {
        width,
        height: 844,
        init: () =>
          localStorage.setItem(
            'quire.search.recent.de.local',
            JSON.stringify([
              { id: 'faq', url: '/docs/faq/', pageTitle: 'FAQ', section: [] },
              { id: 'pdf', url: '/docs/features/pdf/#export', pageTitle: 'PDF', section: ['Export'] },
            ]),
          ),
      });
      await openSearch(page);
      expect(await runAxe(page), `search dialog with recent searches at ${width}px`).toEqual([]);
      await page.locator('.search-modal__input').fill('PDF');
      await page.waitForSelector('.search-modal__body[data-search-query="PDF"][data-search-status="done"]');
      expect(await runAxe(page), `search dialog with results at ${width}px`).toEqual([]);
      await page.close();
    }
  });
});
