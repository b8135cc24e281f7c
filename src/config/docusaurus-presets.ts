import path from 'node:path';
import { CODES, report, type Diagnostic } from '../diagnostics.ts';
import { importTypeScript, resolveFrom } from '../import-ts.ts';
import { isKnownPreset, presetPackage } from './docusaurus.ts';

/**
 * A preset quire does not know by name (a third-party one, such as a company's wrapper of the classic preset), read
 * as Docusaurus reads every preset (`@docusaurus/core` server/plugins/presets.ts): its module, resolved from the
 * config file with Docusaurus's name patterns, is a function of the site's context and the preset's options that
 * returns the plugins and themes it stands for. What it gives to the classic preset's parts (the docs, blog and
 * pages plugins, the classic theme, the sitemap and analytics plugins) is read as the classic preset's options
 * would be; the other plugins and themes it adds are named in the warning of unread settings, and the themes are
 * returned so that their components can be found (`@theme/…`).
 */

type Raw = Record<string, unknown>;
const isObject = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The classic preset's options by the package each is handed to (the classic preset's own index.ts). */
const CLASSIC_PARTS: ReadonlyMap<string, string> = new Map([
  ['@docusaurus/plugin-content-docs', 'docs'],
  ['@docusaurus/plugin-content-blog', 'blog'],
  ['@docusaurus/plugin-content-pages', 'pages'],
  ['@docusaurus/theme-classic', 'theme'],
  ['@docusaurus/plugin-sitemap', 'sitemap'],
  ['@docusaurus/plugin-google-tag-manager', 'googleTagManager'],
  ['@docusaurus/plugin-google-gtag', 'gtag'],
  ['@docusaurus/plugin-google-analytics', 'googleAnalytics'],
  ['@docusaurus/plugin-debug', 'debug'],
]);

/**
 * Plugins and themes a preset may add whose work quire does itself from the rest of the config: the Algolia
 * search theme (read from `themeConfig.algolia`) and the Sass plugin (quire compiles `.scss` with the project's
 * `sass`).
 */
const DONE_BY_QUIRE = new Set(['@docusaurus/theme-search-algolia', 'docusaurus-plugin-sass']);

export interface ExpandedPresets {
  /** The config with each read preset's options replaced by the classic preset's options it amounts to. */
  raw: unknown;
  /** By preset index: what it adds that quire does not run, for the warning of unread settings ('' for nothing). */
  adds: ReadonlyMap<number, string>;
  /**
   * The component folders of the themes the presets add (each theme's `getThemePath()`, project-relative), in
   * Docusaurus's order: a later theme's component shadows an earlier one's, the project's `src/theme/` all of them.
   */
  themeFolders: string[];
  diagnostics: Diagnostic[];
  /** The files the presets' code was read from (and their themes'): an edit to one loads the config again in quire dev. */
  inputs: string[];
}

/** `require.resolve` from the config file: a module's file, or undefined. */
type Resolve = (name: string) => string | undefined;

/** One plugin or theme of a preset's answer, as Docusaurus normalises them: a name or a function, with options. */
interface Part {
  name?: string;
  file?: string;
  fn?: (...args: unknown[]) => unknown;
  options: unknown;
}

/**
 * Runs each preset of `raw.presets` that is neither the classic preset nor a wrapper quire reads by name, and
 * gives the config back with that preset's options as the classic preset's (`presets.<i>.1.docs` stays where the
 * project wrote it, so diagnostics name the key as written). A preset that cannot be found stays unread and named;
 * one that throws is error Q001 at its key.
 */
