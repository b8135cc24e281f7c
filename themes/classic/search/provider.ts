import { searchHosted, SearchError, type FetchLike } from '../../../src/shared/search-hosted.ts';
import { isWeakMatch, pagefindHits } from '../../../src/shared/search-pagefind.ts';
import { germanVariants } from '../../../src/shared/search-query.ts';
import type { SearchResponse, SearchSettings } from '../../../src/shared/search.ts';
import { withSentenceExcerpts, type PagefindResultWithContent } from './excerpt.ts';

/** Browser side of the two providers; both answer in the provider-neutral hit model. */
export interface SearchProvider {
  /** Pages `offset … offset + limit` of the results, each with at most `perPage` section hits. */
  search(query: string, options: { limit: number; offset?: number; perPage: number; signal?: AbortSignal }): Promise<SearchResponse>;
  /** Loads what the first query needs (index loader, wasm, language metadata) ahead of time. */
  prefetch(): Promise<void>;
}

/** One result of Pagefind's search: its score, and its data loaded on demand. */
interface PagefindResult {
  id: string;
  score: number;
  data(): Promise<PagefindResultWithContent>;
}

/** The loader Pagefind writes next to its index (`pagefind/pagefind.js`), as far as we use it. */
interface PagefindModule {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  filters(): Promise<Record<string, Record<string, number>>>;
  search(term: string, options?: { filters?: Record<string, unknown> }): Promise<{ results: PagefindResult[] } | null>;
}

/**
 * How much more a docs page's score counts than any other page's. The docs are what a visitor searching the
 * site's search box is after: for "Ollama" the service's docs page, not the blog post that mentions the word
 * more often (Pagefind scored the post 13.1, the docs page 11.7); for "Export" the settings page (9.4) before the
 * blog post on sharing (20.0). A page that is all about a word still comes first: the factor is not a wall.
 */
export const DOCS_BOOST = 2.5;

/** The docs' `tag` filter values in the index (`docs-<version>`), among those searched. */
async function docsTags(pagefind: PagefindModule, searched: readonly string[]): Promise<string[]> {
  const tags = Object.keys((await pagefind.filters()).tag ?? {}).filter((tag) => tag.startsWith('docs-'));
  return searched.length ? tags.filter((tag) => searched.includes(tag)) : tags;
}

/**
 * Results in the order a visitor wants them: Pagefind's score, docs pages' score times DOCS_BOOST (they are told
 * apart by a second search of the docs' tags, which returns ids and scores only, from the chunks already loaded).
 */
export function rankDocsFirst<T extends { id: string; score: number }>(results: readonly T[], docIds: ReadonlySet<string>): T[] {
  const boosted = (r: T) => r.score * (docIds.has(r.id) ? DOCS_BOOST : 1);
  return results
    .map((r, order) => ({ r, order, score: boosted(r) }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map(({ r }) => r);
}

const pagefinds = new Map<string, Promise<PagefindModule>>();

/** Loads and starts Pagefind once per index; a failed load is forgotten so the next query retries. */
function loadPagefind(url: string): Promise<PagefindModule> {
  let loading = pagefinds.get(url);
  if (!loading) {
    loading = (async () => {
      const pagefind = (await import(/* @vite-ignore */ url)) as PagefindModule;
      // Result URLs exactly as stored (site paths without base); they are resolved by search-paths.ts.
      await pagefind.options({ baseUrl: '/', excerptLength: 22 });
      await pagefind.init();
      return pagefind;
    })();
    pagefinds.set(url, loading);
    loading.catch(() => pagefinds.delete(url));
  }
  return loading;
}

async function isReachable(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { method: 'HEAD', cache: 'no-store' })).ok;
  } catch {
    return false;
  }
}

function localProvider(settings: SearchSettings): SearchProvider {
  const filters = settings.tags.length ? { tag: { any: settings.tags } } : undefined;
  const run = async (pagefind: PagefindModule, query: string) => {
    const results = (await pagefind.search(query, filters ? { filters } : {}))?.results ?? [];
    const docs = await docsTags(pagefind, settings.tags);
    if (!results.length || !docs.length) return results;
    const docResults = (await pagefind.search(query, { filters: { tag: { any: docs } } }))?.results ?? [];
    return rankDocsFirst(results, new Set(docResults.map((r) => r.id)));
  };
  return {
    prefetch: async () => void (await loadPagefind(settings.indexUrl)),
    async search(query, { limit, offset = 0, perPage }) {
      let pagefind: PagefindModule;
      try {
        pagefind = await loadPagefind(settings.indexUrl);
      } catch (e) {
        throw new SearchError('index', `The search index could not be loaded: ${(e as Error).message}`);
      }
      const attempt = async (q: string) => {
        const results = await run(pagefind, q);
        const data = await Promise.all(results.slice(offset, offset + limit).map((r) => r.data()));
        const hits = data.flatMap((d) => pagefindHits(withSentenceExcerpts(d), perPage));
        return { total: results.length, hits, found: results.length > 0 && !isWeakMatch(hits, q) };
      };
      let best = await attempt(query);
      // The index already folds umlauts and stems German; spelling variants are a last resort.
      for (const variant of best.found ? [] : germanVariants(query)) {
        const next = await attempt(variant);
        if (next.found) {
          best = next;
          break;
        }
      }
      if (best.found) return { hits: best.hits, total: best.total };
      // Pagefind treats an index chunk that fails to load as "no match": before saying "no results",
      // make sure the index is reachable, so going offline shows the failure screen instead.
      if (!(await isReachable(settings.indexUrl.replace(/pagefind\.js$/, 'pagefind-entry.json')))) {
        throw new SearchError('index', 'The search index is not reachable');
      }
      return { hits: [], total: 0 };
    },
  };
}

function hostedProvider(settings: SearchSettings): SearchProvider {
  const hosted = settings.hosted;
  const fetchFn: FetchLike = (url, init) => fetch(url, init);
  return {
    prefetch: async () => undefined,
    async search(query, { limit, offset = 0, signal }) {
      if (!hosted) throw new SearchError('unreachable', 'search.hosted is not configured');
      const ask = (q: string) =>
        searchHosted(
          fetchFn,
          hosted,
          { query: q, locale: settings.locale, tags: settings.tags, hitsPerPage: limit, page: Math.floor(offset / limit) },
          signal,
        );
      let response = await ask(query);
      for (const variant of response.hits.length ? [] : germanVariants(query)) {
        response = await ask(variant);
        if (response.hits.length) break;
      }
      return response;
    },
  };
}

export function createProvider(settings: SearchSettings): SearchProvider {
  return settings.provider === 'hosted' ? hostedProvider(settings) : localProvider(settings);
}
