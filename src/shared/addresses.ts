import { isGeneratedIndexId } from './doc-paths.ts';

/** What a permalink is made of (structurally a `Source`). */
interface PageSource {
  path: string;
  id: string;
  frontMatter: { slug?: string };
}

/** What publicPath reads of the site (structurally a `Site`) and of a route (a `Route`). */
interface AddressedSite {
  config: { baseUrl: string; absoluteUrls?: 'slash' | 'noSlash' };
  compiled: readonly { source: PageSource }[];
}

/**
 * Docusaurus's permalink of a page, from quire's route (which always ends with a slash): without the slash unless the
 * slug has one. A page whose route ends with its own id (`/docs/guides/intro/` for `guides/intro`) has a slug of its
 * own; an index doc or page has its folder's (`/docs/guides/` for `guides/index`), and so has the site's root. The
 * permalink is the page's address before `trailingSlash` is applied (Docusaurus's core applies it to routes and
 * Link, not to the plugins' metadata), so this is also its address where `trailingSlash` is unset.
 */
export function permalink(source: PageSource, baseUrl: string): string {
  const slug = source.frontMatter.slug;
  // A category's generated index is at its slug (`/docs/category/basics`), as a doc with a slug of its own.
  const own = isGeneratedIndexId(source.id) || source.path.endsWith(`/${source.id}/`);
  const slash = source.path === '/' || (slug !== undefined ? slug.endsWith('/') : !own);
  return baseUrl + (slash ? source.path : source.path.slice(0, -1)).slice(1);
}

/**
 * What a page's relative links resolve from, where it is not its path. Written for addresses without the trailing
 * slash, `./b` on `/a/page/` means `/a/b/` (see SiteConfig.relativeUrls); but a page whose Docusaurus permalink ends
 * with one (an index doc, `/docs/guides/`) is at that address, so `./b` there means `/docs/guides/b/`, as its links
 * resolve in Docusaurus.
 */
export function relativeBaseOf(source: PageSource, relativeUrls: 'slash' | 'noSlash' | undefined): string | undefined {
  return relativeUrls === 'noSlash' && source.path !== '/' && !permalink(source, '/').endsWith('/')
    ? source.path.replace(/\/$/, '')
    : undefined;
}

/**
 * A page's address where the site names it to search engines and feed readers (canonical link, `og:url`, hreflang
 * links, sitemap, feeds, structured data), under `baseUrl` (another locale's for its alternates): the route's path
 * (`absoluteUrls: 'slash'`), or its Docusaurus permalink (`noSlash`, a Docusaurus project whose `trailingSlash` is
 * unset: `/docs/intro`, `/blog/tags/hello`, an index doc `/docs/guides/`), so a project moved to quire keeps the
 * addresses search engines know. Hosts serve the page's `index.html` at both.
 */
export function publicPath(site: AddressedSite, route: { path: string; compiledIndex?: number }, baseUrl = site.config.baseUrl): string {
  if (site.config.absoluteUrls !== 'noSlash' || route.path === '/' || !route.path.endsWith('/')) return baseUrl + route.path.slice(1);
  const source = route.compiledIndex === undefined ? undefined : site.compiled[route.compiledIndex]?.source;
  return source ? permalink(source, baseUrl) : baseUrl + route.path.slice(1, -1);
}
