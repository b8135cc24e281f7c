import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { closeBuiltSite, launchBrowser, openBuiltSite, type TestServer } from './harness.ts';
import { focusIndicator, openPage, runAxe, sidewaysOverflow } from './theme-support.ts';

/** The page chrome of the real site (SPEC §2, §8), as a visitor sees and uses it. */
describe('theme: page chrome of the real site', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => ({ server, browser } = await openBuiltSite(inject('e2eDist'))));
  afterAll(() => closeBuiltSite({ server, browser }));
  const open = (path: string, options: Parameters<typeof openPage>[2] = {}) => openPage(browser, server.url + path, options);

  it('theme: should show the navbar items of SPEC §2 in order, internal links under /de/ with a trailing slash', async () => {
    const { page, errors } = await open('/de/docs/faq/', { width: 1600 });
    const items = await page.$$eval('.navbar__items > li', (lis) =>
      lis
        .filter((li) => (li as HTMLElement).offsetParent !== null)
        .map((li) => {
          const control = li.querySelector(':scope > a, :scope > button') as HTMLElement;
          // The visible label: without the words for screen readers only (an external link's "new tab").
          const label = (control.querySelector('.search-button__label') ?? control).cloneNode(true) as Element;
          label.querySelectorAll('.visually-hidden').forEach((hidden) => hidden.remove());
          return [label.textContent?.trim(), control.getAttribute('href')];
        }),
    );
    expect(items).toEqual([
      ['Download', '/de/download/'],
      ['Dokumente übersetzen', 'https://app.bilingo.app/'],
      ['Anleitung', '/de/docs/usage/'],
      ['Preise', '/de/pricing/'],
      ['Lernzentrum', '/de/learn/'],
      ['Werkzeuge', null],
      ['Mehr erfahren', null],
      ['Profil', 'https://app.bilingo.app/login'],
      ['Pro', '/de/pricing/'],
      ['Deutsch', null],
      ['Version: Weiter', null],
      ['Suche', '/de/search/'],
    ]);
    // External links open in a new tab, safely.
    expect(await page.getAttribute('.navbar__link[href^="https://app"]', 'rel')).toBe('noopener noreferrer');
    // The Premium tag is in the markup for paying users, hidden for everyone else.
    expect(await page.locator('.navbar [data-premium-tag]').isHidden()).toBe(true);
    expect(await page.getAttribute('.navbar [data-premium-tag] a', 'href')).toBe('/de/pricing/');
    // The search button shows its label and the shortcut hint on wide screens, and names the shortcuts (tooltip, aria-keyshortcuts).
    expect(await page.locator('.navbar .search-button__keys').isVisible()).toBe(true);
    expect(await page.locator('.navbar .search-button').getAttribute('title')).toBe('Suche (Strg+K)');
    expect(await page.locator('.navbar .search-button').getAttribute('aria-keyshortcuts')).toBe('Control+K /');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('theme: should open the Tools and Learn More dropdowns from the keyboard, with visible focus', async () => {
    const { page } = await open('/de/', { width: 1280 });
    const tools = page.locator('.navbar .dropdown', { hasText: 'Werkzeuge' });
    const toolsMenu = tools.locator('.dropdown__menu');
    expect(await toolsMenu.isVisible()).toBe(false);
    const toggle = tools.locator('.dropdown__toggle');
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-dropdowns'));
    // Focus alone does not open a menu: a closed menu is no Tab stop, so Tab goes on to the next item.
    await toggle.focus();
    await page.waitForTimeout(200);
    expect(await toolsMenu.isVisible()).toBe(false);
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => document.activeElement?.closest('.dropdown__menu') === null && document.activeElement?.textContent),
    ).toBe('Mehr erfahren');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => toolsMenu.isVisible()).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect((await focusIndicator(page)).visible).toBe(true);
    const toolLinks = await toolsMenu
      .locator('a')
      .evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('target')]));
    expect(toolLinks).toHaveLength(7);
    expect(toolLinks.every(([, href, target]) => href?.startsWith('https://app.bilingo.app/') && target === '_blank')).toBe(true);
    // Tab walks into the open menu: every link is reachable and shows where the focus is.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('.dropdown__menu') !== null)).toBe(true);
    expect((await focusIndicator(page)).visible).toBe(true);
    // Escape closes it for real (the focus back on its button does not reopen it).
    await page.keyboard.press('Escape');
    await expect.poll(() => toolsMenu.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Werkzeuge');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    const more = page.locator('.navbar .dropdown', { hasText: 'Mehr erfahren' });
    await more.locator('.dropdown__toggle').focus();
    await page.keyboard.press(' ');
    await expect.poll(() => more.locator('.dropdown__menu').isVisible()).toBe(true);
    const moreLinks = await more.locator('.dropdown__menu a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    // The twelve links of SPEC §2 minus the two behind flags that are off (useScenes, blog).
    expect(moreLinks).toEqual([
      '/de/f-video-subtitle-translate/',
      '/de/f-share-bilingual-content/',
      '/de/manga/',
      '/de/image/',
      '/de/ao3/',
      '/de/f-pdf-translate/',
      '/de/exchange/',
      '/de/docs/friends/',
      '/de/docs/joinUs/',
      'https://microsoftedge.microsoft.com/addons/detail/bilingo',
    ]);
    expect(toolLinks.length + moreLinks.length).toBe(17);
    await page.close();
  });

  it('theme: should list the languages by their own names, linking the same page in each locale', async () => {
    const { page } = await open('/de/docs/faq/', { width: 1280 });
    const links = await page
      .locator('.navbar .locale-dropdown a')
      .evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('lang'), a.getAttribute('aria-current')]));
    expect(links.map(([label]) => label)).toEqual([
      'العربية',
      'Deutsch',
      'English',
      'Español',
      'Français',
      'हिन्दी',
      'Italiano',
      '日本語',
      '한국어',
      'Português',
      'Português (Brasil)',
      'Русский',
      '简体中文',
      '简体中文 (Hans)',
    ]);
    expect(links).toContainEqual(['Deutsch', '/de/docs/faq/', 'de', 'true']);
    expect(links).toContainEqual(['English', '/en/docs/faq/', 'en', null]);
    // The default locale lives at the root.
    expect(links).toContainEqual(['简体中文', '/docs/faq/', 'zh', null]);
    // zh-TW only with its flag (off on this site).
    expect(links.some(([, href]) => href?.startsWith('/zh-TW/'))).toBe(false);
    await page.close();
  });

  it('theme: should show the docs version dropdown ("Version: Weiter") on docs pages only, linking the page shown in that version', async () => {
    const docs = await open('/de/docs/faq/', { width: 1280 });
    const version = docs.page.locator('.navbar .version-dropdown');
    expect(await version.locator('.dropdown__toggle').textContent()).toBe('Version: Weiter');
    expect(await version.locator('a').getAttribute('href')).toBe('/de/docs/faq/');
    expect(await version.locator('a').getAttribute('aria-current')).toBe('page');
    await docs.page.close();
    // Outside the docs there is no page to show in another version (issue 31).
    const home = await open('/de/', { width: 1280 });
    expect(await home.page.locator('.version-dropdown').count()).toBe(0);
    await home.page.close();
  });

  it('theme: should render the footer: doc and project links, social links without hidden flags, QR codes, currency box, 2025', async () => {
    const { page } = await open('/de/', { width: 1280 });
    const footer = page.locator('footer.footer');
    const hrefs = await footer.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    for (const href of [
      '/de/docs/usage/',
      '/de/docs/faq/',
      '/de/docs/services/',
      '/de/docs/TERMS/',
      '/de/docs/PRIVACY/',
      'https://github.com/bilingo-app/bilingo/releases',
      'https://github.com/bilingo-app/bilingo/issues',
    ]) {
      expect(hrefs).toContain(href);
    }
    const social = await footer
      .locator('.footer__social a')
      .evaluateAll((as) => as.map((a) => [a.firstChild?.textContent, a.querySelector('.visually-hidden')?.textContent]));
    // Each opens a new tab and says so to screen readers.
    expect(social).toEqual(['GitHub', 'Discord', 'Telegram'].map((name) => [name, ' (öffnet in neuem Tab)']));
    // App-store QR codes: SVG drawn at build time, a tooltip for sighted visitors (the link names the store once
    // for screen readers), sized (no layout shift).
    const qr = footer.locator('.footer__qr svg');
    expect(await qr.count()).toBe(2);
    expect(await qr.first().getAttribute('aria-hidden')).toBe('true');
    expect(await qr.first().locator('title').textContent()).toBe('QR-Code für App Store (iOS)');
    expect(
      await qr.first().evaluate((svg) => [svg.getBoundingClientRect().width, svg.querySelector('path')?.getAttribute('d')?.length ?? 0]),
    ).toEqual([96, expect.any(Number)]);
    const select = footer.locator('[data-currency-select]');
    expect(await select.locator('option').count()).toBeGreaterThan(1);
    expect(await footer.locator('label.currency-choice').textContent()).toContain('Währung');
    expect(await footer.locator('.footer__copyright').textContent()).toContain('2025');
    await page.close();
  });

  it('theme: should show the announcement bar from config with a named close button', async () => {
    const { page } = await open('/de/docs/faq/', { width: 1280 });
    const bar = page.locator('.announcement');
    // A named region (the page's banner landmark is its header).
    expect(await bar.evaluate((el) => [el.tagName, el.getAttribute('aria-label')])).toEqual(['SECTION', 'Ankündigung']);
    expect(await bar.locator('a').getAttribute('href')).toBe('/de/deals/manga/');
    expect(await bar.locator('[data-announcement-close]').getAttribute('aria-label')).toBe('Schließen');
    expect(await bar.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(239, 246, 255)');
    await page.close();
  });

  it('theme: should render the docs layout: sidebar with the current page, breadcrumbs, toc, previous/next', async () => {
    const { page } = await open('/de/docs/features/pdf/', { width: 1280 });
    expect(await page.locator('.doc-sidebar [aria-current="page"]').textContent()).toBe('PDF');
    expect(await page.locator('.breadcrumbs [aria-current="page"]').textContent()).toBe('PDF');
    // Sidebar and table of contents stick while the article scrolls.
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => document.querySelector('.doc-sidebar')!.getBoundingClientRect().top)).toBeLessThan(120);
    expect(await page.evaluate(() => document.querySelector('.toc--desktop')!.getBoundingClientRect().top)).toBeLessThan(150);
    expect(await page.locator('.toc--desktop a').count()).toBeGreaterThan(2);
    expect(await page.locator('.pagination-nav a[rel="prev"]').count()).toBe(1);
    expect(await page.locator('.pagination-nav a[rel="next"]').count()).toBe(1);
    // A category with its own page is a link plus a separate caret that opens and closes it.
    const caret = page.locator('.doc-sidebar .menu__caret').first();
    const details = caret.locator('xpath=..');
    const wasOpen = await details.evaluate((d) => (d as HTMLDetailsElement).open);
    await caret.click();
    expect(await details.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(!wasOpen);
    await page.close();
  });

  it('theme: should use the mobile layout at 375 px: menu button, sidebar panel with the docs sidebar, collapsible toc', async () => {
    const { page, errors } = await open('/de/docs/features/pdf/', { width: 375, height: 800 });
    for (const hidden of [
      '.navbar__items:not(.navbar__items--right)',
      '.doc-layout__sidebar',
      '.doc-layout__toc',
      '.navbar .locale-dropdown',
    ]) {
      expect(await page.locator(hidden).first().isVisible(), hidden).toBe(false);
    }
    for (const visible of ['[data-mobile-toggle]', '.navbar__brand', '.navbar .search-button', 'details.toc--mobile']) {
      expect(await page.locator(visible).first().isVisible(), visible).toBe(true);
    }
    expect(await sidewaysOverflow(page)).toEqual({ scroll: 0, elements: [] });
    const toc = page.locator('details.toc--mobile');
    expect(await toc.locator('a').first().isVisible()).toBe(false);
    await toc.locator('summary').click();
    expect(await toc.locator('a').first().isVisible()).toBe(true);

    await page.click('[data-mobile-toggle]');
    const menu = page.locator('[data-mobile-menu]');
    await expect.poll(() => menu.isVisible()).toBe(true);
    // The panel holds the navbar items and, on docs pages, the docs sidebar with the current page.
    expect(await menu.locator('.doc-sidebar [aria-current="page"]').textContent()).toBe('PDF');
    // The docs sidebar first; the site menu behind "Hauptmenü" (test/e2e/navigation.test.ts tests the panels).
    await menu.getByRole('button', { name: 'Hauptmenü' }).click();
    expect(await menu.getByRole('link', { name: 'Anleitung', exact: true }).isVisible()).toBe(true);
    await menu.locator('summary', { hasText: 'Werkzeuge' }).click();
    expect(await menu.getByRole('link', { name: 'PDF übersetzen (öffnet in neuem Tab)', exact: true }).isVisible()).toBe(true);
    await menu.locator('summary', { hasText: 'Sprachen' }).click();
    expect(await menu.getByRole('link', { name: 'English' }).getAttribute('href')).toBe('/en/docs/features/pdf/');
    const box = await menu.boundingBox();
    expect(box!.x).toBe(0);
    expect(box!.width).toBeLessThanOrEqual(340);
    await page.click('[data-mobile-close].mobile-menu__close');
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('theme: should work without JavaScript: dropdowns on focus, the mobile menu through its link, the docs sidebar after the content', async () => {
    const desktop = await open('/de/docs/faq/', { width: 1280, javaScriptEnabled: false });
    const tools = desktop.page.locator('.navbar .dropdown', { hasText: 'Werkzeuge' });
    await tools.locator('.dropdown__toggle').focus();
    await expect.poll(() => tools.locator('.dropdown__menu').isVisible()).toBe(true);
    await desktop.page.close();
    const mobile = await open('/de/docs/faq/', { width: 375, javaScriptEnabled: false });
    // Opened and closed where the visitor has read to: the page stays there (clicked where the controls are, as
    // a finger would; Playwright's own click scrolls its target into view first). Closing used to go to `#`,
    // which scrolls to the top.
    await mobile.page.mouse.wheel(0, 1200);
    await expect.poll(() => mobile.page.evaluate(() => window.scrollY)).toBe(1200);
    const tap = async (selector: string) => {
      const box = (await mobile.page.locator(selector).boundingBox())!;
      await mobile.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    };
    // Open once it has slid in (a tap during the slide would land beside the close button).
    const opened = async () => {
      await expect.poll(() => mobile.page.locator('#mobile-menu').isVisible()).toBe(true);
      await expect.poll(async () => (await mobile.page.locator('#mobile-menu').boundingBox())?.x).toBe(0);
    };
    await tap('[data-mobile-toggle]');
    await opened();
    await tap('.mobile-menu__close');
    await expect.poll(() => mobile.page.locator('#mobile-menu').isVisible()).toBe(false);
    expect(await mobile.page.evaluate(() => window.scrollY)).toBe(1200);
    // The backdrop beside the panel closes it too.
    await tap('[data-mobile-toggle]');
    await opened();
    await mobile.page.mouse.click(360, 400);
    await expect.poll(() => mobile.page.locator('#mobile-menu').isVisible()).toBe(false);
    expect(await mobile.page.evaluate(() => window.scrollY)).toBe(1200);
    await mobile.page.evaluate(() => window.scrollTo(0, 0));
    // The docs sidebar, which script moves into the menu, follows the content instead; and the announcement
    // offers no close button, which only script could make remember.
    const sidebar = mobile.page.locator('.doc-layout__sidebar .doc-sidebar');
    expect(await sidebar.isVisible()).toBe(true);
    const [main, side] = await Promise.all([mobile.page.locator('.doc-layout__main').boundingBox(), sidebar.boundingBox()]);
    expect(side!.y).toBeGreaterThan(main!.y + main!.height - 1);
    expect(await mobile.page.locator('a.sidebar__link, .doc-sidebar a').first().isVisible()).toBe(true);
    expect(await mobile.page.locator('[data-announcement-close]').isVisible()).toBe(false);
    expect(await mobile.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await mobile.page.close();
    // With JavaScript the sidebar stays out of the page (it is in the menu).
    const scripted = await open('/de/docs/faq/', { width: 375 });
    expect(await scripted.page.locator('.doc-layout__sidebar').isVisible()).toBe(false);
    expect(await scripted.page.locator('[data-announcement-close]').isVisible()).toBe(true);
    await scripted.page.close();
  });

  it('theme: should show a visible focus indicator on every control reached with Tab', async () => {
    const { page } = await open('/de/docs/faq/', { width: 1280 });
    const seen: string[] = [];
    for (let i = 0; i < 45; i++) {
      await page.keyboard.press('Tab');
      const focus = await focusIndicator(page);
      if (focus.element === 'body') break;
      if (!focus.visible) seen.push(focus.element);
    }
    expect(seen).toEqual([]);
    // The footer is dark: its focus ring has its own colour.
    await page.locator('footer a').first().focus();
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineColor)).toBe('rgb(147, 197, 253)');
    await page.close();
  });

  it('theme: should keep the words of a wide table whole on a phone, scrolling the table in a box the keyboard reaches', async () => {
    const { page } = await open('/de/docs/features/pdf/', { width: 375, height: 800 });
    const box = page.locator('.table-scroll').first();
    await expect.poll(() => box.getAttribute('tabindex')).toBe('0');
    expect(await box.getAttribute('role')).toBe('region');
    expect(await box.getAttribute('aria-label')).toBe('Tabelle, seitlich scrollbar');
    // Every word of the table on one line (no break between two letters), the page itself not wider than the screen.
    const split = await box.evaluate((el) => {
      const out: string[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        // Addresses and code may break anywhere; words may not.
        if (node.parentElement?.closest('a, code')) continue;
        const text = node.textContent ?? '';
        for (const m of text.matchAll(/[\p{L}\p{N}]+/gu)) {
          const range = document.createRange();
          range.setStart(node, m.index!);
          range.setEnd(node, m.index! + m[0].length);
          if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) out.push(m[0]);
        }
      }
      return out;
    });
    expect(split).toEqual([]);
    expect(await sidewaysOverflow(page)).toEqual({ scroll: 0, elements: [] });
    // A box that was hidden (a closed tab or <details>) is checked again when it shows.
    await box.evaluate((el) => ((el as HTMLElement).style.display = 'none'));
    await expect.poll(() => box.getAttribute('tabindex')).toBe(null);
    await box.evaluate((el) => ((el as HTMLElement).style.display = ''));
    await expect.poll(() => box.getAttribute('tabindex')).toBe('0');
    // From the keyboard: Tab reaches the box, the arrow keys scroll it.
    await box.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    // Wide enough for the table: a plain box again, no Tab stop.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => box.getAttribute('tabindex')).toBe(null);
    expect(await box.getAttribute('role')).toBe(null);
    await page.close();
  });

  it('theme: should not scroll sideways from 320 to 1920 px on home, a docs page, pricing and 404', async () => {
    const { page } = await open('/de/', { width: 320 });
    for (const path of ['/de/', '/de/docs/features/pdf/', '/de/pricing/', '/de/gibt-es-nicht/']) {
      for (const width of [320, 375, 768, 996, 997, 1280, 1440, 1920]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(server.url + path);
        expect(await sidewaysOverflow(page), `${path} at ${width}px`).toEqual({ scroll: 0, elements: [] });
      }
    }
    await page.close();
  });

  it('theme: should keep running text of wide marketing pages at a readable line length, and grids at full width', async () => {
    const { page } = await open('/de/learn/', { width: 1440 });
    const widths = await page.evaluate(() => {
      const content = document.querySelector('.page__content .markdown')!;
      const chars = (el: Element) => el.getBoundingClientRect().width / parseFloat(getComputedStyle(el).fontSize);
      const prose = [...content.querySelectorAll(':scope > p')].map(chars);
      const grid = content.querySelector(':scope > :not(p, ul, ol, h2, h3)')!;
      return { prose: Math.max(...prose), grid: grid.getBoundingClientRect().width, content: content.getBoundingClientRect().width };
    });
    // 80ch is about 51em in this font (a digit is wider than the average letter): lines of running text
    // stay under about 95 characters. Without the limit a paragraph ran 86em wide here.
    expect(widths.prose).toBeLessThanOrEqual(52);
    expect(widths.grid).toBe(widths.content);
    expect(widths.content).toBeGreaterThan(1000);
    await page.close();
  });

  it('theme: should keep the navbar on one line inside the screen at every desktop width', async () => {
    const { page } = await open('/de/docs/faq/', { width: 997 });
    const tooWide: string[] = [];
    for (let width = 997; width <= 1920; width += 23) {
      await page.setViewportSize({ width, height: 700 });
      const { need, have, height } = await page.evaluate(() => {
        const inner = document.querySelector('.navbar__inner')!;
        return {
          need: inner.scrollWidth,
          have: inner.clientWidth,
          height: document.querySelector('.navbar')!.getBoundingClientRect().height,
        };
      });
      if (need > have || height > 61) tooWide.push(`${width}px: needs ${need}px of ${have}px, ${height}px high`);
    }
    expect(tooWide).toEqual([]);
    await page.close();
  });

  it('theme: should not shift the layout while the page, its images and the header script load', async () => {
    for (const [path, width] of [
      ['/de/', 1280],
      ['/de/docs/features/pdf/', 1280],
      ['/de/pricing/', 1280],
      ['/de/pricing/', 375],
    ] as const) {
      const { page } = await open(path, {
        width,
        init: () => {
          const w = window as unknown as { shifts: string[] };
          w.shifts = [];
          // Each shift with its time and what moved (node, rectangle before and after), so a failure says where to look.
          const box = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
          new PerformanceObserver((list) =>
            list.getEntries().forEach((e) => {
              const shift = e as unknown as {
                value: number;
                startTime: number;
                sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
              };
              const moved = shift.sources.map((source) => {
                const node = source.node as Element | undefined;
                const name = node ? `${node.nodeName.toLowerCase()}.${typeof node.className === 'string' ? node.className : ''}` : '?';
                return `${name} ${box(source.previousRect)} -> ${box(source.currentRect)}`;
              });
              w.shifts.push(`${shift.value.toFixed(5)} at ${Math.round(shift.startTime)} ms: ${moved.join('; ')}`);
            }),
          ).observe({ type: 'layout-shift', buffered: true });
        },
      });
      // The header script runs 1.2 s after load (SPEC §4); wait until it has run once.
      await page.waitForFunction(() => document.readyState === 'complete');
      await page.waitForTimeout(1800);
      const shifts = await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts);
      expect(shifts, `${path} at ${width}px`).toEqual([]);
      // Every image has its size in the markup.
      expect(
        await page.$$eval('img', (imgs) => imgs.filter((i) => !i.getAttribute('width') || !i.getAttribute('height')).map((i) => i.src)),
      ).toEqual([]);
      await page.close();
    }
  });

  it('theme: should not shift the layout while a page arrives in parts, with classic scrollbars', async () => {
    const { readFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    // Where a slow network may pause: inside the navbar's right-hand items, just after the first plan of
    // the pricing table (a grid that is painted with some of its items only), in the main content.
    const splits = (html: string) => {
      const right = html.indexOf('navbar__items--right');
      const main = html.indexOf('<main');
      const plan = html.indexOf('</section>', html.indexOf('class="pricing__plan'));
      return [
        Math.round((right + html.indexOf('</nav>', right)) / 2),
        Math.round((main + html.length) / 2),
        ...(plan > 0 ? [plan + '</section>'.length] : []),
      ];
    };
    let split = 0;
    server.hooks.push(async (req, res) => {
      if (!split || !req.url?.endsWith('/')) return false;
      const html = await readFile(join(inject('e2eDist'), req.url, 'index.html'));
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.write(html.subarray(0, split));
      setTimeout(() => res.end(html.subarray(split)), 400);
      return true;
    });
    const classic = await launchBrowser({ scrollbars: true });
    try {
      for (const path of ['/de/', '/de/docs/features/pdf/', '/de/pricing/']) {
        const html = await readFile(join(inject('e2eDist'), path, 'index.html'), 'utf8');
        for (const at of splits(html)) {
          split = Buffer.byteLength(html.slice(0, at));
          const { page } = await openPage(classic, server.url + path, {
            width: 1280,
            init: () => {
              const w = window as unknown as { shifts: string[] };
              w.shifts = [];
              new PerformanceObserver((list) =>
                list.getEntries().forEach((e) => {
                  const shift = e as unknown as { value: number; sources: { node?: Node }[] };
                  w.shifts.push(
                    `${shift.value.toFixed(4)} ${shift.sources.map((s) => (s.node as Element | undefined)?.className ?? s.node?.nodeName).join(', ')}`,
                  );
                }),
              ).observe({ type: 'layout-shift', buffered: true });
            },
          });
          await page.waitForFunction(() => document.readyState === 'complete');
          const shifts = await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts);
          expect(shifts, `${path} paused at byte ${split}`).toEqual([]);
          await page.close();
        }
      }
    } finally {
      split = 0;
      server.hooks.length = 0;
      await classic.close();
    }
  });

  it('theme: should show the wrong-base-URL warning, suggesting the base that works, when served under another path', async () => {
    const { readFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    // A host that serves the site under /falsch/ instead of /de/.
    server.hooks.push(async (req, res) => {
      if (!req.url?.startsWith('/falsch/')) return false;
      const html = await readFile(join(inject('e2eDist'), 'de', req.url.slice('/falsch/'.length), 'index.html'));
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
      return true;
    });
    try {
      const { page } = await open('/falsch/docs/faq/', { width: 1280 });
      const banner = page.locator('#base-url-issue');
      expect(await banner.isVisible()).toBe(true);
      expect(await banner.getAttribute('role')).toBe('alert');
      expect(await banner.textContent()).toContain('Die Website wurde nicht richtig geladen.');
      expect(await banner.locator('code').allTextContents()).toEqual(['/de/', '/falsch/']);
      await page.close();
      const fine = await open('/de/docs/faq/', { width: 1280 });
      expect(await fine.page.locator('#base-url-issue').count()).toBe(0);
      await fine.page.close();
    } finally {
      server.hooks.length = 0;
    }
  });

  it('theme: should ship the crash screen and lazy-load failure markup for the client (SPEC §8)', async () => {
    const { page } = await open('/de/', { width: 1280 });
    const crash = await page.evaluate(() => (document.getElementById('quire-crash-template') as HTMLTemplateElement).content.textContent);
    expect(crash).toContain('Diese Seite ist abgestürzt.');
    expect(crash).toContain('Erneut versuchen');
    expect(crash).toContain('Technische Einzelheiten');
    const lazy = await page.evaluate(
      () => (document.getElementById('quire-lazy-error-template') as HTMLTemplateElement).content.textContent,
    );
    expect(lazy).toContain('Erneut versuchen');
    await page.close();
  });

  it('theme: should pass axe-core on home, docs pages (one with highlighted code), pricing and 404, at 1280 and 375 px', async () => {
    for (const path of ['/de/', '/de/docs/usage/', '/de/docs/js-sdk/', '/de/pricing/', '/de/gibt-es-nicht/']) {
      for (const width of [1280, 375]) {
        const { page } = await open(path, { width });
        expect(await runAxe(page), `${path} at ${width}px`).toEqual([]);
        await page.close();
      }
    }
  });

  it('theme: should pass axe-core with the menus open (dropdowns, mobile panel)', async () => {
    const desktop = await open('/de/docs/usage/', { width: 1280 });
    await desktop.page.evaluate(() => document.querySelectorAll('.navbar .dropdown').forEach((d) => d.classList.add('dropdown--open')));
    await desktop.page.waitForTimeout(200);
    expect(await runAxe(desktop.page)).toEqual([]);
    await desktop.page.close();
    const mobile = await open('/de/docs/usage/', { width: 375 });
    await mobile.page.click('[data-mobile-toggle]');
    await expect.poll(() => mobile.page.locator('[data-mobile-menu]').isVisible()).toBe(true);
    await mobile.page.evaluate(() =>
      document.querySelectorAll('.mobile-menu details').forEach((d) => ((d as HTMLDetailsElement).open = true)),
    );
    expect(await runAxe(mobile.page)).toEqual([]);
    await mobile.page.close();
  });
});
