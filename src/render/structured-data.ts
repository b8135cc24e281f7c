import type { Compiled, PostAuthor, Route, Site } from '../types.ts';
import { publicPath } from '../shared/addresses.ts';
import { isExternal, withBase } from '../shared/route-match.ts';

/**
 * The schema.org data a page's head describes it with for search engines (`blog.structuredData`), in JSON-LD:
 * a post as a `BlogPosting` (part of its `Blog`), a page of the blog's list as the `Blog` with the posts on it.
 * The fields are those Docusaurus's blog writes (plugin-content-blog's structured data, 3.x): a project moved
 * to quire keeps what search engines read of its posts. Docs describe their place with the breadcrumbs' microdata
 * (themes/classic DocChrome), as Docusaurus 3.0–3.9 does, or as a JSON-LD `BreadcrumbList` (`docs.breadcrumbsData`), as 3.10 does.
 */
export function structuredData(site: Site, route: Route, url: string | undefined): object | undefined {
  const { config } = site;
  if (url === undefined) return undefined;
  if (route.kind === 'doc') return breadcrumbList(site, route);
  if (!config.blog.structuredData) return undefined;
  if (route.kind === 'blogPost' && route.blog) {
    return {
      '@context': 'https://schema.org',
      ...blogPosting(site, route, url),
      isPartOf: { '@type': 'Blog', '@id': blogUrl(site), name: config.blog.title },
    };
  }
  if (route.kind === 'blogList') {
    const byPath = routesByPath(site);
    const shown = route.paged ? route.paged.items : site.blogPosts.map((p) => p.path);
    return {
      '@context': 'https://schema.org',
      '@type': 'Blog',
      '@id': url,
      mainEntityOfPage: url,
      headline: config.blog.title,
      description: config.blog.description ?? route.description,
      blogPost: shown.flatMap((path) => {
        const post = byPath.get(path);
        return post?.blog ? [blogPosting(site, post, pageUrl(site, post))] : [];
      }),
    };
  }
  return undefined;
}

/**
 * The image files a page's structured data names that emit publishes with the page: the cards of the posts a
 * page of the blog's list describes, where a card is a file beside its post (its URL is known when written).
 */
export function structuredDataAssets(site: Site, route: Route): Compiled['assets'] {
  if (!site.config.blog.structuredData || route.kind !== 'blogList') return [];
  const byPath = routesByPath(site);
  return (route.paged ? route.paged.items : site.blogPosts.map((p) => p.path)).flatMap((path) => {
    const r = byPath.get(path);
    const compiled = r?.compiledIndex !== undefined ? site.compiled[r.compiledIndex] : undefined;
    return compiled?.socialImage ? compiled.assets.filter((a) => a.marker === compiled.socialImage) : [];
  });
}

const byPathOf = new WeakMap<Site, Map<string, Route>>();

/** The site's routes by path, made once per site: a page's cost stays independent of the site's size. */
function routesByPath(site: Site): Map<string, Route> {
  let map = byPathOf.get(site);
  if (!map) byPathOf.set(site, (map = new Map(site.routes.map((r) => [r.path, r]))));
  return map;
}

/**
 * A doc's breadcrumbs as schema.org's `BreadcrumbList`, where the theme draws them: each crumb that links somewhere
 * (a category without a page of its own is left out, as Docusaurus leaves it out), the doc itself last.
 */
function breadcrumbList(site: Site, route: Route): object | undefined {
  const { docs, url } = site.config;
  if (docs.breadcrumbsData !== 'jsonLd' || !docs.breadcrumbs || !route.doc?.inSidebar) return undefined;
  const crumbs = route.doc.breadcrumbs;
  const byPath = routesByPath(site);
  const linked = crumbs.flatMap((c, i) => {
    const path = c.path ?? (i === crumbs.length - 1 ? route.path : undefined);
    return path === undefined ? [] : [{ name: c.label, path }];
  });
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: linked.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: url + publicPath(site, byPath.get(c.path) ?? { path: c.path }),
    })),
  };
}

/** A post as schema.org's `BlogPosting`, without the context (a list holds several). */
function blogPosting(site: Site, route: Route, url: string): object {
  const { config } = site;
  const compiled = route.compiledIndex === undefined ? undefined : site.compiled[route.compiledIndex];
  const fm = compiled?.source.frontMatter;
  const modified = route.editMeta?.lastUpdatedAt ? Date.parse(route.editMeta.lastUpdatedAt) : Number.NaN;
  const authors = (route.blog?.authorLinks ?? route.blog?.authors.map((label): PostAuthor => ({ label })) ?? []).map((a) =>
    person(a, config),
  );
  const image = compiled?.socialImage ? config.url + compiled.socialImage : fm?.image ? absoluteUrl(fm.image, config) : undefined;
  return {
    '@type': 'BlogPosting',
    '@id': url,
    mainEntityOfPage: url,
    url,
    headline: route.title,
    name: route.title,
    description: route.description,
    ...(route.blog?.published ? { datePublished: route.blog.published } : {}),
    ...(Number.isNaN(modified) ? {} : { dateModified: new Date(modified).toISOString() }),
    // One author as the object itself, several (or none) as a list, as Docusaurus writes it.
    author: authors.length === 1 ? authors[0] : authors,
    ...(image
      ? { image: { '@type': 'ImageObject', '@id': image, url: image, contentUrl: image, caption: fm?.image_alt ?? route.title } }
      : {}),
    keywords: fm?.keywords ?? [],
  };
}

/** An author as schema.org's `Person`: name, title (as its description), address, e-mail and photo. */
function person(author: PostAuthor, config: Site['config']): object {
  const image = author.imageUrl ? absoluteUrl(author.imageUrl, config) : undefined;
  return {
    '@type': 'Person',
    name: author.label,
    ...(author.title ? { description: author.title } : {}),
    ...(author.url ? { url: author.url } : {}),
    ...(author.email ? { email: author.email } : {}),
    ...(image ? { image } : {}),
  };
}

/** The address of the blog, as its posts name the blog they are part of: its list's first page. */
function blogUrl(site: Site): string {
  const list = site.routes.find((r) => r.kind === 'blogList');
  const { url, baseUrl, blog } = site.config;
  return list ? pageUrl(site, list) : `${url}${baseUrl}${blog.routeBasePath}`;
}

function pageUrl(site: Site, route: Route): string {
  return site.config.url + publicPath(site, route);
}

/** The absolute URL of an image given as a site path (`/img/karte.png`), a protocol-relative URL or a URL. */
export function absoluteUrl(image: string, config: Site['config']): string {
  if (image.startsWith('//')) return `https:${image}`;
  if (isExternal(image)) return image;
  return config.url + withBase(config.baseUrl, image);
}