export async function expandPresets(raw: unknown, root: string, file: string): Promise<ExpandedPresets> {
  const none: ExpandedPresets = { raw, adds: new Map(), themeFolders: [], diagnostics: [], inputs: [] };
  if (!isObject(raw) || !Array.isArray(raw.presets)) return none;
  const configFile = path.resolve(root, file);
  const resolve = (name: string) => resolveFrom(configFile, name);
  const presets = [...(raw.presets as unknown[])];
  const adds = new Map<number, string>();
  const themeFolders: string[] = [];
  const diagnostics: Diagnostic[] = [];
  const inputs: string[] = [];
  for (const [i, entry] of presets.entries()) {
    const name: unknown = Array.isArray(entry) ? entry[0] : entry;
    if (typeof name !== 'string' || isKnownPreset(presetPackage(name))) continue;
    const module = resolveModule(name, 'preset', resolve);
    if (!module) continue;
    const options: unknown = Array.isArray(entry) ? (entry[1] ?? {}) : {};
    let answer: unknown;
    try {
      // Run as Docusaurus's loader runs it: CommonJS or ESM, with Node's globals (`require.resolve`, `__dirname`).
      const { value: loaded, inputs: read } = await importTypeScript(module, { nodeGlobals: true });
      inputs.push(...read);
      const fn = isObject(loaded) && 'default' in loaded ? loaded.default : loaded;
      if (typeof fn !== 'function') continue;
      answer = await inProduction(() => fn(presetContext(raw, root, configFile), options));
    } catch (e) {
      diagnostics.push(
        report(
          CODES.CONFIG_LOAD,
          'presetFailed',
          { keyPath: `presets.${i}`, name, reason: e instanceof Error ? e.message : String(e) },
          { file, keyPath: `presets.${i}` },
        ),
      );
      continue;
    }
    const answered = isObject(answer) ? answer : {};
    const plugins = listOf(answered.plugins).map((p) => partOf(p, 'plugin', resolve));
    const presetThemes = listOf(answered.themes).map((p) => partOf(p, 'theme', resolve));
    presets[i] = [name, classicOptions([...plugins, ...presetThemes], options)];
    adds.set(i, addedNames([...plugins, ...presetThemes]));
    for (const theme of presetThemes) {
      if (!theme.name || !theme.file || CLASSIC_PARTS.has(theme.name) || DONE_BY_QUIRE.has(theme.name)) continue;
      const folder = await themeFolder(theme, presetContext(raw, root, configFile), inputs);
      if (folder) themeFolders.push(path.relative(root, folder).split(path.sep).join('/'));
    }
  }
  if (adds.size === 0) return { ...none, diagnostics, inputs };
  return { raw: { ...raw, presets }, adds, themeFolders, diagnostics, inputs };
}

/**
 * Where a theme keeps its components: its plugin's `getThemePath()`, resolved from the theme's module as Docusaurus
 * resolves it; none for a theme without one, or one whose code fails (its components are then not found, and a
 * page importing one gets Q039 there).
 */
async function themeFolder(theme: Part, context: Raw, inputs: string[]): Promise<string | undefined> {
  try {
    const { value, inputs: read } = await importTypeScript(theme.file!, { nodeGlobals: true });
    inputs.push(...read);
    const fn = isObject(value) && 'default' in value ? value.default : value;
    if (typeof fn !== 'function') return undefined;
    const plugin: unknown = await inProduction(() => fn(context, theme.options ?? {}));
    const at = isObject(plugin) && typeof plugin.getThemePath === 'function' ? plugin.getThemePath() : undefined;
    return typeof at === 'string' ? path.resolve(path.dirname(theme.file!), at) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The classic preset's options a preset's plugins amount to: each classic part's options (a part it leaves out is
 * `false`, as the classic preset reads it), beside the preset's own options of other names, which stay to be named.
 */
function classicOptions(parts: Part[], given: unknown): Raw {
  const out: Raw = {};
  if (isObject(given)) for (const [key, value] of Object.entries(given)) if (![...CLASSIC_PARTS.values()].includes(key)) out[key] = value;
  for (const key of ['docs', 'blog', 'pages']) out[key] = false;
  for (const part of parts) {
    const key = part.name === undefined ? undefined : CLASSIC_PARTS.get(part.name);
    // A second instance of a content plugin (its own `id`) is not the preset's: it is named with the additions.
    if (key === undefined || (isObject(part.options) && part.options.id !== undefined && part.options.id !== 'default')) continue;
    const content = key === 'docs' || key === 'blog' || key === 'pages';
    // A content plugin given no options runs with its defaults; another part's options are read only where given.
    if (content && out[key] === false) out[key] = part.options ?? {};
    else if (!content && out[key] === undefined && part.options !== undefined) out[key] = part.options;
  }
  return out;
}

/** The names of the plugins and themes a preset adds beside the classic parts, for the warning. */
function addedNames(parts: Part[]): string {
  const names = parts.flatMap((part) => {
    if (part.name !== undefined) {
      const key = CLASSIC_PARTS.get(part.name);
      const second = isObject(part.options) && part.options.id !== undefined && part.options.id !== 'default';
      return (key !== undefined && !second) || DONE_BY_QUIRE.has(part.name) ? [] : [part.name];
    }
    return part.fn?.name ? [`function ${part.fn.name}`] : [];
  });
  // Functions without a name are counted: their plugin's name is known only once they run, which quire does not.
  const unnamed = parts.filter((part) => part.name === undefined && !part.fn?.name).length;
  if (unnamed) names.push(unnamed === 1 ? 'a plugin function' : `${unnamed} plugin functions`);
  return names.join(', ');
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value.filter((entry) => Boolean(entry) && !(Array.isArray(entry) && !entry[0])) : [];
}

/** A plugin or theme entry normalised as Docusaurus's `normalizeShorthand` does, named by its package. */
function partOf(entry: unknown, kind: 'plugin' | 'theme', resolve: Resolve): Part {
  const [target, options] = Array.isArray(entry) ? [entry[0], entry[1]] : [entry, undefined];
  if (typeof target === 'function') return { fn: target as Part['fn'], options };
  if (typeof target !== 'string') return { options };
  const file = resolveModule(target, kind, resolve);
  return { name: file ? packageOf(file, target, resolve) : target, ...(file ? { file } : {}), options };
}

/**
 * The name a plugin's file goes by: its package where the file is the package's main module (`docusaurus-plugin-sass`,
 * whose main is `docusaurus-plugin-sass.js`), else as `presetPackage` reads a path; a file outside `node_modules` by
 * the name written.
 */
function packageOf(file: string, written: string, resolve: Resolve): string {
  const name = presetPackage(file);
  if (name === file) return written;
  const pkg = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0]!;
  return pkg !== name && resolve(pkg) === file ? pkg : name;
}

