import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildSite } from '../../src/build.ts';
import { CODES, formatDiagnostic } from '../../src/diagnostics.ts';
import { classicTheme } from '../../themes/classic/index.tsx';
import { fixture, makeSite, png, repoRoot } from '../helpers.ts';
import { launchBrowser, serveDist, type TestServer } from './harness.ts';

/**
 * The URL policy (src/shared/url-policy.ts, Q064) in built sites: what it lets through stays as written and runs
 * nothing; what it refuses fails the build before anything is written; and no page of the real site runs a script
 * the site did not write (an alert opens a dialog, the near misses' payloads would set `window.__xss`).
 */

const PIXEL = `data:image/png;base64,${png(2, 2).toString('base64')}`;
const page = (title: string, body: string) => `---\ntitle: ${title}\ndescription: Eine Seite zum Prüfen.\n---\n${body}\n`;

/** Near misses of the refused corpus, each with an id to find it by. */
const NEAR_MISSES_MD = [
  'Text über javascript: und vbscript: und data: als Wörter.',
  '<p><a id="https" href="https://example.org/">extern</a> <a id="mail" href="mailto:hallo@example.org">Mail</a> <a id="tel" href="tel:+49301234">Telefon</a> <a id="seite" href="/docs/">Seite</a></p>',
  `<p><img id="punkt" src="${PIXEL}" alt="Punkt" width="2" height="2"></p>`,
  '<p><abbr id="abbr" title="javascript:window.__xss=1">JS</abbr> <span id="daten" data-hinweis="javascript:window.__xss=1">Daten</span></p>',
  '<script type="application/ld+json">{"@context": "https://schema.org", "name": "window.__xss=1"}</script>',
  '<noscript><p id="ohne">Ohne JavaScript</p></noscript>',
  '<iframe id="doc" srcdoc="&lt;p&gt;Hallo&lt;/p&gt;" title="Beispiel"></iframe>',
  '`<a href="javascript:window.__xss=1">` im Code.',
].join('\n\n');

const NEAR_MISSES_MDX = [
  'Text über javascript: als Wort.',
  '<a id="https" href="https://example.org/">extern</a> und <a id="mail" href={"mailto:hallo@example.org"}>Mail</a>',
  `<img id="punkt" src="${PIXEL}" alt="Punkt" width="2" height="2" />`,
  '<abbr id="abbr" title="javascript:window.__xss=1">JS</abbr>',
].join('\n\n');

const ANNOUNCEMENT =
  'Neu: <a id="ankuendigung" href="/docs/">Start</a>, <a href="https://example.org/">extern</a> und <a href="mailto:hallo@example.org">Mail</a>; javascript: ist nur ein Wort.';

/** The fixture's config with the config HTML given. */
async function configWith(announcement: string, copyright: string): Promise<string> {
  const base = await readFile(path.join(fixture('basic'), 'site.config.ts'), 'utf8');
  const withCopyright = base.replace("copyright: '© 2025 Fixture'", `copyright: ${JSON.stringify(copyright)}`);
  if (withCopyright === base) throw new Error('quire bug in the test: the fixture config has no copyright to replace');
  return withCopyright.replace('  flags:', `  announcementBar: { id: 'xss', content: ${JSON.stringify(announcement)} },\n  flags:`);
}

async function build(root: string) {
  const outDir = path.join(root, 'dist');
  const result = await buildSite({ root, toolRoot: repoRoot, theme: classicTheme, outDir, cacheDir: false });
  return { result, outDir };
}

