import { docsVersionsOf, instanceConfig, type DocsVersionInfo } from '../../src/shared/doc-versions.ts';
import { isGeneratedIndexId } from '../../src/shared/doc-paths.ts';
import { withBase } from '../../src/shared/route-match.ts';
import type { Route, SidebarItem, Site } from '../../src/types.ts';

/**
 * The global data of Docusaurus's docs plugin (`useGlobalData()['docusaurus-plugin-content-docs'][id]`: `default`
 * for the site's docs, each docs instance's under its own id), in its shape (`GlobalPluginData` of
 * `@docusaurus/plugin-content-docs/client`), made from the planned site, and the functions its client hooks answer
 * with. Paths carry the base path, as Docusaurus's do; a doc's path ends in `/` as quire's pages do (Docusaurus's
 * `trailingSlash: true`).
 */

/** A sidebar's first link (Docusaurus's `GlobalSidebar`): where the navbar's sidebar item leads. */
export interface GlobalSidebar {
  link?: { label: string; path: string };
}
export interface GlobalDoc {
  id: string;
  path: string;
  sidebar?: string;
  unlisted?: boolean;
}
export interface GlobalVersion {
  name: string;
  label: string;
  isLast: boolean;
  path: string;
  mainDocId: string;
  docs: GlobalDoc[];
  draftIds: string[];
  sidebars: Record<string, GlobalSidebar>;
}
export interface GlobalPluginData {
  path: string;
  versions: GlobalVersion[];
  breadcrumbs: boolean;
}

/** The docs plugin's name in the global data, and the id of the site's own docs (the preset's docs plugin). */
export const DOCS_PLUGIN = 'docusaurus-plugin-content-docs';
export const DEFAULT_PLUGIN_ID = 'default';

/** A site path without its trailing slash, as Docusaurus writes plugin and version paths (`/docs`, `/docs/next`). */
const bare = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

const cache = new WeakMap<Site, Record<string, Record<string, unknown>>>();

/**
 * `useGlobalData()`: each plugin's data by plugin name, then by instance id: the site's docs as `default`, each docs
 * instance with docs under its id. Docusaurus's blog keeps none.
 */
export function globalData(site: Site): Record<string, Record<string, unknown>> {
  const hit = cache.get(site);
  if (hit) return hit;
  const ids = new Set<string>();
  for (const r of site.routes) if (r.kind === 'doc') ids.add(r.doc?.instance ?? DEFAULT_PLUGIN_ID);
  const docs = Object.fromEntries([...ids].map((id) => [id, docsGlobalData(site, id === DEFAULT_PLUGIN_ID ? undefined : id)]));
  const value: Record<string, Record<string, unknown>> = ids.size ? { [DOCS_PLUGIN]: docs } : {};
  cache.set(site, value);
  return value;
}

/**
 * The sidebars of one docs plugin by the names its docs give them: Site.sidebars names a docs instance's sidebars
 * with the instance's id first (plan/versions.ts instanceSidebarName); the site's docs own every other one.
 */
function sidebarsOf(site: Site, instance: string | undefined): Record<string, SidebarItem[]> {
  const all = site.sidebars ?? (site.sidebarName ? { [site.sidebarName]: site.sidebar } : {});
  const prefixes = site.config.docs.instances.map((i) => `${i.id}/`);
  if (instance === undefined) return Object.fromEntries(Object.entries(all).filter(([name]) => !prefixes.some((p) => name.startsWith(p))));
  const prefix = `${instance}/`;
  return Object.fromEntries(
    Object.entries(all)
      .filter(([name]) => name.startsWith(prefix))
      .map(([name, items]) => [name.slice(prefix.length), items]),
  );
}

/** The sidebar's name a doc is in: the one its route names, else the site's one sidebar when it is listed there. */
function sidebarOf(site: Site, route: Route, version: DocsVersionInfo): string | undefined {
  const name = route.doc?.sidebar ?? (route.doc?.inSidebar ? site.sidebarName : undefined);
  if (name === undefined) return undefined;
  // Site.sidebars names an older version's sidebars with the version's name first (plan/versions.ts sidebarName),
  // and a docs instance's with the instance's id first.
  if (route.doc?.instance !== undefined) return name.replace(`${route.doc.instance}/`, '');
  return !version.isLast ? name.replace(`${version.name}/`, '') : name;
}

