/**
 * Where the blog's feeds are, as Docusaurus names them (`rss.xml`, `atom.xml`, `feed.json` in the blog's folder):
 * paths from the site's root, base path included. Emit writes them there and the theme's `<link rel="alternate">`
 * points there, so both use this.
 */
export function feedFiles(baseUrl: string, routeBasePath: string): { rss: string; atom: string; json: string } {
  const folder = baseUrl + (routeBasePath ? `${routeBasePath.replace(/^\/+|\/+$/g, '')}/` : '');
  return { rss: `${folder}rss.xml`, atom: `${folder}atom.xml`, json: `${folder}feed.json` };
}

const FEED_TYPES = { rss: 'application/rss+xml', atom: 'application/atom+xml', json: 'application/json' } as const;
const FEED_NAMES = { rss: 'RSS Feed', atom: 'Atom Feed', json: 'JSON Feed' } as const;

/**
 * The `<link rel="alternate">` of each of the blog's feeds, for a page's head: none without posts that have a date.
 * The theme writes them on the blog's pages; with `blog.feed.everyPage` the document writes them on every page.
 */
export function feedLinks(site: {
  config: {
    title: string;
    baseUrl: string;
    blog: { enabled: boolean; routeBasePath: string; feed: { types: readonly ('rss' | 'atom' | 'json')[]; title?: string } };
  };
  blogPosts: readonly { date?: string }[];
}): { type: string; href: string; title: string }[] {
  const { blog, title, baseUrl } = site.config;
  if (!blog.enabled || !blog.feed.types.length || !site.blogPosts.some((p) => p.date)) return [];
  const files = feedFiles(baseUrl, blog.routeBasePath);
  return blog.feed.types.map((type) => ({
    type: FEED_TYPES[type],
    href: files[type],
    title: `${blog.feed.title ?? title} ${FEED_NAMES[type]}`,
  }));
}
