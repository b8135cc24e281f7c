/**
 * Where the blog's feeds are, as Docusaurus names them (`rss.xml`, `atom.xml`, `feed.json` in the blog's folder):
 * paths from the site's root, base path included. Emit writes them there and the theme's `<link rel="alternate">`
 * points there, so both use this.
 */
export function feedFiles(baseUrl: string, routeBasePath: string): { rss: string; atom: string; json: string } {
  const folder = baseUrl + (routeBasePath ? `${routeBasePath.replace(/^\/+|\/+$/g, '')}/` : '');
  return { rss: `${folder}rss.xml`, atom: `${folder}atom.xml`, json: `${folder}feed.json` };
}
