import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { planRedirects } from '../../src/plan/redirects.ts';
import type { Diagnostic, Route } from '../../src/types.ts';
import { validateConfig } from '../../src/config/index.ts';
import { minimalConfig } from '../unit/config-fixture.ts';
import { buildTemplate } from '../helpers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

const template = readFileSync(new URL('../fixtures/docusaurus-classic/docusaurus.config.js', import.meta.url), 'utf8');

/** The template with plugin-client-redirects given these options (JavaScript source). */
const withRedirects = (options: string) =>
  buildTemplate(
    {
      'docusaurus.config.js': template.replace(
        '  presets: [',
        `  plugins: [['@docusaurus/plugin-client-redirects', ${options}]],\n  presets: [`,
      ),
    },
    cleanups,
  );

/** What the redirects may give: errors, and Q050 and Q060 warnings. */
const problems = (diagnostics: Diagnostic[]) => diagnostics.filter((d) => d.severity === 'error' || d.code === 'Q050' || d.code === 'Q060');

/** Where a redirect page leads: its refresh target, canonical and script target must agree. */
function target(html: string | undefined): string | undefined {
  if (html === undefined) return undefined;
  const refresh = /<meta http-equiv="refresh" content="0; url=([^"]*)">/.exec(html)?.[1];
  const canonical = /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
  expect(canonical).toBe(refresh);
  expect(html).toContain('<meta name="robots" content="noindex">');
  return refresh?.replace(/&amp;/g, '&');
}

describe("Docusaurus's plugin-client-redirects", () => {
  it("writes a page at every page's path with each of fromExtensions, leading to the page, as Docusaurus does", async () => {
    const { result, writer } = await withRedirects("{ fromExtensions: ['html', 'htm'] }");
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(target(writer.text('docs/intro.html/index.html'))).toBe('/docs/intro/');
    expect(target(writer.text('docs/intro.htm/index.html'))).toBe('/docs/intro/');
    expect(target(writer.text('blog/welcome.html/index.html'))).toBe('/blog/welcome/');
    expect(target(writer.text('docs/category/tutorial---basics.html/index.html'))).toBe('/docs/category/tutorial---basics/');
    // Not from the root, nor from a path that already ends in an extension (the not-found page).
    expect(writer.text('.html/index.html')).toBeUndefined();
    expect([...writer.files.keys()].filter((f) => f.startsWith('404.html'))).toEqual(['404.html']);
    // The visitor's query and fragment go along; the pages stay out of the sitemap.
    expect(writer.text('docs/intro.html/index.html')).toContain('location.replace("/docs/intro/" + location.search + location.hash);');
    expect(writer.text('sitemap.xml')).not.toContain('.html');
    // Every page has one (pages, docs, posts, tags, generated indexes, the search page), and nothing else does.
    const redirect = /\.html?\/index\.html$/;
    const pages = [...writer.files.keys()].filter((f) => f.endsWith('index.html') && !redirect.test(f));
    const redirects = [...writer.files.keys()].filter((f) => redirect.test(f));
    expect(pages.length).toBeGreaterThan(20);
    expect(redirects).toHaveLength(2 * (pages.length - 1));
  });

  it('writes the redirects rules, from one or more paths, to a page or another site', async () => {
    const { result, writer } = await withRedirects(
      "{ redirects: [{ from: ['/old-intro', '/older/intro/'], to: '/docs/intro' }, { from: '/elsewhere', to: 'https://example.org/x?y=1#z' }] }",
    );
    expect(problems(result.diagnostics)).toEqual([]);
    expect(target(writer.text('old-intro/index.html'))).toBe('/docs/intro/');
    expect(target(writer.text('older/intro/index.html'))).toBe('/docs/intro/');
    const away = writer.text('elsewhere/index.html') ?? '';
    expect(target(away)).toBe('https://example.org/x?y=1#z');
    expect(away).toContain('location.replace("https://example.org/x?y=1#z");');
  });

  it('refuses a redirect to a page that is not there, like a broken link (Q060)', async () => {
    const { result } = await withRedirects("{ redirects: [{ from: '/old', to: '/docs/gone' }] }");
    expect(result.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.code, d.keyPath, d.message])).toEqual([
      ['Q060', 'plugins.0.1.redirects.0.to', 'Broken link in the site configuration: /docs/gone is not a page of the site.'],
    ]);
  });

  it('refuses a redirect that runs code, and an extension Docusaurus refuses, at their keys', async () => {
    const bad = await withRedirects("{ redirects: [{ from: '/x', to: 'javascript:alert(1)' }] }");
    expect(bad.result.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.code, d.keyPath])).toEqual([
      ['Q064', 'plugins.0.1.redirects.0.to'],
    ]);
    const dotted = await withRedirects("{ fromExtensions: ['.html'] }");
    expect(dotted.result.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.code, d.keyPath])).toEqual([
      ['Q002', 'plugins.0.1.fromExtensions.0'],
    ]);
  });

  it('writes no redirect over a page and names it', async () => {
    const { result, writer } = await withRedirects("{ redirects: [{ from: '/docs/intro/', to: '/blog' }] }");
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(writer.text('docs/intro/index.html')).toContain('Tutorial Intro');
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.file, d.keyPath, d.message])).toContainEqual([
      'Q050',
      'warning',
      'docusaurus.config.js',
      'plugins.0.1.redirects.0',
      'No redirect page is written at /docs/intro/: /docs/intro/ is there.',
    ]);
  });

  it("runs createRedirects with each page's path as Docusaurus names it, and writes what it gives", async () => {
    const { result, writer } = await withRedirects(
      "{ createRedirects(path) { if (path === '/docs/intro') return ['/start', '/begin']; if (path.startsWith('/blog/tags/')) return path.replace('/blog/tags/', '/topics/'); return undefined; } }",
    );
    expect(problems(result.diagnostics)).toEqual([]);
    expect(target(writer.text('start/index.html'))).toBe('/docs/intro/');
    expect(target(writer.text('begin/index.html'))).toBe('/docs/intro/');
    expect(target(writer.text('topics/docusaurus/index.html'))).toBe('/blog/tags/docusaurus/');
    const unread = result.diagnostics.find((d) => d.code === 'Q003' && d.message.includes('quire does not support these settings'));
    expect(unread?.message ?? '').not.toContain('createRedirects');
  });

  it('stops at a createRedirects that throws or gives no path, at its key, as Docusaurus does', async () => {
    const thrown = await withRedirects("{ createRedirects(path) { if (path === '/blog') throw new Error('no blog'); } }");
    expect(thrown.result.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.code, d.file, d.keyPath, d.message])).toEqual([
      [
        'Q002',
        'docusaurus.config.js',
        'plugins.0.1.createRedirects',
        'Invalid config value at plugins.0.1.createRedirects: threw for /blog: no blog',
      ],
    ]);
    const wrong = await withRedirects("{ createRedirects: (path) => (path === '/blog' ? 'old-blog' : undefined) }");
    expect(wrong.result.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.code, d.keyPath])).toEqual([
      ['Q002', 'plugins.0.1.createRedirects'],
    ]);
    expect(wrong.result.diagnostics.find((d) => d.severity === 'error')?.message).toContain('gave "old-blog" for /blog');
  });
});