const pluginCache = new WeakMap<Site, Map<string | undefined, GlobalPluginData>>();

/** The first page a sidebar leads to: its first doc, or its first category with a page of its own. */
function firstLink(items: SidebarItem[], base: string): GlobalSidebar['link'] {
  for (const item of items) {
    if (item.type === 'doc') return { label: item.label, path: withBase(base, item.path) };
    if (item.type === 'category') {
      if (item.path) return { label: item.label, path: withBase(base, item.path) };
      const inner = firstLink(item.items, base);
      if (inner) return inner;
    }
  }
  return undefined;
}

/**
 * A docs plugin's data (the site's docs, or the docs instance `instance`): its route base, every version in the
 * dropdown's order (current first) and `breadcrumbs`.
 */
export function docsGlobalData(site: Site, instance?: string): GlobalPluginData {
  let byInstance = pluginCache.get(site);
  if (!byInstance) pluginCache.set(site, (byInstance = new Map()));
  const hit = byInstance.get(instance);
  if (hit) return hit;
  const value = pluginData(site, instance);
  byInstance.set(instance, value);
  return value;
}

/** The config as a docs plugin's docs see it: the site's, or a docs instance's (its folder, route base, one version). */
function pluginConfig(site: Site, instance: string | undefined): Site['config'] {
  return (instance === undefined ? undefined : instanceConfig(site.config, instance)) ?? site.config;
}

function pluginData(site: Site, instance: string | undefined): GlobalPluginData {
  const config = pluginConfig(site, instance);
  const base = config.baseUrl;
  const pluginPath = bare(withBase(base, `/${config.docs.routeBasePath}/`.replace(/\/+/g, '/')));
  const all = docsVersionsOf(config);
  const versioned = config.docs.versions.length > 0;
  const docRoutes = site.routes.filter((r) => r.kind === 'doc' && r.doc && r.doc.instance === instance && !isGeneratedIndexId(r.doc.id));
  const sidebars = sidebarsOf(site, instance);
  const versions = all.map((version): GlobalVersion => {
    const path = bare(withBase(base, `/${[config.docs.routeBasePath, version.path].filter(Boolean).join('/')}/`.replace(/\/+/g, '/')));
    const routes = docRoutes.filter(
      (r) => !versioned || (r.doc?.version ?? site.docVersions?.find((v) => v.isLast)?.name) === version.name,
    );
    const docs = routes.map((r): GlobalDoc => {
      const sidebar = sidebarOf(site, r, version);
      return {
        id: r.doc!.id,
        path: withBase(base, r.path),
        ...(sidebar !== undefined ? { sidebar } : {}),
        ...(r.isUnlisted ? { unlisted: true } : {}),
      };
    });
    const own = Object.entries(sidebars).filter(([name]) =>
      version.isLast ? !all.some((o) => !o.isLast && name.startsWith(`${o.name}/`)) : name.startsWith(`${version.name}/`),
    );
    const globalSidebars = Object.fromEntries(
      own.map(([name, items]) => {
        const link = firstLink(items, base);
        return [version.isLast ? name : name.slice(version.name.length + 1), link ? { link } : {}];
      }),
    );
    return {
      name: version.name,
      label: version.label,
      isLast: version.isLast,
      path,
      mainDocId: mainDocId(docs, path, own[0]?.[1]),
      docs,
      draftIds: version.isLast ? [...((instance === undefined ? site.docDraftIds : site.instanceDraftIds?.[instance]) ?? [])] : [],
      sidebars: globalSidebars,
    };
  });
  return { path: pluginPath, versions, breadcrumbs: config.docs.breadcrumbs };
}

/**
 * Docusaurus's rule for a version's main doc: the doc at the version's root, else the first doc of its first
 * sidebar, else its first doc.
 */
function mainDocId(docs: GlobalDoc[], versionPath: string, firstSidebar: SidebarItem[] | undefined): string {
  const atRoot = docs.find((d) => bare(d.path) === versionPath);
  if (atRoot) return atRoot.id;
  const firstDoc = (items: SidebarItem[]): string | undefined => {
    for (const item of items) {
      if (item.type === 'doc') return item.id;
      if (item.type === 'category') {
        const inner = firstDoc(item.items);
        if (inner) return inner;
      }
    }
    return undefined;
  };
  return (firstSidebar && firstDoc(firstSidebar)) ?? docs[0]?.id ?? '';
}

