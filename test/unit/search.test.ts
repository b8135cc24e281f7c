import { describe, expect, it } from 'vitest';
import {
  hostedFacetFilters,
  hostedHosts,
  hostedRequest,
  parseHostedResponse,
  searchHosted,
  SearchError,
  type FetchLike,
} from '../../src/shared/search-hosted.ts';
import { headingTrail, isWeakMatch, pagefindHits, type PagefindResultData } from '../../src/shared/search-pagefind.ts';
import { readQueryParam, resolveResultUrl, searchPageHref, stripLocaleBase } from '../../src/shared/search-paths.ts';
import {
  decodeEntities,
  foldGerman,
  germanStem,
  germanVariants,
  highlightTerms,
  normalizeQuery,
  parseMarked,
  queryTerms,
} from '../../src/shared/search-query.ts';
import {
  addRecent,
  contextTags,
  groupHits,
  parseRecent,
  recentKey,
  removeRecent,
  searchTag,
  type SearchHit,
} from '../../src/shared/search.ts';

const marked = (segments: { text: string; marked: boolean }[]) => segments.filter((s) => s.marked).map((s) => s.text);

describe('search-query', () => {
  it('search-query: should trim, collapse whitespace and cut queries at 64 characters', () => {
    expect(normalizeQuery('  PDF \n  exportieren  ')).toBe('PDF exportieren');
    expect(normalizeQuery('x'.repeat(80))).toHaveLength(64);
    expect(normalizeQuery('   ')).toBe('');
    expect(queryTerms('KI-PDF  Übersetzung!')).toEqual(['ki', 'pdf', 'übersetzung']);
    expect(queryTerms('双语 翻译')).toEqual(['双语', '翻译']);
  });

  it('search-query: should fold umlauts, typewriter spellings and ß to one form', () => {
    const forms = ['Übersetzung', 'uebersetzung', 'ubersetzung', 'UEBERSETZUNG'].map(foldGerman);
    expect(new Set(forms)).toEqual(new Set(['ubersetzung']));
    expect(foldGerman('Straße')).toBe(foldGerman('strasse'));
    expect(foldGerman('Größe')).toBe(foldGerman('groesse'));
  });

  it('search-query: should bring German inflections to one light stem', () => {
    const stems = ['übersetzt', 'Übersetzungen', 'übersetzen', 'Übersetzung'].map((w) => germanStem(foldGerman(w)));
    expect(new Set(stems)).toEqual(new Set(['ubersetz']));
    expect(germanStem('pdf')).toBe('pdf');
  });

  it('search-query: should mark words a term starts, across spellings, inflections and compound prefixes', () => {
    expect(marked(highlightTerms('Kostet die Untertitelübersetzung etwas?', ['Untertitel']))).toEqual(['Untertitelübersetzung']);
    expect(marked(highlightTerms('Webseiten zweisprachig übersetzen', ['uebersetzung']))).toEqual(['übersetzen']);
    expect(marked(highlightTerms('Die Straße', ['strasse']))).toEqual(['Straße']);
    expect(highlightTerms('Nichts passt', ['pdf'])).toEqual([{ text: 'Nichts passt', marked: false }]);
    const text = 'PDF-Dateien übersetzen';
    expect(
      highlightTerms(text, ['pdf'])
        .map((s) => s.text)
        .join(''),
    ).toBe(text);
  });

  it('search-query: should treat only <mark> as markup and keep every other tag as visible text', () => {
    expect(parseMarked('Die <mark>Übersetzung</mark> folgt')).toEqual([
      { text: 'Die ', marked: false },
      { text: 'Übersetzung', marked: true },
      { text: ' folgt', marked: false },
    ]);
    const hostile = parseMarked('<img src=x onerror=alert(1)> und <mark>&lt;script&gt;</mark>');
    expect(hostile).toEqual([
      { text: '<img src=x onerror=alert(1)> und ', marked: false },
      { text: '<script>', marked: true },
    ]);
    expect(decodeEntities('&amp;&#39;&#x41;&unknown;')).toBe("&'A&unknown;");
  });

  it('search-query: should offer umlaut and ß spellings of a typewriter query, not the query itself', () => {
    expect(germanVariants('Uebersetzung')).toContain('Übersetzung');
    expect(germanVariants('Strasse')).toContain('Straße');
    expect(germanVariants('PDF')).toEqual([]);
  });
});