describe('planRedirects (config `redirects`, also for a site of its own)', () => {
  const route = (path: string): Route => ({ kind: 'page', path, title: path, description: '', isUnlisted: false });
  const routes = [route('/'), route('/guide/'), route('/files/report.pdf/'), route('/404.html')];
  const minimalRaw = {
    title: 'T',
    url: 'https://example.org',
    baseUrl: '/',
    product: { name: 'T', slug: 't' },
    i18n: { defaultLocale: 'en', currentLocale: 'en', locales: ['en'] },
    navbar: { items: [] },
  };
  const config = (redirects: object) => ({
    ...minimalConfig(),
    baseUrl: '/',
    redirects: { fromExtensions: [], toExtensions: [], rules: [], ...redirects },
  });

  it('reaches a page whose path ends in one of toExtensions from the path without it', () => {
    const { redirects } = planRedirects(config({ toExtensions: ['pdf'] }), routes);
    expect(redirects).toEqual([{ from: '/files/report', to: '/files/report.pdf/' }]);
  });

  it('gives targets the base path and the slash their page has, keeping a query and fragment', () => {
    const { redirects } = planRedirects({ ...config({ rules: [{ from: '/a', to: '/guide?x=1#top' }] }), baseUrl: '/de/' }, routes);
    expect(redirects).toEqual([{ from: '/a', to: '/de/guide/?x=1#top' }]);
  });

  it('refuses a from path that would leave the output folder, written or given by createRedirects (Q002)', () => {
    const written = validateConfig({ ...minimalRaw, redirects: { rules: [{ from: '/docs/../../etc', to: '/' }] } });
    expect(written.diagnostics.map((d) => [d.code, d.keyPath])).toEqual([['Q002', 'redirects.rules.0.from']]);
    const hook = { run: () => '/../outside', file: 'docusaurus.config.js', keyPath: 'plugins.0.1.createRedirects' };
    const { redirects, diagnostics } = planRedirects(config({}), routes, [], hook);
    expect(redirects).toEqual([]);
    expect(diagnostics.map((d) => [d.code, d.file, d.keyPath])).toEqual([['Q002', 'docusaurus.config.js', 'plugins.0.1.createRedirects']]);
  });

  it('keeps the first of two redirects from one path, and writes none over a static file', () => {
    const { redirects, diagnostics } = planRedirects(
      config({
        rules: [
          { from: '/a', to: '/guide' },
          { from: '/a/', to: '/' },
          { from: '/robots.txt', to: '/' },
        ],
      }),
      routes,
      ['/robots.txt'],
    );
    expect(redirects).toEqual([{ from: '/a', to: '/guide/' }]);
    expect(diagnostics.map((d) => [d.code, d.keyPath, d.message])).toEqual([
      ['Q050', 'redirects.rules.1', 'Two redirects start at /a/: to /guide and to /. The first is written.'],
      ['Q050', 'redirects.rules.2', 'No redirect page is written at /robots.txt: /robots.txt is there.'],
    ]);
  });
});
