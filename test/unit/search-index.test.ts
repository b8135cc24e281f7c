import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contentOnly,
  hasMarkdownDocument,
  isIndexablePage,
  markdownDocument,
  prepareForIndex,
  startSearch,
  type SearchIndexer,
} from '../../src/emit/search.ts';
import { emit, MemoryWriter } from '../../src/emit/index.ts';
import { unwrapInline } from '../../src/emit/unwrap-inline.ts';
import { buildSite } from '../../src/build.ts';
import { classicTheme } from '../../themes/classic/index.tsx';
import { buildInMemory, buildTemplate, makeSite, repoRoot } from '../helpers.ts';

/** A Pagefind fragment (one per indexed page): gzip of `pagefind_dcd` + JSON. */
interface Fragment {
  url: string;
  content: string;
  meta: Record<string, string>;
  filters: Record<string, string[]>;
  anchors: { element: string; id: string; text: string }[];
}

function fragments(writer: MemoryWriter, base = 'de/'): Fragment[] {
  return [...writer.files.entries()]
    .filter(([file]) => file.startsWith(`${base}pagefind/fragment/`))
    .map(([, data]) => {
      const text = gunzipSync(Buffer.from(data)).toString('utf8');
      expect(text.startsWith('pagefind_dcd')).toBe(true);
      return JSON.parse(text.slice('pagefind_dcd'.length)) as Fragment;
    })
    .sort((a, b) => a.url.localeCompare(b.url));
}

const HOSTILE = '<img src=x onerror=alert(1)>';
const overlay = {
  'content/docs/sicherheit.md': `---\ntitle: "${HOSTILE}"\ndescription: Ein Titel, der wie HTML aussieht.\n---\nKostet die Untertitelübersetzung etwas?\n\n## Einstellungen\n\nText.\n\n### Feinheiten\n\nMehr Text.\n`,
};

describe('search index (emit, fixture "basic")', () => {
  let site: Awaited<ReturnType<typeof makeSite>>;
  let writer: MemoryWriter;
  let diagnostics: unknown[];
  beforeAll(async () => {
    site = await makeSite('basic', overlay);
    const built = await buildInMemory(site.root);
    writer = built.writer;
    diagnostics = built.result.diagnostics;
  });
  afterAll(() => site?.cleanup());

  it('search-index: should write the Pagefind index under the base path, without Pagefind’s own UI', () => {
    expect(diagnostics).toEqual([]);
    const files = [...writer.files.keys()].filter((f) => f.startsWith('de/pagefind/'));
    expect(files).toContain('de/pagefind/pagefind.js');
    expect(files).toContain('de/pagefind/pagefind-entry.json');
    expect(files.some((f) => /^de\/pagefind\/wasm\.de\.pagefind$/.test(f))).toBe(true);
    expect(files.some((f) => /^de\/pagefind\/index\/.+\.pf_index$/.test(f))).toBe(true);
    expect(files.filter((f) => /pagefind-(ui|modular-ui|component-ui|highlight)/.test(f))).toEqual([]);
    const entry = JSON.parse(writer.text('de/pagefind/pagefind-entry.json')!) as { languages: Record<string, { page_count: number }> };
    expect(Object.keys(entry.languages)).toEqual(['de']);
  });

  it('search-index: should index listed pages only, with paths stored without the base path', () => {
    const urls = fragments(writer).map((f) => f.url);
    expect(urls).toContain('/docs/guide/start/');
    expect(urls).toContain('/docs/sicherheit/');
    expect(urls).toContain('/pricing/');
    expect(urls.every((u) => u.startsWith('/') && !u.startsWith('/de/'))).toBe(true);
    // Unlisted (robots noindex), drafts (not built), the 404 and the search page are not searchable.
    for (const hidden of ['/docs/hidden/', '/docs/draft/', '/404.html', '/search/']) expect(urls).not.toContain(hidden);
  });

  it('search-index: should record tag, language, the route title and the heading anchors of every page', () => {
    const byUrl = new Map(fragments(writer).map((f) => [f.url, f]));
    expect(byUrl.get('/docs/guide/start/')!.filters).toEqual({ tag: ['docs-current'], language: ['de'] });
    expect(byUrl.get('/pricing/')!.filters).toEqual({ tag: ['default'], language: ['de'] });
    const hostile = byUrl.get('/docs/sicherheit/')!;
    expect(hostile.meta.title).toBe(HOSTILE);
    expect(hostile.content).toContain('Untertitelübersetzung');
    expect(hostile.anchors.map((a) => [a.element, a.id, a.text])).toEqual([
      ['h2', 'einstellungen', 'Einstellungen'],
      ['h3', 'feinheiten', 'Feinheiten'],
    ]);
  });

  it('search-index: should store the same paths whatever the base path is', async () => {
    const config = await readFile(path.join(site.root, 'site.config.ts'), 'utf8');
    const other = await makeSite('basic', { ...overlay, 'site.config.ts': config.replace("baseUrl: '/de/'", "baseUrl: '/preview/de/'") });
    try {
      const { writer: moved, result } = await buildInMemory(other.root);
      expect(result.diagnostics).toEqual([]);
      expect(fragments(moved, 'preview/de/').map((f) => f.url)).toEqual(fragments(writer).map((f) => f.url));
    } finally {
      await other.cleanup();
    }
  });

  it('search-index: should build no index when the site searches a hosted service', async () => {
    const config = await readFile(path.join(site.root, 'site.config.ts'), 'utf8');
    const hosted = await makeSite('basic', {
      'site.config.ts': config.replace(
        'flags: { blog: false },',
        "flags: { blog: false },\n  search: { provider: 'hosted', hosted: { appId: 'APP', apiKey: 'key', indexName: 'fixture' } },",
      ),
    });
    try {
      const { writer: w, result } = await buildInMemory(hosted.root);
      expect(result.diagnostics).toEqual([]);
      expect([...w.files.keys()].filter((f) => f.includes('pagefind'))).toEqual([]);
    } finally {
      await hosted.cleanup();
    }
  });
});

