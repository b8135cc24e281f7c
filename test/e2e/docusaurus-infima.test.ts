import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build.ts';
import { formatDiagnostic } from '../../src/diagnostics.ts';
import { classicTheme } from '../../themes/classic/index.tsx';
import { makeSite, repoRoot } from '../helpers.ts';
import { launchBrowser, SCREENSHOTS, serveDist, type TestServer } from './harness.ts';
import { sidewaysOverflow } from './theme-support.ts';

/**
 * The create-docusaurus template's home page (test/fixtures/docusaurus-classic/src/pages/index.js and its
 * HomepageFeatures), written with Infima's classes, as a visitor sees it with themes/classic/docusaurus.css: a
 * coloured hero band with a real button, three feature columns side by side on a desktop and stacked on a
 * phone, no sideways scrolling, and readable text in both colour modes.
 */
describe("Infima's classes on the Docusaurus template's home page", () => {
  let server: TestServer;
  let browser: Browser;
  let out: string;
  let site: Awaited<ReturnType<typeof makeSite>> | undefined;

  beforeAll(async () => {
    site = await makeSite('docusaurus-classic');
    out = await mkdtemp(path.join(tmpdir(), 'quire-infima-e2e-'));
    const outDir = path.join(out, 'dist');
    const result = await buildSite({ root: site.root, toolRoot: repoRoot, theme: classicTheme, outDir, cacheDir: false });
    if (!result.ok) throw new Error('The template did not build:\n' + result.diagnostics.map((d) => formatDiagnostic(d)).join('\n'));
    server = await serveDist(outDir);
    browser = await launchBrowser();
    await mkdir(SCREENSHOTS, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await site?.cleanup();
    if (out) await rm(out, { recursive: true, force: true });
  });

  /** The home page at a width, in light mode or (stored as the visitor's choice before load) dark mode. */
  async function open(width: number, mode: 'light' | 'dark' = 'light'): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    if (mode === 'dark') await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await page.locator('.hero__title').waitFor();
    return { context, page };
  }

  /** A colour token of the page's current mode as the rgb() string computed styles report. */
  const token = (page: Page, name: string) =>
    page.evaluate((n) => {
      const probe = document.createElement('span');
      probe.style.color = `var(${n})`;
      document.body.append(probe);
      const color = getComputedStyle(probe).color;
      probe.remove();
      return color;
    }, name);

  const box = async (page: Page, selector: string) => {
    const rect = await page.locator(selector).first().boundingBox();
    if (!rect) throw new Error(`${selector} is not shown`);
    return rect;
  };

  /**
   * The lowest contrast of any text in the page's content against what is behind it (the nearest ancestor with
   * an opaque background), with the element it belongs to.
   */
  const lowestContrast = (page: Page, root = '#main') =>
    page.evaluate((root) => {
      const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
      const luminance = ([r, g, b]: number[]) => {
        const lin = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
        return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
      };
      let lowest = { ratio: Infinity, element: '' };
      for (const el of document.querySelectorAll(`${root} *`)) {
        const hasText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
        if (!hasText || !(el as HTMLElement).checkVisibility()) continue;
        let back: number[] | undefined;
        for (let e: Element | null = el; e && !back; e = e.parentElement) {
          const bg = rgb(getComputedStyle(e).backgroundColor);
          if ((bg[3] ?? 1) === 1) back = bg;
        }
        back ??= rgb(getComputedStyle(document.documentElement).backgroundColor);
        const [hi, lo] = [luminance(rgb(getComputedStyle(el).color)), luminance(back)].sort((x, y) => y - x);
        const ratio = (hi + 0.05) / (lo + 0.05);
        if (ratio < lowest.ratio) lowest = { ratio, element: `${el.tagName.toLowerCase()} "${el.textContent?.trim().slice(0, 30)}"` };
      }
      return lowest;
    }, root);

  it('shows the hero as a band of the primary colour with its text centred', async () => {
    const { context, page } = await open(1280);
    const hero = page.locator('header.hero');
    expect(await hero.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe(await token(page, '--c-primary'));
    expect(await hero.evaluate((e) => getComputedStyle(e).color)).toBe(await token(page, '--c-on-primary'));
    // A full-width band, as under Docusaurus: the React page's box does not narrow it.
    const band = await box(page, 'header.hero');
    expect(band.x).toBe(0);
    expect(band.width).toBeGreaterThan(1250);
    for (const part of ['.hero__title', '.hero__subtitle', 'header.hero .button']) {
      const b = await box(page, part);
      expect(Math.abs(b.x + b.width / 2 - (band.x + band.width / 2)), part).toBeLessThan(2);
    }
    await page.screenshot({ path: path.join(SCREENSHOTS, 'docusaurus-home-1280.png'), fullPage: true });
    await context.close();
  });

  it('draws the tutorial link as a button (padding, rounded corners, no underline) with a visible focus ring', async () => {
    const { context, page } = await open(1280);
    const button = page.locator('header.hero a.button');
    const style = await button.evaluate((e) => {
      const s = getComputedStyle(e);
      return {
        padding: [s.paddingTop, s.paddingRight, s.paddingBottom, s.paddingLeft].map(parseFloat),
        radius: parseFloat(s.borderTopLeftRadius),
        underline: s.textDecorationLine,
        background: s.backgroundColor,
      };
    });
    expect(style.padding[0]).toBeGreaterThanOrEqual(8);
    expect(style.padding[1]).toBeGreaterThanOrEqual(16);
    expect(style.radius).toBeGreaterThanOrEqual(4);
    expect(style.underline).toBe('none');
    // button--secondary: the page's surface, set off from the hero's colour.
    expect(style.background).toBe(await token(page, '--c-surface'));
    expect((await box(page, 'header.hero a.button')).height).toBeGreaterThanOrEqual(44);
    // Keyboard focus: a ring in the hero's text colour, which stands out against the band (the theme's default
    // ring is the primary colour, the band's own).
    await button.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const ring = await button.evaluate((e) => {
      const s = getComputedStyle(e);
      return { focused: document.activeElement === e, style: s.outlineStyle, width: parseFloat(s.outlineWidth), color: s.outlineColor };
    });
    expect(ring).toEqual({ focused: true, style: 'solid', width: 3, color: await token(page, '--c-on-primary') });
    await context.close();
  });

  it('sets the three feature columns side by side at 1280 px, each a third of the container', async () => {
    const { context, page } = await open(1280);
    const container = await box(page, 'section .container');
    const columns = await page.locator('.row > .col.col--4').evaluateAll((cols) =>
      cols.map((c) => {
        const r = c.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width };
      }),
    );
    expect(columns).toHaveLength(3);
    // The row's gutters reach into the container's padding: the columns together span the container.
    for (const [i, c] of columns.entries()) {
      expect(Math.abs(c.y - columns[0].y)).toBeLessThan(1);
      expect(Math.abs(c.width - container.width / 3)).toBeLessThan(2);
      if (i) expect(c.x).toBeGreaterThanOrEqual(columns[i - 1].x + columns[i - 1].width - 1);
    }
    expect(Math.abs(columns[0].x - container.x)).toBeLessThan(2);
    // Infima's container: 1140 px wide and centred below a 1440 px screen, 1320 px from there.
    expect(container.width).toBe(1140);
    const parent = await page.locator('section .container').evaluate((e) => {
      const r = (e.parentElement as HTMLElement).getBoundingClientRect();
      return { x: r.x, width: r.width };
    });
    expect(Math.abs(container.x - (parent.x + (parent.width - 1140) / 2))).toBeLessThan(1);
    await page.setViewportSize({ width: 1600, height: 900 });
    expect((await box(page, 'section .container')).width).toBe(1320);
    await context.close();
  });

  it('stacks the feature columns at 375 px, each the full width of the container', async () => {
    const { context, page } = await open(375);
    const container = await box(page, 'section .container');
    const columns = await page.locator('.row > .col.col--4').evaluateAll((cols) =>
      cols.map((c) => {
        const r = c.getBoundingClientRect();
        return { y: r.y, bottom: r.bottom, width: r.width };
      }),
    );
    expect(columns).toHaveLength(3);
    for (const [i, c] of columns.entries()) {
      expect(Math.abs(c.width - container.width)).toBeLessThan(2);
      if (i) expect(c.y).toBeGreaterThanOrEqual(columns[i - 1].bottom - 1);
    }
    await page.screenshot({ path: path.join(SCREENSHOTS, 'docusaurus-home-375.png'), fullPage: true });
    await context.close();
  });

  it("draws the footer in the config's style, dark or light, with readable text in both colour modes", async () => {
    for (const mode of ['light', 'dark'] as const) {
      const { context, page } = await open(1280, mode);
      const footer = page.locator('footer.footer');
      // The template's `style: 'dark'`: the theme's dark band.
      expect(await footer.getAttribute('class')).toBe('footer footer--dark');
      expect(await footer.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe(await token(page, '--c-footer-bg'));
      expect((await lowestContrast(page, 'footer.footer')).ratio, mode).toBeGreaterThanOrEqual(4.5);
      // `style: 'light'` (Docusaurus's default): the page's own colours, not the dark band.
      await footer.evaluate((e) => e.setAttribute('class', 'footer footer--light'));
      const light = await footer.evaluate((e) => getComputedStyle(e).backgroundColor);
      expect(light).toBe(await token(page, '--c-surface-alt'));
      expect(light).not.toBe(await token(page, '--c-footer-bg'));
      const lowest = await lowestContrast(page, 'footer.footer');
      expect(lowest.ratio, `${mode}: ${lowest.element}`).toBeGreaterThanOrEqual(4.5);
      await context.close();
    }
  });

  it('never scrolls sideways from 320 to 1920 px', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    for (const width of [320, 375, 414, 768, 996, 997, 1280, 1440, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await sidewaysOverflow(page), `${width} px`).toEqual({ scroll: 0, elements: [] });
    }
    await context.close();
  });

  it('keeps every text at AA contrast (4.5:1) in light and dark mode, the hero in the dark primary colour', async () => {
    for (const mode of ['light', 'dark'] as const) {
      const { context, page } = await open(1280, mode);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(mode);
      expect(await page.locator('header.hero').evaluate((e) => getComputedStyle(e).backgroundColor)).toBe(await token(page, '--c-primary'));
      const lowest = await lowestContrast(page);
      expect(lowest.ratio, `${mode}: ${lowest.element}`).toBeGreaterThanOrEqual(4.5);
      if (mode === 'dark') await page.screenshot({ path: path.join(SCREENSHOTS, 'docusaurus-home-dark-1280.png'), fullPage: true });
      await context.close();
    }
  });
});

