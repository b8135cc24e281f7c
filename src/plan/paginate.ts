import { joinPath } from '../shared/doc-paths.ts';
import type { AuthorEntry, Route, SiteConfig, TagEntry } from '../types.ts';

/** A listing and the paths of what it lists, in order: the blog's list, a blog tag's page, an author's page. */
export interface Listing {
  path: string;
  items: readonly string[];
}

/**
 * The blog's listings cut into pages of `postsPerPage` posts, as Docusaurus's blog plugin makes them
 * (plugin-content-blog's `paginateBlogPosts`): the first page keeps the listing's path, page n is at
 * `<listing>/<pageBasePath>/<n>/`, and each page's route carries `paged` (its posts, its neighbours). A listing
 * that fits on one page stays as it is. Returns the routes of the pages after the first, in order.
 */
export function paginateListings(routes: readonly Route[], listings: readonly Listing[], blog: SiteConfig['blog']): Route[] {
  const { postsPerPage, pageBasePath } = blog;
  if (postsPerPage === 'ALL') return [];
  const byPath = new Map(routes.map((r) => [r.path, r]));
  const more: Route[] = [];
  for (const { path, items } of listings) {
    const first = byPath.get(path);
    if (!first || items.length <= postsPerPage) continue;
    const pages = Math.ceil(items.length / postsPerPage);
    const pathOf = (n: number) => (n === 1 ? path : joinPath(path, pageBasePath, String(n)));
    for (let n = 1; n <= pages; n++) {
      const paged: NonNullable<Route['paged']> = {
        page: n,
        pages,
        first: path,
        items: items.slice((n - 1) * postsPerPage, n * postsPerPage),
        ...(n > 1 ? { newer: pathOf(n - 1) } : {}),
        ...(n < pages ? { older: pathOf(n + 1) } : {}),
      };
      if (n === 1) first.paged = paged;
      else more.push({ ...first, path: pathOf(n), paged });
    }
  }
  return more;
}

/** The blog's listings and what each lists, newest first: the list (listed posts), each tag's page, each author's page. */
export function blogListings(routes: readonly Route[], tags: readonly TagEntry[], authors: readonly AuthorEntry[]): Listing[] {
  const list = routes.find((r) => r.kind === 'blogList');
  const posts = routes
    .filter((r) => r.kind === 'blogPost' && r.blog && !r.isUnlisted)
    .sort((a, b) => (b.blog?.published ?? '').localeCompare(a.blog?.published ?? ''));
  return [
    ...(list ? [{ path: list.path, items: posts.map((r) => r.path) }] : []),
    ...tags.map((tag) => ({ path: tag.path, items: tag.items.map((i) => i.path) })),
    ...authors.flatMap((author) => (author.path ? [{ path: author.path, items: author.items.map((i) => i.path) }] : [])),
  ];
}
