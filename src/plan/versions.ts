import { docsVersionsOf, instanceConfig, type DocsVersionInfo } from '../shared/doc-versions.ts';
import { navSubLinks } from '../shared/nav-items.ts';
import { generatedIndexId } from '../shared/doc-paths.ts';
import type { Compiled, Loaded, Route, SidebarItem, Site, SiteConfig, Source } from '../types.ts';
import { generatedIndexPages } from './generated.ts';
import { planSidebars, type PlannedSidebars, type SidebarInput } from './docs.ts';

/**
 * Versioned docs as Docusaurus's docs plugin makes them (https://docusaurus.io/docs/versioning): each version is a
 * docs set of its own, with its sidebars, category files, generated index pages and doc ids, planned as the one
 * docs set of a site without versions is, under its own route base (`/docs/2.x/`).
 */

/** The config as one version's docs see it: its folder, its sidebar file, its route base. */
export function versionConfig(config: SiteConfig, version: DocsVersionInfo): SiteConfig {
  return {
    ...config,
    docs: {
      ...config.docs,
      routeBasePath: [config.docs.routeBasePath, version.path].filter(Boolean).join('/'),
      sidebarPath: version.sidebarPath,
    },
    layout: { ...config.layout, docs: version.dir },
  };
}

/** The docs of one version (a site without versions: all of them). */
export function docsOfVersion(docs: Compiled[], version: DocsVersionInfo, versioned: boolean): Compiled[] {
  return versioned ? docs.filter((d) => d.source.version === version.name) : docs;
}

/** A sidebar's name in Site.sidebars: the last version's as written, another version's with its name. */
export function sidebarName(version: DocsVersionInfo, name: string): string {
  return version.isLast ? name : `${version.name}/${name}`;
}

/** The sidebars of one version among every version's (see sidebarName). */
export function sidebarsOfVersion<T extends { name: string }>(sidebars: T[], version: DocsVersionInfo, versions: DocsVersionInfo[]): T[] {
  const others = versions.filter((o) => !o.isLast);
  return sidebars.filter((s) =>
    version.isLast ? !others.some((o) => s.name.startsWith(`${o.name}/`)) : s.name.startsWith(`${version.name}/`),
  );
}

/** What one docs set (a version of the site's docs, or a docs instance) has of its own, as load read it. */
type SetFiles = Pick<Loaded, 'sidebars' | 'sidebarsFile' | 'sidebarsText' | 'categories'>;

/**
 * One docs set: a docs plugin instance × one of its versions. Each is planned as the one docs set of a site without
 * versions is, with the config as it sees it (its folder, sidebar file, route base), its own docs and files; its
 * sidebars are named with `prefix` in Site.sidebars, and its generated index pages carry `tag`.
 */
interface DocsSet {
  config: SiteConfig;
  docs: Compiled[];
  own: SetFiles;
  translations?: Record<string, string>;
  prefix: string;
  tag: Pick<Source, 'version' | 'instance'>;
}

/**
 * Plans docs sets after those already in `planned` (a copy is returned): sidebars named with their set's prefix,
 * category keys unique across every set (the large-sidebar chunks are named by them), generated index pages
 * tagged with their set.
 */
function planDocsSets(
  base: Omit<SidebarInput, 'raw' | 'file' | 'text' | 'categories' | 'config' | 'docs'>,
  sets: DocsSet[],
  before: PlannedSidebars = { sidebars: [], generatedIndexes: [], size: 0, diagnostics: [] },
): { planned: PlannedSidebars; generated: Compiled[] } {
  const planned: PlannedSidebars = {
    sidebars: [...before.sidebars],
    generatedIndexes: [...before.generatedIndexes],
    size: before.size,
    diagnostics: [...before.diagnostics],
  };
  const generated: Compiled[] = [];
  let keys = nextKey(before.sidebars.flatMap((s) => s.items));
  for (const set of sets) {
    const one = planSidebars({
      ...base,
      raw: set.own.sidebars,
      file: set.own.sidebarsFile,
      text: set.own.sidebarsText,
      categories: set.own.categories,
      translations: set.translations,
      config: set.config,
      docs: set.docs,
    });
    const offset = keys;
    const renumber = (items: SidebarItem[]) => {
      for (const item of items) {
        if (item.type !== 'category') continue;
        item.key = String(Number(item.key) + offset);
        keys = Math.max(keys, Number(item.key) + 1);
        renumber(item.items);
      }
    };
    for (const { name, items } of one.sidebars) {
      renumber(items);
      planned.sidebars.push({ name: `${set.prefix}${name}`, items });
    }
    planned.generatedIndexes.push(...one.generatedIndexes);
    planned.size = Math.max(planned.size, one.size);
    planned.diagnostics.push(...one.diagnostics);
    for (const page of generatedIndexPages(one.generatedIndexes, set.docs, set.config))
      generated.push({ ...page, source: { ...page.source, ...set.tag } });
  }
  return { planned, generated };
}

