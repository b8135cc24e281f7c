import { Feed } from 'feed';
import { publicPath } from '../shared/addresses.ts';
import { escapeAttribute } from '../shared/html.ts';
import { feedFiles } from '../shared/feeds.ts';
import { feedItemContent } from './feed-content.ts';
import { sidebarChunkFile } from '../shared/output-paths.ts';
import { isExternal, withBase } from '../shared/route-match.ts';
import type { PostAuthor, Route, SidebarItem, Site } from '../types.ts';

/** Routes a search engine should see: no 404, no unlisted pages, no search page. */
export function isIndexable(route: Route): boolean {
  return route.kind !== 'notFound' && route.kind !== 'search' && !route.isUnlisted && !route.noIndex;
}

/** A page the search index holds: an indexable one, and of the last docs version (see Route.unsearched). */
export function isSearchable(route: Route): boolean {
  return isIndexable(route) && !route.unsearched;
}

/**
 * Whether a page's head asks robots not to index it (`<meta name="robots" content="noindex…">`, as a page's own
 * `<Head>` or MDX `<head>` may write it; names and directives in any case): Docusaurus's sitemap leaves such a page
 * out, whatever wrote the tag.
 */
export function asksNotToBeIndexed(html: string): boolean {
  const end = html.indexOf('</head>');
  for (const [tag] of html.slice(0, end < 0 ? html.length : end).matchAll(/<meta\s[^>]*>/gi)) {
    const name = /\sname="([^"]*)"/i.exec(tag)?.[1];
    const content = /\scontent="([^"]*)"/i.exec(tag)?.[1];
    if (name?.toLowerCase() === 'robots' && content?.toLowerCase().includes('noindex')) return true;
  }
  return false;
}

/**
 * The site's URL as Docusaurus's sitemap and feeds write it (they join it with its `normalizeUrl`): two slashes after
 * the scheme, however many the config gives (Yoga's `https:/yogalayout.dev`, which browsers read as
 * `https://`). Page heads keep it as written, as Docusaurus's do.
 */
