import { INDEX_DIR } from './search-pagefind.ts';

/**
 * Where things land under the base path, as plan (which checks that static files take none of these places)
 * and emit (which writes them) both need to know.
 */

/** The file of a page under the base path: `/docs/faq/` → `docs/faq/index.html`; `/404.html` → `404.html`. */
export function pageFile(routePath: string): string {
  // Route paths are URL paths (see encodeUrlPath); files are named by the decoded form.
  let path = routePath;
  try {
    path = decodeURI(routePath);
  } catch {
    // not a valid encoding: named as it is
  }
  return path.endsWith('.html') ? path.slice(1) : path.slice(1) + 'index.html';
}

/** Output file of a page: `/docs/faq/` → `de/docs/faq/index.html`; `/404.html` → `de/404.html`. */
export function outputFile(baseUrl: string, routePath: string): string {
  return baseUrl.replace(/^\//, '') + pageFile(routePath);
}

/**
 * The folder under the base path for small files the browser loads on demand (large sidebars' categories, the
 * theme's shared files such as the search settings); every build rewrites it whole.
 */
export const ON_DEMAND_DIR = '_quire/';

/** A large sidebar's category file, under the base path: `_quire/sidebar/<key>.json`. */
export function sidebarChunkFile(key: string): string {
  return `${ON_DEMAND_DIR}sidebar/${key}.json`;
}

/** Files under the base path that quire writes besides the pages. */
export const GENERATED_FILES = ['sitemap.xml'] as const;

/** Folders under the base path that quire fills as a whole: the search index and the files the browser loads on demand. */
export const GENERATED_FOLDERS = [INDEX_DIR, ON_DEMAND_DIR] as const;