/** Opens a page and records every dialog it opens (an alert that ran). */
async function openGuarded(browser: Browser, url: string): Promise<{ page: Page; dialogs: string[] }> {
  const context = await browser.newContext();
  const tab = await context.newPage();
  const dialogs: string[] = [];
  tab.on('dialog', (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  tab.on('close', () => void context.close().catch(() => undefined));
  await tab.route(/googletagmanager\.com/, (r) => r.abort());
  await tab.goto(url);
  return { page: tab, dialogs };
}

/** Waits past the site's own delayed scripts (the header script starts after 1.2 s), then says what ran. */
async function whatRan(opened: { page: Page; dialogs: string[] }[]): Promise<string[]> {
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const out: string[] = [];
  for (const { page: tab, dialogs } of opened) {
    const flag = await tab.evaluate(() => (window as unknown as { __xss?: unknown }).__xss);
    if (flag !== undefined) out.push(`${tab.url()}: window.__xss = ${String(flag)}`);
    out.push(...dialogs.map((d) => `${tab.url()}: ${d}`));
  }
  return out;
}

describe('xss', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  describe('the near misses', () => {
    let site: Awaited<ReturnType<typeof makeSite>>;
    let server: TestServer;
    beforeAll(async () => {
      site = await makeSite('basic', {
        'content/pages/beinahe.md': page('Beinahe', NEAR_MISSES_MD),
        'content/pages/beinahe-mdx.mdx': page('Beinahe MDX', NEAR_MISSES_MDX),
        'site.config.ts': await configWith(ANNOUNCEMENT, '© 2025 Fixture – javascript: ist ein Wort'),
      });
      const { result, outDir } = await build(site.root);
      if (!result.ok) throw new Error('The near misses did not build:\n' + result.diagnostics.map((d) => formatDiagnostic(d)).join('\n'));
      server = await serveDist(outDir);
    });
    afterAll(async () => {
      await server?.close();
      await site?.cleanup();
    });

    it('xss: should publish the near misses as written, and run none of them', async () => {
      const md = await openGuarded(browser, server.url + '/de/beinahe/');
      const mdx = await openGuarded(browser, server.url + '/de/beinahe-mdx/');
      for (const { page: tab } of [md, mdx]) {
        expect(await tab.locator('#https').getAttribute('href')).toBe('https://example.org/');
        expect(await tab.locator('#mail').getAttribute('href')).toBe('mailto:hallo@example.org');
        expect(await tab.locator('#abbr').getAttribute('title')).toBe('javascript:window.__xss=1');
        // The data: image is shown (decoded at its size), not refused or dropped.
        expect(await tab.locator('#punkt').getAttribute('src')).toBe(PIXEL);
        await expect.poll(() => tab.locator('#punkt').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
        expect(await tab.locator('main').textContent()).toContain('javascript: ');
        // The config's HTML, as written (its site path given the base path).
        expect(await tab.locator('.announcement__content #ankuendigung').getAttribute('href')).toBe('/de/docs/');
        expect(await tab.locator('.announcement__content a[href="mailto:hallo@example.org"]').count()).toBe(1);
        expect(await tab.locator('.footer__copyright').textContent()).toBe('© 2025 Fixture – javascript: ist ein Wort');
      }
      expect(await md.page.locator('#tel').getAttribute('href')).toBe('tel:+49301234');
      expect(await md.page.locator('#seite').getAttribute('href')).toBe('/de/docs/');
      expect(await md.page.locator('#daten').getAttribute('data-hinweis')).toBe('javascript:window.__xss=1');
      expect(await md.page.locator('script[type="application/ld+json"]').textContent()).toContain('https://schema.org');
      expect(await md.page.locator('main code').first().textContent()).toBe('<a href="javascript:window.__xss=1">');
      await expect.poll(() => md.page.frameLocator('#doc').locator('p').textContent()).toBe('Hallo');
      expect(await whatRan([md, mdx])).toEqual([]);
      // The guard sees a script that does run.
      await mdx.page.evaluate(() => {
        (window as unknown as { __xss?: unknown }).__xss = 'probe';
        setTimeout(() => alert('probe'));
      });
      expect(await whatRan([mdx])).toEqual([
        `${server.url}/de/beinahe-mdx/: window.__xss = probe`,
        `${server.url}/de/beinahe-mdx/: alert: probe`,
      ]);
      await md.page.close();
      await mdx.page.close();
    });
  });

  it('xss: should refuse every dangerous page with Q064 at its place, and write nothing', async () => {
    const corpus: Record<string, string> = {
      'content/pages/boese-1.md': '<a href="&#106;avascript:alert(1)">x</a>',
      'content/pages/boese-2.md': '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
      'content/pages/boese-3.md': '<img src="/img/logo.svg" onerror="alert(1)" alt="x">',
      'content/pages/boese-4.md': '<form><button formaction="java&#9;script:alert(1)">Los</button></form>',
      'content/pages/boese-5.md': '<script>alert(1)</script>',
      'content/pages/boese-6.md': '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>',
      'content/pages/boese-7.md': '[Klick](javascript:alert(1))',
      'content/pages/boese-8.md': '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
      'content/pages/boese-9.mdx': '<a href="javascript:alert(1)">x</a>',
      'content/pages/boese-10.mdx': '<button onClick="alert(1)">x</button>',
      'content/pages/boese-11.mdx': '<img src="data:image/svg+xml,%3Csvg onload=alert(1)%3E" alt="x" />',
      'content/pages/boese-12.mdx': '<Figure src="data:text/html,x" alt="x" />',
    };
    const site = await makeSite('basic', Object.fromEntries(Object.entries(corpus).map(([file, html]) => [file, page('Böse', html)])));
    try {
      const { result, outDir } = await build(site.root);
      expect(result.ok).toBe(false);
      const errors = result.diagnostics.filter((d) => d.severity === 'error');
      // Each page's HTML stands on line 5, after its front matter.
      expect(errors.map((d) => [d.code, d.file, d.line]).sort()).toEqual(
        Object.keys(corpus)
          .map((file) => [CODES.UNSAFE_URL, file, 5])
          .sort(),
      );
      await expect(stat(outDir)).rejects.toThrow();
    } finally {
      await site.cleanup();
    }
  });

  it('xss: should refuse dangerous config HTML by its key, and write nothing', async () => {
    const site = await makeSite('basic', {
      'site.config.ts': await configWith('Neu: <img src=x onerror=alert(1)>', '© 2025 <a href="JaVaScRiPt&colon;alert(1)">Fixture</a>'),
    });
    try {
      const { result, outDir } = await build(site.root);
      expect(result.ok).toBe(false);
      expect(result.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.code, d.keyPath])).toEqual([
        [CODES.UNSAFE_URL, 'announcementBar.content'],
        [CODES.UNSAFE_URL, 'footer.copyright'],
      ]);
      await expect(stat(outDir)).rejects.toThrow();
    } finally {
      await site.cleanup();
    }
  });

  it('xss: should run no script the site did not write on a sample of the real site', async () => {
    const server = await serveDist(inject('e2eDist'));
    try {
      const paths = [
        '/de/',
        '/de/docs/',
        '/de/docs/js-sdk/',
        '/de/docs/faq/',
        '/de/pricing/',
        '/de/deals/manga/',
        '/de/blog/',
        '/de/gibt-es-nicht/',
      ];
      const opened = await Promise.all(paths.map((p) => openGuarded(browser, server.url + p)));
      // The pages loaded (the code samples of the SDK page show <script> as text).
      expect(await opened[2].page.locator('main pre').first().textContent()).toContain('<script');
      expect(await whatRan(opened)).toEqual([]);
      for (const { page: tab } of opened) await tab.close();
    } finally {
      await server.close();
    }
  });
});