describe('search index (Pagefind started early)', () => {
  it('search-index: should make the index with the Pagefind it is given, and report one that could not start', async () => {
    const site = await makeSite('basic');
    try {
      const { result } = await buildInMemory(site.root);
      const built = result.site!;
      // The given indexer is used, not a new one: its problem is what emit reports, and nothing is written.
      const failing: SearchIndexer = {
        add: () => Promise.reject(new Error('not called')),
        addDocument: () => undefined,
        has: () => false,
        problem: async () => 'kein Binärprogramm',
        files: () => Promise.reject(new Error('not called')),
        writeTo: () => Promise.reject(new Error('not called')),
        discard: async () => undefined,
        pages: 0,
      };
      const writer = new MemoryWriter();
      const emitted = await emit({
        site: built,
        pages: [],
        bundle: { files: [], js: '', css: '', islands: {} },
        staticFiles: [],
        root: site.root,
        writer,
        search: failing,
      });
      expect(emitted.value).toBeUndefined();
      expect(emitted.diagnostics.map((d) => d.message)).toEqual(['The search index could not be started: kein Binärprogramm']);
      expect(writer.files.size).toBe(0);
      // A running one takes rendered pages and documents alike, each once.
      const started = startSearch(built.config)!;
      expect(await started.problem()).toBeUndefined();
      await started.add(
        '/docs/x/',
        '<html lang="de"><head><title>X</title></head><body><div data-pagefind-body="">Zweisprachig lesen</div></body></html>',
        'X',
      );
      started.addDocument(
        '/docs/y/',
        '<html lang="de"><head></head><body><div data-pagefind-body="">Untertitel übersetzen</div></body></html>',
      );
      expect([started.has('/docs/x/'), started.has('/docs/y/'), started.has('/docs/z/')]).toEqual([true, true, false]);
      const files = await started.files();
      expect(files.diagnostics).toEqual([]);
      expect(started.pages).toBe(2);
      expect(files.value.filter((f) => f.file.startsWith('pagefind/fragment/'))).toHaveLength(2);
      // A page handed over once the index was asked for would be missing from it: that is a bug, said at once.
      expect(() => started.addDocument('/docs/z/', '<html lang="de"><head></head><body></body></html>')).toThrow(
        /after the index was asked for/,
      );
      // Hosted search starts no Pagefind.
      expect(startSearch({ ...built.config, search: { ...built.config.search, provider: 'hosted' } })).toBeUndefined();
    } finally {
      await site.cleanup();
    }
  });

  it('search-index: a first build into a folder indexes every page, and a failed one still ends', async () => {
    const site = await makeSite('basic');
    const build = (extra: Record<string, string | null> = {}) =>
      buildSite({ root: site.root, toolRoot: repoRoot, theme: classicTheme, outDir: path.join(site.root, 'dist'), ...extra });
    try {
      // No compile cache yet: Pagefind is started beside loading and compiling, then fed by emit.
      const first = await build();
      expect(first.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const entry = JSON.parse(await readFile(path.join(site.root, 'dist/de/pagefind/pagefind-entry.json'), 'utf8')) as {
        languages: Record<string, { page_count: number }>;
      };
      const indexable = first.site!.routes.filter((r) => !r.isUnlisted && r.kind !== 'notFound' && r.kind !== 'search').length;
      expect(entry.languages.de.page_count).toBeGreaterThan(0);
      expect(entry.languages.de.page_count).toBeLessThanOrEqual(indexable);
      // Its Markdown pages went to Pagefind while compiling; a build in memory hands them over in emit: same index.
      const fragmentDir = path.join(site.root, 'dist/de/pagefind/fragment');
      const onDisk = (await readdir(fragmentDir)).sort();
      const inMemory = (await buildInMemory(site.root)).writer;
      expect(
        [...inMemory.files.keys()]
          .filter((f) => f.startsWith('de/pagefind/fragment/'))
          .map((f) => f.slice('de/pagefind/fragment/'.length))
          .sort(),
      ).toEqual(onDisk);
      // A first build that fails (a broken link) releases its early Pagefind and returns its error.
      const broken = await makeSite('basic', {
        'content/docs/kaputt.md': '---\ntitle: Kaputt\n---\nSiehe [nirgends](/docs/gibt-es-nicht/).\n',
      });
      try {
        const failed = await buildSite({
          root: broken.root,
          toolRoot: repoRoot,
          theme: classicTheme,
          outDir: path.join(broken.root, 'dist'),
        });
        expect(failed.ok).toBe(false);
        expect(failed.diagnostics.some((d) => d.file === 'content/docs/kaputt.md')).toBe(true);
      } finally {
        await broken.cleanup();
      }
    } finally {
      await site.cleanup();
    }
  });
});

describe('search index (page preparation)', () => {
  it('search-index: should skip pages marked noindex and read the rest', () => {
    expect(isIndexablePage('<html><head><meta name="robots" content="noindex, nofollow"/></head><body></body></html>')).toBe(false);
    expect(isIndexablePage('<html><head><meta name="robots" content="noindex, follow"/></head></html>')).toBe(false);
    expect(isIndexablePage('<html><head><title>x</title></head><body><p>noindex</p></body></html>')).toBe(true);
  });

  it('search-index: should add the filters and an escaped title for the indexer only', () => {
    const html =
      '<html lang="de"><head><meta name="quire:locale" content="de"/><meta name="quire:tag" content="docs-current"/></head><body></body></html>';
    const prepared = prepareForIndex(html, 'A "quoted" <b>title</b> & more');
    expect(prepared).toContain('<meta data-pagefind-filter="tag[content]" content="docs-current">');
    expect(prepared).toContain('<meta data-pagefind-filter="language[content]" content="de">');
    expect(prepared).toContain('content="A &quot;quoted&quot; &lt;b&gt;title&lt;/b&gt; &amp; more"');
    expect(prepareForIndex('<html><head></head></html>', undefined)).toContain('content="default"');
  });

  it('search-index: should hand Pagefind only the head and the one content element, or the whole page when unsure', () => {
    const page = (body: string) =>
      `<!DOCTYPE html><html lang="de"><head><title>T</title></head><body><nav><div>Menü</div></nav>${body}<footer>F</footer></body></html>`;
    const content = '<div data-pagefind-body=""><div class="a"><div>x</div></div><p>y</p></div>';
    expect(contentOnly(page(`<main>${content}<aside>z</aside></main>`))).toBe(
      `<!DOCTYPE html><html lang="de"><head><title>T</title></head><body>${content}</body></html>`,
    );
    const withHead = page(`<main>${content}</main>`).replace(
      '<title>T</title>',
      '<meta charset="utf-8"><title>T</title><link rel="stylesheet" href="/a.css"><script>var x = 1;</script>',
    );
    expect(contentOnly(withHead)).toBe(`<!DOCTYPE html><html lang="de"><head><title>T</title></head><body>${content}</body></html>`);
    // Of the content element, the plain inline tags go too (unwrapInline).
    expect(contentOnly(page('<div data-pagefind-body=""><p><em>a</em> <code>b</code></p></div>'))).toContain(
      '<body><div data-pagefind-body=""><p>a b</p></div></body>',
    );
    for (const odd of [
      '<main>no body</main>',
      content + content,
      '<div data-pagefind-body=""><script>var a = "<div>";</script></div>',
      '<div data-pagefind-body=""><div>unclosed</div>',
    ]) {
      expect(contentOnly(page(odd))).toBe(page(odd));
    }
  });
});

describe('search index (Markdown documents)', () => {
  let site: Awaited<ReturnType<typeof makeSite>>;
  beforeAll(async () => {
    site = await makeSite('basic', {
      ...overlay,
      'content/docs/mit-datei.md': '---\ntitle: Mit Datei\n---\nSiehe [die Sicherheit](./sicherheit.md).\n',
      'content/docs/mit-skript.md':
        '---\ntitle: Mit Skript\n---\nText.\n\n<script type="application/ld+json">{"@context": "https://schema.org"}</script>\n',
    });
  });
  afterAll(() => site?.cleanup());

  it('search-index: should index a Markdown page from its compiled HTML exactly as from its rendered page', async () => {
    // Also in another locale's build showing the German text (right-to-left, its content marked lang="de").
    for (const locale of [undefined, 'ar']) {
      const base = locale ? `${locale}/` : 'de/';
      const documents = await buildInMemory(site.root, { locale });
      const rendered = await buildInMemory(site.root, { locale, markdownDocuments: false });
      // The comparison means something: the page is one the first build indexed from its compiled HTML.
      // Also a page linking another content file (its link's marker is still in the document).
      for (const file of ['content/docs/sicherheit.md', 'content/docs/mit-datei.md'])
        expect(hasMarkdownDocument(documents.result.site!.compiled.find((c) => c.source.file === file)!), file).toBe(true);
      expect(documents.result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(rendered.result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const a = fragments(documents.writer, base);
      expect(a.map((f) => f.url)).toEqual(expect.arrayContaining(['/docs/sicherheit/', '/docs/mit-datei/']));
      expect(a).toEqual(fragments(rendered.writer, base));
      // The comparison covers the language marking: the Arabic build's page says its text is German.
      if (locale) expect(rendered.writer.text(`${base}docs/sicherheit/index.html`)).toContain('data-pagefind-body="" lang="de"');
    }
  });

  it('search-index: should make documents only of Markdown pages whose HTML is final', async () => {
    const { result } = await buildInMemory(site.root);
    const built = result.site!;
    const documentOf = (routePath: string) => {
      const route = built.routes.find((r) => r.path === routePath)!;
      return markdownDocument(built.config, built.compiled[route.compiledIndex!]);
    };
    const hostile = documentOf('/docs/sicherheit/')!;
    expect(hostile).toMatch(/^<html lang="de"><head>/);
    expect(hostile).toContain('<meta data-pagefind-filter="tag[content]" content="docs-current">');
    expect(hostile).toContain('<meta data-pagefind-filter="language[content]" content="de">');
    expect(hostile).toContain('content="&lt;img src=x onerror=alert(1)&gt;"');
    expect(hostile).not.toContain(HOSTILE);
    expect(hostile).toContain('<div data-pagefind-body=""><div class="markdown">');
    expect(documentOf('/pricing/')).toContain('content="default"');
    // A link to another content file: its marker is gone with the link's tags (Pagefind reads no link targets).
    expect(documentOf('/docs/mit-datei/')).toContain('<p>Siehe die Sicherheit.</p>');
    // MDX (rendered by React), a page with a content image (its URL replaced when written), a script, an
    // unlisted page: indexed from the rendered page.
    for (const routePath of ['/', '/docs/guide/mdx/', '/docs/guide/start/', '/docs/mit-skript/', '/docs/hidden/']) {
      expect(documentOf(routePath), routePath).toBeUndefined();
    }
  });
});

describe('search index (inline tags taken out)', () => {
  it('search-index: should take out the tags of plain inline elements and keep every other', () => {
    const code =
      '<pre><code class="language-ts"><span class="token keyword">const</span> a <span class="token operator">=</span> 1;</code></pre>';
    expect(unwrapInline(code)).toBe('<pre>const a = 1;</pre>');
    expect(unwrapInline('<p>Ein <strong>starker</strong> <a href="quire-file:a.md" title="a > b">Link</a>.</p>')).toBe(
      '<p>Ein starker Link.</p>',
    );
    // Anchors, Pagefind's attributes and what it leaves out or reads otherwise stay; so does what is inside them.
    expect(unwrapInline('<h2 id="x">Mit <code>Code</code></h2>')).toBe('<h2 id="x">Mit Code</h2>');
    expect(unwrapInline('<p><span id="y"><em>a</em></span></p>')).toBe('<p><span id="y">a</span></p>');
    for (const kept of [
      '<p>a<span data-pagefind-ignore=""><em>b</em></span></p>',
      '<div data-pagefind-weight="2"><em>b</em></div>',
      '<nav id="n"><a href="/">Start</a></nav>',
      '<p>a<br>b<img src="x.png" alt="c"></p>',
      '<label><b>l</b></label>',
    ])
      expect(unwrapInline(kept), kept).toBe(kept);
    expect(unwrapInline('<div data-pagefind-body=""><p><b>a</b> 1 &lt; 2 &amp; 3</p><!-- <b> --></div>')).toBe(
      '<div data-pagefind-body=""><p>a 1 &lt; 2 &amp; 3</p><!-- <b> --></div>',
    );
    // Anything unusual is handed over unchanged.
    for (const odd of [
      '<p><b>a</p>',
      '<p><b>a</b>',
      '<b>a</b></p>',
      '<p><span/>a</p>',
      '<p><b>a</b>&amp</p>',
      '<!DOCTYPE html><p><b>a</b></p>',
      '<p><b>a</b><script>var b = "<i>";</script></p>',
      '<p><b>a</b><svg><a href="#">c</a></svg></p>',
      '<div data-pagefind-body=""><b>a</b><div data-pagefind-body="">c</div></div>',
      '<p><b>a</b><?x?></p>',
    ])
      expect(unwrapInline(odd), odd).toBe(odd);
  });

  it('search-index: should build the same index from pages without plain inline tags, on sites we did not write too', async () => {
    const cleanups: (() => Promise<void>)[] = [];
    try {
      // Whole pages, navbar, sidebar and footer too, less what Pagefind leaves out and unwrapInline would keep whole.
      const pages: [string, string][] = [];
      for (const { writer } of [await buildInMemory(repoRoot), await buildTemplate({}, cleanups)])
        for (const [file, data] of writer.files)
          if (file.endsWith('.html') && isIndexablePage(String(data)))
            pages.push([`/${file}`, writer.text(file)!.replace(/<(script|svg|select|template)\b[\s\S]*?<\/\1>/g, '')]);
      const unwrapped = pages.map(([url, html]) => {
        const start = html.indexOf('>', html.indexOf('<body')) + 1;
        const end = html.lastIndexOf('</body>');
        return [url, html.slice(0, start) + unwrapInline(html.slice(start, end)) + html.slice(end)] as const;
      });
      // The comparison means something: nearly every page loses inline tags (links, code highlighting, emphasis).
      expect(unwrapped.filter(([, html], i) => html !== pages[i][1]).length).toBeGreaterThan(pages.length * 0.9);
      const { createIndex } = await import('pagefind');
      const indexOf = async (documents: readonly (readonly [string, string])[]) => {
        const { index } = await createIndex({});
        for (const [url, content] of documents) await index!.addHTMLFile({ url, content });
        const { files } = await index!.getFiles();
        await index!.deleteIndex();
        // Fragments and word and filter indexes (named by their content's hash), as Pagefind reads them back.
        return new Map(
          files.filter((f) => /\.pf_(fragment|index|filter)$/.test(f.path)).map((f) => [f.path, gunzipSync(f.content).toString('base64')]),
        );
      };
      const whole = await indexOf(pages);
      expect([...whole.keys()].filter((f) => f.endsWith('.pf_fragment')).length).toBeGreaterThan(100);
      expect(await indexOf(unwrapped)).toEqual(whole);
    } finally {
      await Promise.all(cleanups.map((c) => c()));
    }
  }, 120_000);
});
