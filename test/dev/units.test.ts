import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyChange, watchedFolders } from '../../src/dev/classify.ts';
import { QUIRE_LAYOUT } from '../../src/config/index.ts';
import { pickEncoding } from '../../src/dev/compress.ts';
import { contentType, isHashedAsset } from '../../src/dev/content-types.ts';
import { injectLiveScript } from '../../src/dev/live-client.ts';
import { isAllowedHost, parseRequestTarget } from '../../src/dev/request-path.ts';
import { resolveBucket, type StoreEntry } from '../../src/dev/static-handler.ts';
import { isIgnored } from '../../src/dev/watch.ts';
import { namesOf } from '../../src/dev/index.ts';
import { renames } from '../../src/dev/session.ts';
import type { Source } from '../../src/types.ts';

describe('request paths', () => {
  it('request-path: should split a path into decoded segments and keep the query', () => {
    expect(parseRequestTarget('/de/docs/f%C3%BCr%20alle/?q=1')).toEqual({
      ok: true,
      segments: ['de', 'docs', 'für alle'],
      trailingSlash: true,
      search: '?q=1',
    });
    expect(parseRequestTarget('/')).toEqual({ ok: true, segments: [], trailingSlash: true, search: '' });
    expect(parseRequestTarget('//de//x')).toMatchObject({ ok: true, segments: ['de', 'x'], trailingSlash: false });
  });

  it('request-path: should refuse every segment that could leave the root', () => {
    for (const target of [
      '/../x',
      '/de/..',
      '/./x',
      '/..%2fx',
      '/%2e%2e/x',
      '/.%2E/x',
      '/..%5cx',
      '/a%2fb',
      '/%252e%252e/x',
      '/de/.git/config',
      '/x\\..\\y',
    ]) {
      expect(parseRequestTarget(target), target).toMatchObject({ ok: false, status: 404 });
    }
  });

  it('request-path: should answer 400 for malformed encodings, control characters and non-path targets', () => {
    for (const target of [
      '/%zz',
      '/%E0%A4%A',
      '/%c0%ae%c0%ae/',
      '/x%00',
      '/x%0d%0aSet-Cookie:a=b',
      'http://evil.example/x',
      '*',
      'evil.example:443',
      '',
      undefined,
    ]) {
      expect(parseRequestTarget(target), String(target)).toMatchObject({ ok: false, status: 400 });
    }
  });

  it('request-path: should accept only the served host, loopback names and configured names', () => {
    expect(isAllowedHost('127.0.0.1:3000', '127.0.0.1')).toBe(true);
    expect(isAllowedHost('localhost:3000', '127.0.0.1')).toBe(true);
    expect(isAllowedHost('[::1]:3000', '127.0.0.1')).toBe(true);
    expect(isAllowedHost('LOCALHOST', '127.0.0.1')).toBe(true);
    expect(isAllowedHost('evil.example:3000', '127.0.0.1')).toBe(false);
    expect(isAllowedHost('localhost.evil.example', '127.0.0.1')).toBe(false);
    expect(isAllowedHost('192.168.1.20:3000', '127.0.0.1')).toBe(false);
    expect(isAllowedHost(undefined, '127.0.0.1')).toBe(false);
    expect(isAllowedHost('a b', '127.0.0.1')).toBe(false);
    // Bound to every interface: IP literals are fine (rebinding needs a name), names still are not.
    expect(isAllowedHost('192.168.1.20:3000', '0.0.0.0')).toBe(true);
    expect(isAllowedHost('evil.example', '0.0.0.0')).toBe(false);
    expect(isAllowedHost('docs.lan:3000', '0.0.0.0', ['docs.lan'])).toBe(true);
    expect(isAllowedHost('mybox:3000', 'mybox')).toBe(true);
  });
});

describe('content negotiation', () => {
  it('compress: should prefer brotli, then gzip, and honour q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
  });

  it('content-types: should name types by extension and spot hashed assets under the base path', () => {
    expect(contentType('de/index.html')).toBe('text/html; charset=utf-8');
    expect(contentType('de/pagefind/pagefind.js')).toBe('text/javascript; charset=utf-8');
    expect(contentType('de/pagefind/fragment/de_1.pf_fragment')).toBe('application/octet-stream');
    expect(contentType('de/img/x.SVG')).toBe('image/svg+xml');
    expect(isHashedAsset('de/assets/main.FWUN6XZ6.js', '/de/')).toBe(true);
    expect(isHashedAsset('de/assets/main.EOHPBPNI.js', '/de/')).toBe(true);
    expect(isHashedAsset('de/assets/chunks/chunk-Q9XY7Z2K.js', '/de/')).toBe(true);
    expect(isHashedAsset('de/assets/bild.1a2b3c4d.svg', '/de/')).toBe(true);
    expect(isHashedAsset('de/assets/logo-original.svg', '/de/')).toBe(false);
    expect(isHashedAsset('de/img/main.FWUN6XZ6.js', '/de/')).toBe(false);
    expect(isHashedAsset('assets/main.FWUN6XZ6.js', '/de/')).toBe(false);
  });
});

