import { escapeAttribute } from '../shared/html.ts';
import { pageFile, sidebarChunkFile } from '../shared/output-paths.ts';
import type { Route, SidebarItem, Site } from '../types.ts';

/** Output file of a page: `/docs/faq/` → `de/docs/faq/index.html`; `/404.html` → `de/404.html`. */
export function outputFile(baseUrl: string, routePath: string): string {
  return baseUrl.replace(/^\//, '') + pageFile(routePath);
}

/** Routes a search engine should see: no 404, no unlisted pages, no search page. */
export function isIndexable(route: Route): boolean {
  return route.kind !== 'notFound' && route.kind !== 'search' && !route.isUnlisted;
}

export function sitemapXml(site: Site): string {
  const { url, baseUrl } = site.config;
  const entries = site.routes
    .filter(isIndexable)
    .map(
      (r) =>
        `<url><loc>${escapeAttribute(url + baseUrl + r.path.slice(1))}</loc><changefreq>weekly</changefreq><priority>0.5</priority></url>`,
    );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
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