function schemeSlashes(url: string): string {
  return url.replace(/^([^/:]+):\/*/, '$1://');
}

/** The sitemap: every indexable page but those whose head asks not to be indexed (`noIndexed`, see asksNotToBeIndexed). */
export function sitemapXml(site: Site, noIndexed: ReadonlySet<string> = new Set()): string {
  const url = schemeSlashes(site.config.url);
  const entries = site.routes
    .filter((r) => isIndexable(r) && !noIndexed.has(r.path))
    .map(
      (r) => `<url><loc>${escapeAttribute(url + publicPath(site, r))}</loc><changefreq>weekly</changefreq><priority>0.5</priority></url>`,
    );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}

/**
 * The OpenSearch description (`opensearch.xml` under the base path; config `search.openSearch`) of the site's search
 * page, which reads its query from `?q=`: the site's title as its name, the favicon as its image. None without a
 * search page.
 */
export function openSearchXml(site: Site): string | undefined {
  const { url, baseUrl, title, favicon, search } = site.config;
  const page = site.routes.find((r) => r.kind === 'search');
  if (!search.openSearch || !page) return undefined;
  const home = url + baseUrl;
  const attr = (v: string) => escapeAttribute(v);
  const icon = favicon ? (isExternal(favicon) ? favicon : url + withBase(baseUrl, favicon)) : undefined;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/" xmlns:moz="http://www.mozilla.org/2006/browser/search/">',
    `  <ShortName>${attr(title)}</ShortName>`,
    `  <Description>${attr(`Search ${title}`)}</Description>`,
    '  <InputEncoding>UTF-8</InputEncoding>',
    ...(icon ? [`  <Image width="16" height="16" type="image/x-icon">${attr(icon)}</Image>`] : []),
    `  <Url type="text/html" method="get" template="${attr(`${home}${page.path.slice(1)}?q={searchTerms}`)}"/>`,
    `  <Url type="application/opensearchdescription+xml" rel="self" template="${attr(`${home}opensearch.xml`)}"/>`,
    `  <moz:SearchForm>${attr(home)}</moz:SearchForm>`,
    '</OpenSearchDescription>',
    '',
  ].join('\n');
}

/**
 * The redirect pages (config `redirects`, planned by plan/redirects.ts): at each `from`, `<from>/index.html`, as
 * Docusaurus's plugin-client-redirects writes them (so `/docs/intro.html/index.html` never shadows a page's own
 * file). The page refreshes to its target at once, without JavaScript too; the script also carries the query and
 * fragment the visitor came with, when the target has none of its own. Kept out of search engines, with the
 * target as canonical.
 */
export function redirectPages(site: Site): { file: string; html: string }[] {
  const base = site.config.baseUrl.replace(/^\//, '');
  return (site.redirects ?? []).map(({ from, to }) => {
    const url = escapeAttribute(to);
    const forward = /[?#]/.test(to) ? '' : ' + location.search + location.hash';
    const script = `location.replace(${JSON.stringify(to).replace(/</g, '\\u003c')}${forward});`;
    const html = [
      '<!doctype html>',
      '<html>',
      '<head>',
      '<meta charset="utf-8">',
      `<title>${url}</title>`,
      '<meta name="robots" content="noindex">',
      `<meta http-equiv="refresh" content="0; url=${url}">`,
      `<link rel="canonical" href="${url}">`,
      '</head>',
      `<body><a href="${url}">${url}</a><script>${script}</script></body>`,
      '</html>',
      '',
    ].join('\n');
    return { file: `${base}${from.slice(1)}/index.html`, html };
  });
}

export function robotsTxt(site: Site): string {
  const { url, baseUrl } = site.config;
  return `User-agent: *\nAllow: /\n\nSitemap: ${url}${baseUrl}sitemap.xml\n`;
}

/**
 * For large sidebars, one small JSON file per category with its direct items (nested categories
 * again reference their own file), loaded by the client when a collapsed category opens.
 */
export function sidebarChunks(site: Site): { file: string; json: string }[] {
  if (site.sidebarSize <= site.config.docs.largeSidebarThreshold) return [];
  const out: { file: string; json: string }[] = [];
  const { baseUrl } = site.config;
  const href = (p: string) => baseUrl + p.slice(1);
  const walk = (items: SidebarItem[]) => {
    for (const item of items) {
      if (item.type !== 'category') continue;
      const children = item.items.map((c) =>
        c.type === 'doc'
          ? { type: 'doc', label: c.label, href: href(c.path) }
          : c.type === 'link'
            ? { type: 'link', label: c.label, href: c.href }
            : { type: 'category', label: c.label, href: c.path ? href(c.path) : undefined, items: baseUrl + sidebarChunkFile(c.key) },
      );
      out.push({ file: sidebarChunkFile(item.key), json: JSON.stringify(children) });
      walk(item.items);
    }
  };
  // Every sidebar's categories (their keys are unique across sidebars): a doc of any of them may open one.
  for (const items of site.sidebars ? Object.values(site.sidebars) : [site.sidebar]) walk(items);
  return out;
}

/** The posts the blog's feeds hold: the newest dated, listed ones, up to `blog.feed.limit`; none without feeds. */
export function feedPosts(site: Site): Site['blogPosts'] {
  const { blog } = site.config;
  if (!blog.enabled || !blog.feed.types.length) return [];
  const unlisted = new Set(site.routes.filter((r) => r.isUnlisted).map((r) => r.path));
  const posts = site.blogPosts.filter((p) => p.date && !unlisted.has(p.path));
  return blog.feed.limit === null ? posts : posts.slice(0, blog.feed.limit);
}

/**
 * The blog's feeds (RSS 2.0, Atom 1.0, JSON Feed 1.1, as `blog.feed.types` asks; Docusaurus's defaults come from
 * its config, see config/docusaurus.ts): the newest dated posts up to `blog.feed.limit`, each with its title,
 * absolute URL, date, description, content (from its rendered page, `pages`: route path to HTML), authors and
 * tags. The `feed` package writes and escapes them, as it does for Docusaurus. A post without a date is left out: a
 * feed item needs one (the build warns of it already).
 */
export function blogFeeds(site: Site, pages: ReadonlyMap<string, string> = new Map()): { file: string; contents: string }[] {
  const { blog, baseUrl, title, i18n, favicon } = site.config;
  const url = schemeSlashes(site.config.url);
  const posts = feedPosts(site);
  if (!posts.length) return [];
  const routes = new Map(site.routes.map((r) => [r.path, r]));
  // Each address as the site names its pages (absoluteUrls): a Docusaurus project's permalinks where it has them.
  const absolute = (path: string) => url + publicPath(site, routes.get(path) ?? { path });
  const list = site.routes.find((r) => r.kind === 'blogList');
  const home = absolute(list?.path ?? `/${blog.routeBasePath ? `${blog.routeBasePath}/` : ''}`);
  const files = feedFiles(baseUrl, blog.routeBasePath);
  const locale = site.locales.find((l) => l.code === i18n.currentLocale);
  const feed = new Feed({
    id: home,
    // The feed names the site's blog, as Docusaurus titles it (the pages' links to it say the site's title).
    title: blog.feed.title ?? `${title} Blog`,
    link: home,
    ...(favicon ? { favicon: isExternal(favicon) ? favicon : url + withBase(baseUrl, favicon) } : {}),
    description: blog.feed.description,
    copyright: blog.feed.copyright ?? '',
    language: blog.feed.language ?? locale?.htmlLang ?? i18n.currentLocale,
    updated: new Date(posts[0].published ?? `${posts[0].date}T00:00:00Z`),
    generator: 'quire',
    feedLinks: Object.fromEntries(blog.feed.types.map((type) => [type, url + files[type]])),
  });
  for (const post of posts) {
    const route = routes.get(post.path);
    const link = absolute(post.path);
    // Its time of day too, where the post gives one, as Docusaurus's feeds date it.
    const date = new Date(post.published ?? `${post.date}T00:00:00Z`);
    const shown: PostAuthor[] = route?.blog?.authorLinks ?? route?.blog?.authors.map((label) => ({ label })) ?? [];
    const authors = shown.map((a) => {
      // The author's own address, as Docusaurus gives it (its feed's toFeedAuthor): an author with a page on the
      // site and no `url` is named alone (Jellyfin's feeds).
      return { name: a.label, ...(a.url ? { link: a.url } : {}) };
    });
    const html = pages.get(post.path);
    // Its relative addresses are read against the page's own folder, as quire writes its links.
    const content = html === undefined ? undefined : feedItemContent(html, url + baseUrl + post.path.slice(1));
    feed.addItem({
      title: post.title,
      id: link,
      link,
      date,
      published: date,
      description: route?.description || undefined,
      ...(content !== undefined ? { content } : {}),
      // The package's JSON Feed reads the first author without checking there is one.
      ...(authors.length ? { author: authors } : {}),
      // Atom's category needs its `term`; RSS and JSON Feed write the name.
      category: (route?.blog?.tags ?? []).map((name) => ({ name, term: name })),
    });
  }
  const write = { rss: () => feed.rss2(), atom: () => feed.atom1(), json: () => feed.json1() } as const;
  return blog.feed.types.map((type) => ({ file: files[type].slice(baseUrl.length), contents: write[type]() }));
}
