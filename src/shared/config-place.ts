/**
 * Where a setting of the site config was written, for diagnostics: the config file, and for a Docusaurus project
 * the key the setting came from there (`navbar.items.1.to` is `themeConfig.navbar.items.1.to` of
 * docusaurus.config.js; an item Docusaurus has but quire leaves out shifts the indices). `keys` maps quire key paths
 * (or their beginnings) to the written ones; the longest beginning that has an entry is taken, the rest kept.
 */
export interface ConfigSource {
  file: string;
  /** None for quire's own config, whose keys are as written. */
  keys?: Readonly<Record<string, string>>;
}

/** The key path as written in the config file. */
export function writtenKey(source: ConfigSource | undefined, keyPath: string): string {
  if (!source?.keys) return keyPath;
  const parts = keyPath.split('.');
  for (let n = parts.length; n > 0; n--) {
    const written = source.keys[parts.slice(0, n).join('.')];
    if (written !== undefined) return [written, ...parts.slice(n)].join('.');
  }
  return keyPath;
}

/** The place of a setting in a diagnostic: the config file and the key path as written there. */
export function configPlace(source: ConfigSource | undefined, keyPath: string): { file: string; keyPath: string } {
  return { file: source?.file ?? 'site.config.ts', keyPath: writtenKey(source, keyPath) };
}
