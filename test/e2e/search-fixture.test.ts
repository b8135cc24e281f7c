import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build.ts';
import { formatDiagnostic } from '../../src/diagnostics.ts';
import { classicTheme } from '../../themes/classic/index.tsx';
import { makeSite, repoRoot } from '../helpers.ts';
import { launchBrowser, serveDist } from './harness.ts';

/**
 * Search on small fixture sites built for the occasion: a page with a hostile title, the hosted
 * provider against a fake DocSearch service, and Chinese and Japanese text.
 */

const HOSTILE = '<img src=x onerror=alert(1)>';
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });

/** Builds the fixture with `overlay` (and the real UI messages) into a temporary folder and serves it. */
async function buildAndServe(overlay: Record<string, string>, options: { locale?: string; config?: (text: string) => string } = {}) {
  const messages = {
    'locales/en.json': await readFile(path.join(repoRoot, 'locales/en.json'), 'utf8'),
    'locales/de.json': await readFile(path.join(repoRoot, 'locales/de.json'), 'utf8'),
  };
  const site = await makeSite('basic', { ...messages, ...overlay });
  if (options.config) {
    const file = path.join(site.root, 'site.config.ts');
    await writeFile(file, options.config(await readFile(file, 'utf8')));
  }
  const out = await mkdtemp(path.join(tmpdir(), 'quire-search-e2e-'));
  const outDir = path.join(out, 'dist');
  const result = await buildSite({
    root: site.root,
    toolRoot: repoRoot,
    theme: classicTheme,
    outDir,
    cacheDir: false,
    locale: options.locale,
  });
  if (!result.ok) throw new Error('The fixture did not build:\n' + result.diagnostics.map((d) => formatDiagnostic(d)).join('\n'));
  const server = await serveDist(outDir);
  return {
    server,
    outDir,
    async close() {
      await server.close();
      await site.cleanup();
      await rm(out, { recursive: true, force: true });
    },
  };
}

async function openPage(browser: Browser, url: string) {
  const page = await browser.newPage();
  const requests: string[] = [];
  const dialogs: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.route(/googletagmanager/, (r) => r.abort());
  await page.goto(url, { waitUntil: 'networkidle' });
  return { page, requests, dialogs, errors };
}

async function modalQuery(page: Page, q: string): Promise<void> {
  if (!(await page.locator('.search-modal__input').count())) await page.keyboard.press('Control+k');
  await page.locator('.search-modal__input').fill(q);
  await page.waitForSelector(
    `.search-modal__body[data-search-query="${q}"]:is([data-search-status="done"], [data-search-status="error"])`,
    { timeout: 20_000 },
  );
}

