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
