import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- the benchmark generator is plain JavaScript without type declarations
import { generateSite } from '../../bench/generate.mjs';
import { buildSite } from '../../src/build.ts';
import { classicTheme } from '../../themes/classic/index.tsx';
import { repoRoot } from '../helpers.ts';
import { launchBrowser, serveDist, type TestServer } from './harness.ts';

describe('a large docs sidebar', () => {
  let dir: string;
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'quire-large-'));
    await (generateSite as (pages: number, dir: string) => Promise<void>)(450, path.join(dir, 'site'));
    const result = await buildSite({ root: path.join(dir, 'site'), toolRoot: repoRoot, theme: classicTheme, outDir: path.join(dir, 'dist'), cacheDir: false });
    expect(result.diagnostics).toEqual([]);
    server = await serveDist(path.join(dir, 'dist'));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('sidebar: should render only the open branch and load a collapsed category on expand', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(server.url + '/de/docs/kapitel-0/seite-1/');
    // The open branch is there, the other categories are empty until opened.
    expect(await page.locator('.doc-sidebar a[href="/de/docs/kapitel-0/seite-2/"]').count()).toBe(1);
    expect(await page.locator('.doc-sidebar a[href="/de/docs/kapitel-3/seite-2/"]').count()).toBe(0);
    const category = page.locator('.doc-sidebar details[data-items$="/3.json"], .doc-sidebar details[data-items]').filter({ hasText: 'kapitel-3' });
    await category.locator('summary').click();
    await expect.poll(() => page.locator('.doc-sidebar a[href="/de/docs/kapitel-3/seite-2/"]').count()).toBe(1);
    await page.click('.doc-sidebar a[href="/de/docs/kapitel-3/seite-2/"]');
    await page.waitForURL('**/de/docs/kapitel-3/seite-2/');
    await expect.poll(() => page.textContent('h1')).toBe('Seite 3.2');
    await page.close();
  });
});