/**
 * Where Infima's classes are styled: in Docusaurus, Infima comes before the project's `customCss`, which restyles
 * its classes, and it styles every page, Markdown ones included. TypeORM's hero band, restyled in its custom.css,
 * showed quire's colour: the stand-ins were written after the project's stylesheet, and only on pages running the
 * project's code.
 */
describe("Infima's classes under the project's CSS, on every page", () => {
  let server: TestServer;
  let browser: Browser;
  let site: Awaited<ReturnType<typeof makeSite>> | undefined;

  beforeAll(async () => {
    const custom = await readFile(path.join(repoRoot, 'test/fixtures/docusaurus-classic/src/css/custom.css'), 'utf8');
    site = await makeSite('docusaurus-classic', {
      'src/css/custom.css': `${custom}\n.hero--primary { background: rgb(10, 20, 30); }\n`,
      'docs/grid.mdx': '# Grid\n\n<div className="row">\n  <div className="col">One</div>\n  <div className="col">Two</div>\n</div>\n',
    });
    const outDir = path.join(site.root, 'out');
    const result = await buildSite({ root: site.root, toolRoot: repoRoot, theme: classicTheme, outDir, cacheDir: false });
    if (!result.ok) throw new Error('The template did not build:\n' + result.diagnostics.map((d) => formatDiagnostic(d)).join('\n'));
    server = await serveDist(outDir);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await site?.cleanup();
  });

  it("lets the project's stylesheet restyle an Infima class on a React page", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/`);
    expect(await page.locator('header.hero').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(10, 20, 30)');
    await page.close();
  });

  it('styles Infima classes on a Markdown page that imports nothing', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.url}/docs/grid/`);
    expect(await page.locator('.markdown .row').evaluate((el) => getComputedStyle(el).display)).toBe('flex');
    const [one, two] = await page.locator('.markdown .col').evaluateAll((cols) => cols.map((c) => c.getBoundingClientRect().top));
    expect(one).toBe(two);
    await page.close();
  });
});
