import { describe, expect, it } from 'vitest';
import { staticFileClashes } from '../../src/plan/static-files.ts';
import type { Compiled, Route, SiteConfig } from '../../src/types.ts';

const config = { baseUrl: '/de/' } as SiteConfig;
const compiled = [{ source: { file: 'content/docs/faq.md' } }] as Compiled[];
const routes = [
  { kind: 'doc', path: '/docs/faq/', title: 'FAQ', description: '', isUnlisted: false, compiledIndex: 0 },
  { kind: 'search', path: '/search/', title: 'Suche', description: '', isUnlisted: false },
  { kind: 'notFound', path: '/404.html', title: 'Nicht gefunden', description: '', isUnlisted: true },
] as Route[];
const check = (...paths: string[]) =>
  staticFileClashes(
    paths.map((p) => ({ file: `static${p}`, path: p })),
    routes,
    compiled,
    config,
  );

describe('static files', () => {
  it('static files: should pass files that take no place quire writes', () => {
    expect(
      check(
        '/img/logo.svg',
        '/docs/faq/bild.png',
        '/docs/faq.htm',
        '/docs/faq/index.htm',
        '/robots.txt',
        '/assets/eigenes.css',
        '/pagefind.txt',
        '/search/hilfe.html',
      ),
    ).toEqual([]);
  });

  it('static files: should report a .html file at an address the route matcher reads as a page', () => {
    // The shared route matcher strips `.html`: /de/docs/faq.html names the page too, but a bucket serves the file.
    const found = check('/docs/faq.html', '/search.html');
    expect(found.map((d) => d.message)).toEqual([
      'static/docs/faq.html would be served at /de/docs/faq.html, an address that also names the page /de/docs/faq/ (content/docs/faq.md).',
      'static/search.html would be served at /de/search.html, an address that also names the page /de/search/ (the search page quire generates).',
    ]);
  });

  it('static files: should name both sides when a static file takes the place of a page, the sitemap or a folder quire writes', () => {
    const found = check(
      '/docs/faq/index.html',
      '/search/index.html',
      '/404.html',
      '/sitemap.xml',
      '/pagefind/extra.js',
      '/_quire/search.json',
    );
    expect(found.map((d) => [d.code, d.file])).toEqual([
      ['Q050', 'static/docs/faq/index.html'],
      ['Q050', 'static/search/index.html'],
      ['Q050', 'static/404.html'],
      ['Q050', 'static/sitemap.xml'],
      ['Q050', 'static/pagefind/extra.js'],
      ['Q050', 'static/_quire/search.json'],
    ]);
    expect(found[0].message).toBe('Two files want the same URL /de/docs/faq/:\n- content/docs/faq.md\n- static/docs/faq/index.html');
    expect(found[1].message).toContain('- the search page quire generates');
    expect(found[2].message).toContain('- the not-found page quire generates');
    expect(found[3].message).toBe('static/sitemap.xml would replace the sitemap.xml quire writes at /de/sitemap.xml.');
    expect(found[4].message).toBe('static/pagefind/extra.js is inside /de/pagefind/, a folder quire writes as a whole (it would be lost).');
  });
});
