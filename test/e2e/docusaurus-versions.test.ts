import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixture } from './docusaurus-fixture.ts';
import { launchBrowser, type TestServer } from './harness.ts';

/**
 * The versioned Docusaurus fixture (test/fixtures/docusaurus-versions: current, 2.x, 1.x) in Chromium: the
 * navbar's version dropdown takes the visitor to the same doc in another version, and an old version's banner
 * to the same doc in the last version.
 */
describe('versioned docs in the browser (test/fixtures/docusaurus-versions)', () => {
  let server: TestServer;
  let browser: Browser;
  /** What the pages asked for that the build did not write (serveDist would answer with the Bilingo site's 404 page). */
  let missing: string[] = [];
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    let cleanup: () => Promise<void>;
    ({ server, missing, cleanup } = await serveFixture('docusaurus-versions'));
    cleanups.push(cleanup);
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await Promise.all(cleanups.map((c) => c()));
  });

  it('takes the visitor from a doc to the same doc in the version chosen in the dropdown', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.url}/docs/1.x/install/`);
    const dropdown = page.locator('.navbar .version-dropdown');
    await expect(dropdown.locator('.dropdown__label').textContent()).resolves.toBe('1.x');
    await dropdown.locator('.dropdown__toggle').click();
    await dropdown.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(`${server.url}/docs/next/install/`);
    await expect(page.locator('article h1').first().textContent()).resolves.toBe('Install (next)');
    await expect(page.locator('.navbar .version-dropdown .dropdown__label').textContent()).resolves.toBe('Next');
    await page.close();
  });

  it("follows an old version's banner to the same doc in the last version", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.url}/docs/1.x/install/`);
    const banner = page.locator('[data-version-banner="unmaintained"]');
    await expect(banner.isVisible()).resolves.toBe(true);
    await banner.getByRole('link').click();
    await page.waitForURL(`${server.url}/docs/install/`);
    await expect(page.locator('article h1').first().textContent()).resolves.toBe('Install (2.x)');
    // The last version has no banner, and says which version it is.
    await expect(page.locator('[data-version-banner]').count()).resolves.toBe(0);
    await expect(page.locator('.version-badge').textContent()).resolves.toBe('Version: 2.x');
    await page.close();
  });

  it('asks for no file the build did not write (but the favicon the fixture has none of)', () => {
    expect(missing.filter((p) => p !== '/favicon.ico')).toEqual([]);
  });
});
