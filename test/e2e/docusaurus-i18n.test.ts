import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixture } from './docusaurus-fixture.ts';
import { launchBrowser, type TestServer } from './harness.ts';

/**
 * The French build of test/fixtures/docusaurus-i18n in Chromium: a React page whose texts come from translate() at
 * its module's top level hydrates as the server drew it (the browser's translate() reads the texts the island
 * carries), so React finds no mismatch and keeps the French texts.
 */
describe('a translated React page hydrated in the browser (test/fixtures/docusaurus-i18n, --locale fr)', () => {
  let server: TestServer;
  let browser: Browser;
  const cleanups: (() => Promise<void>)[] = [];
  let missing: string[] = [];

  beforeAll(async () => {
    let cleanup: () => Promise<void>;
    ({ server, missing, cleanup } = await serveFixture('docusaurus-i18n', {}, { locale: 'fr' }));
    cleanups.push(cleanup);
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await Promise.all(cleanups.map((c) => c()));
  });

  it("keeps the module-level translate() texts when the island hydrates, and runs the island's code", async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.url}/fr/features/`);
    const list = page.locator('ul.features');
    await expect(list.innerText()).resolves.toBe('Rapide\nLéger');
    // Hydrated: the button's handler runs (clicked until it does, as hydration ends some time after load).
    await expect
      .poll(async () => {
        await page.getByRole('button', { name: 'Masquer' }).click();
        return page.locator('ul.features li').count();
      })
      .toBe(0);
    // The fixture has no home page (the navbar's title links it) and no favicon: nothing else may be missing.
    expect(missing.filter((p) => p !== '/fr/' && p !== '/favicon.ico')).toEqual([]);
    // No hydration mismatch nor any other error on the page.
    expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
    await page.close();
  });
});
