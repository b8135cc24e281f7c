import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildSite } from '../../src/build.ts';
import { formatDiagnostic } from '../../src/diagnostics.ts';
import { normalizePath } from '../../src/shared/route-match.ts';
import { classicTheme } from '../../themes/classic/index.tsx';
import { makeSite, repoRoot } from '../helpers.ts';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser, serveDist, type TestServer } from './harness.ts';

/**
 * Builds a copy of a fixture unchanged and serves its output; a file the pages ask for that the build did not
 * write is answered with the site's 404 page and listed in `missing`.
 */
export async function serveFixture(
  name: string,
  overlay: Record<string, string> = {},
  options: { locale?: string } = {},
): Promise<{ server: TestServer; missing: string[]; cleanup: () => Promise<void> }> {
  const site = await makeSite(name, overlay);
  const out = await mkdtemp(path.join(tmpdir(), 'quire-docusaurus-e2e-'));
  const outDir = path.join(out, 'dist');
  const result = await buildSite({ root: site.root, toolRoot: repoRoot, theme: classicTheme, outDir, cacheDir: false, ...options });
  const cleanup = async () => {
    await site.cleanup();
    await rm(out, { recursive: true, force: true });
  };
  if (!result.ok) {
    await cleanup();
    throw new Error(`${name} did not build:\n` + result.diagnostics.map((d) => formatDiagnostic(d)).join('\n'));
  }
  const server = await serveDist(outDir);
  const missing: string[] = [];
  // serveDist answers a missing file with de/404.html (the real site's); this site's is at the root.
  server.hooks.push(async (req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    const file =
      path.extname(pathname) && !pathname.endsWith('/') && !pathname.endsWith('.html')
        ? path.join(outDir, decodeURIComponent(pathname))
        : path.join(outDir, normalizePath(pathname), 'index.html');
    if (
      await stat(file)
        .then((s) => s.isFile())
        .catch(() => false)
    )
      return false;
    missing.push(pathname);
    const notFound = await readFile(path.join(outDir, '404.html')).catch(() => '');
    res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end(notFound);
    return true;
  });
  return { server, missing, cleanup };
}

/** A 1 × 1 PNG. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/**
 * A fixture built with `overlay` and served (serveFixture), and one page of a new browser at 1280 × 900 that keeps
 * every console error and uncaught exception in `errors`; `close` stops the browser, the server and the copy.
 */
export async function openFixturePage(
  name: string,
  overlay: Record<string, string>,
  context: BrowserContextOptions = {},
): Promise<{ server: TestServer; page: Page; errors: string[]; close: () => Promise<void> }> {
  const { server, cleanup } = await serveFixture(name, overlay);
  const browser = await launchBrowser();
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, ...context })).newPage();
  // The test machine is offline: an image from elsewhere (the template's authors' GitHub avatars) is answered with a
  // pixel, as a visitor's browser would load it; any other request off the test server fails, and says so.
  await page.route(
    (url) => url.origin !== new URL(server.url).origin,
    (route) => (route.request().resourceType() === 'image' ? route.fulfill({ contentType: 'image/png', body: PIXEL }) : route.abort()),
  );
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  const close = async () => {
    await browser.close();
    await server.close();
    await cleanup();
  };
  return { server, page, errors, close };
}

/** Waits until the page's (first) island has hydrated. */
export function islandHydrated(page: Page): Promise<unknown> {
  return page.waitForFunction(() => document.querySelector<HTMLElement>('quire-island')?.dataset.islandState === 'hydrated');
}
