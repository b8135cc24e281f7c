/**
 * The hosted provider: a DocSearch-compatible service that speaks Algolia's search API
 * (`POST /1/indexes/*\/queries`). Builds the request, tries the hosts in turn, and reads the answer
 * defensively into provider-neutral hits. Pure apart from the `fetch` it is given.
 */
import type { HostedSearchConfig, SearchHit, SearchResponse } from './search.ts';

/** Time one host gets to answer before the next is tried (Algolia's clients use a few seconds too). */
export const HOSTED_TIMEOUT_MS = 5000;

/** Why a search failed; the UI shows the same message for all of them (SPEC §8). */
export type SearchErrorKind = 'unreachable' | 'http' | 'malformed' | 'index';

export class SearchError extends Error {
  constructor(
    readonly kind: SearchErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SearchError';
  }
}

/** Hosts to try in order: the configured one alone, else Algolia's main host and its three fallbacks. */
export function hostedHosts(config: HostedSearchConfig): string[] {
  if (config.host) return [config.host.replace(/\/+$/, '')];
  const id = config.appId.toLowerCase();
  return [
    `https://${id}-dsn.algolia.net`,
    `https://${id}-1.algolianet.com`,
    `https://${id}-2.algolianet.com`,
    `https://${id}-3.algolianet.com`,
  ];
}

/** `language:de` plus one OR-group of tags, DocSearch's contextual search filters. */
export function hostedFacetFilters(locale: string, tags: readonly string[]): (string | string[])[] {
  const filters: (string | string[])[] = [`language:${locale}`];
  if (tags.length) filters.push(tags.map((t) => `docusaurus_tag:${t}`));
  return filters;
}

export interface HostedQuery {
  query: string;
  locale: string;
  tags: readonly string[];
  hitsPerPage: number;
  /** 0-based page of hits. */
  page: number;
}

/**
 * The request for one query. Credentials go in the query string and the body is sent as a "simple"
 * CORS request, as Algolia's browser clients do, so no preflight round trip is needed.
 */
export function hostedRequest(
  host: string,
  config: HostedSearchConfig,
  q: HostedQuery,
): { url: string; init: { method: 'POST'; headers: Record<string, string>; body: string } } {
  const params = new URLSearchParams({
    'x-algolia-agent': 'quire',
    'x-algolia-application-id': config.appId,
    'x-algolia-api-key': config.apiKey,
  });
  const body = {
    requests: [
      {
        indexName: config.indexName,
        query: q.query,
        hitsPerPage: q.hitsPerPage,
        page: q.page,
        facetFilters: hostedFacetFilters(q.locale, q.tags),
        attributesToRetrieve: [
          'hierarchy.lvl0',
          'hierarchy.lvl1',
          'hierarchy.lvl2',
          'hierarchy.lvl3',
          'hierarchy.lvl4',
          'hierarchy.lvl5',
          'hierarchy.lvl6',
          'content',
          'type',
          'url',
        ],
        attributesToSnippet: [
          'hierarchy.lvl1:10',
          'hierarchy.lvl2:10',
          'hierarchy.lvl3:10',
          'hierarchy.lvl4:10',
          'hierarchy.lvl5:10',
          'hierarchy.lvl6:10',
          'content:10',
        ],
        snippetEllipsisText: '…',
        highlightPreTag: '<mark>',
        highlightPostTag: '</mark>',
      },
    ],
  };
  return {
    url: `${host}/1/indexes/*/queries?${params}`,
    init: { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: JSON.stringify(body) },
  };
}

export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<{ ok: boolean; status: number; text(): Promise<string> }>;

/**
 * Runs one query: each host in turn until one answers; a timeout, a network error or a 5xx moves on
 * to the next host, a 4xx or an unreadable answer fails at once. `signal` cancels (stale queries).
 */
export async function searchHosted(
  fetchFn: FetchLike,
  config: HostedSearchConfig,
  q: HostedQuery,
  signal?: AbortSignal,
  timeoutMs = HOSTED_TIMEOUT_MS,
): Promise<SearchResponse> {
  let lastError: SearchError = new SearchError('unreachable', 'No search host configured');
  for (const host of hostedHosts(config)) {
    const { url, init } = hostedRequest(host, config, q);
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort);
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let status: number;
    let text: string;
    try {
      const response = await fetchFn(url, { ...init, signal: controller.signal });
      status = response.status;
      text = await response.text();
    } catch (e) {
      if (signal?.aborted) throw e;
      lastError = new SearchError('unreachable', `${host} did not answer: ${(e as Error).message}`);
      continue;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
    if (status >= 500) {
      lastError = new SearchError('http', `${host} answered ${status}`, status);
      continue;
    }
    if (status >= 400) throw new SearchError('http', `${host} answered ${status}`, status);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new SearchError('malformed', `${host} answered with invalid JSON`);
    }
    return parseHostedResponse(json);
  }
  throw lastError;
}

type Levels = Partial<Record<'lvl0' | 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6', string | null>>;

const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const markedValue = (v: unknown): string | undefined => (isObject(v) ? str(v.value) : undefined);

/**
 * Reads the service's answer: `{ results: [{ hits: [{ objectID, url, type, hierarchy, content,
 * _highlightResult, _snippetResult }], nbHits }] }`. Hits without a URL are skipped; an answer
 * without that outline is a `malformed` error.
 */
export function parseHostedResponse(json: unknown): SearchResponse {
  const first = isObject(json) && Array.isArray(json.results) ? json.results[0] : undefined;
  if (!isObject(first) || !Array.isArray(first.hits)) throw new SearchError('malformed', 'The search service answered without results');
  const hits: SearchHit[] = [];
  for (const raw of first.hits) {
    if (!isObject(raw)) continue;
    const url = str(raw.url);
    if (!url) continue;
    const hierarchy: Levels = isObject(raw.hierarchy) ? (raw.hierarchy as Levels) : {};
    const type = str(raw.type) ?? 'content';
    const depth = type === 'content' ? LEVELS.length - 1 : Math.max(0, LEVELS.indexOf(type as (typeof LEVELS)[number]));
    const pageTitle = str(hierarchy.lvl1) ?? str(hierarchy.lvl0) ?? url;
    const section: string[] = [];
    let last: (typeof LEVELS)[number] | undefined = str(hierarchy.lvl1) ? 'lvl1' : str(hierarchy.lvl0) ? 'lvl0' : undefined;
    for (let i = 2; i <= depth; i++) {
      const value = str(hierarchy[LEVELS[i]]);
      if (value) {
        section.push(value);
        last = LEVELS[i];
      }
    }
    const highlight = isObject(raw._highlightResult) && isObject(raw._highlightResult.hierarchy) ? raw._highlightResult.hierarchy : {};
    const snippet = isObject(raw._snippetResult) ? raw._snippetResult : {};
    const excerpt = type === 'content' ? (markedValue(snippet.content) ?? str(raw.content) ?? '') : '';
    hits.push({
      id: str(raw.objectID) ?? url,
      url,
      pageTitle,
      section,
      excerpt,
      titleMarked: last ? markedValue(highlight[last]) : undefined,
    });
  }
  const total = typeof first.nbHits === 'number' ? first.nbHits : hits.length;
  return { hits, total };
}