/** The first category key not taken in these sidebars. */
function nextKey(items: SidebarItem[]): number {
  let next = 0;
  for (const item of items) if (item.type === 'category') next = Math.max(next, Number(item.key) + 1, nextKey(item.items));
  return next;
}

/**
 * Every version's sidebars, the last version's first (Site.sidebar is its first sidebar), and their generated
 * index pages tagged with their version.
 */
export function planVersionedSidebars(
  base: Omit<SidebarInput, 'raw' | 'file' | 'text' | 'categories' | 'config' | 'docs'>,
  config: SiteConfig,
  docs: Compiled[],
  loaded: Pick<Loaded, 'sidebars' | 'sidebarsFile' | 'sidebarsText' | 'categories' | 'versions' | 'translations'>,
): { planned: PlannedSidebars; generated: Compiled[] } {
  const versions = docsVersionsOf(config);
  const ordered = [...versions.filter((v) => v.isLast), ...versions.filter((v) => !v.isLast)];
  return planDocsSets(
    base,
    ordered.map((version) => ({
      config: versionConfig(config, version),
      docs: docsOfVersion(docs, version, true),
      own: version.dir === config.layout.docs ? loaded : (loaded.versions?.[version.name] ?? {}),
      translations: loaded.translations?.docs?.[version.name]?.messages,
      prefix: version.isLast ? '' : `${version.name}/`,
      tag: { version: version.name },
    })),
  );
}

/** A docs instance's sidebar's name in Site.sidebars: the instance's id first (`community/main`). */
export function instanceSidebarName(instance: string, name: string): string {
  return `${instance}/${name}`;
}

/**
 * The docs instances' sidebars (config `docs.instances`, Docusaurus's multi-instance docs), after the site's docs'
 * (`planned`, which is not changed), and their generated index pages tagged with their instance.
 */
export function planInstanceSidebars(
  base: Omit<SidebarInput, 'raw' | 'file' | 'text' | 'categories' | 'config' | 'docs'>,
  config: SiteConfig,
  docs: Compiled[],
  loaded: Pick<Loaded, 'instances' | 'translations'>,
  planned: PlannedSidebars,
): { planned: PlannedSidebars; generated: Compiled[] } {
  const sets = config.docs.instances.flatMap(({ id }): DocsSet[] => {
    const scoped = instanceConfig(config, id);
    if (!scoped) return [];
    return [
      {
        config: scoped,
        docs: docs.filter((d) => d.source.instance === id),
        own: loaded.instances?.[id] ?? {},
        translations: loaded.translations?.instanceDocs?.[id]?.messages,
        prefix: instanceSidebarName(id, ''),
        tag: { instance: id },
      },
    ];
  });
  return planDocsSets(base, sets, planned);
}

/**
 * Each versioned doc's version and dropdown links, and what its version asks of search (see Route.unsearched,
 * Route.noIndex); the versions as the theme shows them. From a doc, a version's entry leads to the doc of the same
 * id in that version, else to that version's first doc, as Docusaurus's docsVersionDropdown does.
 */
