import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build.ts';
import { formatDiagnostic } from '../../src/diagnostics.ts';
import { classicTheme } from '../../themes/classic/index.tsx';
import { normalizePath } from '../../src/shared/route-match.ts';
import { makeSite, repoRoot } from '../helpers.ts';
import { launchBrowser, serveDist, type TestServer } from './harness.ts';

/**
 * The versioned Docusaurus fixture (test/fixtures/docusaurus-versions: current, 2.x, 1.x) in Chromium: the
 * navbar's version dropdown takes the visitor to the same doc in another version, and an old version's banner
 * to the same doc in the last version.
 */
describe('versioned docs in the browser (test/fixtures/docusaurus-versions)', () => {
  let server: TestServer;
  let browser: Browser;
  /** What the pages asked for that the build did not write (serveDist would answer with the Bilingo site's 404 page). */
  const missing: string[] = [];
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    const site = await makeSite('docusaurus-versions');
    const out = await mkdtemp(path.join(tmpdir(), 'quire-versions-e2e-'));
    cleanups.push(site.cleanup, () => rm(out, { recursive: true, force: true }));
    const outDir = path.join(out, 'dist');
    const result = await buildSite({ root: site.root, toolRoot: repoRoot, theme: classicTheme, outDir, cacheDir: false });
    if (!result.ok) throw new Error(result.diagnostics.map((d) => formatDiagnostic(d)).join('\n'));
    server = await serveDist(outDir);
    server.hooks.push(async (req, res) => {
      const { pathname } = new URL(req.url ?? '/', 'http://localhost');
      const file =
        path.extname(pathname) && !pathname.endsWith('/')
          ? path.join(outDir, decodeURIComponent(pathname))
          : path.join(outDir, normalizePath(pathname), 'index.html');
      const found = await stat(file)
        .then((s) => s.isFile())
        .catch(() => false);
      if (found) return false;
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

  it('takes the visitor from a doc to the same doc in the version chosen in the dropdown', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.url}/docs/1.x/install/`);
    const dropdown = page.locator('.navbar .version-dropdown');
    await expect(dropdown.locator('.dropdown__label').textContent()).resolves.toBe('Version: 1.x');
    await dropdown.locator('.dropdown__toggle').click();
    await dropdown.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(`${server.url}/docs/next/install/`);
    await expect(page.locator('article h1').first().textContent()).resolves.toBe('Install (next)');
    await expect(page.locator('.navbar .version-dropdown .dropdown__label').textContent()).resolves.toBe('Version: Next');
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
