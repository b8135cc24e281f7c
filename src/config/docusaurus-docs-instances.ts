import { CODES, report, type Diagnostic } from '../diagnostics.ts';
import { closestName } from '../shared/text.ts';

type Raw = Record<string, unknown>;

/** One docs plugin instance of a Docusaurus config: its id, its routeBasePath and the key path it is set at. */
export interface DocsInstance {
  id: string;
  routeBasePath: string;
  /** The key path of the instance's options: `presets.0.1.docs` or `plugins.2.1` (`plugins.2` for a bare name). */
  at: string;
  /** The options the config gives (the others are Docusaurus's defaults). */
  given: { id: boolean; routeBasePath: boolean };
}

const DOCS_PLUGIN = /^(@docusaurus\/plugin-content-docs|docusaurus-plugin-content-docs|content-docs)$/;

const isObject = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);

const basePath = (value: unknown): string => (typeof value === 'string' ? value.replace(/^\/+|\/+$/g, '') : 'docs');

const instance = (options: Raw, at: string): DocsInstance => ({
  id: typeof options.id === 'string' ? options.id : 'default',
  routeBasePath: basePath(options.routeBasePath),
  at,
  given: { id: options.id !== undefined, routeBasePath: options.routeBasePath !== undefined },
});

/**
 * The docs instances a Docusaurus config declares: the classic preset's `docs` (unless `false`) and each
 * `@docusaurus/plugin-content-docs` in `plugins`, with Docusaurus's defaults (id `default`, routeBasePath `docs`;
 * https://docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-docs#configuration).
 */
export function docsInstances(raw: Raw, preset: string): DocsInstance[] {
  const out: DocsInstance[] = [];
  const presetOptions = preset && Array.isArray(raw.presets) ? (raw.presets as unknown[])[Number(preset.split('.')[1])] : undefined;
  const docs = Array.isArray(presetOptions) && isObject(presetOptions[1]) ? presetOptions[1].docs : undefined;
  if (preset && docs !== false && docs !== null) {
    out.push(instance(isObject(docs) ? docs : {}, `${preset}.1.docs`));
  }
  (Array.isArray(raw.plugins) ? (raw.plugins as unknown[]) : []).forEach((entry, i) => {
    const [name, options] = Array.isArray(entry) ? entry : [entry, undefined];
    if (typeof name !== 'string' || !DOCS_PLUGIN.test(name)) return;
    out.push(instance(isObject(options) ? options : {}, Array.isArray(entry) ? `plugins.${i}.1` : `plugins.${i}`));
  });
  return out;
}

/**
 * Errors for docs instances that Docusaurus refuses too: two with the same id or the same routeBasePath (their pages
 * would share URLs), and a navbar item whose `docsPluginId` names no instance. Each at its config key.
 */
export function docsInstanceProblems(raw: Raw, preset: string, file: string): Diagnostic[] {
  const instances = docsInstances(raw, preset);
  const diagnostics: Diagnostic[] = [];
  for (const key of ['id', 'routeBasePath'] as const) {
    const seen = new Map<string, DocsInstance>();
    for (const item of instances) {
      const first = seen.get(item[key]);
      if (!first) {
        seen.set(item[key], item);
        continue;
      }
      const keyPath = item.given[key] ? `${item.at}.${key}` : item.at;
      diagnostics.push(
        report(CODES.CONFIG_INVALID, 'docsInstanceClash', { keyPath, key, value: item[key], first: first.at }, { file, keyPath }),
      );
    }
  }
  // quire builds the docs folder as the default instance even where no preset declares it: "default" is always known.
  const ids = [...new Set(['default', ...instances.map((item) => item.id)])];
  const navbar = isObject(raw.themeConfig) && isObject(raw.themeConfig.navbar) ? raw.themeConfig.navbar : {};
  const visit = (items: unknown, at: string): void => {
    if (!Array.isArray(items)) return;
    items.forEach((item, i) => {
      if (!isObject(item)) return;
      const here = `${at}.${i}`;
      const plugin = item.docsPluginId;
      if (plugin !== undefined && (typeof plugin !== 'string' || !ids.includes(plugin))) {
        const keyPath = `${here}.docsPluginId`;
        const name = String(plugin);
        diagnostics.push(
          report(CODES.CONFIG_INVALID, 'unknownDocsPlugin', { keyPath, name, ids, meant: closestName(name, ids) }, { file, keyPath }),
        );
      }
      for (const sub of ['items', 'dropdownItemsBefore', 'dropdownItemsAfter']) visit(item[sub], `${here}.${sub}`);
    });
  };
  visit(navbar.items, 'themeConfig.navbar.items');
  return diagnostics;
}