describe('search with a hostile page title (fixture)', () => {
  let site: Awaited<ReturnType<typeof buildAndServe>>;
  let browser: Browser;
  beforeAll(async () => {
    site = await buildAndServe({
      'content/docs/sicherheit.md': `---\ntitle: "${HOSTILE}"\ndescription: Ein Titel, der wie HTML aussieht.\n---\nDer Titel dieser Seite lautet \`${HOSTILE}\` und darf nur als Text erscheinen. Stichwort Zaunkönig.\n\n## Abschnitt \`<script>alert(2)</script>\`\n\nNoch einmal der Zaunkönig.\n`,
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('search: should show a hostile title and excerpt as text in the modal and on the search page, never as HTML', async () => {
    const { page, dialogs, errors } = await openPage(browser, site.server.url + '/de/docs/');
    await modalQuery(page, 'onerror');
    const option = page.locator('.search-modal [role="option"]').first();
    expect(await option.getAttribute('href')).toBe('/de/docs/sicherheit/');
    expect(await page.locator('.search-modal__body').innerText()).toContain(HOSTILE);
    expect(await page.locator('.search-modal mark').allTextContents()).toContain('onerror');
    await modalQuery(page, 'Zaunkönig');
    expect(await page.locator('.search-modal__body').innerText()).toContain('<script>alert(2)</script>');
    expect(await page.locator('.search-modal img, .search-modal script').count()).toBe(0);

    await page.goto(site.server.url + '/de/search/?q=onerror', { waitUntil: 'networkidle' });
    await page.waitForSelector('.search-page__results[data-search-status="done"]');
    expect(await page.locator('.search-page__group h2').first().innerText()).toBe(HOSTILE);
    expect(await page.locator('.search-page__results img').count()).toBe(0);
    // The site's own index credits no service.
    expect(await page.locator('.search-page__powered').count()).toBe(0);
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});

/** A fake DocSearch (Algolia search API) service: answers per `mode`, remembers what it was asked. */
function fakeDocSearch() {
  const calls: { method: string; url: string; body: unknown }[] = [];
  let mode: 'ok' | '500' | 'malformed' | 'timeout' = 'ok';
  const hits = [
    {
      objectID: 'start-table',
      url: 'https://example.org/de/docs/guide/start/#tabelle-und-aufgaben',
      type: 'lvl2',
      hierarchy: { lvl0: 'Dokumentation', lvl1: 'Start', lvl2: 'Tabelle und Aufgaben', lvl3: null },
      _highlightResult: { hierarchy: { lvl2: { value: '<mark>Tabelle</mark> und Aufgaben' } } },
    },
    {
      objectID: 'mdx-content',
      url: 'https://example.org/docs/guide/mdx/',
      type: 'content',
      hierarchy: { lvl0: 'Dokumentation', lvl1: 'MDX', lvl2: null },
      content: 'Eine Tabelle im MDX',
      _snippetResult: { content: { value: `Eine <mark>Tabelle</mark> im MDX ${HOSTILE}` } },
    },
  ];
  const server: Server = createServer((req: IncomingMessage, res) => {
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': '*',
      'access-control-allow-methods': 'POST, OPTIONS',
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors).end();
      return;
    }
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString('utf8')));
    req.on('end', () => {
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // keep the raw text: the test shows what arrived
      }
      calls.push({ method: req.method ?? '', url: req.url ?? '', body });
      if (mode === 'timeout') return; // never answers
      // A slow and a fast query, for the stale-answer test: each answers with a page named after it.
      const asked = (body as { requests?: { query?: string }[] })?.requests?.[0]?.query;
      if (asked === 'langsam' || asked === 'schnell') {
        const one = [
          {
            objectID: asked,
            url: `https://example.org/de/docs/${asked}/`,
            type: 'lvl1',
            hierarchy: { lvl0: 'Dokumentation', lvl1: asked },
          },
        ];
        setTimeout(
          () =>
            res
              .writeHead(200, { ...cors, 'content-type': 'application/json' })
              .end(JSON.stringify({ results: [{ hits: one, nbHits: 1 }] })),
          asked === 'langsam' ? 1500 : 0,
        );
        return;
      }
      if (mode === '500') res.writeHead(500, { ...cors, 'content-type': 'application/json' }).end('{"message":"Internal"}');
      else if (mode === 'malformed') res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end('{"results": [ {"hits": [');
      else
        res
          .writeHead(200, { ...cors, 'content-type': 'application/json' })
          .end(JSON.stringify({ results: [{ hits, nbHits: hits.length, page: 0, hitsPerPage: 8 }] }));
    });
  });
  return {
    calls,
    setMode: (m: typeof mode) => (mode = m),
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

describe('search with the hosted provider (fixture + fake DocSearch service)', () => {
  const fake = fakeDocSearch();
  let site: Awaited<ReturnType<typeof buildAndServe>>;
  let browser: Browser;
  beforeAll(async () => {
    const host = await fake.listen();
    site = await buildAndServe(
      {},
      {
        config: (text) =>
          text.replace(
            'flags: { blog: false },',
            `flags: { blog: false },\n  search: { provider: 'hosted', hosted: { appId: 'FIXTUREAPP', apiKey: 'search-only-key', indexName: 'fixture', host: '${host}' } },`,
          ),
      },
    );
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await fake.close();
  });

  it('search: should query the service with the DocSearch request shape and contextual facet filters', async () => {
    fake.setMode('ok');
    const { page, requests, dialogs } = await openPage(browser, site.server.url + '/de/docs/');
    await modalQuery(page, 'Tabelle');
    const call = fake.calls.at(-1)!;
    const url = new URL(call.url, 'http://x');
    expect(call.method).toBe('POST');
    expect(url.pathname).toBe('/1/indexes/*/queries');
    expect(url.searchParams.get('x-algolia-application-id')).toBe('FIXTUREAPP');
    expect(url.searchParams.get('x-algolia-api-key')).toBe('search-only-key');
    const body = call.body as { requests: { indexName: string; query: string; facetFilters: unknown }[] };
    expect(body.requests[0]).toMatchObject({
      indexName: 'fixture',
      query: 'Tabelle',
      facetFilters: ['language:de', ['docusaurus_tag:default', 'docusaurus_tag:docs-current']],
    });

    // Hosted URLs lose origin and locale prefix and resolve under this site's base path.
    const hrefs = await page.locator('.search-modal [role="option"]').evaluateAll((els) => els.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(['/de/docs/guide/start/#tabelle-und-aufgaben', '/de/docs/guide/mdx/']);
    expect(await page.locator('.search-modal mark').allTextContents()).toEqual(['Tabelle', 'Tabelle']);
    expect(await page.locator('.search-modal__body').innerText()).toContain(HOSTILE);
    expect(await page.locator('.search-modal img').count()).toBe(0);
    expect(dialogs).toEqual([]);
    // No static index exists or is asked for.
    expect(requests.filter((r) => r.includes('/pagefind/'))).toEqual([]);
    // The service is credited, as Docusaurus's DocSearch modal and search page do.
    expect(await page.locator('.search-modal__powered').innerText()).toBe('Suche bereitgestellt von Algolia');
    expect(await page.locator('.search-modal__powered a').getAttribute('href')).toBe('https://www.algolia.com/');
    await page.goto(site.server.url + '/de/search/?q=Tabelle');
    await page.waitForSelector('.search-page__results[data-search-status="done"]');
    expect(await page.locator('.search-page__powered').innerText()).toBe('Suche bereitgestellt von Algolia');
    await page.close();
  });

  it('search: should drop an answer that arrives after a newer query was asked', async () => {
    fake.setMode('ok');
    const { page } = await openPage(browser, site.server.url + '/de/docs/');
    await page.keyboard.press('Control+k');
    await page.locator('.search-modal__input').fill('langsam');
    await poll(() => fake.calls.some((c) => JSON.stringify(c.body).includes('"langsam"'))).toBe(true);
    await modalQuery(page, 'schnell');
    // Give the slow answer time to arrive (the service holds it 1.5 s); the results stay those of "schnell".
    await page.waitForTimeout(2000);
    expect(await page.locator('.search-modal [role="option"] .search-hit__title').allTextContents()).toEqual(['schnell']);
    expect(await page.locator('.search-modal__body').getAttribute('data-search-query')).toBe('schnell');
    await page.close();
  });

  it('search: should show the failure screen when the service answers 500, malformed JSON, or not at all', async () => {
    const { page } = await openPage(browser, site.server.url + '/de/docs/');
    for (const [mode, q] of [
      ['500', 'eins'],
      ['malformed', 'zwei'],
      ['timeout', 'drei'],
    ] as const) {
      fake.setMode(mode);
      await modalQuery(page, q);
      const text = await page.locator('.search-modal__body').innerText();
      expect(text, mode).toContain('Ergebnisse konnten nicht geladen werden');
      expect(text, mode).toContain('Bitte prüfen Sie Ihre Netzwerkverbindung.');
    }
    fake.setMode('ok');
    await modalQuery(page, 'Tabelle');
    expect(await page.locator('.search-modal [role="option"]').count()).toBe(2);
    await page.close();
  });
});

describe('search in Chinese and Japanese (fixture built per locale)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const cases = [
    {
      locale: 'zh',
      base: '/',
      page: '---\ntitle: 双语阅读\ndescription: 中文测试页面。\n---\n这个浏览器扩展可以帮助你阅读外文网页，并在原文下方显示翻译结果。\n',
      query: '翻译',
      config: (t: string) => t,
    },
    {
      locale: 'ja',
      base: '/ja/',
      page: '---\ntitle: 対訳で読む\ndescription: 日本語のテストページ。\n---\nこの拡張機能を使うと、外国語のウェブページを原文と翻訳を並べて読むことができます。\n',
      query: '翻訳',
      config: (t: string) => t.replace("locales: ['ar', 'de', 'en', 'zh']", "locales: ['ar', 'de', 'en', 'ja', 'zh']"),
    },
  ];

  it.each(cases)('search: should find words inside unspaced $locale text', async ({ locale, base, page: content, query, config }) => {
    const site = await buildAndServe({ 'content/docs/cjk.md': content }, { locale, config });
    // The harness answers unknown paths with de/404.html, which a zh or ja build does not have.
    site.server.hooks.push(async (req, res) => {
      const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      const file = path.join(site.outDir, pathname.endsWith('/') ? pathname + 'index.html' : pathname);
      if (
        await stat(file).then(
          (s) => s.isFile(),
          () => false,
        )
      )
        return false;
      res.writeHead(404).end();
      return true;
    });
    try {
      const { page, requests } = await openPage(browser, `${site.server.url}${base}docs/`);
      await modalQuery(page, query);
      expect(await page.locator('.search-modal [role="option"]').first().getAttribute('href')).toBe(`${base}docs/cjk/`);
      expect(await page.locator('.search-modal mark').allTextContents()).toContain(query);
      // The page's language picks its own index (segmented at build time; no stemmer for these languages).
      expect(requests.some((r) => new RegExp(`/pagefind/pagefind\\.${locale}_\\w+\\.pf_meta$`).test(r))).toBe(true);
      await page.close();
    } finally {
      await site.close();
    }
  });
});
