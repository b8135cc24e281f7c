import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build.ts';
import { formatDiagnostic } from '../../src/diagnostics.ts';
import { normalizePath } from '../../src/shared/route-match.ts';
import { classicTheme } from '../../themes/classic/index.tsx';
import { makeSite, repoRoot } from '../helpers.ts';
import { launchBrowser, serveDist, type TestServer } from './harness.ts';

/**
 * The French build of test/fixtures/docusaurus-i18n in Chromium: a React page whose texts come from translate() at
 * its module's top level hydrates as the server drew it (the browser's translate() reads the texts the island
 * carries), so React finds no mismatch and keeps the French texts.
 */
describe('a translated React page hydrated in the browser (test/fixtures/docusaurus-i18n, --locale fr)', () => {
  let server: TestServer;
  let browser: Browser;
  const cleanups: (() => Promise<void>)[] = [];
  const missing: string[] = [];

  beforeAll(async () => {
    const site = await makeSite('docusaurus-i18n');
    const out = await mkdtemp(path.join(tmpdir(), 'quire-i18n-e2e-'));
    cleanups.push(site.cleanup, () => rm(out, { recursive: true, force: true }));
    const outDir = path.join(out, 'dist');
    const result = await buildSite({ root: site.root, toolRoot: repoRoot, theme: classicTheme, outDir, cacheDir: false, locale: 'fr' });
    if (!result.ok) throw new Error(result.diagnostics.map((d) => formatDiagnostic(d)).join('\n'));
    server = await serveDist(outDir);
    // What the page asks for that the build did not write (serveDist would answer with the Bilingo site's 404 page).
    server.hooks.push(async (req, res) => {
      const { pathname } = new URL(req.url ?? '/', 'http://localhost');
      const file =
        path.extname(pathname) && !pathname.endsWith('/')
          ? path.join(outDir, decodeURIComponent(pathname))
          : path.join(outDir, normalizePath(pathname), 'index.html');
      if (
        await stat(file).then(
          (s) => s.isFile(),
          () => false,
        )
      )
        return false;
      missing.push(pathname);
      res.writeHead(404).end();
      return true;
    });
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
