import { docsVersionsOf, type DocsVersionInfo } from '../shared/doc-versions.ts';
import { navSubLinks } from '../shared/nav-items.ts';
import type { Compiled, Loaded, Route, SidebarItem, Site, SiteConfig } from '../types.ts';
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

/**
 * Every version's sidebars, the last version's first (Site.sidebar is its first sidebar), and their generated
 * index pages tagged with their version. Category keys are made unique across versions, as the large-sidebar
 * chunks are named by them.
 */
export function planVersionedSidebars(
  base: Omit<SidebarInput, 'raw' | 'file' | 'text' | 'categories' | 'config' | 'docs'>,
  config: SiteConfig,
  docs: Compiled[],
  loaded: Pick<Loaded, 'sidebars' | 'sidebarsFile' | 'sidebarsText' | 'categories' | 'versions' | 'translations'>,
): { planned: PlannedSidebars; generated: Compiled[] } {
  const versions = docsVersionsOf(config);
  const ordered = [...versions.filter((v) => v.isLast), ...versions.filter((v) => !v.isLast)];
  const planned: PlannedSidebars = { sidebars: [], generatedIndexes: [], size: 0, diagnostics: [] };
  const generated: Compiled[] = [];
  let keys = 0;
  for (const version of ordered) {
    const own = version.dir === config.layout.docs ? loaded : (loaded.versions?.[version.name] ?? {});
    const scoped = versionConfig(config, version);
    const versionDocs = docsOfVersion(docs, version, true);
    const one = planSidebars({
      ...base,
      raw: own.sidebars,
      file: own.sidebarsFile,
      text: own.sidebarsText,
      categories: own.categories,
      translations: loaded.translations?.docs?.[version.name]?.messages,
      config: scoped,
      docs: versionDocs,
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
      planned.sidebars.push({ name: sidebarName(version, name), items });
    }
    planned.generatedIndexes.push(...one.generatedIndexes);
    planned.size = Math.max(planned.size, one.size);
    planned.diagnostics.push(...one.diagnostics);
    for (const page of generatedIndexPages(one.generatedIndexes, versionDocs, scoped))
      generated.push({ ...page, source: { ...page.source, version: version.name } });
  }
  return { planned, generated };
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
  const firstPath = new Map<string, string>();
  for (const route of routes) {
    const source = route.compiledIndex === undefined ? undefined : compiled[route.compiledIndex].source;
    if (route.kind !== 'doc' || !source?.version) continue;
    pathsById.get(source.version)?.set(source.id, route.path);
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
  const byName = new Map(versions.map((v) => [v.name, v]));
  for (const route of routes) {
    const source = route.compiledIndex === undefined ? undefined : compiled[route.compiledIndex].source;
    const version = source?.version === undefined ? undefined : byName.get(source.version);
    if (route.kind !== 'doc' || !route.doc || !source || !version) continue;
    route.doc.version = version.name;
    route.doc.versionLinks = versions.flatMap((v) => {
      const to = pathsById.get(v.name)?.get(source.id) ?? firstPath.get(v.name);
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