describe('search-paths', () => {
  const bases = ['/', '/de/', '/en/', '/pt-BR/', '/zh-TW/'];

  it('search-paths: should resolve stored site paths under the current base path, keeping the anchor', () => {
    expect(resolveResultUrl('/docs/faq/#konto', '/de/', bases)).toBe('/de/docs/faq/#konto');
    expect(resolveResultUrl('/', '/de/', bases)).toBe('/de/');
    expect(resolveResultUrl('/docs/faq/', '/', bases)).toBe('/docs/faq/');
    expect(resolveResultUrl('/docs/faq/', '/preview/de/', bases)).toBe('/preview/de/docs/faq/');
  });

  it('search-paths: should reduce hosted URLs to path and hash and swap their locale prefix for the base', () => {
    expect(resolveResultUrl('https://www.bilingo.app/de/docs/features/pdf/#export', '/de/', bases)).toBe('/de/docs/features/pdf/#export');
    expect(resolveResultUrl('https://www.bilingo.app/en/docs/faq/', '/de/', bases)).toBe('/de/docs/faq/');
    expect(resolveResultUrl('https://www.bilingo.app/pt-BR/docs/faq/?x=1', '/de/', bases)).toBe('/de/docs/faq/');
    expect(resolveResultUrl('https://www.bilingo.app/docs/faq/', '/de/', bases)).toBe('/de/docs/faq/');
    expect(resolveResultUrl('https://www.bilingo.app', '/de/', bases)).toBe('/de/');
    expect(resolveResultUrl('/de/docs/faq/', '/staging/de/', bases)).toBe('/staging/de/docs/faq/');
    expect(stripLocaleBase('/deals/manga/', bases)).toBe('/deals/manga/');
    expect(stripLocaleBase('/de', bases)).toBe('/');
  });

  it('search-paths: should build and read the search page query', () => {
    expect(searchPageHref('/de/search/', 'PDF & ePub')).toBe('/de/search/?q=PDF%20%26%20ePub');
    expect(searchPageHref('/de/search/', '')).toBe('/de/search/');
    expect(readQueryParam('?q=PDF+%26+ePub')).toBe('PDF & ePub');
    expect(readQueryParam('?x=1')).toBe('');
  });
});

