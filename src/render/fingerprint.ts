import { createHash } from 'node:crypto';
import { linkedFile, routesByFile } from '../shared/markers.ts';
import { shownSidebar } from '../shared/sidebars.ts';
import { socialImageOf } from '../shared/social-image.ts';
import type { Compiled, Route, SidebarItem, Site } from '../types.ts';

export interface FingerprintInputs {
  site: Site;
  /** Everything else every page shows or links to: bundle URLs, theme version, mode. */
  shared: unknown;
  /**
   * Version per project file used as a content asset (relative images): a hash of its bytes (builds) or a
   * counter bumped when it changes on disk (dev).
   */
  assetVersions: ReadonlyMap<string, number | string>;
  /**
   * What the last call computed (a dev session keeps one): a route whose inputs are the same as then keeps its
   * fingerprint without hashing again, and a sidebar array planned again as the same object keeps its hashes.
   * The fingerprints are the same as without it.
   */
  memo?: FingerprintMemo;
}

/** The Docusaurus modules whose hooks read every doc of the site (see fingerprintRoutes). */
const READS_DOCS = /@docusaurus\/(?:useGlobalData|plugin-content-docs\/client)\b/;

/** What a route's fingerprint was made of: the pages' shared part, the route, its content, what else it shows. */
interface RouteInputs {
  everyPage: string;
  route: Route;
  content: unknown[] | null;
  shows: unknown[];
  hash: string;
}

/** Each route's inputs and fingerprint from the last call, and the hashes of the sidebars it saw. */
export class FingerprintMemo {
  routes = new Map<string, RouteInputs>();
  /** Per sidebar array (plan hands the same array again while no doc's place or label changed). */
  sidebars = new WeakMap<SidebarItem[], { whole?: string; byTrail: Map<string, string> }>();
}

/**
 * One fingerprint per route from exactly what its HTML is made of: the route itself (title, breadcrumbs,
 * prev/next, trail), its compiled content, the part of the sidebar it shows, the blog list for blog pages,
 * the targets of its links to content files, and what every page shows (config: navbar, footer, flags;
 * messages, code translations, locales, data, bundle URLs). A route is rendered again only when its fingerprint changed.
 */
export function fingerprintRoutes({ site, shared, assetVersions, memo }: FingerprintInputs): Map<string, string> {
  const everyPage = everyPageHash(site, shared);
  const isLarge = site.sidebarSize > site.config.docs.largeSidebarThreshold;
  const sidebarMemo = memo?.sidebars ?? new WeakMap<SidebarItem[], { whole?: string; byTrail: Map<string, string> }>();
  const hashesOf = (items: SidebarItem[]) => {
    let h = sidebarMemo.get(items);
    if (!h) sidebarMemo.set(items, (h = { byTrail: new Map() }));
    return h;
  };
  // Per sidebar (a doc shows its own: shownSidebar), so an edit to one sidebar renders again only its docs.
  const whole = (items: SidebarItem[]) => {
    const h = hashesOf(items);
    return (h.whole ??= hash(items));
  };
  // The blog list shows each post's title, date and description; its structured data also each last update.
  const blogRoutes = site.routes
    .filter((r) => r.kind === 'blogPost')
    .map((r) => [r.path, r.title, r.description, r.blog, r.editMeta ?? null]);
  const blog = hash([site.blogPosts, blogRoutes]);
  const listings = hash([site.tags, site.authors]);
  const inputs: ContentInputs = { fileRoutes: routesByFile(site.compiled), assetVersions, site };
  // The lists of posts show the posts' content too (up to the truncate marker, or whole).
  const posts = once(() => hash(postContents(inputs)));
  // A page whose code reads Docusaurus's global data or a docs version (useGlobalData, the docs client hooks)
  // shows every doc's id, path, title and sidebar (themes/classic/global-data.ts).
  let docsData: string | undefined;
  const allDocs = () =>
    (docsData ??= hash([
      site.sidebars ?? site.sidebar,
      site.sidebarName,
      site.docDraftIds,
      site.instanceDraftIds,
      site.routes.filter((r) => r.kind === 'doc').map((r) => [r.path, r.title, r.description, r.isUnlisted, r.doc]),
    ]));

  const out = new Map<string, string>();
  const seen = new Map<string, RouteInputs>();
  for (const route of site.routes) {
    const compiled = route.compiledIndex === undefined ? undefined : site.compiled[route.compiledIndex];
    const content = compiled ? contentOf(compiled, inputs) : null;
    const shows: unknown[] = [];
    if (route.kind === 'doc') {
      const items = shownSidebar(site, route);
      if (!isLarge) shows.push(whole(items));
      else {
        const trail = route.doc?.sidebarTrail ?? [];
        const key = `${route.doc?.sidebar ?? ''}\n${trail.join('\n')}`;
        const byTrail = hashesOf(items).byTrail;
        let h = byTrail.get(key);
        if (h === undefined) {
          h = hash(openBranch(items, new Set(trail)));
          byTrail.set(key, h);
        }
        shows.push(h);
      }
    }
    if (route.kind === 'blogPost' || route.kind === 'blogList') shows.push(blog);
    if (showsPosts(route)) shows.push(posts());
    if (compiled?.modules && READS_DOCS.test(compiled.modules.code)) shows.push(allDocs());
    // The listing pages show the tags' and authors' pages; those of the blog also its sidebar of posts.
    if (route.kind === 'tagList' || route.kind === 'tagPage') shows.push(listings, route.listing === 'blog' ? blog : null);
    if (route.kind === 'authorList' || route.kind === 'authorPage' || route.kind === 'blogArchive') shows.push(listings, blog);
    // The 404 page lists the sidebar's first docs (the theme's NotFound).
    if (route.kind === 'notFound') shows.push(whole(site.sidebar));
    // The same inputs as last time (compared value by value, far cheaper than serialising them): the same hash.
    const last = memo?.routes.get(route.path);
    const same =
      last !== undefined &&
      last.everyPage === everyPage &&
      sameJson(last.route, route, 'compiledIndex') &&
      sameJson(last.content, content) &&
      sameJson(last.shows, shows);
    const fingerprint = same ? last.hash : hash([everyPage, routeWithoutIndex(route), content, ...shows]);
    out.set(route.path, fingerprint);
    if (memo) seen.set(route.path, { everyPage, route, content, shows, hash: fingerprint });
  }
  if (memo) memo.routes = seen;
  return out;
}

