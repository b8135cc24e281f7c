import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import config from '../../site.config.ts';
import { closeBuiltSite, openBuiltSite, type TestServer } from './harness.ts';

/**
 * The product drawings (mockups.tsx) are laid out only as they come near the screen (`content-visibility`,
 * blocks.css), so a slow phone has less to do while a marketing page arrives. What that must not cost: a box
 * of another height while its drawing waits, anything that moves on screen, a reading position not found again.
 */
describe('marketing pages: drawings laid out as they come near', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ server, browser } = await openBuiltSite(inject('e2eDist')));
  });
  afterAll(() => closeBuiltSite({ server, browser }));

  it('render: should leave the drawings below the first screen of /de/ unrendered until scrolled to', async () => {
    const context = await visitorContext(browser, 375);
    const page = await context.newPage();
    await page.goto(server.url + '/de/');
    // checkVisibility's contentVisibilityAuto option is false for the content of a drawing skipped; the phone
    // drawings are the ones shown at 375 px.
    const drawn = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('svg.mockup[data-variant="phone"]')].map((svg) =>
          svg.firstElementChild!.checkVisibility({ contentVisibilityAuto: true }),
        ),
      );
    const before = await drawn();
    expect(before.length).toBe(4);
    expect(before[0], 'the hero drawing, on the first screen').toBe(true);
    expect(before.slice(1)).toEqual([false, false, false]);
    await page.evaluate(() => document.querySelectorAll('svg.mockup[data-variant="phone"]')[3].scrollIntoView());
    await expect.poll(async () => (await drawn())[3]).toBe(true);
    await context.close();
  });

  it('render: should give each drawing waiting to be laid out its real height, on the pages with drawings at 375, 768 and 1280 px', async () => {
    const wrong: string[] = [];
    for (const width of [375, 768, 1280]) {
      const context = await visitorContext(browser, width);
      const page = await context.newPage();
      for (const route of ['/de/', '/de/manga/', '/de/image/', '/de/landing-page/solo-leveling/']) {
        await page.goto(server.url + route);
        const heights = () =>
          page.evaluate(() => [
            document.documentElement.scrollHeight,
            ...[...document.querySelectorAll('svg.mockup')].map((svg) => Math.round(svg.getBoundingClientRect().height)),
          ]);
        const waiting = await heights();
        await page.addStyleTag({ content: 'svg.mockup { content-visibility: visible !important }' });
        const drawn = await heights();
        if (waiting.join() !== drawn.join()) wrong.push(`${route} at ${width}px: ${waiting.join()} while waiting, ${drawn.join()} drawn`);
      }
      await context.close();
    }
    expect(wrong).toEqual([]);
  });

  it('render: should shift nothing on screen while a visitor scrolls /de/ and /de/manga/ down and up again, at 375 and 1280 px', async () => {
    for (const width of [375, 1280]) {
      for (const route of ['/de/', '/de/manga/']) {
        const context = await visitorContext(browser, width);
        const page = await context.newPage();
        await page.goto(server.url + route);
        await page.evaluate(() => document.fonts.ready);
        const shifts = await page.evaluate(scrollThrough);
        expect(shifts, `${route} at ${width}px`).toEqual([]);
        await context.close();
      }
    }
  });

  it('render: should show the same content at the top of the screen after a reload and after Back, far down /de/ reached in one jump or step by step', async () => {
    for (const how of ['jump', 'steps'] as const) {
      const context = await visitorContext(browser, 375);
      const page = await context.newPage();
      await page.goto(server.url + '/de/');
      // In one jump no drawing above is laid out; step by step each is.
      await page.evaluate(async (how) => {
        const target = document.documentElement.scrollHeight * 0.7;
        for (let y = how === 'jump' ? target : 0; y <= target; y += 600) {
          window.scrollTo(0, y);
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        }
      }, how);
      await page.waitForTimeout(250); // the position is saved 100 ms after scrolling stops
      const before = await page.evaluate(atTop);
      expect(before.y, how).toBeGreaterThan(2000);
      expect(before.text, how).not.toBe('');
      await page.reload();
      await expect.poll(() => page.evaluate(atTop), { message: how }).toEqual(before);
      await page.goto(server.url + '/de/pricing/');
      await page.goBack();
      await expect.poll(() => page.evaluate(atTop), { message: how }).toEqual(before);
      await context.close();
    }
  });
});

/** A visitor who has answered the consent banner already, so the banner changes no room; no tag manager. */
async function visitorContext(browser: Browser, width: number): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  await context.route(/googletagmanager\.com/, (r) => r.abort());
  await context.addInitScript(
    (version) =>
      localStorage.setItem(
        'quire.consent',
        JSON.stringify({ v: version, c: { necessary: true, statistics: false }, t: new Date().toISOString() }),
      ),
    config.consent!.version,
  );
  return context;
}

/**
 * The scroll position and what the screen shows below the header: the text of the innermost elements at its
 * centre line, every 50 px (a point between blocks names the page's content as a whole and is left out).
 */
function atTop(): { y: number; text: string } {
  const header = document.querySelector('.navbar')?.getBoundingClientRect().bottom ?? 0;
  const texts: string[] = [];
  for (let y = header + 20; y < window.innerHeight && texts.length < 3; y += 50) {
    const element = document.elementFromPoint(window.innerWidth / 2, y);
    const text = (element?.textContent ?? '').trim();
    if (element && text && text.length < 1000 && !element.matches('main, .markdown')) texts.push(text.slice(0, 40));
  }
  return { y: Math.round(window.scrollY), text: texts.join(' | ') };
}

/** The Layout Instability API's entry (not in TypeScript's DOM types). */
interface LayoutShift extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
  sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
}

/** Scrolls down a screen at a time, then up again, each step a frame apart; returns each layout shift seen. */
async function scrollThrough(): Promise<string[]> {
  const shifts: string[] = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as LayoutShift[])
      if (!entry.hadRecentInput)
        shifts.push(
          `${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${entry.sources
            .map((s) => `${s.node?.nodeName}.${(s.node as Element | null)?.className} ${s.previousRect.y}→${s.currentRect.y}`)
            .join(', ')}`,
        );
  }).observe({ type: 'layout-shift', buffered: true });
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const step = Math.round(window.innerHeight * 0.8);
  for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
    window.scrollTo(0, y);
    await frame();
  }
  for (let y = window.scrollY; y > 0; y -= step) {
    window.scrollTo(0, y);
    await frame();
  }
  window.scrollTo(0, 0);
  await frame();
  await new Promise((resolve) => setTimeout(resolve, 100));
  return shifts;
}