/** react-router's `matchPath` as Docusaurus calls it here: the path, or (not exact) a path under it. */
function matches(pathname: string, path: string, exact: boolean): boolean {
  const a = bare(pathname);
  const b = bare(path);
  if (a === b) return true;
  return !exact && (b === '/' || a.startsWith(`${b}/`));
}

/** `useActivePlugin()`: the docs plugin whose pages hold the path (Docusaurus's `getActivePlugin`). */
export function activePlugin(
  all: Record<string, GlobalPluginData>,
  pathname: string,
  options: { failfast?: boolean } = {},
): { pluginId: string; pluginData: GlobalPluginData } | undefined {
  const entry = Object.entries(all)
    .sort((a, b) => b[1].path.localeCompare(a[1].path))
    .find(([, data]) => matches(pathname, data.path, false));
  if (!entry && options.failfast)
    throw new Error(
      `Can't find active docs plugin for "${pathname}" pathname, while it was expected to be found. Existing docs plugin paths are: ${Object.values(
        all,
      )
        .map((p) => p.path)
        .join(', ')}`,
    );
  return entry ? { pluginId: entry[0], pluginData: entry[1] } : undefined;
}

/** `useLatestVersion()`: the last version (the one served at the docs' route base). */
export const latestVersion = (data: GlobalPluginData): GlobalVersion => data.versions.find((v) => v.isLast) ?? data.versions[0];

/** `useActiveVersion()`: the version whose pages hold the path, the deepest first and the root last. */
export function activeVersion(data: GlobalPluginData, pathname: string): GlobalVersion | undefined {
  const ordered = [...data.versions].sort((a, b) => (a.path === '/' ? 1 : b.path === '/' ? -1 : b.path.length - a.path.length));
  return ordered.find((v) => matches(pathname, v.path, false));
}

/** `useActiveDocContext()`: the active version, the doc at the path, and that doc in every version that has it. */
export function activeDocContext(
  data: GlobalPluginData,
  pathname: string,
): { activeVersion?: GlobalVersion; activeDoc?: GlobalDoc; alternateDocVersions: Record<string, GlobalDoc> } {
  const version = activeVersion(data, pathname);
  const doc = version?.docs.find((d) => matches(pathname, d.path, true));
  const alternateDocVersions: Record<string, GlobalDoc> = {};
  if (doc) for (const v of data.versions) for (const d of v.docs) if (d.id === doc.id) alternateDocVersions[v.name] = d;
  return { activeVersion: version, activeDoc: doc, alternateDocVersions };
}

/** A doc as `useDocById()` gives it (Docusaurus's `PropVersionDoc`). */
export interface VersionDoc {
  id: string;
  title: string;
  description?: string;
  sidebar?: string;
}

const versionCache = new WeakMap<Site, Map<string, Record<string, unknown>>>();

/**
 * `useDocsVersion()` on a doc page: its version's metadata (Docusaurus's `PropVersionMetadata`), with every doc of
 * the version by id and its sidebars as components get them (`sidebarItems` gives those). Made once per version.
 */
export function docsVersionMetadata(
  site: Site,
  route: Route,
  sidebarItems: (items: SidebarItem[]) => unknown[],
): Record<string, unknown> & { version: string; docs: Record<string, VersionDoc> } {
  const instance = route.doc?.instance;
  const data = docsGlobalData(site, instance);
  const versionName = route.doc?.version ?? latestVersion(data).name;
  let byVersion = versionCache.get(site);
  if (!byVersion) versionCache.set(site, (byVersion = new Map()));
  const key = `${instance ?? ''}\n${versionName}`;
  const hit = byVersion.get(key);
  if (hit) return hit as ReturnType<typeof docsVersionMetadata>;
  const global = data.versions.find((v) => v.name === versionName) ?? latestVersion(data);
  const info = docsVersionsOf(pluginConfig(site, instance)).find((v) => v.name === global.name);
  const docs: Record<string, VersionDoc> = {};
  for (const r of site.routes) {
    if (r.kind !== 'doc' || !r.doc || r.doc.instance !== instance || isGeneratedIndexId(r.doc.id)) continue;
    if ((r.doc.version ?? latestVersion(data).name) !== global.name) continue;
    const sidebar = global.docs.find((d) => d.id === r.doc!.id)?.sidebar;
    docs[r.doc.id] = {
      id: r.doc.id,
      title: r.title,
      ...(r.description ? { description: r.description } : {}),
      ...(sidebar !== undefined ? { sidebar } : {}),
    };
  }
  const sidebars = sidebarsOf(site, instance);
  const docsSidebars = Object.fromEntries(
    Object.keys(global.sidebars).map((name) => [name, sidebarItems(sidebars[global.isLast ? name : `${global.name}/${name}`] ?? [])]),
  );
  const value = {
    pluginId: instance ?? DEFAULT_PLUGIN_ID,
    version: global.name,
    label: global.label,
    banner: info && info.banner !== 'none' ? info.banner : null,
    badge: info?.badge ?? false,
    noIndex: info?.noIndex ?? false,
    className: `docs-version-${global.name}`,
    isLast: global.isLast,
    docsSidebars,
    docs,
  };
  byVersion.set(key, value);
  return value;
}