/** What every page shows: config (navbar, footer, flags), texts, locales, data, the site's social card, bundle URLs. */
function everyPageHash(site: Site, shared: unknown): string {
  // Every page's version dropdown leads to each docs version's main doc (a site without versions has none).
  const versions = site.docVersions ? [site.docVersions] : [];
  // A Docusaurus project's code.json texts, which any page's own components may show (@docusaurus/Translate).
  const code = site.codeTranslations ? [site.codeTranslations] : [];
  // The site's social card is on every page without one of its own; each page's own images are its content's.
  const card = site.config.image === undefined ? null : (site.imageSizes[site.config.image] ?? null);
  return hash([site.config, site.messages, site.locales, site.data, card, shared, ...versions, ...code]);
}

/** `make`'s value, made on the first call. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

function postContents(inputs: ContentInputs): unknown[] {
  const { site } = inputs;
  const posts = site.routes.filter((r) => r.kind === 'blogPost' && r.compiledIndex !== undefined);
  return posts.map((r) => contentOf(site.compiled[r.compiledIndex!], inputs));
}

/** Pages that show blog posts' content (see PageProps.excerpt): the blog's list, a blog tag's and an author's pages. */
export function showsPosts(route: Route): boolean {
  return route.kind === 'blogList' || route.kind === 'authorPage' || (route.kind === 'tagPage' && route.listing === 'blog');
}

/**
 * Whether two JSON-like values serialise to the same text: the same keys in the same order with equal values.
 * It may answer false for values that serialise alike (an undefined property against a missing one), which
 * only costs a hash; it never answers true for values that serialise differently.
 */
function sameJson(a: unknown, b: unknown, skipKey?: string): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b) || Object.getPrototypeOf(a) !== Object.prototype || Object.getPrototypeOf(b) !== Object.prototype) return false;
  // `skipKey`: a property of these two objects (not of those inside) that is left out of the comparison.
  const ka = skipKey === undefined ? Object.keys(a) : Object.keys(a).filter((k) => k !== skipKey);
  const kb = skipKey === undefined ? Object.keys(b) : Object.keys(b).filter((k) => k !== skipKey);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    if (ka[i] !== kb[i]) return false;
    if (!sameJson((a as Record<string, unknown>)[ka[i]], (b as Record<string, unknown>)[kb[i]])) return false;
  }
  return true;
}

/** The compiled index moves when a file is added before it; it says nothing about the page. */
function routeWithoutIndex(route: Route): Omit<Route, 'compiledIndex'> {
  const { compiledIndex: _index, ...rest } = route;
  return rest;
}

/** What a page's content is made of besides its own file. */
interface ContentInputs {
  fileRoutes: Map<string, string>;
  assetVersions: ReadonlyMap<string, number | string>;
  site: Site;
}

function contentOf(compiled: Compiled, { fileRoutes, assetVersions, site }: ContentInputs): unknown[] {
  const { source } = compiled;
  // The file's bytes and its route decide the compiled output (the compile cache uses the same key).
  const parts: unknown[] = [source.file, source.hash, source.path];
  for (const link of compiled.links) {
    const file = linkedFile(link.path);
    if (file !== undefined) parts.push(fileRoutes.get(file) ?? null);
  }
  for (const asset of compiled.assets) parts.push(asset.file, assetVersions.get(asset.file) ?? 0);
  // The sizes of its Markdown images and of its social card (Site.imageSizes), which change with the files.
  for (const key of [socialImageOf(site.config, compiled), ...(compiled.measuredImages ?? [])])
    if (key !== undefined) parts.push(site.imageSizes[key] ?? null);
  // The modules it imports (its components, partials, their CSS), which change without the page's file.
  if (compiled.modules) parts.push(compiled.modules.code, compiled.modules.css ?? null, compiled.modules.island ?? null);
  return parts;
}

/**
 * What a page of a large sidebar shows (see the theme's DocSidebar): every level down the current trail
 * in full, other categories by label only (their items load on expand).
 */
function openBranch(items: SidebarItem[], trail: Set<string>): unknown[] {
  return items.map((item) => {
    if (item.type !== 'category') return item;
    const { items: children, ...head } = item;
    return trail.has(item.key) ? [head, openBranch(children, trail)] : head;
  });
}

function hash(value: unknown): string {
  return createHash('sha1')
    .update(JSON.stringify(value) ?? 'undefined')
    .digest('base64');
}
