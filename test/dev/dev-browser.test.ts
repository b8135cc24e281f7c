import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevHandle } from '../../src/dev/index.ts';
import { launchBrowser } from '../e2e/harness.ts';
import { makeSite, repoRoot } from '../helpers.ts';
import { startTestDev } from './helpers.ts';

/** A long page, so there is a scroll position to keep. */
const paragraphs = Array.from(
  { length: 80 },
  (_, i) => `Absatz ${i + 1} mit genug Text, damit die Seite lang wird und man scrollen muss.`,
).join('\n\n');

describe('quire dev in the browser', () => {
  let dev: DevHandle;
  let root: string;
  let cleanup: () => Promise<void>;
  let browser: Browser;
  const edit = async (file: string, change: (text: string) => string) => {
    const abs = path.join(root, file);
    await writeFile(abs, change(await readFile(abs, 'utf8')));
  };

  beforeAll(async () => {
    const start = await readFile(path.join(repoRoot, 'test/fixtures/basic/content/docs/guide/start.md'), 'utf8');
    ({ root, cleanup } = await makeSite('basic', { 'content/docs/guide/start.md': start + '\n\n' + paragraphs + '\n' }));
    dev = await startTestDev(root, { log: undefined });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await dev?.close();
    await cleanup?.();
  });

  it('dev: should show an edit without a manual reload, keep the scroll position, and show and clear the error overlay', async () => {
    const page = await browser.newPage({ viewport: { width: 1100, height: 700 } });
    await page.route(/googletagmanager/, (r) => r.abort());
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(dev.siteUrl + 'docs/guide/start/');
    await expect.poll(() => dev.server.clients, { timeout: 10_000 }).toBeGreaterThan(0);
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(900);
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));

    // An edit: the page shows it by itself, scrolled where it was.
    await edit('content/docs/guide/start.md', (t) => t.replace('Absatz 40 mit', 'Absatz 40, live geändert, mit'));
    await page.waitForFunction(() => document.body?.textContent?.includes('Absatz 40, live geändert'), undefined, { timeout: 15_000 });
    // The new text can show before the reloaded page's load event: wait for it, then check it came once.
    await expect.poll(() => loads.length, { timeout: 5000 }).toBeGreaterThan(0);
    await page.waitForTimeout(300);
    expect(loads).toHaveLength(1);
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY)), { timeout: 5000 }).toBe(900);

    // A broken file: the overlay names the file, line and column with a code frame; the last good page stays.
    await edit('content/docs/guide/start.md', (t) => t.replace('keywords: [start, anleitung]', 'keywords: [start, anleitung'));
    const overlay = page.locator('quire-dev-overlay');
    await overlay.locator('.box').waitFor({ state: 'visible', timeout: 15_000 });
    await expect
      .poll(() => overlay.locator('.where').first().textContent())
      .toMatch(/^Q020 {2}content\/docs\/guide\/start\.md:\d+(:\d+)?$/);
    expect(await overlay.locator('.frame').first().textContent()).toContain('keywords: [start, anleitung');
    expect(await page.evaluate(() => document.body.textContent?.includes('Absatz 40, live geändert'))).toBe(true);
    await expect.poll(() => page.getByRole('alertdialog').count()).toBe(1);

    // Fixed: the overlay goes away and the fix shows up, still without a manual reload.
    await edit('content/docs/guide/start.md', (t) =>
      t.replace('keywords: [start, anleitung', 'keywords: [start, anleitung]').replace('Absatz 41 mit', 'Absatz 41, repariert, mit'),
    );
    await page.waitForFunction(() => document.body?.textContent?.includes('Absatz 41, repariert'), undefined, { timeout: 15_000 });
    await expect.poll(() => page.locator('quire-dev-overlay').count(), { timeout: 5000 }).toBe(0);
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY)), { timeout: 5000 }).toBe(900);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('dev: should show the overlay text as text, never as markup', async () => {
    const page = await browser.newPage();
    await page.route(/googletagmanager/, (r) => r.abort());
    await page.goto(dev.siteUrl + 'docs/guide/mdx/');
    await expect.poll(() => dev.server.clients, { timeout: 10_000 }).toBeGreaterThan(0);
    await edit('content/docs/guide/mdx.mdx', (t) => t + '\n<img src=x onerror="window.__pwned=1">\n\n<Offen>\n');
    const overlay = page.locator('quire-dev-overlay');
    await overlay.locator('.box').waitFor({ state: 'visible', timeout: 15_000 });
    expect(await overlay.locator('img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    // Escape closes the overlay by hand; the fix would have closed it too.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('quire-dev-overlay').count()).toBe(0);
    await edit('content/docs/guide/mdx.mdx', (t) => t.replace('\n<img src=x onerror="window.__pwned=1">\n\n<Offen>\n', ''));
    await page.close();
  });
});
