/**
 * Search-result path mapping (ARCHITECTURE "shared code"): the index stores paths without the base
 * path, the hosted service stores full URLs of some locale's site; both are shown under the current
 * base path, so one index serves the site wherever it is deployed (SPEC §2). Pure.
 */

/**
 * Turns a stored result location into a link under `baseUrl`:
 * - a site path without base (`/docs/faq/#x`) gets the base (`/de/docs/faq/#x`);
 * - a full URL or a path that already carries a locale's base (`https://host/de/docs/faq/#x`,
 *   `/en/docs/faq/`) is reduced to path and hash and its locale prefix replaced by `baseUrl`.
 * `localeBases` are the base paths of every locale (`/`, `/de/`, `/en/`, …); the longest match wins.
 */
export function resolveResultUrl(stored: string, baseUrl: string, localeBases: readonly string[] = []): string {
  let pathAndHash = stored;
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/]*(.*)$/i.exec(stored);
  if (absolute) pathAndHash = absolute[1] || '/';
  else if (stored.startsWith('//')) pathAndHash = stored.replace(/^\/\/[^/]*/, '') || '/';
  const hashAt = pathAndHash.indexOf('#');
  let path = hashAt < 0 ? pathAndHash : pathAndHash.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : pathAndHash.slice(hashAt);
  path = path.split('?')[0] || '/';
  if (!path.startsWith('/')) path = '/' + path;
  path = stripLocaleBase(path, localeBases);
  return baseUrl + path.slice(1) + hash;
}

/** `/de/docs/faq/` → `/docs/faq/` when `/de/` is a locale base; the root base `/` strips nothing. */
export function stripLocaleBase(path: string, localeBases: readonly string[]): string {
  const bases = [...localeBases].filter((b) => b !== '/' && b.startsWith('/') && b.endsWith('/')).sort((a, b) => b.length - a.length);
  for (const base of bases) {
    if (path === base.slice(0, -1) || path.startsWith(base)) return '/' + path.slice(base.length);
  }
  return path;
}

/** The results page for a query: `/de/search/?q=PDF%20export`; without a query, the bare page. */
export function searchPageHref(searchPageUrl: string, query: string): string {
  return query ? `${searchPageUrl}?q=${encodeURIComponent(query)}` : searchPageUrl;
}

/** The `q` parameter of a location's search string (`?q=a+b` → `a b`), or '' when absent. */
export function readQueryParam(search: string): string {
  return new URLSearchParams(search).get('q') ?? '';
}