describe('bucket semantics', () => {
  const files = ['de/index.html', 'de/x/index.html', 'de/404.html', 'de/assets/main.AB12CD34.js', 'de/x.json'];
  const store = {
    get: (f: string): StoreEntry | undefined => (files.includes(f) ? { data: Buffer.from(f), etag: `"${f}"`, mtimeMs: 0 } : undefined),
  };
  const resolve = (url: string) => {
    const target = parseRequestTarget(url);
    if (!target.ok) throw new Error(url);
    return resolveBucket(store, target, '/de/');
  };

  it('static-handler: should map page addresses with the shared matcher and redirect a missing slash', async () => {
    expect(await resolve('/de/x/')).toMatchObject({ type: 'file', file: 'de/x/index.html', status: 200 });
    expect(await resolve('/de/x/index.html')).toMatchObject({ type: 'file', file: 'de/x/index.html', status: 200 });
    expect(await resolve('/de/x.html')).toMatchObject({ type: 'file', file: 'de/x/index.html', status: 200 });
    expect(await resolve('/de/x?a=1')).toEqual({ type: 'redirect', location: '/de/x/?a=1' });
    expect(await resolve('/de')).toEqual({ type: 'redirect', location: '/de/' });
    expect(await resolve('/de/x.json')).toMatchObject({ type: 'file', file: 'de/x.json', status: 200 });
  });

  it('static-handler: should answer everything else with the nearest 404.html', async () => {
    expect(await resolve('/de/y/')).toMatchObject({ file: 'de/404.html', status: 404 });
    expect(await resolve('/de/assets/')).toMatchObject({ file: 'de/404.html', status: 404 });
    expect(await resolve('/anderswo/z.js')).toMatchObject({ file: 'de/404.html', status: 404 });
    expect(await resolve('/')).toMatchObject({ file: 'de/404.html', status: 404 });
  });
});

describe('change classification', () => {
  const root = '/p';
  const ctx = {
    root,
    themeDirs: ['/tool/themes'],
    clientDirs: ['/tool/src/client'],
    configInputs: new Set(['/p/site.config.ts', '/p/config/nav.ts']),
    loadInputs: new Set(['/p/content/sidebar-parts.ts']),
    sidebarPath: 'content/sidebars.ts',
    layout: QUIRE_LAYOUT,
    styles: ['static/css/custom.css'],
  };
  const kind = (file: string) => classifyChange(path.join(root, file), ctx);

  it('classify: should send each changed file to the earliest stage it affects', () => {
    expect(kind('site.config.ts')).toBe('config');
    expect(kind('config/nav.ts')).toBe('config');
    expect(kind('content/docs/faq.mdx')).toBe('source');
    expect(kind('content/blog/2025-01-01-x.md')).toBe('source');
    expect(kind('content/docs/_partial.mdx')).toBe('asset');
    expect(kind('content/sidebars.ts')).toBe('load');
    expect(kind('content/sidebar-parts.ts')).toBe('load');
    expect(kind('content/data/figures.json')).toBe('load');
    expect(kind('locales/de.json')).toBe('load');
    expect(kind('static/img/x.svg')).toBe('static');
    // The project's stylesheets are bundled with the client, also when they sit in the static folder.
    expect(kind('static/css/custom.css')).toBe('client');
    expect(kind('content/docs/guide/bild.svg')).toBe('asset');
    expect(classifyChange('/tool/themes/classic/components/Navbar.tsx', ctx)).toBe('theme');
    expect(classifyChange('/tool/themes/classic/styles/base.css', ctx)).toBe('client');
    expect(classifyChange('/tool/themes/classic/islands/search-modal.client.tsx', ctx)).toBe('client');
    expect(classifyChange('/tool/src/client/main.ts', ctx)).toBe('client');
    expect(kind('README.md')).toBe('ignored');
    expect(kind('content')).toBe('load');
  });

  it("classify: should follow a Docusaurus project's layout", () => {
    const layout = {
      ...QUIRE_LAYOUT,
      docs: 'docs',
      pages: 'src/pages',
      landing: null,
      blog: 'blog',
      data: null,
      locales: '/tool/locales',
      static: 'static',
      blogAuthors: 'blog/authors.yml',
      blogTags: 'blog/tags.yml',
      docsTags: 'docs/tags.yml',
    };
    const docusaurus = { ...ctx, sidebarPath: 'sidebars.js', layout, configInputs: new Set(['/p/docusaurus.config.js']) };
    const of = (file: string) => classifyChange(path.join(root, file), docusaurus);
    expect(of('docusaurus.config.js')).toBe('config');
    expect(of('docs/intro.md')).toBe('source');
    expect(of('docs/tutorial-basics/create-a-page.md')).toBe('source');
    expect(of('blog/2021-08-26-welcome/index.md')).toBe('source');
    expect(of('src/pages/markdown-page.md')).toBe('source');
    expect(of('sidebars.js')).toBe('load');
    expect(of('docs/tutorial-basics/_category_.json')).toBe('load');
    expect(of('blog/authors.yml')).toBe('load');
    expect(of('docs/tags.yml')).toBe('load');
    expect(of('docs')).toBe('load');
    expect(classifyChange('/tool/locales/en.json', docusaurus)).toBe('load');
    expect(of('static/img/logo.svg')).toBe('static');
    expect(of('blog/2021-08-26-welcome/docusaurus-plushie-banner.jpeg')).toBe('asset');
    expect(of('docs/tutorial-basics/img/screen.png')).toBe('asset');
    // A React page is a route (added or removed, the site's pages change); the components it imports are re-bundled.
    expect(of('src/pages/index.js')).toBe('load');
    expect(of('src/pages/_parts/hero.tsx')).toBe('asset');
    expect(of('src/components/HomepageFeatures/index.js')).toBe('asset');
    expect(of('content/docs/x.md')).toBe('ignored');
    expect(of('README.md')).toBe('ignored');
    expect(watchedFolders(root, layout)).toEqual(['/p/docs', '/p/src', '/p/blog', '/tool/locales', '/p/static']);
    expect(watchedFolders(root, QUIRE_LAYOUT)).toEqual(['/p/content', '/p/locales', '/p/static']);
  });
});

