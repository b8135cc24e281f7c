import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentOnly, isIndexablePage, prepareForIndex } from '../../src/emit/search.ts';
import type { MemoryWriter } from '../../src/emit/index.ts';
import { buildInMemory, makeSite } from '../helpers.ts';

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
      'site.config.ts': config.replace('flags: { blog: false },', "flags: { blog: false },\n  search: { provider: 'hosted', hosted: { appId: 'APP', apiKey: 'key', indexName: 'fixture' } },"),
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

describe('search index (page preparation)', () => {
  it('search-index: should skip pages marked noindex and read the rest', () => {
    expect(isIndexablePage('<html><head><meta name="robots" content="noindex, nofollow"/></head><body></body></html>')).toBe(false);
    expect(isIndexablePage('<html><head><meta name="robots" content="noindex, follow"/></head></html>')).toBe(false);
    expect(isIndexablePage('<html><head><title>x</title></head><body><p>noindex</p></body></html>')).toBe(true);
  });

  it('search-index: should add the filters and an escaped title for the indexer only', () => {
    const html = '<html lang="de"><head><meta name="quire:locale" content="de"/><meta name="quire:tag" content="docs-current"/></head><body></body></html>';
    const prepared = prepareForIndex(html, 'A "quoted" <b>title</b> & more');
    expect(prepared).toContain('<meta data-pagefind-filter="tag[content]" content="docs-current">');
    expect(prepared).toContain('<meta data-pagefind-filter="language[content]" content="de">');
    expect(prepared).toContain('content="A &quot;quoted&quot; &lt;b&gt;title&lt;/b&gt; &amp; more"');
    expect(prepareForIndex('<html><head></head></html>', undefined)).toContain('content="default"');
  });

  it('search-index: should hand Pagefind only the head and the one content element, or the whole page when unsure', () => {
    const page = (body: string) => `<!DOCTYPE html><html lang="de"><head><title>T</title></head><body><nav><div>Menü</div></nav>${body}<footer>F</footer></body></html>`;
    const content = '<div data-pagefind-body=""><div class="a"><div>x</div></div><p>y</p></div>';
    expect(contentOnly(page(`<main>${content}<aside>z</aside></main>`))).toBe(`<!DOCTYPE html><html lang="de"><head><title>T</title></head><body>${content}</body></html>`);
    const withHead = page(`<main>${content}</main>`).replace('<title>T</title>', '<meta charset="utf-8"><title>T</title><link rel="stylesheet" href="/a.css"><script>var x = 1;</script>');
    expect(contentOnly(withHead)).toBe(`<!DOCTYPE html><html lang="de"><head><title>T</title></head><body>${content}</body></html>`);
    for (const odd of ['<main>no body</main>', content + content, '<div data-pagefind-body=""><script>var a = "<div>";</script></div>', '<div data-pagefind-body=""><div>unclosed</div>']) {
      expect(contentOnly(page(odd))).toBe(page(odd));
    }
  });
});

