import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { closeBuiltSite, openBuiltSite, type TestServer } from './harness.ts';

describe('client runtime in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => ({ server, browser } = await openBuiltSite(inject('e2eDist'))));
  afterAll(() => closeBuiltSite({ server, browser }));
  beforeEach(() => {
    server.hooks.length = 0;
  });

  async function open(path: string, options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await page.route(/googletagmanager\.com/, (r) => r.abort());
    await page.goto(server.url + path);
    return page;
  }
  const delay = (path: string, ms: number) =>
    server.hooks.push((req) => (req.url?.startsWith(path) ? new Promise((resolve) => setTimeout(() => resolve(false), ms)) : false));

  it('code: should keep the always-shown copy button of touch screens off the code, with and without a title bar', async () => {
    // A page with code blocks with and without a title bar.
    const page = await open('/de/docs/browserExtensionIntegration/', {
      viewport: { width: 320, height: 700 },
      hasTouch: true,
      isMobile: true,
    });
    expect(await page.evaluate(() => matchMedia('(hover: none)').matches)).toBe(true);
    await expect.poll(() => page.locator('.code-block__copy').count()).toBeGreaterThan(1);
    const blocks = await page.evaluate(() =>
      [...document.querySelectorAll('figure.code-block')].map((figure) => {
        const button = figure.querySelector('.code-block__copy')!.getBoundingClientRect();
        const line = figure.querySelector('.line')!.getBoundingClientRect();
        const title = figure.querySelector('.code-title')?.getBoundingClientRect();
        return {
          titled: !!title,
          buttonBottom: button.bottom,
          lineTop: line.top,
          fitsTitle: !title || (button.top >= title.top && button.bottom <= title.bottom),
        };
      }),
    );
    expect(blocks.some((b) => b.titled)).toBe(true);
    expect(blocks.some((b) => !b.titled)).toBe(true);
    for (const b of blocks) {
      expect(b.buttonBottom).toBeLessThanOrEqual(b.lineTop + 1);
      expect(b.fitsTitle).toBe(true);
    }
    await page.context().close();
  });

  it('code: should copy a code block with its button (mouse and keyboard) and say so, also after a soft navigation', async () => {
    const page = await open('/de/docs/js-sdk/', { permissions: ['clipboard-read', 'clipboard-write'] });
    const blocks = page.locator('figure.code-block');
    // The buttons' code loads on pages with code blocks only, just after the page's script.
    await expect.poll(() => page.locator('figure.code-block > .code-block__copy').count()).toBe(await blocks.count());
    const block = blocks.first();
    const button = block.locator('.code-block__copy');
    const opacity = () => button.evaluate((b) => getComputedStyle(b).opacity);
    expect(await button.getAttribute('aria-label')).toBe('Code kopieren');
    expect(await opacity()).toBe('0');
    await block.hover();
    await expect.poll(opacity).toBe('1');
    await button.click();
    const code = (await block.locator('pre code').textContent())!;
    expect(code.length).toBeGreaterThan(10);
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    expect(await button.getAttribute('aria-label')).toBe('Kopiert');
    expect(await block.locator('[role="status"]').textContent()).toBe('Kopiert');
    await expect.poll(() => button.getAttribute('aria-label'), { timeout: 5000 }).toBe('Code kopieren');
    expect(await block.locator('[role="status"]').textContent()).toBe('');
    // From the keyboard: the second block's button, focused, shows itself and copies on Enter.
    await page.evaluate(() => navigator.clipboard.writeText(''));
    const second = blocks.nth(1);
    await second.locator('.code-block__copy').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(await second.locator('pre code').textContent());
    // A page reached by a soft navigation gets its buttons too.
    await page.click('.doc-sidebar a[href="/de/docs/advanced/"]');
    await page.waitForURL('**/de/docs/advanced/');
    await expect
      .poll(() => page.locator('figure.code-block > .code-block__copy').count())
      .toBe(await page.locator('figure.code-block').count());
    expect(await page.locator('figure.code-block').count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('back to top: should appear when scrolling back up a long docs page and take the visitor to the top', async () => {
    const page = await open('/de/docs/faq/', { viewport: { width: 1280, height: 700 } });
    const button = page.locator('[data-back-to-top]');
    expect(await button.getAttribute('aria-label')).toBe('Zurück nach oben');
    const shown = () => button.isVisible();
    expect(await shown()).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.waitForTimeout(100);
    // Scrolling down: still hidden; turning back up past 300 px: shown.
    expect(await shown()).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 1300));
    await expect.poll(shown).toBe(true);
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect.poll(shown).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    // Marketing pages have none.
    await page.goto(server.url + '/de/pricing/');
    expect(await page.locator('[data-back-to-top]').count()).toBe(0);
    await page.context().close();
  });

  it('tabs: should keep the chosen tab of a group for later pages, soft navigations and reloads', async () => {
    const page = await open('/de/docs/installation/');
    const checked = () =>
      page.$$eval('.tabs[data-tab-group="browser"] .tabs__radio:checked', (radios) => radios.map((r) => (r as HTMLInputElement).value));
    expect(await checked()).toEqual(['Chrome']);
    await page.click('.tabs[data-tab-group="browser"] .tabs__label:text-is("Firefox")');
    expect(await checked()).toEqual(['Firefox']);
    expect(await page.evaluate(() => localStorage.getItem('quire.tab.browser'))).toBe('Firefox');
    expect(await page.isVisible('.tabs[data-tab-group="browser"] .tabs__radio:checked + .tabs__label + .tabs__panel')).toBe(true);
    // Another page with the group, reached without a reload, opens on the same tab; so does a reload.
    // (Its sidebar link sits in a collapsed category: clicked from script, which the router handles the same way.)
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 7));
    await page.$eval('.doc-sidebar a[href="/de/docs/pdf-helper/"]', (a) => (a as HTMLElement).click());
    await page.waitForURL('**/de/docs/pdf-helper/');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(7);
    await expect.poll(checked).toEqual(['Firefox']);
    await page.reload();
    await expect.poll(checked).toEqual(['Firefox']);
    // A set without a group keeps its own first tab.
    await page.goto(server.url + '/de/docs/installation/');
    await expect.poll(checked).toEqual(['Firefox']);
    expect(
      await page.$$eval('.tabs:not([data-tab-group]) .tabs__radio:checked', (radios) => radios.map((r) => (r as HTMLInputElement).value)),
    ).toEqual(['Android']);
    await page.context().close();
  });

  it("tabs: should paint a kept tab choice from the first frame, before and without the tabs' code", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // A visitor who chose Firefox on an earlier visit. The tabs' chunk never arrives, so only what runs before
    // the first paint can show the choice; a probe reads the set in the first frame that has it (requestAnimationFrame
    // runs just before a frame is painted).
    await page.addInitScript(() => {
      try {
        localStorage.setItem('quire.tab.browser', 'Firefox');
      } catch {
        // about:blank has no storage
      }
      const w = window as unknown as { firstPainted?: string[] };
      const probe = () => {
        const set = document.querySelector('.tabs[data-tab-group="browser"]');
        if (!set) return void requestAnimationFrame(probe);
        w.firstPainted = [...set.querySelectorAll<HTMLInputElement>('.tabs__radio:checked')].map((r) => r.value);
      };
      requestAnimationFrame(probe);
    });
    const tabsChunk: string[] = [];
    await page.route(/\/chunks\/tabs\.[\w-]+\.js$/, (route) => {
      tabsChunk.push(route.request().url());
      return route.abort();
    });
    await page.goto(server.url + '/de/docs/installation/');
    await expect.poll(() => page.evaluate(() => (window as unknown as { firstPainted?: string[] }).firstPainted)).toEqual(['Firefox']);
    expect(tabsChunk.length).toBe(1);
    expect(await page.isVisible('.tabs[data-tab-group="browser"] .tabs__radio:checked + .tabs__label + .tabs__panel')).toBe(true);
    expect(
      await page.$$eval('.tabs[data-tab-group="browser"] .tabs__radio:checked + .tabs__label', (labels) =>
        labels.map((l) => l.textContent),
      ),
    ).toEqual(['Firefox']);
    // A set without a group is left on its own first tab.
    expect(
      await page.$$eval('.tabs:not([data-tab-group]) .tabs__radio:checked', (radios) => radios.map((r) => (r as HTMLInputElement).value)),
    ).toEqual(['Android']);
    await context.close();
  });

  it('navigation: should follow internal links without a full reload and update title and head', async () => {
    const page = await open('/de/docs/');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await page.click('.doc-sidebar a[href="/de/docs/faq/"]');
    await page.waitForURL('**/de/docs/faq/');
    await expect.poll(() => page.title()).toBe('Häufige Fragen | Bilingo');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    expect(await page.getAttribute('link[rel="canonical"]', 'href')).toBe('https://www.bilingo.app/de/docs/faq/');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    // back restores the previous page
    await page.goBack();
    await page.waitForURL('**/de/docs/');
    await expect.poll(() => page.textContent('h1')).toContain('Bilingo');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    await page.context().close();
  });

  it('navigation: should leave modified clicks, new-tab and external links to the browser', async () => {
    const page = await open('/de/docs/');
    const external = await page.getAttribute('a[href="https://app.bilingo.app/"]', 'target');
    expect(external).toBe('_blank');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      page.click('.doc-sidebar a[href="/de/docs/faq/"]', { modifiers: ['Control'] }),
    ]);
    expect(popup).toBeDefined();
    expect(page.url()).toBe(server.url + '/de/docs/');
    await page.context().close();
  });

  it('navigation: should scroll to the hash target after a route change, and to the top without one', async () => {
    const page = await open('/de/docs/faq/', { viewport: { width: 1280, height: 700 } });
    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.evaluate(() => {
      const a = document.createElement('a');
      a.href = '/de/docs/usage/#tastenkuerzel';
      a.id = 'to-hash';
      a.textContent = 'x';
      document.getElementById('main')!.prepend(a);
    });
    await page.click('#to-hash');
    await page.waitForURL('**/de/docs/usage/#tastenkuerzel');
    await expect
      .poll(() => page.evaluate(() => Math.abs(document.getElementById('tastenkuerzel')!.getBoundingClientRect().top) < 120))
      .toBe(true);
    // The keyboard goes on from the section, not from the top of the page.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('tastenkuerzel');
    const scrolled = await page.evaluate(() => window.scrollY);
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(
        () => document.getElementById('tastenkuerzel')!.compareDocumentPosition(document.activeElement!) & Node.DOCUMENT_POSITION_FOLLOWING,
      ),
    ).toBeTruthy();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(scrolled - 200);
    await page.evaluate(() => window.scrollTo(0, 900));
    await page.click('.pagination-nav__link--next');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await page.context().close();
  });

  it('toc: should mark the section being read in the table of contents, also after a soft navigation', async () => {
    const page = await open('/de/docs/faq/', { viewport: { width: 1280, height: 700 } });
    const marked = () =>
      page.evaluate(() => [...document.querySelectorAll('.toc--desktop .toc__link--active')].map((a) => a.getAttribute('href')));
    expect(await marked()).toEqual([]);
    await page.click('.doc-sidebar a[href="/de/docs/usage/"]');
    await page.waitForURL('**/de/docs/usage/');
    const ids = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLAnchorElement>('.toc--desktop a.toc__link')].map((a) => a.hash),
    );
    expect(ids.length).toBeGreaterThan(2);
    for (const hash of [ids[1], ids[ids.length - 2]]) {
      await page.evaluate((id) => document.getElementById(id)!.scrollIntoView(), hash.slice(1));
      await expect.poll(marked).toEqual([hash]);
      expect(await page.locator(`.toc--desktop a[href="${hash}"]`).getAttribute('aria-current')).toBe('location');
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(marked).toEqual([]);
    await page.context().close();
  });

  it('navigation: should return to the reading position on a reload and on Back from a page loaded for real', async () => {
    const page = await open('/de/docs/faq/', { viewport: { width: 1280, height: 700 } });
    const y = () => page.evaluate(() => Math.round(window.scrollY));
    await page.evaluate(() => window.scrollTo(0, 2000));
    await page.waitForTimeout(250); // the position is saved 100 ms after scrolling stops
    await page.reload();
    await expect.poll(y).toBe(2000);
    // A page loaded for real (not a soft navigation), then Back: the page is loaded again, at its position.
    await page.goto(server.url + '/de/docs/usage/');
    await page.goBack();
    await expect.poll(y).toBe(2000);
    // Opened at a section, then reloaded: at the section still.
    await page.goto(server.url + '/de/docs/usage/#tastenkuerzel');
    const section = await y();
    expect(section).toBeGreaterThan(200);
    await page.reload();
    await expect.poll(y).toBe(section);
    await page.context().close();
  });

  it('navigation: should show the progress bar only when loading takes longer than 200 ms', async () => {
    const page = await open('/de/docs/');
    await page.evaluate(() => {
      (window as unknown as { sawBar: boolean }).sawBar = false;
      new MutationObserver(() => {
        if (document.querySelector('.nav-progress')) (window as unknown as { sawBar: boolean }).sawBar = true;
      }).observe(document.body, { childList: true });
    });
    await page.click('.doc-sidebar a[href="/de/docs/installation/"]');
    await page.waitForURL('**/de/docs/installation/');
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { sawBar: boolean }).sawBar)).toBe(false);
    delay('/de/docs/usage/', 900);
    await page.evaluate(() => {
      const w = window as unknown as { sawBar: boolean; barsAdded: { path: string; value: string | null }[]; barLook?: string };
      w.barsAdded = [];
      new MutationObserver((records) => {
        const bar = document.querySelector('.nav-progress');
        if (bar) w.sawBar = true;
        // How the bar looks while it is there: fixed at the top, over the page, in colour, at least 2 px high.
        if (bar && !w.barLook) {
          const style = getComputedStyle(bar);
          const box = bar.getBoundingClientRect();
          // Layout width (the bar grows by a transform): the width of the page, up to a scrollbar.
          w.barLook = [
            style.position,
            box.top,
            (bar as HTMLElement).offsetWidth > window.innerWidth * 0.9,
            box.height >= 2,
            style.backgroundColor !== 'rgba(0, 0, 0, 0)',
            Number(style.zIndex) > 1000,
          ].join(' ');
        }
        for (const r of records)
          for (const n of r.addedNodes)
            if (n instanceof HTMLElement && n.classList.contains('nav-progress'))
              w.barsAdded.push({ path: location.pathname, value: n.getAttribute('aria-valuenow') });
      }).observe(document.body, { childList: true });
    });
    await page.click('.doc-sidebar a[href="/de/docs/usage/"]');
    await expect.poll(() => page.evaluate(() => (window as unknown as { sawBar: boolean }).sawBar), { timeout: 2000 }).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { barLook?: string }).barLook)).toBe('fixed 0 true true true true');
    await page.waitForURL('**/de/docs/usage/');
    // The page swap replaces the body: the bar comes back on the new page to finish at 100 %, then goes.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { barsAdded: { path: string; value: string | null }[] }).barsAdded), {
        timeout: 2000,
      })
      .toContainEqual({ path: '/de/docs/usage/', value: '100' });
    await expect.poll(() => page.locator('.nav-progress').count(), { timeout: 2000 }).toBe(0);
    await page.context().close();
  });

  it('navigation: should load the page for real when the next page fails, and show 404 pages', async () => {
    const page = await open('/de/docs/');
    server.hooks.push((req, res) => {
      if (!req.url?.startsWith('/de/docs/faq/')) return false;
      res.writeHead(503, { 'content-type': 'text/plain' }).end('Wartung');
      return true;
    });
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 7));
    await page.click('.doc-sidebar a[href="/de/docs/faq/"]');
    await page.waitForURL('**/de/docs/faq/');
    await expect.poll(() => page.evaluate(() => document.body.textContent)).toContain('Wartung');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
    server.hooks.length = 0;
    await page.goto(server.url + '/de/docs/');
    await page.evaluate(() => {
      const a = document.createElement('a');
      a.href = '/de/docs/gibt-es-nicht/';
      a.id = 'broken';
      a.textContent = 'x';
      document.getElementById('main')!.prepend(a);
    });
    await page.click('#broken');
    await expect.poll(() => page.textContent('h1')).toBe('Seite nicht gefunden');
    await page.context().close();
  });

  it('prefetch: should prefetch a link on hover once, and not at all with data saver', async () => {
    // Counted before the page opens: visible navbar links are also prefetched when the browser is idle, which
    // may come before or after the hover; either way the page is fetched once.
    const before = server.requests.filter((r) => r === '/de/docs/usage/').length;
    const page = await open('/de/');
    await page.hover('.navbar a[href="/de/docs/usage/"]');
    await expect.poll(() => server.requests.filter((r) => r === '/de/docs/usage/').length).toBe(before + 1);
    await page.mouse.move(0, 0);
    await page.hover('.navbar a[href="/de/docs/usage/"]');
    await page.waitForTimeout(300);
    expect(server.requests.filter((r) => r === '/de/docs/usage/').length).toBe(before + 1);
    await page.context().close();

    const context = await browser.newContext();
    await context.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } }));
    const saver = await context.newPage();
    await saver.route(/googletagmanager\.com/, (r) => r.abort());
    await saver.goto(server.url + '/de/');
    const count = server.requests.filter((r) => r === '/de/learn/').length;
    await saver.hover('.navbar a[href="/de/learn/"]');
    await saver.waitForTimeout(400);
    expect(server.requests.filter((r) => r === '/de/learn/').length).toBe(count);
    await context.close();
  });

  it('chrome: should hide the navbar when scrolling down and show it at the top of the window when scrolling up, with and without the announcement', async () => {
    for (const width of [1280, 375]) {
      const page = await open('/de/docs/faq/', { viewport: { width, height: 700 } });
      // Where the bar is on screen: its top and bottom edge (after its 200 ms slide).
      const edges = async () => {
        await page.waitForTimeout(300);
        return page.evaluate(() => {
          const r = document.querySelector('.navbar')!.getBoundingClientRect();
          return [Math.round(r.top), Math.round(r.bottom)];
        });
      };
      for (const announcement of [true, false]) {
        expect(await page.locator('.announcement').isVisible()).toBe(announcement);
        await page.mouse.wheel(0, 1500);
        await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(1000);
        expect((await edges())[1], `${width} px, hidden`).toBeLessThanOrEqual(0);
        // The docs sidebar moves up into the room the bar left (unless the page's end already pushes it up).
        const sidebarTop = () =>
          page.evaluate(() => {
            const sidebar = document.querySelector('.doc-sidebar')!;
            const column = sidebar.parentElement!.getBoundingClientRect();
            return column.bottom - sidebar.getBoundingClientRect().height >= 0
              ? Math.round(sidebar.getBoundingClientRect().top)
              : 'at the end';
          });
        if (width > 996) expect(await sidebarTop(), `announcement ${announcement}`).toBeOneOf(announcement ? [0] : [0, 'at the end']);
        await page.mouse.wheel(0, -300);
        await expect.poll(edges, { message: `${width} px, shown again` }).toEqual([0, 60]);
        if (announcement) {
          await page.evaluate(() => scrollTo(0, 0));
          await page.click('[data-announcement-close]');
          await page.reload();
        }
      }
      await page.context().close();
    }
  });

  it('chrome: should keep keyboard focus inside the open mobile menu', async () => {
    const page = await open('/de/docs/faq/', { viewport: { width: 375, height: 800 } });
    await page.click('[data-mobile-toggle]');
    // The menu's code loads on the first press, so it opens a moment after the click.
    await page.waitForSelector('[data-mobile-menu].is-open');
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press(i % 7 === 6 ? 'Shift+Tab' : 'Tab');
      const where = await page.evaluate(
        () =>
          `${document.querySelector('[data-mobile-menu]')!.contains(document.activeElement)} ${document.activeElement?.outerHTML.slice(0, 80)}`,
      );
      expect(where, `after key ${i}`).toMatch(/^true /);
    }
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-mobile-toggle'))).toBe(true);
    await page.context().close();
  });

  it('chrome: should open dropdowns from the keyboard and close them with Escape', async () => {
    const page = await open('/de/', { viewport: { width: 1280, height: 800 } });
    const toggle = page.locator('[data-dropdown] button', { hasText: 'Werkzeuge' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('ArrowDown');
    // The links' own text (an external link adds, hidden, that it opens a new tab).
    expect(await page.evaluate(() => document.activeElement?.firstChild?.textContent)).toBe('PDF mit Layout übersetzen');
    await page.keyboard.press('ArrowUp');
    expect(await page.evaluate(() => document.activeElement?.firstChild?.textContent)).toBe('Untertiteldateien übersetzen');
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Werkzeuge');
    await page.context().close();
  });

  it('prefetch: should prefetch links once they become visible', async () => {
    const page = await open('/de/landing-page/', { viewport: { width: 1280, height: 700 } });
    // A link far below the fold whose page no visible link names.
    const target = await page.evaluate(() => {
      const visible = new Set(
        [...document.querySelectorAll<HTMLAnchorElement>('a[href]')]
          .filter((a) => a.getBoundingClientRect().top < window.innerHeight)
          .map((a) => a.href),
      );
      const links = [...document.querySelectorAll<HTMLAnchorElement>('main a[href^="/de/landing-page/"]')];
      const below = links.find((a) => a.getBoundingClientRect().top > window.innerHeight * 2 && !visible.has(a.href));
      return below ? new URL(below.href).pathname : null;
    });
    expect(target).not.toBeNull();
    const count = () => server.requests.filter((r) => r === target).length;
    const before = count();
    await page.waitForTimeout(300);
    expect(count()).toBe(before);
    await page.evaluate((t) => document.querySelector(`main a[href="${t}"]`)!.scrollIntoView(), target);
    await expect.poll(count).toBe(before + 1);
    await page.context().close();
  });

  it('prefetch: should prefetch visible navbar links at once and footer links once scrolled to', async () => {
    const page = await open('/de/docs/faq/', { viewport: { width: 1280, height: 700 } });
    const paths = await page.evaluate(() => {
      const path = (a: HTMLAnchorElement) => new URL(a.href).pathname;
      const shown = (a: HTMLAnchorElement) => a.getBoundingClientRect().width > 0 && a.getBoundingClientRect().top < window.innerHeight;
      // Pages that a link visible on arrival names, outside the navbar (those would be prefetched anyway).
      const visibleElsewhere = new Set([...document.querySelectorAll<HTMLAnchorElement>('a[href]:not(.navbar a)')].filter(shown).map(path));
      const nav = [...document.querySelectorAll<HTMLAnchorElement>('.navbar__items a.navbar__link[href^="/de/"]')].find(
        (a) => shown(a) && !visibleElsewhere.has(path(a)),
      );
      const onArrival = new Set([...document.querySelectorAll<HTMLAnchorElement>('a[href]')].filter(shown).map(path));
      const foot = [...document.querySelectorAll<HTMLAnchorElement>('.footer a[href^="/de/"]')].find((a) => !onArrival.has(path(a)));
      return { nav: nav && path(nav), foot: foot && path(foot) };
    });
    expect(paths.nav).toBeTruthy();
    expect(paths.foot).toBeTruthy();
    // The page's own prefetch hints (the server's request log is shared with the other tests).
    const count = (p: string) =>
      page.evaluate(
        (p) => [...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].filter((l) => new URL(l.href).pathname === p).length,
        p,
      );
    await expect.poll(() => count(paths.nav!)).toBe(1);
    await page.waitForTimeout(300);
    expect(await count(paths.foot!)).toBe(0);
    await page.evaluate(() => document.querySelector('.footer')!.scrollIntoView());
    await expect.poll(() => count(paths.foot!)).toBe(1);
    await page.context().close();
  });

  it('chrome: should close the mobile menu when navigating', async () => {
    const page = await open('/de/docs/faq/', { viewport: { width: 375, height: 800 } });
    await page.click('[data-mobile-toggle]');
    await page.click('[data-mobile-menu] .doc-sidebar a[href="/de/docs/usage/"]');
    await page.waitForURL('**/de/docs/usage/');
    await expect.poll(() => page.locator('[data-mobile-menu]').isVisible()).toBe(false);
    await page.context().close();
  });

  it('header script: should keep the prices in the mobile menu below 997 px, without the Pro tag', async () => {
    const page = await open('/de/docs/faq/', { viewport: { width: 375, height: 800 } });
    // After the script's start delay the rules have been applied.
    await expect
      .poll(() => page.evaluate(() => (document.querySelector('[data-pro-tag]') as HTMLElement).hidden), { timeout: 3000 })
      .toBe(true);
    await page.waitForTimeout(1300);
    await page.click('[data-mobile-toggle]');
    // On a docs page the menu opens on the docs sidebar; the site menu is behind "Hauptmenü".
    await page.click('[data-mobile-show="main"]');
    const prices = page.locator('[data-mobile-menu] a.price-link');
    await expect.poll(() => prices.isVisible()).toBe(true);
    await prices.click();
    await page.waitForURL('**/de/pricing/');
    await page.context().close();
  });

  for (const [name, cookie, subscribed] of [
    ['no cookie, no subscription', false, false],
    ['cookie, no subscription', true, false],
    ['cookie and subscription', true, true],
    ['subscription without cookie', false, true],
  ] as const) {
    it(`header script: should apply the rules for ${name} on pricing and other pages`, async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      if (cookie) await context.addCookies([{ name: 'bilingo_token', value: 'abc', url: server.url }]);
      if (subscribed)
        await context.addInitScript(() =>
          localStorage.setItem('bilingo_user_info', JSON.stringify({ subscription: { subscriptionStatus: 'active' } })),
        );
      const page = await context.newPage();
      await page.route(/googletagmanager\.com/, (r) => r.abort());
      for (const path of ['/de/docs/', '/de/pricing/']) {
        await page.goto(server.url + path);
        // Nothing changes before the 1.2 s start delay …
        expect(await page.getAttribute('[data-profile-link]', 'href')).toBe('https://app.bilingo.app/login');
        // … then the rules apply.
        const state = () =>
          page.evaluate(() => ({
            profile: document.querySelector('[data-profile-link]')!.getAttribute('href'),
            premium: !(document.querySelector('[data-premium-tag]') as HTMLElement).hidden,
            pro: !(document.querySelector('[data-pro-tag]') as HTMLElement).hidden,
          }));
        await expect.poll(state, { timeout: 3000 }).toEqual({
          profile: cookie ? '/profile/' : 'https://app.bilingo.app/login',
          premium: subscribed,
          pro: !subscribed && path !== '/de/pricing/',
        });
      }
      // A soft navigation re-applies the rules for the new address.
      await page.click('.navbar a[href="/de/docs/usage/"]');
      await page.waitForURL('**/de/docs/usage/');
      await expect
        .poll(() => page.evaluate(() => !(document.querySelector('[data-pro-tag]') as HTMLElement).hidden), { timeout: 3000 })
        .toBe(!subscribed);
      await context.close();
    });
  }

  for (const [name, userAgent, outdated] of [
    [
      'Chrome 80',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/80.0.3987.149 Safari/537.36',
      true,
    ],
    [
      'Chrome 120',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.109 Safari/537.36',
      false,
    ],
    ['Firefox 115', 'Mozilla/5.0 (X11; Linux x86_64; rv:109.0) Gecko/20100101 Firefox/115.0', false],
  ] as const) {
    it(`browser check: should ${outdated ? '' : 'not '}ask ${name} to update`, async () => {
      const context = await browser.newContext({ userAgent });
      // A real old Chrome has no userAgentData; the emulated one would still report the real engine there.
      await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'userAgentData', { get: () => undefined }));
      const page = await context.newPage();
      await page.route(/googletagmanager\.com/, (r) => r.abort());
      await page.goto(server.url + '/de/');
      await page.waitForFunction(() => document.getElementById('quire-config') !== null);
      await page.waitForTimeout(100);
      const notice = page.locator('.browser-outdated');
      expect(await notice.count()).toBe(outdated ? 1 : 0);
      if (outdated)
        expect(await notice.textContent()).toBe('Die Chrome-Kernversion Ihres Browsers ist zu alt. Bitte aktualisieren Sie Ihren Browser.');
      await context.close();
    });
  }

  it('islands: should show the load error with Retry when island code fails to load, and recover', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.route(/googletagmanager\.com/, (r) => r.abort());
    let blocked = true;
    await page.route(/island-MangaPromo\.[\w-]+\.js$/, (r) => (blocked ? r.abort() : r.continue()));
    await page.goto(server.url + '/de/deals/manga/');
    const retry = page.locator('.manga-promo [data-lazy-retry], [data-island="MangaPromo"] [data-lazy-retry]');
    await expect.poll(() => retry.count()).toBe(1);
    expect(await page.locator('.lazy-error').textContent()).toContain('Dieser Seitenteil konnte nicht geladen werden.');
    blocked = false;
    await retry.click();
    await expect.poll(() => page.getAttribute('[data-island="MangaPromo"]', 'data-island-state')).toBe('hydrated');
    expect(await page.locator('.lazy-error').count()).toBe(0);
    await context.close();
  });

  it('islands: should show the crash screen with the cause chain when an island throws, and Try again reloads', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.route(/googletagmanager\.com/, (r) => r.abort());
    await page.route(/island-MangaPromo\.[\w-]+\.js$/, (r) =>
      r.fulfill({
        contentType: 'text/javascript',
        body: "export function mount() { throw new Error('Kaputt', { cause: new Error('Die Ursache') }); }",
      }),
    );
    await page.goto(server.url + '/de/deals/manga/');
    await expect.poll(() => page.locator('.crash').count()).toBe(1);
    expect(await page.title()).toBe('Seitenfehler');
    expect(await page.textContent('.crash h1')).toBe('Diese Seite ist abgestürzt.');
    // Every word of the screen in German (issue 31); the cause chain (SPEC §8) folded under "Technische Einzelheiten".
    expect(await page.textContent('[data-crash-message]')).toBe('Kaputt\n\nUrsache:\nDie Ursache');
    expect(await page.isVisible('[data-crash-message]')).toBe(false);
    await page.click('.crash__details summary');
    expect(await page.innerText('.crash')).not.toContain('Cause');
    await page.unroute(/island-MangaPromo\.[\w-]+\.js$/);
    await Promise.all([page.waitForEvent('load'), page.click('[data-crash-retry]')]);
    await expect.poll(() => page.getAttribute('[data-island="MangaPromo"]', 'data-island-state')).toBe('hydrated');
    await context.close();
  });

  it('banner: should show the promotion banner with ?preview=1 before the end date, decided by the clock', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.route(/googletagmanager\.com/, (r) => r.abort());
    await page.clock.setFixedTime(new Date('2025-06-01T00:00:00Z'));
    await page.goto(server.url + '/de/?preview=1');
    await expect.poll(() => page.locator('.promo-banner').count()).toBe(1);
    // A coloured strip with room around its text, and a close button large enough to hit.
    const look = await page.evaluate(() => {
      const banner = document.querySelector('.promo-banner')!;
      const close = document.querySelector('.promo-banner__close')!.getBoundingClientRect();
      const style = getComputedStyle(banner);
      return {
        background: style.backgroundColor !== 'rgba(0, 0, 0, 0)',
        padded: parseFloat(style.paddingTop) >= 4,
        flex: style.display,
        close: close.width >= 24 && close.height >= 24,
      };
    });
    expect(look).toEqual({ background: true, padded: true, flex: 'flex', close: true });
    await page.goto(server.url + '/de/');
    expect(await page.locator('.promo-banner').count()).toBe(0);
    await page.clock.setFixedTime(new Date('2025-06-30T16:00:00Z'));
    await page.goto(server.url + '/de/?preview=1');
    await page.waitForTimeout(200);
    expect(await page.locator('.promo-banner').count()).toBe(0);
    await context.close();
  });
});