/**
 * A module's file as Docusaurus finds a preset, plugin or theme by name (`moduleShorthand.ts`): the name itself,
 * then `@docusaurus/<kind>-<name>` and `docusaurus-<kind>-<name>` (for a scope, `@scope/docusaurus-<kind>-<name>`).
 */
function resolveModule(name: string, kind: string, resolve: Resolve): string | undefined {
  let patterns: string[];
  if (path.isAbsolute(name) || name.startsWith('.')) patterns = [name];
  else if (name.startsWith('@')) {
    const [scope, rest] = name.split(/\/(.*)/s);
    patterns = rest ? [name, `${scope}/docusaurus-${kind}-${rest}`] : [`${name}/docusaurus-${kind}`];
  } else patterns = [name, `@docusaurus/${kind}-${name}`, `docusaurus-${kind}-${name}`];
  for (const pattern of patterns) {
    const file = resolve(pattern);
    if (file !== undefined) return file;
  }
  return undefined;
}

/**
 * Runs `fn` with NODE_ENV as `docusaurus build` sets it: presets choose their plugins by it (the classic preset
 * adds its debug plugin outside production, its sitemap only in it).
 */
async function inProduction<T>(fn: () => T): Promise<Awaited<T>> {
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    return await fn();
  } finally {
    if (before === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = before;
  }
}

/** The parts of Docusaurus's LoadContext a preset reads, with the config's defaults Docusaurus fills in. */
function presetContext(raw: Raw, root: string, configFile: string): Raw {
  const i18n = isObject(raw.i18n) ? raw.i18n : {};
  const defaultLocale = typeof i18n.defaultLocale === 'string' ? i18n.defaultLocale : 'en';
  const siteConfig = {
    ...raw,
    themeConfig: isObject(raw.themeConfig) ? raw.themeConfig : {},
    plugins: Array.isArray(raw.plugins) ? raw.plugins : [],
    themes: Array.isArray(raw.themes) ? raw.themes : [],
    presets: raw.presets,
    customFields: isObject(raw.customFields) ? raw.customFields : {},
  };
  return {
    siteDir: root,
    siteConfig,
    siteConfigPath: configFile,
    generatedFilesDir: path.join(root, '.docusaurus'),
    outDir: path.join(root, 'build'),
    baseUrl: typeof raw.baseUrl === 'string' ? raw.baseUrl : '/',
    i18n: {
      defaultLocale,
      locales: Array.isArray(i18n.locales) ? i18n.locales : [defaultLocale],
      currentLocale: defaultLocale,
      localeConfigs: isObject(i18n.localeConfigs) ? i18n.localeConfigs : {},
      path: typeof i18n.path === 'string' ? i18n.path : 'i18n',
    },
    localizationDir: path.join(root, typeof i18n.path === 'string' ? i18n.path : 'i18n', defaultLocale),
    codeTranslations: {},
  };
}
