/**
 * The docs' versions (config `docs.versions`, Docusaurus's versioned docs), for load, plan and the theme alike. A
 * site that lists none has one: `docs.version`, read from `layout.docs` and served at the docs' route base.
 */

/** One version of the docs, as the config gives it (config/schema.ts `docsVersion`). */
export interface DocsVersionInfo {
  name: string;
  label: string;
  path: string;
  dir: string;
  sidebarPath: string | null;
  banner: 'none' | 'unreleased' | 'unmaintained';
  badge: boolean;
  noIndex: boolean;
  isLast: boolean;
}

/** The part of the site config the versions come from (structural, as src/shared/ imports no stage's types). */
export interface VersionedConfig {
  docs: { version: { name: string; label: string }; versions: DocsVersionInfo[]; sidebarPath: string | null };
  layout: { docs: string };
}

/** Every version in the dropdown's order; a site without versions has its one. */
export function docsVersionsOf(config: VersionedConfig): DocsVersionInfo[] {
  if (config.docs.versions.length) return config.docs.versions;
  const { name, label } = config.docs.version;
  return [
    {
      name,
      label,
      path: '',
      dir: config.layout.docs,
      sidebarPath: config.docs.sidebarPath,
      banner: 'none',
      badge: false,
      noIndex: false,
      isLast: true,
    },
  ];
}

/** The version served at the docs' route base: the one whose pages are searched and navbar doc links lead to. */
export function lastDocsVersion(config: VersionedConfig): DocsVersionInfo {
  const all = docsVersionsOf(config);
  return all.find((v) => v.isLast) ?? all[0];
}

/** The version a docs file (project-relative path) belongs to: the one whose folder holds it, the deepest first. */
export function versionOfFile(config: VersionedConfig, file: string): DocsVersionInfo | undefined {
  let found: DocsVersionInfo | undefined;
  for (const v of docsVersionsOf(config)) {
    const dir = v.dir === '.' ? '' : `${v.dir.replace(/\/+$/, '')}/`;
    if (file.startsWith(dir) && (!found || dir.length > found.dir.length)) found = v;
  }
  return found;
}

/**
 * The part of the site config a docs instance is read from (structural, see VersionedConfig): `docs.instances` and
 * their folders in `layout.docsInstances`, by id.
 */
export interface InstancedConfig {
  docs: {
    routeBasePath: string;
    sidebarPath: string | null;
    noSidebar: boolean;
    sidebarCollapsed: boolean;
    mainDocId: string | null;
    versions: unknown[];
    instances: {
      id: string;
      routeBasePath: string;
      sidebarPath: string | null;
      noSidebar: boolean;
      sidebarCollapsed?: boolean;
      editUrl?: string;
      editUrls?: Record<string, string | null>;
      showLastUpdateTime: boolean;
      showLastUpdateAuthor: boolean;
    }[];
  };
  layout: {
    docs: string;
    docsFiles: { include: readonly string[]; exclude: readonly string[] };
    docsTags: string | null;
    versioned: unknown;
    docsInstances: { id: string; dir: string; files: { include: string[]; exclude: string[] }; tags: string | null }[];
  };
}

/**
 * The config as one docs instance's docs see it (Docusaurus's multi-instance docs,
 * https://docusaurus.io/docs/docs-multi-instance): its folder, include and exclude, tags file, sidebar file,
 * route base, edit and last-update settings, one version and no other instances; so every rule for "the docs" (ids,
 * URLs, sidebars, category files, generated index pages, tag pages) applies to it unchanged. Undefined for an id the
 * config has no instance of.
 */
export function instanceConfig<C extends InstancedConfig>(config: C, id: string): C | undefined {
  const own = config.docs.instances.find((i) => i.id === id);
  const files = config.layout.docsInstances.find((i) => i.id === id);
  if (!own || !files) return undefined;
  const { id: _id, sidebarCollapsed, ...rest } = own;
  return {
    ...config,
    docs: {
      ...config.docs,
      ...rest,
      editUrl: own.editUrl,
      editUrls: own.editUrls,
      sidebarCollapsed: sidebarCollapsed ?? config.docs.sidebarCollapsed,
      // Docusaurus needs no doc at an instance's root.
      mainDocId: null,
      versions: [],
      editCurrentVersion: false,
      instances: [],
    },
    layout: { ...config.layout, docs: files.dir, docsFiles: files.files, docsTags: files.tags, versioned: null, docsInstances: [] },
  };
}

/** The docs instance (its id) whose folder holds a project-relative file, if any: the deepest folder first. */
export function instanceOfFile(config: InstancedConfig, file: string): string | undefined {
  let found: { id: string; dir: string } | undefined;
  for (const d of config.layout.docsInstances) {
    const dir = `${d.dir.replace(/^\.\/|\/+$/g, '')}/`;
    if (file.startsWith(dir) && (!found || dir.length > found.dir.length)) found = { id: d.id, dir };
  }
  return found?.id;
}