describe('search-hosted', () => {
  const config = { appId: 'APP1', apiKey: 'search-key', indexName: 'bilingo' };
  const query = { query: 'pdf', locale: 'de', tags: ['default', 'docs-current'], hitsPerPage: 8, page: 0 };

  it('search-hosted: should ask the DocSearch endpoint with the contextual facet filters', () => {
    const { url, init } = hostedRequest('https://app1-dsn.algolia.net', config, query);
    const u = new URL(url);
    expect(u.pathname).toBe('/1/indexes/*/queries');
    expect(u.searchParams.get('x-algolia-application-id')).toBe('APP1');
    expect(u.searchParams.get('x-algolia-api-key')).toBe('search-key');
    expect(init.method).toBe('POST');
    const body = JSON.parse(init.body) as { requests: Record<string, unknown>[] };
    expect(body.requests[0]).toMatchObject({
      indexName: 'bilingo',
      query: 'pdf',
      hitsPerPage: 8,
      page: 0,
      highlightPreTag: '<mark>',
      highlightPostTag: '</mark>',
    });
    expect(body.requests[0].facetFilters).toEqual(['language:de', ['docusaurus_tag:default', 'docusaurus_tag:docs-current']]);
    expect(hostedFacetFilters('de', [])).toEqual(['language:de']);
    expect(hostedHosts(config)).toEqual([
      'https://app1-dsn.algolia.net',
      'https://app1-1.algolianet.com',
      'https://app1-2.algolianet.com',
      'https://app1-3.algolianet.com',
    ]);
    expect(hostedHosts({ ...config, host: 'http://127.0.0.1:9/' })).toEqual(['http://127.0.0.1:9']);
  });

  it('search-hosted: should read hits into page title, heading trail, excerpt and highlights', () => {
    const response = parseHostedResponse({
      results: [
        {
          nbHits: 42,
          hits: [
            {
              objectID: 'a1',
              url: 'https://www.bilingo.app/de/docs/features/pdf/#export',
              type: 'content',
              hierarchy: { lvl0: 'Dokumentation', lvl1: 'PDF-Dateien übersetzen', lvl2: 'Export', lvl3: null },
              content: 'Als PDF exportieren',
              _highlightResult: { hierarchy: { lvl2: { value: '<mark>Export</mark>' } } },
              _snippetResult: { content: { value: 'Als <mark>PDF</mark> exportieren' } },
            },
            {
              objectID: 'a2',
              url: 'https://www.bilingo.app/de/docs/faq/',
              type: 'lvl1',
              hierarchy: { lvl0: 'Dokumentation', lvl1: 'FAQ' },
            },
            { objectID: 'no-url', hierarchy: {} },
            'not an object',
          ],
        },
      ],
    });
    expect(response.total).toBe(42);
    expect(response.hits).toEqual([
      {
        id: 'a1',
        url: 'https://www.bilingo.app/de/docs/features/pdf/#export',
        pageTitle: 'PDF-Dateien übersetzen',
        section: ['Export'],
        excerpt: 'Als <mark>PDF</mark> exportieren',
        titleMarked: '<mark>Export</mark>',
      },
      { id: 'a2', url: 'https://www.bilingo.app/de/docs/faq/', pageTitle: 'FAQ', section: [], excerpt: '', titleMarked: undefined },
    ]);
    expect(() => parseHostedResponse({ message: 'oops' })).toThrow(SearchError);
    expect(() => parseHostedResponse(null)).toThrow(/without results/);
  });

  const answer = (status: number, body: string) => ({ ok: status < 300, status, text: async () => body });
  const good = JSON.stringify({
    results: [{ hits: [{ objectID: 'x', url: '/docs/faq/', type: 'lvl1', hierarchy: { lvl1: 'FAQ' } }], nbHits: 1 }],
  });

  it('search-hosted: should move to the next host after a 5xx or a network error and stop at the first answer', async () => {
    const asked: string[] = [];
    const fetchFn: FetchLike = async (url) => {
      asked.push(new URL(url).host);
      if (asked.length === 1) return answer(503, 'busy');
      if (asked.length === 2) throw new TypeError('Failed to fetch');
      return answer(200, good);
    };
    const response = await searchHosted(fetchFn, config, query);
    expect(response.hits.map((h) => h.pageTitle)).toEqual(['FAQ']);
    expect(asked).toEqual(['app1-dsn.algolia.net', 'app1-1.algolianet.com', 'app1-2.algolianet.com']);
  });

  it('search-hosted: should fail with a kind for 4xx, malformed JSON, and hosts that never answer', async () => {
    const kind = (p: Promise<unknown>) =>
      p.then(
        () => 'ok',
        (e: unknown) => (e instanceof SearchError ? e.kind : 'other'),
      );
    const one = { ...config, host: 'http://fake' };
    expect(await kind(searchHosted(async () => answer(403, '{"message":"Invalid API key"}'), one, query))).toBe('http');
    expect(await kind(searchHosted(async () => answer(500, 'Internal'), one, query))).toBe('http');
    expect(await kind(searchHosted(async () => answer(200, '{"results": [ oops'), one, query))).toBe('malformed');
    // A host that never answers is given up after the timeout (tiny here) and reported as unreachable.
    const silent: FetchLike = (_url, init) =>
      new Promise((_resolve, reject) => init.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    expect(await kind(searchHosted(silent, one, query, undefined, 5))).toBe('unreachable');
  });

  it('search-hosted: should stop when the caller cancels a stale query', async () => {
    const controller = new AbortController();
    const silent: FetchLike = (_url, init) =>
      new Promise((_resolve, reject) => init.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    const pending = searchHosted(silent, config, query, controller.signal);
    controller.abort();
    await expect(pending).rejects.toThrow(/aborted/);
  });
});

describe('search-pagefind', () => {
  const anchors = [
    { element: 'h1', id: 'top', text: 'PDF', location: 0 },
    { element: 'h2', id: 'export', text: 'Export', location: 10 },
    { element: 'h3', id: 'html', text: 'Als HTML', location: 20 },
    { element: 'h2', id: 'grenzen', text: 'Grenzen', location: 30 },
    { element: 'h3', id: 'scan', text: 'Gescannte PDFs', location: 40 },
    { element: 'h4', id: 'ocr', text: 'OCR', location: 50 },
  ];

  it('search-pagefind: should give each section its heading trail below the page title', () => {
    expect(headingTrail(anchors[2], anchors)).toEqual(['Export', 'Als HTML']);
    expect(headingTrail(anchors[3], anchors)).toEqual(['Grenzen']);
    expect(headingTrail(anchors[5], anchors)).toEqual(['Grenzen', 'Gescannte PDFs', 'OCR']);
    expect(headingTrail(anchors[0], anchors)).toEqual([]);
  });

  it('search-pagefind: should turn a page result into section hits with stored paths', () => {
    const data: PagefindResultData = {
      url: '/docs/features/pdf/',
      excerpt: 'Die <mark>PDF</mark>',
      meta: { title: 'PDF-Dateien übersetzen' },
      anchors,
      sub_results: [
        { title: 'PDF-Dateien übersetzen', url: '/docs/features/pdf/', excerpt: 'Die <mark>PDF</mark>' },
        { title: 'Als HTML', url: '/docs/features/pdf/#html', excerpt: '<mark>PDF</mark> als HTML', anchor: anchors[2] },
      ],
    };
    expect(pagefindHits(data)).toEqual([
      {
        id: '/docs/features/pdf/',
        url: '/docs/features/pdf/',
        pageTitle: 'PDF-Dateien übersetzen',
        section: [],
        excerpt: 'Die <mark>PDF</mark>',
      },
      {
        id: '/docs/features/pdf/#html',
        url: '/docs/features/pdf/#html',
        pageTitle: 'PDF-Dateien übersetzen',
        section: ['Export', 'Als HTML'],
        excerpt: '<mark>PDF</mark> als HTML',
      },
    ]);
    expect(pagefindHits(data, 1)).toHaveLength(1);
    // The best matching sections first (their words' scores), whatever their place on the page.
    const scored = (title: string, ...scores: number[]) => ({
      title,
      url: `/p/#${title}`,
      excerpt: title,
      weighted_locations: scores.map((s, i) => ({ weight: 1, balanced_score: s, location: i })),
    });
    const ranked = pagefindHits(
      {
        url: '/p/',
        excerpt: '',
        meta: { title: 'P' },
        sub_results: [scored('a', 10), scored('b', 4, 5), scored('c', 3), scored('d', 40, 2)],
      },
      3,
    );
    expect(ranked.map((h) => h.excerpt)).toEqual(['d', 'a', 'b']);
    expect(pagefindHits({ url: '/x/', excerpt: 'e', meta: {} })).toEqual([
      { id: '/x/', url: '/x/', pageTitle: '/x/', section: [], excerpt: 'e' },
    ]);
  });
});

describe('search-pagefind fallback', () => {
  const withMarks = (...excerpts: string[]): SearchHit[] =>
    excerpts.map((excerpt, i) => ({ id: String(i), url: `/p${i}/`, pageTitle: 'P', section: [], excerpt }));

  it('search-pagefind: should drop results that only matched a short beginning of a nonsense word', () => {
    expect(isWeakMatch(withMarks('Abo von <mark>X</mark> Premium', 'curl <mark>-X</mark> POST'), 'xqzvwj')).toBe(true);
    expect(isWeakMatch(withMarks('Groq (mit <mark>q)</mark> ist'), 'qqqzzz')).toBe(true);
    expect(isWeakMatch(withMarks('als <mark>PDF</mark>'), 'pdfxyz')).toBe(true);
  });

  it('search-pagefind: should keep prefix matches, long shared beginnings, unmarked results and CJK words', () => {
    expect(isWeakMatch(withMarks('die <mark>Untertitelübersetzung</mark>'), 'Untertitel')).toBe(false);
    expect(isWeakMatch(withMarks('mehr als 20 <mark>Übersetzungsdienste</mark>'), 'Übersetzungsdienstes')).toBe(false);
    expect(isWeakMatch(withMarks('Die <mark>Übersetzung</mark>'), 'übersetzt')).toBe(false);
    expect(isWeakMatch(withMarks('PDF <mark>Export</mark>', 'als <mark>X</mark>'), 'export xqz')).toBe(false);
    expect(isWeakMatch(withMarks('kein Treffer markiert'), 'xqzvwj')).toBe(false);
    expect(isWeakMatch(withMarks('双语<mark>翻译</mark>扩展'), '翻译')).toBe(false);
  });
});

describe('search', () => {
  const hit = (url: string, pageTitle: string, section: string[] = []): SearchHit => ({ id: url, url, pageTitle, section, excerpt: '' });

  it('search: should group hits by page in the order pages first appear, capped per page', () => {
    const groups = groupHits([hit('/a/', 'A'), hit('/b/#x', 'B', ['X']), hit('/a/#y', 'A', ['Y']), hit('/a/#z', 'A', ['Z'])], 2);
    expect(groups.map((g) => [g.page, g.hits.map((h) => h.id)])).toEqual([
      ['/a/', ['/a/', '/a/#y']],
      ['/b/', ['/b/#x']],
    ]);
  });

  it('search: should search marketing pages plus the current docs version unless contextual search is off', () => {
    expect(contextTags(true, 'current')).toEqual(['default', 'docs-current']);
    expect(contextTags(false, 'current')).toEqual([]);
    expect(searchTag('doc', 'current')).toBe('docs-current');
    expect(searchTag('page', 'current')).toBe('default');
  });

  it('search: should keep recent searches newest first, deduplicated, without excerpts, and survive bad storage', () => {
    let list = addRecent([], { ...hit('/a/', 'A'), excerpt: '<mark>x</mark>' });
    list = addRecent(list, hit('/b/#x', 'B', ['X']));
    list = addRecent(list, hit('/a/', 'A'));
    expect(list).toEqual([
      { id: '/a/', url: '/a/', pageTitle: 'A', section: [] },
      { id: '/b/#x', url: '/b/#x', pageTitle: 'B', section: ['X'] },
    ]);
    expect(removeRecent(list, '/a/').map((r) => r.id)).toEqual(['/b/#x']);
    let many = list;
    for (let i = 0; i < 20; i++) many = addRecent(many, hit(`/p${i}/`, `P${i}`));
    expect(many).toHaveLength(7);
    expect(parseRecent(JSON.stringify(list))).toEqual(list);
    expect(parseRecent('{oops')).toEqual([]);
    expect(parseRecent(JSON.stringify([{ id: 1 }, ...list]))).toEqual(list);
    expect(recentKey({ locale: 'de', provider: 'local', hosted: null })).toBe('quire.search.recent.de.local');
    expect(recentKey({ locale: 'de', provider: 'hosted', hosted: { appId: 'A', apiKey: 'k', indexName: 'bilingo' } })).toBe(
      'quire.search.recent.de.bilingo',
    );
  });
});

describe('search results in the theme', () => {
  it('results: should isolate each title and excerpt for bidi, so German text keeps its order in a right-to-left interface', async () => {
    const { createElement } = await import('react');
    const { renderToStaticMarkup } = await import('react-dom/server');
    const { Marked } = await import('../../themes/classic/search/Results.tsx');
    const html = renderToStaticMarkup(createElement(Marked, { segments: parseMarked('…erkennt <mark>PDF</mark>-Seiten.') }));
    expect(html).toBe('<bdi>…erkennt <mark>PDF</mark>-Seiten.</bdi>');
  });
});
