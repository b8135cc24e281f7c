import { INDEX_DIR } from './search-pagefind.ts';

/**
 * Where things land under the base path, as plan (which checks that static files take none of these places)
 * and emit (which writes them) both need to know.
 */

/** The file of a page under the base path: `/docs/faq/` → `docs/faq/index.html`; `/404.html` → `404.html`. */
export function pageFile(routePath: string): string {
  return routePath.endsWith('.html') ? routePath.slice(1) : routePath.slice(1) + 'index.html';
}

/** Files under the base path that quire writes besides the pages. */
export const GENERATED_FILES = ['sitemap.xml'] as const;

/** Folders under the base path that quire fills as a whole: the search index and the files the browser loads on demand. */
export const GENERATED_FOLDERS = [INDEX_DIR, '_quire/'] as const;