/**
 * `useDoc()` on a doc page (Docusaurus's `DocContextValue`): its metadata, front matter, table of contents and
 * title. `lastUpdatedAt` is in milliseconds, as Docusaurus 3 gives it.
 */
export function docContent(site: Site, route: Route): Record<string, unknown> {
  const compiled = route.compiledIndex === undefined ? undefined : site.compiled[route.compiledIndex];
  if (!compiled || !route.doc) throw new Error(`useDoc() was called on ${route.path}, which is not a doc page.`);
  const base = site.config.baseUrl;
  const link = (l: { label: string; path: string } | undefined) => l && { title: l.label, permalink: withBase(base, l.path) };
  const { instance } = route.doc;
  const config = pluginConfig(site, instance);
  const data = docsGlobalData(site, instance);
  const version = route.doc.version ?? latestVersion(data).name;
  const global = data.versions.find((v) => v.name === version);
  const sidebar = global?.docs.find((d) => d.id === route.doc!.id)?.sidebar;
  const info = docsVersionsOf(config).find((v) => v.name === version);
  const { frontMatter } = compiled.source;
  const file = compiled.source.file;
  const updatedAt = route.editMeta?.lastUpdatedAt;
  const metadata = {
    id: route.doc.id,
    title: compiled.title,
    description: compiled.description,
    source: `@site/${file}`,
    sourceDirName: dirName(file, info?.dir ?? config.layout.docs),
    slug:
      withBase(base, route.path)
        .slice(global && global.path !== '/' ? global.path.length : 0)
        .replace(/(.)\/$/, '$1') || '/',
    permalink: withBase(base, route.path),
    draft: false,
    unlisted: route.isUnlisted,
    ...(route.editMeta?.editUrl ? { editUrl: route.editMeta.editUrl } : {}),
    tags: (route.doc.tags ?? []).map((t) => ({ label: t.label, permalink: withBase(base, t.path) })),
    version,
    ...(updatedAt ? { lastUpdatedAt: Date.parse(updatedAt) } : {}),
    ...(route.editMeta?.lastUpdatedBy ? { lastUpdatedBy: route.editMeta.lastUpdatedBy } : {}),
    frontMatter,
    ...(typeof frontMatter.sidebar_position === 'number' ? { sidebarPosition: frontMatter.sidebar_position } : {}),
    ...(sidebar !== undefined ? { sidebar } : {}),
    ...(route.doc.prev ? { previous: link(route.doc.prev) } : {}),
    ...(route.doc.next ? { next: link(route.doc.next) } : {}),
  };
  return {
    metadata,
    frontMatter,
    assets: {},
    ...(compiled.hasTitleHeading ? { contentTitle: compiled.headings.find((h) => h.depth === 1)?.text } : {}),
    toc: compiled.toc.map((h) => ({ value: h.text, id: h.id, level: h.depth })),
  };
}

/** A doc's folder within its docs folder (Docusaurus's `sourceDirName`): `guides/setup`, or `.` at the top. */
function dirName(file: string, docsDir: string): string {
  const prefix = docsDir === '.' ? '' : `${docsDir.replace(/\/+$/, '')}/`;
  const inner = file.startsWith(prefix) ? file.slice(prefix.length) : file;
  return inner.includes('/') ? inner.slice(0, inner.lastIndexOf('/')) : '.';
}
