/**
 * The search contract shared by the build (theme, props), the browser bundle (shortcuts, modal loader)
 * and the search islands: settings, the provider-neutral hit model, grouping and recent searches.
 * Pure: no Node or browser globals.
 */

/** Message ids the search UI uses; the theme passes exactly these to the islands (SPEC §2, §8). */
export const SEARCH_MESSAGE_IDS = [
  'search.button',
  'search.placeholder',
  'search.dialogLabel',
  'search.close',
  'search.cancel',
  'search.clear',
  'search.loading',
  'search.noResults',
  'search.noResultsFor',
  'search.errorTitle',
  'search.errorHelp',
  'search.retry',
  'search.recent',
  'search.noRecent',
  'search.removeRecent',
  'search.resultsLabel',
  'search.seeAll',
  'search.footer.select',
  'search.footer.navigate',
  'search.footer.close',
  'search.page.title',
  'search.page.titleWithQuery',
  'search.page.inputLabel',
  'search.page.submit',
  'search.page.countOne',
  'search.page.countMany',
  'search.page.more',
  'search.poweredBy',
] as const;

export type SearchMessageId = (typeof SEARCH_MESSAGE_IDS)[number];

/** Connection to a DocSearch-compatible hosted service (Algolia's search API shape). */
export interface HostedSearchConfig {
  appId: string;
  /** The search-only key: it is public by design. */
  apiKey: string;
  indexName: string;
  /** Overrides `https://{appId}-dsn.algolia.net` (self-hosted proxies, tests). */
  host?: string;
}

/** Everything the search UI needs, written by the theme into the page as island props. */
export interface SearchSettings {
  provider: 'local' | 'hosted';
  /** Base path of the current locale's site: `/de/`. Result paths resolve under it. */
  baseUrl: string;
  /** Current locale code, the `language` facet. */
  locale: string;
  /** Base paths of every locale, stripped from hosted result URLs before resolving (SPEC §2). */
  localeBases: string[];
  /** Tags searched (contextual search): `default` plus the current docs tag; empty = all. */
  tags: string[];
  /** URL of the static index's loader script: `/de/pagefind/pagefind.js`. */
  indexUrl: string;
  hosted: HostedSearchConfig | null;
  /** The results page: `/de/search/`. */
  searchPageUrl: string;
  messages: Partial<Record<SearchMessageId, string>>;
}

/** One search result: a page or a section of it. Every string is untrusted text. */
export interface SearchHit {
  /** Stable per hit: used for keys and for recent searches. */
  id: string;
  /** As the provider stored it: a site path without base (`/docs/faq/#x`) or a full URL (hosted). */
  url: string;
  /** Title of the page the hit is on. */
  pageTitle: string;
  /** Heading trail inside the page (h2, h3); empty for the page itself. */
  section: string[];
  /** Text around the match, with `<mark>` around matched words (nothing else is markup). */
  excerpt: string;
  /** Optional provider highlight of the last heading or title, same `<mark>` convention. */
  titleMarked?: string;
}

export interface SearchResponse {
  hits: SearchHit[];
  /** Pages (local) or records (hosted) found in total, beyond the hits returned. */
  total: number;
}

export interface SearchGroup {
  /** Page path or URL without the hash: the group key. */
  page: string;
  pageTitle: string;
  hits: SearchHit[];
}

/**
 * Tag of a page in the index and the hosted facet: `docs-<version>` for docs (`<prefix><version>`, config
 * search.docsTagPrefix), `default` otherwise.
 */
export function searchTag(routeKind: string, docsVersion: string, prefix = 'docs-'): string {
  return routeKind === 'doc' ? `${prefix}${docsVersion}` : 'default';
}

/**
 * Tags searched from any page: marketing pages plus the current docs version (contextual search).
 * The site has one docs version, so this is the same on every page; without contextual search, all tags.
 */
export function contextTags(contextualSearch: boolean, docsVersion: string, prefix = 'docs-'): string[] {
  return contextualSearch ? ['default', `${prefix}${docsVersion}`] : [];
}

/**
 * Groups hits by page, keeping the order in which pages first appear (the providers rank pages),
 * with at most `perPage` hits in each group.
 */
export function groupHits(hits: readonly SearchHit[], perPage = Infinity): SearchGroup[] {
  const groups = new Map<string, SearchGroup>();
  for (const hit of hits) {
    const page = hit.url.split('#')[0];
    let group = groups.get(page);
    if (!group) {
      group = { page, pageTitle: hit.pageTitle, hits: [] };
      groups.set(page, group);
    }
    if (group.hits.length < perPage) group.hits.push(hit);
  }
  return [...groups.values()];
}

/** Recent searches shown when the query is empty: the hits a visitor opened, newest first. */
export interface RecentSearch {
  id: string;
  url: string;
  pageTitle: string;
  section: string[];
}

export const RECENT_LIMIT = 7;

/** Storage key of the recent searches, one list per locale and index. */
export function recentKey(settings: Pick<SearchSettings, 'locale' | 'provider' | 'hosted'>): string {
  const index = settings.provider === 'hosted' && settings.hosted ? settings.hosted.indexName : 'local';
  return `quire.search.recent.${settings.locale}.${index}`;
}

/** Adds an opened hit in front, without its excerpt (highlights are stale next time), deduplicated. */
export function addRecent(list: readonly RecentSearch[], hit: SearchHit | RecentSearch, limit = RECENT_LIMIT): RecentSearch[] {
  const entry: RecentSearch = { id: hit.id, url: hit.url, pageTitle: hit.pageTitle, section: [...hit.section] };
  return [entry, ...list.filter((r) => r.id !== entry.id)].slice(0, limit);
}

export function removeRecent(list: readonly RecentSearch[], id: string): RecentSearch[] {
  return list.filter((r) => r.id !== id);
}

/** Parses stored recents, dropping anything that is not a well-formed entry (old or edited storage). */
export function parseRecent(raw: string | null): RecentSearch[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (r): r is RecentSearch =>
        typeof r === 'object' &&
        r !== null &&
        typeof (r as RecentSearch).id === 'string' &&
        typeof (r as RecentSearch).url === 'string' &&
        typeof (r as RecentSearch).pageTitle === 'string' &&
        Array.isArray((r as RecentSearch).section) &&
        (r as RecentSearch).section.every((s) => typeof s === 'string'),
    )
    .slice(0, RECENT_LIMIT);
}

/** Event the page script sends to an open or opening modal island (the modal listens on its host). */
export const SEARCH_OPEN_EVENT = 'quire:search-open';
export const SEARCH_CLOSE_EVENT = 'quire:search-close';
/** Sent on the window when Back/Forward moved between two entries of the search page (only `?q=` differs). */
export const SEARCH_LOCATION_EVENT = 'quire:search-location';
/** Class on the body while the modal is open: the shortcuts toggle instead of opening twice. */
export const SEARCH_ACTIVE_CLASS = 'search-modal-open';