export function versionRoutes(
  routes: Route[],
  compiled: Compiled[],
  config: SiteConfig,
  sidebars: { name: string; items: SidebarItem[] }[],
): Site['docVersions'] {
  const versions = docsVersionsOf(config);
  if (versions.length < 2) return undefined;
  const pathsById = new Map<string, Map<string, string>>(versions.map((v) => [v.name, new Map()]));
  const byName = new Map(versions.map((v) => [v.name, v]));
  const firstPath = new Map<string, string>();
  for (const route of routes) {
    const source = route.compiledIndex === undefined ? undefined : compiled[route.compiledIndex].source;
    if (route.kind !== 'doc' || !source?.version) continue;
    pathsById.get(source.version)?.set(versionKey(config, source, route.path, byName.get(source.version)), route.path);
  }
  for (const v of versions) {
    const paths = pathsById.get(v.name) ?? new Map<string, string>();
    // Docusaurus's main doc of a version (its getMainDocId): the doc at the version's root, else the first doc of
    // its first sidebar, else its first doc.
    const own = sidebarsOfVersion(sidebars, v, versions)[0];
    const root =
      [...paths.values()].find((p) => p === versionRoot(config, v)) ?? (own && firstDoc(own.items)) ?? paths.values().next().value;
    if (root) firstPath.set(v.name, root);
  }
  for (const route of routes) {
    const source = route.compiledIndex === undefined ? undefined : compiled[route.compiledIndex].source;
    const version = source?.version === undefined ? undefined : byName.get(source.version);
    if (route.kind !== 'doc' || !route.doc || !source || !version) continue;
    route.doc.version = version.name;
    route.doc.versionLinks = versions.flatMap((v) => {
      const to = pathsById.get(v.name)?.get(versionKey(config, source, route.path, version)) ?? firstPath.get(v.name);
      return to ? [{ name: v.name, path: to }] : [];
    });
    if (!version.isLast) route.unsearched = true;
    if (version.noIndex) route.noIndex = true;
  }
  return versions.map((v) => {
    const navbar = navbarTargets(config, pathsById.get(v.name) ?? new Map(), sidebarsOfVersion(sidebars, v, versions), v);
    return {
      name: v.name,
      label: v.label,
      path: firstPath.get(v.name) ?? versionRoot(config, v),
      banner: v.banner,
      badge: v.badge,
      isLast: v.isLast,
      ...(Object.keys(navbar).length ? { navbar } : {}),
    };
  });
}

/**
 * What makes a page the same page in another version: a doc's id; a generated index's path within its version (its
 * slug, `/category/guides`), as Docusaurus's docs plugin lists a generated index among a version's docs by its slug
 * and its banner and dropdown lead there (Sequelize's v7 "Other topics" to v6's).
 */
function versionKey(config: SiteConfig, source: { id: string }, path: string, version: DocsVersionInfo | undefined): string {
  if (!version || source.id !== generatedIndexId(path)) return source.id;
  return generatedIndexId(path.slice(versionRoot(config, version).length - 1));
}

/** The navbar's doc (`doc:<id>`) and sidebar (`sidebar:<name>`) items' pages in one version, where it has them. */
function navbarTargets(
  config: SiteConfig,
  paths: Map<string, string>,
  sidebars: { name: string; items: SidebarItem[] }[],
  version: DocsVersionInfo,
): Record<string, string> {
  const out: Record<string, string> = {};
  const items = config.navbar.items.flatMap((item) => (item.type === 'link' ? [item] : navSubLinks(item).map(([sub]) => sub)));
  for (const { doc } of items) {
    // A docs instance's item leads into that instance, whichever version of the site's docs is shown.
    if (doc?.instance !== undefined) continue;
    if (doc?.id !== undefined && paths.has(doc.id)) out[`doc:${doc.id}`] = paths.get(doc.id) as string;
    const sidebar = doc?.sidebar === undefined ? undefined : sidebars.find((s) => s.name === sidebarName(version, doc.sidebar as string));
    const first = sidebar && firstDoc(sidebar.items);
    if (doc?.sidebar !== undefined && first) out[`sidebar:${doc.sidebar}`] = first;
  }
  return out;
}

function firstDoc(items: SidebarItem[]): string | undefined {
  for (const item of items) {
    if (item.type === 'doc') return item.path;
    if (item.type === 'category') {
      const inner = item.path ?? firstDoc(item.items);
      if (inner) return inner;
    }
  }
  return undefined;
}

function versionRoot(config: SiteConfig, version: DocsVersionInfo): string {
  const inner = [config.docs.routeBasePath, version.path].filter(Boolean).join('/');
  return inner ? `/${inner.replace(/^\/+|\/+$/g, '')}/` : '/';
}