describe('live script', () => {
  it('live-client: should add the script before </body> with the page and version, escaped', () => {
    expect(injectLiveScript('<html><body><p>x</p></body></html>', 'de/x/index.html', 7)).toBe(
      '<html><body><p>x</p><script src="/__quire/live.js" data-page="de/x/index.html" data-version="7" defer></script></body></html>',
    );
    expect(injectLiveScript('<p>no body</p>', 'de/"a"&<b>.html', 1)).toContain('data-page="de/&quot;a&quot;&amp;&lt;b>.html"');
  });

  it('dev units: should ignore editor and sed droppings but not .well-known, and name the first few files of a burst', () => {
    for (const name of ['sedAb12Cd', '.start.md.swp', 'start.md~', '4913', '.env'])
      expect(isIgnored(path.join('/p/content/docs', name)), name).toBe(true);
    for (const name of ['.well-known', 'sediment.md', 'start.md']) expect(isIgnored(path.join('/p/static', name)), name).toBe(false);
    expect(namesOf(['a.md', 'b.md', 'c.md', 'd.md'])).toBe('a.md, b.md, c.md, d.md');
    expect(namesOf(['a.md', 'b.md', 'c.md', 'd.md', 'e.md', 'f.md'])).toBe('a.md, b.md, c.md and 3 more files');
    // A rename is one name; a deletion says so.
    expect(namesOf(['neu/a.md', 'a.md', 'b.md', 'c.md'], { renamed: [{ from: 'a.md', to: 'neu/a.md' }], removed: ['a.md', 'c.md'] })).toBe(
      'a.md → neu/a.md, b.md, c.md (deleted)',
    );
  });

  it('dev units: should take a page gone and a new one with the same bytes in one batch for a rename', () => {
    const source = (file: string, hash: string) => ({ file, hash }) as Source;
    const before = new Map([
      ['content/docs/a.md', 'h1'],
      ['content/docs/b.md', 'h2'],
      ['content/docs/c.md', 'h3'],
    ]);
    const changes = [
      { file: 'content/docs/neu/a.md', removed: false },
      { file: 'content/docs/a.md', removed: true },
      // Deleted, and a new page with other bytes: not a rename.
      { file: 'content/docs/b.md', removed: true },
      { file: 'content/docs/d.md', removed: false },
      // Edited, not new.
      { file: 'content/docs/c.md', removed: false },
    ];
    const after = [source('content/docs/c.md', 'h1'), source('content/docs/d.md', 'h9'), source('content/docs/neu/a.md', 'h1')];
    expect(renames(changes, before, after)).toEqual([{ from: 'content/docs/a.md', to: 'content/docs/neu/a.md' }]);
  });
});
