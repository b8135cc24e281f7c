/**
 * The one route matcher, used by the build (link checks), the dev and preview servers and the browser.
 * No Node or DOM imports.
 */

/** SPEC §9: the match cache is capped at 10,000 entries; beyond that, paths are matched uncached. */
export const MATCH_CACHE_LIMIT = 10_000;

/**
 * `/de/x/index.html`, `/de/x.html`, `/de/x` and `/de/x/` all become `/de/x/`.
 * The query and hash are dropped; percent-encoding is decoded where valid.
 */
export function normalizePath(pathname: string): string {
  let p = pathname.split(/[?#]/)[0] || '/';
  try {
    p = decodeURI(p);
  } catch {
    // keep the raw form: a malformed escape cannot match any route anyway
  }
  if (p.endsWith('/index.html')) p = p.slice(0, -'index.html'.length);
  else if (p.endsWith('.html')) p = p.slice(0, -'.html'.length);
  if (!p.startsWith('/')) p = '/' + p;
  if (!p.endsWith('/')) p += '/';
  return p.replace(/\/{2,}/g, '/');
}

export interface RouteMatcher<T> {
  /** The route for a browser pathname, or undefined for not found. */
  match(pathname: string): T | undefined;
  /** Entries currently cached (for tests). */
  readonly cacheSize: number;
}

/** Builds a matcher over routes keyed by their normalized path (with base path). */
export function createRouteMatcher<T>(routes: Iterable<[path: string, route: T]>, cacheLimit = MATCH_CACHE_LIMIT): RouteMatcher<T> {
  const table = new Map<string, T>();
  for (const [path, route] of routes) table.set(normalizePath(path), route);
  const cache = new Map<string, T | null>();
  return {
    match(pathname) {
      const cached = cache.get(pathname);
      if (cached !== undefined) return cached ?? undefined;
      const found = table.get(normalizePath(pathname));
      if (cache.size < cacheLimit) cache.set(pathname, found ?? null);
      return found;
    },
    get cacheSize() {
      return cache.size;
    },
  };
}

/** A URL with a scheme (`https:`, `mailto:`, `data:`) or protocol-relative (`//cdn…`): not a path of the site. */
export function isExternal(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//');
}

/** A path of the site from its root (`/docs/faq/`, `/img/karte.png`): not relative, not `//host`. */
export function isSitePath(url: string): boolean {
  return /^\/(?!\/)/.test(url);
}

/** The element id a URL fragment names (`#f%C3%BCr` → `für`; a fragment that is not valid encoding as written). */
export function idOfHash(hash: string): string {
  const id = hash.startsWith('#') ? hash.slice(1) : hash;
  try {
    return decodeURIComponent(id);
  } catch {
    return id;
  }
}

/**
 * The site path a link written with the base path already in it means, as Docusaurus's `addBaseUrl` reads it (which
 * never adds the base twice): under the base `/docs/`, `/docs/config` is `/config` and `/docs` is `/`. Other links
 * as written.
 */
export function withoutBase(baseUrl: string, url: string): string {
  if (baseUrl === '/' || !url.startsWith('/')) return url;
  const bare = baseUrl.slice(0, -1);
  if (url.startsWith(baseUrl)) return url.slice(bare.length);
  return url === bare || url.startsWith(`${bare}?`) || url.startsWith(`${bare}#`) ? `/${url.slice(bare.length)}` : url;
}

/** A path with the base prefixed and a trailing slash for page paths: `/docs/faq` → `/de/docs/faq/`. */
export function withBase(baseUrl: string, sitePath: string): string {
  const [pathPart, rest = ''] = splitSuffix(sitePath);
  const last = pathPart.split('/').pop() ?? '';
  const slashed = pathPart.endsWith('/') || last.includes('.') ? pathPart : pathPart + '/';
  return baseUrl + slashed.replace(/^\//, '') + rest;
}

/**
 * Where a link written in the site's config or a project's code leads: a site path under the base path (with the
 * trailing slash), an external URL or `#anchor` as written, and Docusaurus's `pathname://` link the path as written
 * under the base path, as its Link writes it (https://docusaurus.io/docs/advanced/routing#escaping-from-spa-redirects).
 */
export function siteHref(baseUrl: string, to: string): string {
  if (to.startsWith('pathname://')) {
    const rest = to.slice('pathname://'.length);
    return rest.startsWith('/') ? baseUrl + rest.slice(1) : rest;
  }
  return isExternal(to) || to.startsWith('#') ? to : withBase(baseUrl, to);
}

/** The `href` values in a piece of HTML written in the config (double or single quotes), with where each sits. */
export function htmlHrefs(html: string): { href: string; index: number; length: number }[] {
  return [...html.matchAll(/(\shref=)(["'])(.*?)\2/gis)].map((m) => ({
    href: m[3],
    index: m.index + m[1].length + 1,
    length: m[3].length,
  }));
}

/**
 * HTML from the config with the base path put before its site-path links (`href="/deals/manga/"` →
 * `href="/de/deals/manga/"`), as navbar and footer links get it: one link works in every locale's build.
 */
export function htmlWithBase(html: string, baseUrl: string): string {
  let out = '';
  let at = 0;
  for (const { href, index, length } of htmlHrefs(html)) {
    if (!isSitePath(href)) continue;
    out += html.slice(at, index) + withBase(baseUrl, href);
    at = index + length;
  }
  return out + html.slice(at);
}

function splitSuffix(p: string): [string, string] {
  const i = p.search(/[?#]/);
  return i < 0 ? [p, ''] : [p.slice(0, i), p.slice(i)];
}

/**
 * A path as it goes into a URL: the characters a URL path may not hold as they are (spaces, quotes, `<>`,
 * non-ASCII letters, …) percent-encoded, as browsers write `location.pathname` (`/docs/zweite seite/` →
 * `/docs/zweite%20seite/`, `/über/` → `/%C3%BCber/`). Route paths are kept in this form, so every link,
 * the sitemap and the search index use valid URLs; output file names are decoded again (see pageFile).
 */
export function encodeUrlPath(path: string): string {
  return path.replace(/[\u0000-\u0020"#%<>?`{}\u007F-\uFFFF]/gu, (c) => encodeURIComponent(c));
}

/**
 * The address a redirect page is written at (config `redirects`): a site path without a query, a fragment, or a
 * `.` or `..` segment (the page is written at `<path>/index.html`, which must stay inside the output).
 */
export const REDIRECT_FROM = /^\/(?!\/)(?!(?:.*\/)?\.\.?(?:\/|$))[^?#]*$/;
