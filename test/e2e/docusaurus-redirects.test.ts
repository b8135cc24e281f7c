import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFixturePage } from './docusaurus-fixture.ts';
import type { TestServer } from './harness.ts';

const template = readFileSync(new URL('../fixtures/docusaurus-classic/docusaurus.config.js', import.meta.url), 'utf8');

/** The create-docusaurus template with plugin-client-redirects: a visitor at an old address lands on the page. */
describe("Docusaurus's plugin-client-redirects in the browser", () => {
  let server: TestServer;
  let page: Page;
  let errors: string[] = [];
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const plugin =
      "[['@docusaurus/plugin-client-redirects', { fromExtensions: ['html', 'htm'], redirects: [{ from: '/start', to: '/docs/intro' }] }]]";
    ({ server, page, errors, close } = await openFixturePage('docusaurus-classic', {
      'docusaurus.config.js': template.replace('  presets: [', `  plugins: ${plugin},\n  presets: [`),
    }));
  });

  afterAll(async () => {
    await close?.();
  });

  // The redirect page is x.htm/index.html: a host answers /x.htm with it (after its own redirect to /x.htm/, as
  // for any folder), as this test's server answers /x.htm/. (quire's own server shows /x.html as the page /x/.)
  it('takes a visitor from an old .htm address to the page, with the query and fragment they came with', async () => {
    await page.goto(`${server.url}/docs/tutorial-basics/create-a-page.htm/?from=old#add-a-markdown-page`);
    await page.waitForURL(/\/docs\/tutorial-basics\/create-a-page\/\?/);
    expect(new URL(page.url()).pathname).toBe('/docs/tutorial-basics/create-a-page/');
    expect(new URL(page.url()).search).toBe('?from=old');
    expect(new URL(page.url()).hash).toBe('#add-a-markdown-page');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Create a Page');
    expect(errors).toEqual([]);
  });

  it('follows a redirect rule, and goes back past it to where the visitor was', async () => {
    await page.goto(`${server.url}/blog/`);
    await page.goto(`${server.url}/start`);
    await page.waitForURL(/\/docs\/intro\/$/);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Tutorial Intro');
    // location.replace: the redirect page is not in the history, so Back returns to the blog.
    await page.goBack();
    await page.waitForURL(/\/blog\/$/);
    expect(errors).toEqual([]);
  });

  it('works without JavaScript, by the refresh alone', async () => {
    const context = await page.context().browser()!.newContext({ javaScriptEnabled: false });
    const plain = await context.newPage();
    await plain.goto(`${server.url}/start`);
    await plain.waitForURL(/\/docs\/intro\/$/);
    expect(await plain.locator('h1').textContent()).toBe('Tutorial Intro');
    await context.close();
  });
});
