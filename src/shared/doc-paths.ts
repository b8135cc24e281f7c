import { encodeUrlPath } from './route-match.ts';

/**
 * Docusaurus's category index docs (its `isCategoryIndex`): `index`, `readme` (any case) and a doc named like its
 * folder (`guides/guides.md`) have the folder's URL, `/docs/guides/`, and are the page of the folder's category.
 * `name` and `dir` as written, number prefixes kept (`02-guides/guides.md` is no index doc in Docusaurus).
 */
export function isCategoryIndex(name: string, dir: readonly string[]): boolean {
  const lower = name.toLowerCase();
  return lower === 'index' || lower === 'readme' || (dir.length > 0 && lower === dir[dir.length - 1].toLowerCase());
}

/**
 * The title of a page whose front matter and text give none (no `title`, no `#` heading first): a doc's own id, the
 * last part of its id, as Docusaurus's docs plugin takes it (`api/index.md` is titled `index`); another page's id.
 */
export function untitledName(source: { kind: string; id: string }): string {
  return source.kind === 'doc' ? source.id.slice(source.id.lastIndexOf('/') + 1) : source.id;
}

/**
 * The id quire gives a category's generated index page (a doc route of its own, `__category__/docs/category/x/`):
 * Docusaurus's docs plugin lists no such page among a version's docs (global data, `useDocsVersion().docs`).
 */
export const generatedIndexId = (path: string): string => `__category__${path}`;
export const isGeneratedIndexId = (id: string): boolean => id.startsWith('__category__');

/**
 * Joins segments into `/a/b/` with exactly one slash between and a trailing slash, as a URL path (see
 * encodeUrlPath: a file `zweite seite.md` has the route `/docs/zweite%20seite/`).
 */
export function joinPath(...parts: string[]): string {
  const inner = parts.join('/').split('/').filter(Boolean).join('/');
  return encodeUrlPath(inner ? `/${inner}/` : '/');
}
