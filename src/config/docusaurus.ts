import { mapMermaid } from './docusaurus-mermaid.ts';
import { mapClientRedirects } from './docusaurus-redirects.ts';
import { isCodeTheme } from '../shared/code-theme.ts';
import { createHash } from 'node:crypto';
import { type Dirent, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CODES, report, withExcerpt, type Diagnostic } from '../diagnostics.ts';
import { importFailure, importTypeScript, missingPackageOf, standInForMissingPackages, toProjectPath } from '../import-ts.ts';
import { globMatcher } from '../globs.ts';
import { escapeRegExp, lineColumn } from '../shared/text.ts';
import { docsInstanceProblems, docsInstances } from './docusaurus-docs-instances.ts';
import { CONTENT_SECTIONS, classicParts } from './docusaurus-parts.ts';
import { translateConfig } from './docusaurus-i18n.ts';
import type { ProjectHooks, UserConfig } from './schema.ts';
import { swizzledComponents } from './swizzled.ts';

/**
 * A Docusaurus 3 project built as it is (issue 27): its `docusaurus.config.{ts,js,mjs,…}` is read and mapped into
 * quire's config, with the project's layout (docs/, blog/, src/pages/, static/, the sidebar file). Every key quire
 * does not support is named in one warning; nothing after this stage knows the config came from Docusaurus.
 * Reference: https://docusaurus.io/docs/api/docusaurus-config and the classic preset's options
 * (https://docusaurus.io/docs/using-plugins#docusauruspreset-classic).
 */

/** The names Docusaurus looks for, in its order (`@docusaurus/core` server/config.ts). */
export const DOCUSAURUS_CONFIG_FILES = [
  'docusaurus.config.ts',
  'docusaurus.config.mts',
  'docusaurus.config.cts',
  'docusaurus.config.js',
  'docusaurus.config.mjs',
  'docusaurus.config.cjs',
];

/** The project's Docusaurus config file (relative name), if it has one. */
export function findDocusaurusConfig(root: string): string | undefined {
  return DOCUSAURUS_CONFIG_FILES.find((name) => isFile(path.join(root, name)));
}

/** A file name quire reads as a Docusaurus config (also when named with --config). */
export function isDocusaurusConfigFile(file: string): boolean {
  return /^docusaurus\.config\.[cm]?[jt]s$/.test(path.basename(file));
}

/**
 * Runs the Docusaurus config and returns its value (a config object; Docusaurus also accepts a function or a
 * promise of one, see `loadSiteConfig`). Packages it imports that the project has not installed (the template's
 * `prism-react-renderer`, which only gives code themes) stand in as empty values, each with a warning at the
 * import: the keys that use them are among the ones quire does not read.
 */
export async function runDocusaurusConfig(
  root: string,
  file: string,
): Promise<{ value?: unknown; inputs: string[]; diagnostics: Diagnostic[] }> {
  const abs = path.resolve(root, file);
  const missing = new Map<string, { importer: string }>();
  let inputs = [abs];
  let value: unknown;
  try {
    ({ value, inputs } = await importTypeScript(abs, { nodeGlobals: true, plugins: [standInForMissingPackages(root, missing)] }));
    if (typeof value === 'function') value = await (value as () => unknown)();
    else value = await value;
  } catch (e) {
    const failure = importFailure(e, root, file);
    const diagnostic =
      failure.kind === 'compile'
        ? report(CODES.CONFIG_LOAD, 'compile', { text: failure.text }, failure.place)
        : report(CODES.CONFIG_LOAD, 'evaluation', { docusaurus: true, reason: failure.text }, failure.place);
    return { inputs, diagnostics: [diagnostic] };
  }
  const diagnostics: Diagnostic[] = [];
  for (const [name, { importer }] of missing) {
    const text = readText(importer);
    const at = text === undefined ? undefined : new RegExp(`(['"\`])${escapeRegExp(name)}(/[^'"\`]*)?\\1`).exec(text);
    const found = report(
      CODES.CONFIG_LOAD,
      'packageMissing',
      { importer: toProjectPath(root, importer), name },
      { file: toProjectPath(root, importer), ...(at && text ? lineColumn(text, at.index) : {}) },
    );
    diagnostics.push(text === undefined ? found : withExcerpt(found, text));
  }
  return { value, inputs, diagnostics };
}

/** Where the project's parts are, as found in its folder: the layout the mapping fills in. */
export interface DocusaurusLayout {
  root: string;
  /** quire's own interface texts (`locales/`), as a Docusaurus project has none of quire's. */
  quireLocales: string;
  /** The locale being built (`--locale`), when not the default one: its translations are read. */
  locale?: string;
}

/** quire's own folder (holding `locales/`), found from this module's place in the sources or in `lib/`. */
export function quireRoot(): string {
  let at = path.dirname(fileURLToPath(import.meta.url));
  while (!isFile(path.join(at, 'locales', 'en.json')) || !isFile(path.join(at, 'package.json'))) {
    const up = path.dirname(at);
    if (up === at) throw new Error("quire bug: quire's own locales/ folder was not found above " + fileURLToPath(import.meta.url));
    at = up;
  }
  return at;
}

type Raw = Record<string, unknown>;
const isObject = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Config keys that change nothing in the site quire writes: deployment settings for `docusaurus deploy`; Docusaurus's
 * faster bundlers (`future.experimental_faster`, `future.faster` from 3.10). Its v4 flags (`future.v4`) are read by
 * mapMdx1Compat.
 */
const NO_EFFECT = new Set([
  'organizationName',
  'projectName',
  'deploymentBranch',
  'githubHost',
  'githubPort',
  'future.experimental_faster',
  'future.faster',
]);

/** Plugins whose work quire's bundler does itself, given in `plugins`. */
const DONE_BY_BUNDLER: ReadonlySet<unknown> = new Set([
  'docusaurus-plugin-sass',
  '@docusaurus/plugin-svgr',
  'svgr',
  'docusaurus-plugin-svgr',
]);

/** The classic preset under the names Docusaurus accepts for it. */
const CLASSIC_PRESET = new Set(['classic', '@docusaurus/preset-classic', 'docusaurus-preset-classic', '@docusaurus/classic']);

/**
 * Presets that hand their options on to the classic preset and add Markdown plugins and theme components of their
 * own: Meta's `docusaurus-plugin-internaldocs-fb/docusaurus-preset` (metro, mvfst, …) passes every option but its
 * own (`staticDocsProject`, `enableEditor`, …, which stay unread and are named) to `@docusaurus/preset-classic`. quire
 * reads the options as the classic preset's; what the wrapper adds itself (`file=` code snippets, `mermaid` diagrams,
 * its theme, the docs copied to `/_src/`) is named by `adds` in the warning of unread settings.
 */
const CLASSIC_WRAPPERS: ReadonlyMap<string, string> = new Map([
  [
    'docusaurus-plugin-internaldocs-fb/docusaurus-preset',
    'its own remark plugins (code blocks from files with `file=`, `mermaid` diagrams, internal links), theme components and the copy of the docs folder it publishes under /_src/',
  ],
]);

/** Whether quire reads a preset (by its package, see presetPackage) without running it: the classic one or a wrapper of it. */
export function isKnownPreset(pkg: string): boolean {
  return CLASSIC_PRESET.has(pkg) || CLASSIC_WRAPPERS.has(pkg);
}

/**
 * A preset's name as a package path: `require.resolve('x/preset')` gives an absolute file
 * (`…/node_modules/x/preset.js`), read as `x/preset`; a package's main file (`…/@docusaurus/preset-classic/lib/index.js`)
 * as the package's name.
 */
export function presetPackage(name: string): string {
  const slashed = name.split(path.sep).join('/');
  const at = slashed.lastIndexOf('/node_modules/');
  if (at < 0) return name;
  const rest = slashed.slice(at + '/node_modules/'.length).replace(/\.[cm]?js$/, '');
  const parts = rest.split('/');
  const pkgLength = parts[0]?.startsWith('@') ? 2 : 1;
  const pkg = parts.slice(0, pkgLength).join('/');
  const sub = parts.slice(pkgLength).join('/');
  return sub === '' || sub === 'index' || sub === 'lib/index' || sub === 'dist/index' ? pkg : `${pkg}/${sub}`;
}

/**
 * Maps a Docusaurus config object to quire's (not yet validated: `validateConfig` does that next), and names every
 * key it does not read in one warning. Pure apart from looking at which files the project has, so tests can call
 * it on inline objects with a folder of their own.
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one mapping from Docusaurus's keys to quire's, key by key, each marked as read so the rest are named in one warning.
export function mapDocusaurusConfig(
  raw: unknown,
  file: string,
  layout: DocusaurusLayout,
  /**
   * What quire found running presets (src/config/docusaurus-presets.ts): by preset index, what each adds beside
   * the classic parts; the component folders of the themes they add.
   */
  expanded: { adds?: ReadonlyMap<number, string>; themeFolders?: readonly string[] } = {},
): { config?: UserConfig; diagnostics: Diagnostic[]; inputs?: string[]; hooks?: ProjectHooks } {
  if (!isObject(raw)) {
    return {
      diagnostics: [
        report(
          CODES.CONFIG_LOAD,
          'notAnObject',
          { file, got: raw === undefined ? 'nothing' : Array.isArray(raw) ? 'an array' : typeof raw },
          { file },
        ),
      ],
    };
  }
  const used = new Set<string>();
  /** The value at a key path of the Docusaurus config, marked as read. */
  const take = <T = unknown>(keyPath: string): T | undefined => {
    used.add(keyPath);
    let v: unknown = raw;
    for (const key of keyPath.split('.')) v = isObject(v) || Array.isArray(v) ? (v as Raw)[key] : undefined;
    return v as T | undefined;
  };
  const exists = (rel: string) => existsSync(path.resolve(layout.root, rel));
  const relative = (p: string) => {
    const rel = path.relative(layout.root, path.resolve(layout.root, p)).split(path.sep).join('/');
    return rel === '' ? '.' : rel;
  };
  const diagnostics: Diagnostic[] = [];
  for (const key of NO_EFFECT) used.add(key);
  // Where each mapped setting is written in the Docusaurus config, for diagnostics (src/shared/config-place.ts).
  const origins: Record<string, string> = {};
  const origin: Origin = (quire, written) => {
    origins[quire] = written;
  };

  const title = take<string>('title');
  const baseUrl = take<string>('baseUrl');
  const config: Raw = {
    title,
    titleDelimiter: take('titleDelimiter'),
    // Docusaurus's PageMetadata gives og:title the window title, the site's name included.
    socialTitle: 'window',
    // A page without a description of its own has none in Docusaurus (no site-wide default).
    descriptionFallback: 'none',
    // Docusaurus's not-found page is its title and two sentences, with no search, links or button.
    notFoundWayOn: false,
    // Its head names every page's address, the not-found page's too.
    notFoundCanonical: true,
    // Docusaurus's MDXPage draws a Markdown page's table of contents beside it.
    pagesToc: true,
    tagline: take('tagline') ?? '',
    customFields: take('customFields') ?? {},
    headTags: headTags(raw, take, origin),
    url: take('url'),
    baseUrl: typeof baseUrl === 'string' ? `/${baseUrl.replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/') : baseUrl,
    product: { name: typeof title === 'string' && title ? title : 'Site', slug: productSlug(take<string>('projectName') ?? title) },
  };
  // Docusaurus: undefined leaves URLs as linked, true adds the slash; quire always writes `x/index.html` and
  // links with the slash, which both serve. false (`x.html`) is not supported and stays in the warning.
  const trailingSlash = raw.trailingSlash;
  if (trailingSlash !== false) used.add('trailingSlash');
  // Without `trailingSlash: true` Docusaurus links pages without the slash, so a relative link resolves from the parent.
  config.relativeUrls = trailingSlash === true ? 'slash' : 'noSlash';
  // And it names its pages by their permalinks (canonical, sitemap, feeds), which end with a slash only where the slug does.
  config.absoluteUrls = trailingSlash === true ? 'slash' : 'noSlash';
  const favicon = take<string>('favicon');
  if (typeof favicon === 'string') config.favicon = sitePath(favicon);
  for (const key of ['onBrokenLinks', 'onBrokenAnchors'] as const) {
    const v = take(key);
    // Docusaurus's `log` prints and goes on, as quire's `warn` does.
    if (v !== undefined) config[key] = v === 'log' ? 'warn' : v;
  }
  // Two pages at one address: Docusaurus warns and goes on by default (https://docusaurus.io/docs/api/docusaurus-config#onDuplicateRoutes).
  const duplicates = take('onDuplicateRoutes') ?? 'warn';
  config.onDuplicateRoutes = duplicates === 'log' ? 'warn' : duplicates;
  // Docusaurus checks neither the images its config names (icon, logos, social card) nor a page's `image`, nor the
  // files a page's HTML or JSX elements load (`<img src>`; only Markdown images): a missing one is told, and the
  // site still builds, as it does there.
  config.onBrokenSiteImages = 'warn';
  const format = take('markdown.format');
  const emoji = take('markdown.emoji');
  // Docusaurus describes a page without front matter `description` by its first line of text, its headings
  // link to themselves and get ids by its own rules (see markdown.headingIds); its title is a heading it begins with.
  config.markdown = {
    format: format ?? 'mdx',
    description: 'firstLine',
    title: 'leadingHeading',
    newTabLinks: true,
    linksMayHaveBase: true,
    headingLinks: true,
    headingIds: 'docusaurus',
    // On unless the project turns it off, as in Docusaurus (https://docusaurus.io/docs/api/docusaurus-config#markdown).
    emoji: emoji !== false,
    // Docusaurus's Details (@docusaurus/theme-common), which its MDX components draw every `<details>` with.
    detailsSummary: 'Details',
  };
  (config.markdown as Raw).spacedAdmonitionTitles = mapMdx1Compat(take, layout.root);
  const mermaid = mapMermaid(raw as Raw, take, layout.root);
  if (mermaid) (config.markdown as Raw).mermaid = mermaid;
  mapMarkdownHooks(take, used, config);

  // i18n: one site per locale, the default locale's unless --locale names another (see translateConfig below).
  const i18n = isObject(raw.i18n) ? raw.i18n : undefined;
  const defaultLocale = take<string>('i18n.defaultLocale') ?? 'en';
  take('i18n.locales');
  const localeConfigs: Raw = {};
  if (i18n && isObject(i18n.localeConfigs)) {
    for (const [code, own] of Object.entries(i18n.localeConfigs)) {
      if (!isObject(own)) continue;
      const mapped: Raw = {};
      for (const key of ['label', 'direction', 'htmlLang', 'calendar', 'path']) {
        const v = take(`i18n.localeConfigs.${code}.${key}`);
        if (v !== undefined) mapped[key] = v;
      }
      const ownBase = take(`i18n.localeConfigs.${code}.baseUrl`);
      // Written as Docusaurus takes it, with or without the slashes around it.
      if (typeof ownBase === 'string') mapped.baseUrl = `/${ownBase.replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');
      else if (ownBase !== undefined) mapped.baseUrl = ownBase;
      localeConfigs[code] = mapped;
    }
  }
  // A locale with its own base path (Docusaurus 3.9): every locale's is written out, the others' as Docusaurus
  // defaults them (the site's base path for the default locale, `<base><code>/` for the others), so later stages
  // need not know the site's base path once the built locale's replaced it.
  if (Object.values(localeConfigs).some((own) => (own as Raw).baseUrl !== undefined) && typeof config.baseUrl === 'string') {
    const codes = Array.isArray(i18n?.locales) ? i18n.locales.filter((l): l is string => typeof l === 'string') : [];
    for (const code of codes) {
      const own = (localeConfigs[code] ??= {}) as Raw;
      own.baseUrl ??= code === defaultLocale ? config.baseUrl : `${config.baseUrl}${code}/`;
    }
  }
  config.i18n = {
    defaultLocale,
    currentLocale: defaultLocale,
    locales: (i18n?.locales as unknown) ?? [defaultLocale],
    localeConfigs,
    // Docusaurus shows a file without translation as one of the built locale's pages (no notice, the theme's texts
    // in that locale); quire's not-yet-translated notice is for its own layout's content/.
    ...(layout.locale !== undefined ? { contentLocale: layout.locale } : {}),
  };

  const statics = take<unknown>('staticDirectories');
  let staticDir = 'static';
  if (Array.isArray(statics) && statics.length === 1 && typeof statics[0] === 'string') staticDir = relative(statics[0]);
  else if (statics !== undefined) used.delete('staticDirectories');

  // The classic preset's options, or its parts' where the config lists them itself (see classicParts).
  const presets = raw.presets;
  let preset = '';
  /** What a wrapper of the classic preset adds that quire does not run, named with the unread settings. */
  let presetAdds: string | undefined;
  if (Array.isArray(presets)) {
    presets.forEach((entry, i) => {
      const name: unknown = Array.isArray(entry) ? entry[0] : entry;
      if (typeof name !== 'string' || preset) return;
      const pkg = presetPackage(name);
      const adds = CLASSIC_WRAPPERS.get(pkg) ?? expanded.adds?.get(i);
      if (!CLASSIC_PRESET.has(pkg) && adds === undefined) return;
      preset = `presets.${i}`;
      used.add(Array.isArray(entry) ? `${preset}.0` : preset);
      if (adds) presetAdds = `${Array.isArray(entry) ? `${preset}.0` : preset} (${pkg}: ${adds})`;
    });
  }
  // Where each part's options are written: under the preset, or in the part's own entry of `plugins` or `themes`.
  const parts = classicParts(raw, preset, presetPackage);
  for (const name of parts.names) used.add(name);
  /** The key path of a classic preset option (`docs.sidebarPath`) where this config writes it, if it can. */
  const optionKey = (key: string): string | undefined => {
    const [section, ...rest] = key.split('.');
    const base = parts.at.get(section!);
    return base === undefined ? undefined : [base, ...rest].join('.');
  };
  const opt = <T = unknown>(key: string): T | undefined => {
    const keyPath = optionKey(key);
    if (keyPath !== undefined) return take<T>(keyPath);
    // A content plugin the config does not list, beside others it lists, is not there: as the preset's `false`.
    return parts.listed && (CONTENT_SECTIONS as readonly string[]).includes(key) ? (false as T) : undefined;
  };
  /** A preset option looked at without marking it read: `docs: false` reads the whole key, `docs: {…}` only what is taken. */
  const peek = (key: string): unknown => {
    const value = opt(key);
    const keyPath = optionKey(key);
    if (value !== false && value !== null && keyPath !== undefined) used.delete(keyPath);
    return value;
  };
  /** The key path of a section's options for diagnostics: where it is written, else where the preset's would be. */
  const sectionKey = (section: string): string => optionKey(section) ?? `${preset || 'presets'}.1.${section}`;

  // Docusaurus's own npm2yarn remark plugin, which quire does itself; the project's other remark and rehype
  // plugins run in compile (see projectPluginsIn).
  const npm2yarn = npm2yarnIn(
    ['docs', 'blog', 'pages'].flatMap((section) => ['remarkPlugins', 'beforeDefaultRemarkPlugins'].map((list) => `${section}.${list}`)),
    peek,
    opt,
  );
  if (npm2yarn) config.markdown = { ...(config.markdown as Raw), npm2yarn };
  // The preset's sections, and each other docs plugin instance's own lists under `docs@<id>` (its pages run those).
  const pluginSources = [
    ...CONTENT_SECTIONS.flatMap((section) => (parts.at.has(section) ? [{ section, base: sectionKey(section) }] : [])),
    ...docsInstances(raw, preset)
      .filter((instance) => instance.at !== parts.at.get('docs'))
      .map((instance) => ({ section: `docs@${instance.id}`, base: instance.at })),
  ];
  const readList = (keyPath: string): unknown => {
    const value = take(keyPath);
    if (value !== false && value !== null) used.delete(keyPath);
    return value;
  };
  const plugins = projectPluginsIn(pluginSources, readList, (keyPath) => void take(keyPath), used);
  if (plugins)
    config.markdown = { ...(config.markdown as Raw), plugins: { file: path.resolve(layout.root, file), root: layout.root, ...plugins } };

  // The classic theme's customCss: one file or a list (https://docusaurus.io/docs/styling-layout#global-styles).
  const customCss = opt<unknown>('theme.customCss');
  // Infima's classes are styled on every page, under the project's CSS (see SiteConfig.infimaStyles).
  config.infimaStyles = true;
  if (typeof customCss === 'string') config.styles = [relative(customCss)];
  else if (Array.isArray(customCss) && customCss.every((f) => typeof f === 'string')) config.styles = customCss.map((f) => relative(f));
  else if (customCss !== undefined) used.delete(`${sectionKey('theme')}.customCss`);

  // Docusaurus needs no doc at the docs root: one is there only if a doc's slug or file name puts it there.
  const docs: Raw = { mainDocId: null };
  const docsOptions = peek('docs');
  const docsPath = relative(opt<string>('docs.path') ?? 'docs');
  const routeBasePath = opt<string>('docs.routeBasePath');
  docs.routeBasePath = routeBasePath === undefined ? 'docs' : routeBasePath.replace(/^\/+|\/+$/g, '');
  // Docs at the site's root take every unknown address, the not-found page's too: its title is then the site's alone.
  config.notFoundTitle = docs.routeBasePath === '' ? 'site' : 'page';
  const sidebarPath = opt<string | false>('docs.sidebarPath');
  if (sidebarPath === false) docs.noSidebar = true;
  else if (typeof sidebarPath === 'string') docs.sidebarPath = withExtension(relative(sidebarPath), layout.root);
  else {
    // Docusaurus then autogenerates the sidebar, whatever sidebars.js says; quire does the same, and says so.
    docs.sidebarPath = null;
    const unused = ['sidebars.js', 'sidebars.ts', 'sidebars.json', 'sidebars.mjs', 'sidebars.cjs'].find(exists);
    if (unused)
      diagnostics.push(
        report(CODES.SIDEBAR_LOAD, 'sidebarUnread', { file: unused, docsPath }, { file, keyPath: `${sectionKey('docs')}.sidebarPath` }),
      );
  }
  for (const [from, to] of [
    ['docs.sidebarCollapsed', 'sidebarCollapsed'],
    ['docs.breadcrumbs', 'breadcrumbs'],
  ] as const) {
    const v = opt(from);
    if (v !== undefined) docs[to] = v;
  }
  // The theme's breadcrumbs carry microdata up to 3.9; 3.10 writes a JSON-LD BreadcrumbList into the head instead.
  docs.breadcrumbsData = installedAtLeast(layout.root, 'theme-classic', 3, 10) ? 'jsonLd' : 'microdata';
  if (docsOptions === false && !parts.listed)
    diagnostics.push(report(CODES.CONFIG_UNKNOWN_KEY, 'docsOff', {}, { file, keyPath: sectionKey('docs') }));
  // Parts listed one by one without the docs plugin: Docusaurus builds no docs, quire reads the folder all the same.
  else if (docsOptions === false && exists(docsPath))
    diagnostics.push(report(CODES.CONFIG_UNKNOWN_KEY, 'docsPluginAbsent', { dir: docsPath }, { file, keyPath: 'plugins' }));
  diagnostics.push(...docsInstanceProblems(raw, preset, file));
  const toc = {
    min: take<number>('themeConfig.tableOfContents.minHeadingLevel'),
    max: take<number>('themeConfig.tableOfContents.maxHeadingLevel'),
  };
  if (toc.min !== undefined || toc.max !== undefined)
    docs.toc = {
      ...(toc.min !== undefined ? { minHeadingLevel: toc.min } : {}),
      ...(toc.max !== undefined ? { maxHeadingLevel: toc.max } : {}),
    };
  // The classic theme's sidebar options (https://docusaurus.io/docs/api/themes/configuration#theme-configuration).
  const sidebar: Raw = {};
  for (const key of ['hideable', 'autoCollapseCategories']) {
    const v = take(`themeConfig.docs.sidebar.${key}`);
    if (v !== undefined) sidebar[key] = v;
  }
  if (Object.keys(sidebar).length) {
    docs.sidebar = sidebar;
    origin('docs.sidebar', 'themeConfig.docs.sidebar');
  }
  docs.tagPages = true;
  const versioned = mapDocsVersions({
    opt,
    peek,
    root: layout.root,
    file,
    keyBase: sectionKey('docs'),
    docsPath,
    docs,
    diagnostics,
  });
  if (versioned) {
    docs.versions = versioned;
    const last = versioned.find((v) => v.isLast) ?? versioned[0];
    docs.version = { name: last.name, label: last.label };
  }
  const docsKey = sectionKey('docs');
  const docsDirs = (versioned ?? [{ name: CURRENT, dir: docsPath }]).map((v) => ({ name: v.name as string, dir: v.dir as string }));
  Object.assign(
    docs,
    mapEditAndUpdate({
      section: 'docs',
      opt,
      keyBase: docsKey,
      root: layout.root,
      file,
      locale: defaultLocale,
      dirs: docsDirs,
      diagnostics,
    }),
  );
  const editCurrent = opt('docs.editCurrentVersion');
  if (editCurrent !== undefined) docs.editCurrentVersion = editCurrent;
  const instances = mapDocsInstances({ raw, preset, take, relative, root: layout.root, file, locale: defaultLocale, diagnostics, origin });
  if (instances.length) docs.instances = instances.map(({ layout: _, ...instance }) => instance);
  config.docs = docs;

  const blogOff = peek('blog') === false;
  // A listed blog or pages plugin's `id` names it for Docusaurus's plugin data alone: quire builds the one blog and
  // pages folder (a translation folder under that id, `docusaurus-plugin-content-blog-<id>`, is named unread).
  opt('blog.id');
  opt('pages.id');
  const blogPath = relative(opt<string>('blog.path') ?? 'blog');
  const blogRoute = opt<string>('blog.routeBasePath');
  config.blog = {
    // Unless the config turns it off, the blog plugin runs; from 3.10 on it writes its (empty) list page without a
    // blog folder, before that no page at all (Redux Toolkit's website, on 3.9.2).
    enabled: !blogOff,
    listWithoutPosts: writesEmptyBlogList(layout.root),
    routeBasePath: blogRoute === undefined ? 'blog' : blogRoute.replace(/^\/+|\/+$/g, ''),
    title: opt<string>('blog.blogTitle') ?? 'Blog',
    description: opt<string>('blog.blogDescription') ?? 'Blog',
    // Docusaurus's blog list pages have no visible title (it is the window's).
    listTitle: 'hidden',
    // Its lists show a post without a truncate marker whole, with no link to read more.
    untruncatedInList: 'whole',
    // Its posts and lists show each author with photo, title and profiles.
    postAuthors: 'cards',
    // Its post pages name their date, authors and tags for Open Graph.
    articleMeta: true,
    datePaths: true,
    // Docusaurus's defaults, which differ from quire's.
    postsPerPage: opt('blog.postsPerPage') ?? 10,
    pageBasePath: opt('blog.pageBasePath'),
    sidebarCount: opt('blog.blogSidebarCount') ?? 5,
    // On unless the config turns it off (plugin-content-blog's default).
    showReadingTime: opt('blog.showReadingTime') ?? true,
    // The plugin's default heading, in English whatever the locale (a translation file may give another).
    sidebarTitle: opt('blog.blogSidebarTitle') ?? 'Recent posts',
    // The theme's default since 3.5: the sidebar's posts under their years.
    sidebarGroupByYear: take<boolean>('themeConfig.blog.sidebar.groupByYear') ?? true,
    // Its post pages have a table of contents, as its docs do.
    toc: true,
    // Docusaurus warns by default (3.6); its `log` prints and goes on, as quire's warning does.
    onUntruncatedPosts: ((v) => (v === undefined || v === 'log' ? 'warn' : v))(opt('blog.onUntruncatedBlogPosts')),
    onInlineAuthors: ((v) => (v === undefined || v === 'log' ? 'warn' : v))(opt('blog.onInlineAuthors')),
    // Docusaurus always writes the tag, author and archive pages.
    listings: true,
    feed: mapFeedOptions(opt, take<string>('title')),
    ...mapEditAndUpdate({
      section: 'blog',
      opt,
      keyBase: sectionKey('blog'),
      root: layout.root,
      file,
      locale: defaultLocale,
      dirs: blogOff || !exists(blogPath) ? [] : [{ name: '', dir: blogPath }],
      diagnostics,
    }),
  };
  // quire warns of a tag the tags file lacks and stops at an author the authors file lacks: Docusaurus's `warn`
  // for tags, and stricter for authors (a key that names no one is a typo); other values stay named unread.
  if (opt('blog.onInlineTags') !== 'warn') used.delete(`${sectionKey('blog')}.onInlineTags`);
  if (opt('docs.onInlineTags') !== 'warn') used.delete(`${sectionKey('docs')}.onInlineTags`);
  const pagesOff = peek('pages') === false;
  const pagesPath = relative(opt<string>('pages.path') ?? 'src/pages');

  config.layout = {
    docs: docsPath,
    pages: pagesOff || !exists(pagesPath) ? null : pagesPath,
    landing: null,
    blog: blogOff || !exists(blogPath) ? null : blogPath,
    data: null,
    locales: layout.quireLocales,
    static: staticDir,
    // Docusaurus reads them from the blog folder when present (`authorsMapPath`, `tags`; `tags: false` for none).
    blogAuthors: blogOff ? null : relative(path.join(blogPath, opt<string>('blog.authorsMapPath') ?? 'authors.yml')),
    blogTags:
      blogOff || opt('blog.tags') === false || opt('blog.tags') === null
        ? null
        : relative(path.join(blogPath, opt<string>('blog.tags') ?? 'tags.yml')),
  };

  (config.layout as Raw).docsFiles = contentFiles(opt, 'docs');
  (config.layout as Raw).blogFiles = contentFiles(opt, 'blog');
  // Also with one version listed or none: `quire dev` then reads the config again when versions.json changes.
  if (versioned || exists('versions.json'))
    (config.layout as Raw).versioned = {
      file: 'versions.json',
      dirs: (versioned ?? []).filter((v) => v.dir !== docsPath).map((v) => v.dir as string),
      sidebars: 'versioned_sidebars',
    };
  // The docs' tags file, read from the docs folder like the blog's (the docs plugin's `tags` option).
  const docsTags = opt('docs.tags');
  (config.layout as Raw).docsTags =
    docsTags === false || docsTags === null ? null : relative(path.join(docsPath, typeof docsTags === 'string' ? docsTags : 'tags.yml'));
  if (instances.length) (config.layout as Raw).docsInstances = instances.map((instance) => instance.layout);

  // docusaurus-plugin-sass compiles the project's `.scss` stylesheets with the project's `sass` package; quire does
  // the same when it bundles them (src/emit/sass.ts). Options for Sass itself stay unread, and named. The SVGR
  // plugin (which the classic preset adds from 3.7) makes an imported SVG a component, as quire's bundler does.
  if (Array.isArray(raw.plugins))
    (raw.plugins as unknown[]).forEach((entry, i) => {
      if (typeof entry === 'string' && DONE_BY_BUNDLER.has(entry)) take(`plugins.${i}`);
      else if (Array.isArray(entry) && DONE_BY_BUNDLER.has(entry[0])) take(`plugins.${i}.0`);
    });

  // Where the hosted search's settings are written: Algolia's theme's, else DocSearch's plugin's.
  const searchAt = isObject(raw.themeConfig) && raw.themeConfig.algolia === undefined ? 'themeConfig.docsearch' : 'themeConfig.algolia';
  const redirects = mapClientRedirects(raw as Raw, take, origin);
  if (redirects) config.redirects = redirects.redirects;
  const hooks: ProjectHooks | undefined = redirects?.createRedirects && { createRedirects: { ...redirects.createRedirects, file } };

  const gtm = opt<string>('googleTagManager.containerId');
  if (gtm !== undefined) config.analytics = { gtmContainerId: gtm };

  // themeConfig
  const image = take<string>('themeConfig.image');
  if (typeof image === 'string') config.image = sitePath(image);
  config.navbar = mapNavbar(raw as Raw, take, new Set(instances.map((instance) => instance.id as string)), origin);
  config.footer = mapFooter(raw as Raw, take, origin);
  const bar =
    raw.themeConfig && isObject((raw.themeConfig as Raw).announcementBar) ? ((raw.themeConfig as Raw).announcementBar as Raw) : undefined;
  if (bar) {
    const announcement: Raw = {};
    for (const key of ['id', 'content', 'backgroundColor', 'textColor', 'isCloseable']) {
      const v = take(`themeConfig.announcementBar.${key}`);
      if (v !== undefined) announcement[key] = v;
    }
    config.announcementBar = announcement;
  }
  const colorMode: Raw = {};
  for (const key of ['defaultMode', 'disableSwitch', 'respectPrefersColorScheme']) {
    const v = take(`themeConfig.colorMode.${key}`);
    if (v !== undefined) colorMode[key] = v;
  }
  config.colorMode = colorMode;
  // Docusaurus loads these Prism languages besides its defaults; quire's highlighter loads any language Prism has
  // on first use, so every one named here is highlighted already.
  const languages = take('themeConfig.prism.additionalLanguages');
  if (!(Array.isArray(languages) && languages.every((l) => typeof l === 'string'))) used.delete('themeConfig.prism.additionalLanguages');
  // The code colours: prism-react-renderer theme objects, written as a stylesheet (src/shared/code-theme.ts). One
  // that is not such an object (a package the project has not installed reads as empty) stays unread, and named.
  const codeTheme: Raw = {};
  for (const [key, mode] of [
    ['theme', 'light'],
    ['darkTheme', 'dark'],
  ] as const) {
    const theme = take(`themeConfig.prism.${key}`);
    if (isCodeTheme(theme)) codeTheme[mode] = theme;
    else used.delete(`themeConfig.prism.${key}`);
  }
  if (Object.keys(codeTheme).length) config.codeTheme = codeTheme;
  // The kinds of magic comments (markdown.magicComments); a list of another shape stays unread, and named.
  const magic = take('themeConfig.prism.magicComments');
  if (isMagicCommentList(magic)) (config.markdown as Raw).magicComments = magic;
  else used.delete('themeConfig.prism.magicComments');
  const algolia = take('themeConfig.algolia') === undefined ? undefined : true;
  used.delete('themeConfig.algolia');
  if (algolia) {
    const hosted: Raw = {};
    for (const key of ['appId', 'apiKey', 'indexName']) hosted[key] = take(`themeConfig.algolia.${key}`);
    // Docusaurus's Algolia theme publishes an OpenSearch description of its search page (`searchPagePath`, which
    // quire does not read: `false`, no search page and no description, is named unread). Its default, `search`, is
    // where quire's search page is: written out (Sequelize's config), it changes nothing and is not named.
    const algoliaRaw = (raw as { themeConfig: { algolia: unknown } }).themeConfig.algolia;
    if (isObject(algoliaRaw) && algoliaRaw.searchPagePath === 'search') take('themeConfig.algolia.searchPagePath');
    config.search = docSearchSettings(take, 'themeConfig.algolia', hosted, true);
  } else {
    const adapter = mapDocSearchAdapter(raw as Raw, take, used);
    if (adapter) config.search = adapter;
  }

  // The built locale's translations (i18n/<locale>/): the config's texts here, the content and the rest in load.
  // A locale with `translate: false` (Docusaurus 3.8) reads none: its site is built from the untranslated files.
  const locale = layout.locale ?? defaultLocale;
  const folderName = (localeConfigs[locale] as Raw | undefined)?.path;
  const translate = take(`i18n.localeConfigs.${locale}.translate`) !== false;
  const translated = translate
    ? translateConfig(
        layout.root,
        relative(take<string>('i18n.path') ?? 'i18n'),
        typeof folderName === 'string' ? folderName : locale,
        config,
      )
    : { inputs: [], diagnostics: [] };
  diagnostics.push(...translated.diagnostics);
  // `docusaurus build` builds every locale (the default at the base, the others under /<locale>/); quire builds
  // one per run, so a build without --locale says which one it made and how to make the others.
  const locales = Array.isArray(i18n?.locales) ? i18n.locales.filter((l): l is string => typeof l === 'string') : [];
  if (layout.locale === undefined && locales.length > 1)
    diagnostics.push(
      report(
        CODES.CONFIG_UNKNOWN_KEY,
        'oneLocalePerBuild',
        { built: defaultLocale, others: locales.filter((l) => l !== defaultLocale) },
        { file, keyPath: 'i18n.locales' },
      ),
    );
  // The project's theme components (src/theme/), for its own code's `@theme/…` imports, over those of the themes its
  // presets add (a later theme's over an earlier one's), as Docusaurus's theme aliases rank them.
  const themes = (expanded.themeFolders ?? []).map((folder) => swizzledComponents(layout.root, folder));
  const swizzled = swizzledComponents(layout.root);
  const components = Object.assign({}, ...themes.map((t) => t.components), swizzled.components) as Record<string, string>;
  if (Object.keys(components).length) config.themeComponents = components;
  diagnostics.push(...themes.flatMap((t) => t.diagnostics), ...swizzled.diagnostics);
  for (const [quire, written] of [
    ['image', 'themeConfig.image'],
    ['navbar', 'themeConfig.navbar'],
    ['footer', 'themeConfig.footer'],
    ['announcementBar', 'themeConfig.announcementBar'],
    ['colorMode', 'themeConfig.colorMode'],
    ['search', searchAt],
    ['search.hosted', searchAt],
    ...(preset || parts.at.size
      ? [
          ['docs', sectionKey('docs')],
          ['blog', sectionKey('blog')],
          ['styles', `${sectionKey('theme')}.customCss`],
          ['analytics.gtmContainerId', `${sectionKey('googleTagManager')}.containerId`],
        ]
      : []),
  ])
    origins[quire] ??= written;
  config.configSource = { file, keys: origins };
  const unsupported = unreadKeys(raw, used);
  if (presetAdds !== undefined) unsupported.unshift(presetAdds);
  if (unsupported.length) {
    diagnostics.push(
      // The place is the first key as written: without the name or type the line adds (`plugins.0 (docusaurus-plugin-sass)`).
      report(
        CODES.CONFIG_UNKNOWN_KEY,
        'docusaurusUnsupported',
        { file, keys: unsupported },
        { file, keyPath: unsupported[0]!.replace(/ \(.*$/s, '') },
      ),
    );
  }
  return { config: config as UserConfig, diagnostics, inputs: translated.inputs, ...(hooks ? { hooks } : {}) };
}

/**
 * The docs' or the blog's `include`, `exclude`, `editUrl`, `showLastUpdateTime` and `showLastUpdateAuthor`. An
 * `editUrl` function cannot be called by later stages (a config is data after this one), so it is called here
 * once per file the plugin would read, with the arguments Docusaurus gives it (plugin-content-docs `docs.ts`
 * getDocEditUrl, plugin-content-blog `blogUtils.ts`), and its answers are kept by file.
 */
function mapEditAndUpdate({
  section,
  opt,
  keyBase,
  root,
  file,
  locale,
  dirs,
  diagnostics,
}: {
  section: 'docs' | 'blog';
  opt: <T = unknown>(key: string) => T | undefined;
  keyBase: string;
  root: string;
  file: string;
  locale: string;
  /** The folders the plugin reads: each docs version's (by name), or the blog's. */
  dirs: { name: string; dir: string }[];
  diagnostics: Diagnostic[];
}): Raw {
  const out: Raw = {};
  for (const key of ['showLastUpdateTime', 'showLastUpdateAuthor']) {
    const v = opt(`${section}.${key}`);
    if (v !== undefined) out[key] = v;
  }
  const files = contentFiles(opt, section);
  const editUrl = opt(`${section}.editUrl`);
  if (typeof editUrl === 'string') out.editUrl = editUrl;
  else if (typeof editUrl === 'function') {
    const include = globMatcher(Array.isArray(files.include) ? (files.include as string[]) : ['**/*.{md,mdx}']);
    const exclude = globMatcher(Array.isArray(files.exclude) ? (files.exclude as string[]) : DEFAULT_EXCLUDE);
    const calls = dirs.flatMap(({ name, dir }) =>
      filesUnder(path.resolve(root, dir))
        .filter((rel) => /\.mdx?$/.test(rel) && include(rel) && !exclude(rel))
        .map((rel) => ({
          file: `${dir === '.' ? '' : `${dir}/`}${rel}`,
          args:
            section === 'docs'
              ? { version: name, versionDocsDirPath: dir, docPath: rel, locale }
              : { blogDirPath: dir, blogPath: rel, locale },
        })),
    );
    out.editUrls = callEditUrl(editUrl as (args: Raw) => unknown, calls, { keyPath: `${keyBase}.editUrl`, file, diagnostics });
  } else if (editUrl !== undefined) out.editUrl = editUrl; // Not a string: the schema says what it should be.
  return out;
}

/** The docs' or the blog's `include` and `exclude` as given (the schema's defaults are Docusaurus's). */
function contentFiles(opt: <T = unknown>(key: string) => T | undefined, section: 'docs' | 'blog'): Raw {
  const files: Raw = {};
  for (const key of ['include', 'exclude']) {
    const v = opt(`${section}.${key}`);
    if (v !== undefined) files[key] = v;
  }
  return files;
}

/** Docusaurus's default `exclude` (the docs and blog plugins' GlobExcludeDefault). */
const DEFAULT_EXCLUDE = ['**/_*.{js,jsx,ts,tsx,md,mdx}', '**/_*/**', '**/*.test.{js,jsx,ts,tsx}', '**/__tests__/**'];

/**
 * Calls an `editUrl` function for each file. A page's `permalink` comes from its front matter and folder, which
 * later stages work out: a function that reads it gets no answer kept, and is named in one warning, rather than
 * leading to an address built with `undefined` in it.
 */
function callEditUrl(
  editUrl: (args: Raw) => unknown,
  calls: { file: string; args: Raw }[],
  { keyPath, file, diagnostics }: { keyPath: string; file: string; diagnostics: Diagnostic[] },
): Record<string, string | null> {
  const urls: Record<string, string | null> = {};
  const needPermalink: string[] = [];
  const notAddress: { pages: string[]; value?: string } = { pages: [] };
  for (const call of calls) {
    let readPermalink = false;
    const args = Object.defineProperty({ ...call.args }, 'permalink', {
      enumerable: true,
      get: () => {
        readPermalink = true;
        return undefined;
      },
    });
    let url: unknown;
    try {
      url = editUrl(args);
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      diagnostics.push(report(CODES.CONFIG_LOAD, 'editUrlFailed', { keyPath, page: call.file, reason }, { file, keyPath }));
      return {};
    }
    if (readPermalink) needPermalink.push(call.file);
    // Docusaurus hands any text on to the theme (React Native's returns JSON that its swizzled footer reads);
    // quire's own link needs an address, so other text means no link, named once below.
    const isAddress = typeof url === 'string' && /^https?:\/\//i.test(url) && URL.canParse(url);
    if (!readPermalink && typeof url === 'string' && url !== '' && !isAddress) {
      notAddress.pages.push(call.file);
      notAddress.value ??= url.length > 60 ? `${url.slice(0, 60)}…` : url;
    }
    urls[call.file] = !readPermalink && isAddress ? (url as string) : null;
  }
  if (needPermalink.length)
    diagnostics.push(report(CODES.CONFIG_UNKNOWN_KEY, 'editUrlPermalink', { keyPath, pages: needPermalink }, { file, keyPath }));
  if (notAddress.pages.length)
    diagnostics.push(
      report(
        CODES.CONFIG_UNKNOWN_KEY,
        'editUrlNotAddress',
        { keyPath, pages: notAddress.pages, value: notAddress.value! },
        { file, keyPath },
      ),
    );
  return urls;
}

/** The files under a folder, relative to it with forward slashes, sorted; none when it is not there. */
function filesUnder(dir: string): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/**
 * The docs plugins given in `plugins` with an id of their own (https://docusaurus.io/docs/docs-multi-instance), as
 * quire's `docs.instances`, each with its `layout` part (`layout.docsInstances`): path, routeBasePath, sidebarPath,
 * sidebarCollapsed, include, exclude, tags, editUrl, showLastUpdateTime and showLastUpdateAuthor are read; its other
 * options stay unread and are named with the rest. One that clashes with another (Docusaurus refuses it too, see
 * docsInstanceProblems) is not built. Its versions (`<id>_versions.json`) are not built: one warning says so.
 */
function mapDocsInstances({
  raw,
  preset,
  take,
  relative,
  root,
  file,
  locale,
  diagnostics,
  origin,
}: {
  raw: Raw;
  preset: string;
  take: Take;
  relative: (p: string) => string;
  root: string;
  file: string;
  locale: string;
  diagnostics: Diagnostic[];
  /** Where each mapped instance's options are written, for diagnostics. */
  origin: Origin;
}): (Raw & { id: string; layout: Raw })[] {
  const all = docsInstances(raw, preset);
  const out: (Raw & { id: string; layout: Raw })[] = [];
  all.forEach((instance, i) => {
    const earlier = all.slice(0, i);
    if (!instance.at.startsWith('plugins.') || instance.id === 'default') return;
    if (earlier.some((e) => e.id === instance.id || e.routeBasePath === instance.routeBasePath)) return;
    const { at, id } = instance;
    mark(take, at.replace(/\.1$/, '.0'));
    mark(take, `${at}.id`);
    if (instance.given.routeBasePath) mark(take, `${at}.routeBasePath`);
    // The plugin's options under the names the preset's docs options have (`docs.editUrl`), for the shared helpers.
    const opt = <T = unknown>(key: string): T | undefined => (key.startsWith('docs.') ? take<T>(`${at}.${key.slice(5)}`) : undefined);
    const dir = relative(take<string>(`${at}.path`) ?? 'docs');
    if (!existsSync(path.resolve(root, dir))) diagnostics.push(report(CODES.CONTENT_MISSING, 'instanceFolder', { id, dir }, { file: dir }));
    const mapped: Raw & { id: string; layout: Raw } = { id, routeBasePath: instance.routeBasePath, layout: { id, dir } };
    const sidebarPath = take<string | false>(`${at}.sidebarPath`);
    if (sidebarPath === false) mapped.noSidebar = true;
    else if (typeof sidebarPath === 'string') mapped.sidebarPath = withExtension(relative(sidebarPath), root);
    const collapsed = take(`${at}.sidebarCollapsed`);
    if (collapsed !== undefined) mapped.sidebarCollapsed = collapsed;
    Object.assign(
      mapped,
      mapEditAndUpdate({ section: 'docs', opt, keyBase: at, root, file, locale, dirs: [{ name: CURRENT, dir }], diagnostics }),
    );
    mapped.layout.files = contentFiles(opt, 'docs');
    const tags = take(`${at}.tags`);
    mapped.layout.tags = tags === false || tags === null ? null : relative(path.join(dir, typeof tags === 'string' ? tags : 'tags.yml'));
    // Docusaurus names an instance's versions file after its id (`community_versions.json`).
    const versionsFile = `${id}_versions.json`;
    if (existsSync(path.resolve(root, versionsFile)))
      diagnostics.push(report(CODES.CONFIG_UNKNOWN_KEY, 'docsInstanceVersions', { id, file: versionsFile, dir }, { file: versionsFile }));
    origin(`docs.instances.${out.length}`, at);
    out.push(mapped);
  });
  return out;
}

/** The name of the docs folder's version (Docusaurus's CURRENT_VERSION_NAME). */
const CURRENT = 'current';

/**
 * The docs' versions as Docusaurus's docs plugin reads them (its `versions/version.ts` and `versions/files.ts`):
 * `current` (the docs folder, unless `includeCurrentVersion: false`) and the names `versions.json` lists newest
 * first (unless `disableVersioning`), each in `versioned_docs/version-<name>/` with
 * `versioned_sidebars/version-<name>-sidebars.json`; `onlyIncludeVersions` keeps some, in that order. The last
 * version (`lastVersion`, else the first of versions.json, else current) is served at the route base; the others
 * under their name, and current under `next`. Undefined: one version, the docs folder, as without versioning.
 */
function mapDocsVersions({
  opt,
  peek,
  root,
  file,
  keyBase,
  docsPath,
  docs,
  diagnostics,
}: {
  opt: <T = unknown>(key: string) => T | undefined;
  /** Reads without marking read: only the version options quire takes are. */
  peek: (key: string) => unknown;
  root: string;
  file: string;
  keyBase: string;
  docsPath: string;
  docs: Raw;
  diagnostics: Diagnostic[];
}): Raw[] | undefined {
  const includeCurrent = opt<boolean>('docs.includeCurrentVersion') !== false;
  const disabled = opt<boolean>('docs.disableVersioning') === true;
  const listed = disabled ? [] : readVersionsFile(root, diagnostics);
  if (listed === undefined) return undefined;
  const all = [...(includeCurrent ? [CURRENT] : []), ...listed];
  const options = peek('docs.versions');
  const only = opt<unknown>('docs.onlyIncludeVersions');
  const lastOption = opt<unknown>('docs.lastVersion');
  if (all.length <= 1 && only === undefined && lastOption === undefined && !isObject(options)) return undefined;
  const unknown = (keyPath: string, name: unknown) => {
    diagnostics.push(report(CODES.CONFIG_INVALID, 'unknownDocsVersion', { keyPath, name: String(name), versions: all }, { file, keyPath }));
  };
  let names = all;
  if (Array.isArray(only)) {
    only.forEach((name, i) => all.includes(name) || unknown(`${keyBase}.onlyIncludeVersions.${i}`, name));
    // The list's own order does not matter: the versions keep Docusaurus's order (filterVersions).
    names = all.filter((name) => only.includes(name));
  }
  if (lastOption !== undefined && !names.includes(lastOption as string)) unknown(`${keyBase}.lastVersion`, lastOption);
  const last = typeof lastOption === 'string' && names.includes(lastOption) ? lastOption : (names.find((n) => n !== CURRENT) ?? CURRENT);
  for (const name of Object.keys(isObject(options) ? options : {})) if (!all.includes(name)) unknown(`${keyBase}.versions.${name}`, name);
  return names.map((name) => {
    // Read from the object itself, as a version name may hold a dot (`2.x`); `opt` only marks the key read.
    const own = <T>(key: string): T | undefined => {
      const given = isObject(options) && isObject(options[name]) ? options[name] : undefined;
      if (given?.[key] === undefined) return undefined;
      opt(`docs.versions.${name}.${key}`);
      return given[key] as T;
    };
    const isCurrent = name === CURRENT;
    const dir = isCurrent ? docsPath : `versioned_docs/version-${name}`;
    if (!isCurrent && !existsSync(path.resolve(root, dir)))
      diagnostics.push(report(CODES.CONTENT_MISSING, 'versionFolder', { name, dir }, { file: dir }));
    const sidebarFile = `versioned_sidebars/version-${name}-sidebars.json`;
    // Newer than the last version: unreleased; older: unmaintained (getDefaultVersionBanner).
    const banner = name === last ? 'none' : names.indexOf(name) < names.indexOf(last) ? 'unreleased' : 'unmaintained';
    return {
      name,
      label: own<string>('label') ?? (isCurrent ? 'Next' : name),
      path: (own<string>('path') ?? (name === last ? '' : isCurrent ? 'next' : name)).replace(/^\/+|\/+$/g, ''),
      dir,
      sidebarPath: isCurrent
        ? ((docs.sidebarPath as string | null | undefined) ?? null)
        : isFile(path.resolve(root, sidebarFile))
          ? sidebarFile
          : null,
      banner: own<string>('banner') ?? banner,
      // Shown by default only when the site has more than one version (getVersionBadge).
      badge: own<boolean>('badge') ?? names.length !== 1,
      noIndex: own<boolean>('noIndex') ?? false,
      isLast: name === last,
    };
  });
}

/** The names `versions.json` lists (none when the file is not there), or undefined after reporting a bad file. */
function readVersionsFile(root: string, diagnostics: Diagnostic[]): string[] | undefined {
  const text = readText(path.join(root, 'versions.json'));
  if (text === undefined) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    diagnostics.push(
      report(CODES.CONFIG_INVALID, 'versionsFile', { file: 'versions.json', problem: (e as Error).message }, { file: 'versions.json' }),
    );
    return undefined;
  }
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && v.length > 0)) {
    diagnostics.push(
      report(
        CODES.CONFIG_INVALID,
        'versionsFile',
        { file: 'versions.json', problem: 'it holds something else.' },
        { file: 'versions.json' },
      ),
    );
    return undefined;
  }
  return value;
}

/**
 * The blog's feeds as Docusaurus's blog plugin makes them (its `feedOptions`): RSS and Atom unless `type` says
 * otherwise (`'all'` adds JSON Feed; `null` or `false` turns them off), the newest 20 posts unless `limit` says
 * otherwise (`false` or `null`: all), titled by the site's title.
 */
function mapFeedOptions(opt: <T = unknown>(key: string) => T | undefined, siteTitle: string | undefined): Raw {
  const type = opt<unknown>('blog.feedOptions.type');
  const all = ['rss', 'atom', 'json'];
  const types =
    type === undefined
      ? ['rss', 'atom']
      : type === null || type === false
        ? []
        : type === 'all'
          ? all
          : Array.isArray(type)
            ? type.flatMap((t) => (t === 'all' ? all : [t]))
            : [type];
  // Its plugin announces the feeds in the head of every page of the site, not only the blog's.
  const feed: Raw = { types: [...new Set(types)], everyPage: true };
  const limit = opt<unknown>('blog.feedOptions.limit');
  if (limit !== undefined) feed.limit = limit === false || limit === null ? null : limit;
  for (const key of ['title', 'description', 'copyright', 'language']) {
    const v = opt(`blog.feedOptions.${key}`);
    if (v !== undefined) feed[key] = v;
  }
  // Docusaurus's default description names the site's blog.
  if (feed.description === undefined && typeof siteTitle === 'string') feed.description = `${siteTitle} Blog`;
  return feed;
}

/** Docusaurus resolves `img/x.png` (no slash) against the base URL, as quire does with `/img/x.png`. */
/**
 * A navbar or footer link's target as quire's config writes it: `to` a site path, `href` a URL. Docusaurus's Link
 * takes a full URL in `to` as well (pnpm.io's "Help Us Translate"): that is an external link; a fragment alone
 * (`#`) stays as written. Undefined: neither.
 */
function linkTarget(to: string | undefined, href: string | undefined): { to?: string; href?: string } | undefined {
  if (typeof to === 'string' && href === undefined && /^[a-z][a-z\d+.-]*:/i.test(to)) return { href: to };
  // A fragment alone (`to: '#'`, a dropdown's heading) stays on the page, as Docusaurus's Link writes it.
  if (typeof to === 'string' && href === undefined && to.startsWith('#')) return { href: to };
  if (to === undefined && href === undefined) return undefined;
  return { ...(to !== undefined ? { to: sitePath(to) } : {}), ...(href !== undefined ? { href } : {}) };
}

/** A link's address as a screen reader says it, for a link that shows no text: host and path, no scheme. */
function spokenAddress(target: { to?: string; href?: string }): string {
  const address = target.href ?? target.to ?? '';
  return address.replace(/^[a-z][a-z\d+.-]*:\/\//i, '').replace(/\/$/, '') || address;
}

function sitePath(value: string): string {
  return /^([a-z][a-z\d+.-]*:|\/)/i.test(value) ? value : `/${value}`;
}

function productSlug(name: string | undefined): string {
  const slug = (name ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^[^a-z]+|-+$/g, '');
  return slug || 'site';
}

/** A sidebar file named without its extension (`require.resolve` style paths always have one; a plain path may not). */
function withExtension(file: string, root: string): string {
  if (isFile(path.resolve(root, file))) return file;
  const found = ['.js', '.ts', '.mjs', '.cjs', '.json'].find((ext) => isFile(path.resolve(root, file + ext)));
  return found ? file + found : file;
}

type Take = <T = unknown>(keyPath: string) => T | undefined;
/** Records where a mapped setting is written: quire's key path (or its end, in a nested mapper) and the config's. */
type Origin = (quire: string, written: string) => void;

/** Navbar items as quire has them; the Docusaurus types without a quire counterpart stay unread (named in the warning). */
function mapNavbar(raw: Raw, take: Take, instances: ReadonlySet<string>, origin: Origin): Raw {
  const navbar: Raw = { items: [] };
  const title = take<string>('themeConfig.navbar.title');
  if (title !== undefined) navbar.title = title;
  const logoSrc = take<string>('themeConfig.navbar.logo.src');
  if (typeof logoSrc === 'string') {
    // Docusaurus's logo is as tall as Infima's navbar logo box (2rem), whatever the `height` attribute says (its
    // stylesheet sets the image's height to 100 %), and as wide as `width` says, else in proportion.
    const logo: Raw = { src: sitePath(logoSrc), alt: take<string>('themeConfig.navbar.logo.alt') ?? '', width: null, height: 32 };
    take('themeConfig.navbar.logo.height');
    const width = take('themeConfig.navbar.logo.width');
    // Docusaurus takes numbers or CSS lengths; quire draws the logo at a size in pixels.
    if (typeof width === 'number') logo.width = width;
    else if (typeof width === 'string' && /^\d+(px)?$/.test(width)) logo.width = parseInt(width, 10);
    navbar.logo = logo;
  }
  const hide = take('themeConfig.navbar.hideOnScroll');
  if (hide !== undefined) navbar.hideOnScroll = hide;
  const items = (isObject(raw.themeConfig) && isObject(raw.themeConfig.navbar) ? raw.themeConfig.navbar.items : undefined) as unknown;
  const out: Raw[] = [];
  navbar.items = out;
  (Array.isArray(items) ? items : []).forEach((item, i) => {
    const k = out.length;
    const at = `themeConfig.navbar.items.${i}`;
    const mapped =
      isObject(item) && item.type === 'html'
        ? htmlNavItem(at, take, (suffix, written) => origin(`navbar.items.${k}${suffix}`, written))
        : mapNavItem(item, at, take, instances, false, (suffix, written) => origin(`navbar.items.${k}${suffix}`, written));
    if (!mapped) return;
    // Docusaurus's theme config puts every item without a `position` on the left (its `NavbarItemPosition`
    // default), the version and locale dropdowns and a search item too, which quire's own default puts right.
    const given = take(`themeConfig.navbar.items.${i}.position`);
    const position =
      given === 'left' || given === 'right'
        ? given
        : ['locale', 'docsVersion', 'search'].includes(mapped.type as string)
          ? 'left'
          : undefined;
    out.push(position ? { ...mapped, position } : mapped);
  });
  // A project with a search plugin or theme (Algolia's, a local search) has a search bar at the navbar's end in
  // Docusaurus even without a search item: quire's own search stands in for it there.
  if (!out.some((item) => item.type === 'search') && hasSearchPlugin(raw)) out.push({ type: 'search' });
  return navbar;
}

/**
 * DocSearch's own Docusaurus plugin (`@docsearch/docusaurus-adapter`, the successor of Docusaurus's Algolia theme)
 * reads `themeConfig.docsearch`: the same index, crawler tags (`docs-default-<version>`) and OpenSearch description,
 * with its indices as a list, the first one searched, contextual search on unless turned off, and the search box's
 * placeholder. Its other keys (Ask AI, the side panel, texts) stay unread, and named.
 */
function mapDocSearchAdapter(raw: Raw, take: Take, used: Set<string>): Raw | undefined {
  const plugins = Array.isArray(raw.plugins) ? (raw.plugins as unknown[]) : [];
  const at = plugins.findIndex((entry) => (Array.isArray(entry) ? entry[0] : entry) === '@docsearch/docusaurus-adapter');
  if (at < 0 || !isObject(raw.themeConfig) || !isObject(raw.themeConfig.docsearch)) return undefined;
  take(Array.isArray(plugins[at]) ? `plugins.${at}.0` : `plugins.${at}`);
  const first = take<unknown>('themeConfig.docsearch.indices.0');
  used.delete('themeConfig.docsearch.indices.0');
  const indexName = typeof first === 'string' ? first : take<string>('themeConfig.docsearch.indices.0.name');
  const hosted = { appId: take('themeConfig.docsearch.appId'), apiKey: take('themeConfig.docsearch.apiKey'), indexName };
  const searchPage = take('themeConfig.docsearch.searchPage');
  used.delete('themeConfig.docsearch.searchPage');
  // quire's search page is at /search/, the plugin's default: that path is read, another is named.
  if (isObject(searchPage) && searchPage.path === 'search') take('themeConfig.docsearch.searchPage.path');
  // The plugin publishes the OpenSearch description of its search page, unless `searchPage: false`.
  return docSearchSettings(take, 'themeConfig.docsearch', hosted, searchPage !== false);
}

/**
 * quire's hosted search from a DocSearch configuration (`at`: the Algolia theme's `themeConfig.algolia` or the
 * adapter's `themeConfig.docsearch`): its index, contextual search (on unless turned off), the search box's
 * placeholder (quire's `search.placeholder`), and the tags Docusaurus gives the default docs plugin's pages
 * (`docs-default-<version>`), which the index has.
 */
function docSearchSettings(take: Take, at: string, hosted: Raw, openSearch: boolean): Raw {
  const contextual = take<boolean>(`${at}.contextualSearch`);
  const placeholder = take<string>(`${at}.placeholder`);
  return {
    provider: 'hosted',
    hosted,
    openSearch,
    docsTagPrefix: 'docs-default-',
    contextualSearch: contextual ?? true,
    ...(placeholder !== undefined ? { placeholder } : {}),
  };
}

/** A list of Docusaurus's magic comment kinds: each a class name with a line directive, a block's two, or both. */
function isMagicCommentList(value: unknown): boolean {
  const text = (v: unknown) => typeof v === 'string' && v !== '';
  return (
    Array.isArray(value) &&
    value.every(
      (c) =>
        isObject(c) &&
        text(c.className) &&
        Object.keys(c).every((k) => ['className', 'line', 'block'].includes(k)) &&
        (c.line === undefined || text(c.line)) &&
        (c.block === undefined || (isObject(c.block) && text(c.block.start) && text(c.block.end) && Object.keys(c.block).length === 2)),
    )
  );
}

/** Whether the config adds a search bar: Algolia's settings, or a theme or plugin named for search. */
function hasSearchPlugin(raw: Raw): boolean {
  if (isObject(raw.themeConfig) && raw.themeConfig.algolia !== undefined) return true;
  const names = [raw.themes, raw.plugins].flatMap((list) => (Array.isArray(list) ? list : []));
  return names.some((entry) => {
    const name = Array.isArray(entry) ? entry[0] : entry;
    return typeof name === 'string' && /search/i.test(name);
  });
}

/**
 * An `html` item of the bar: its `value` as written, `className` on the item (Docusaurus's HtmlNavbarItem). One in
 * a dropdown is not read (named in the warning).
 */
function htmlNavItem(at: string, take: Take, origin: Origin): Raw | undefined {
  const value = take<string>(`${at}.value`);
  if (typeof value !== 'string') return undefined;
  origin('', at);
  origin('.value', `${at}.value`);
  mark(take, `${at}.type`);
  const className = take<string>(`${at}.className`);
  return { type: 'html', value, ...(className !== undefined ? { className } : {}) };
}

/** A navbar link item (`to` or `href`) as quire's link; undefined without either. */
function navLink(at: string, take: Take): Raw | undefined {
  const target = linkTarget(take<string>(`${at}.to`), take<string>(`${at}.href`));
  if (!target) return undefined;
  mark(take, `${at}.type`);
  // A link without a label is an icon the project's stylesheet draws from its class (the GitHub link of many
  // sites): its aria-label (else its address, for DocSearch's empty `<a>`) is said, not shown, as in Docusaurus.
  // Without a class nothing would be drawn, so the aria-label is shown.
  const given = take<string>(`${at}.label`);
  const className = take<string>(`${at}.className`);
  // HTML in place of the label (Docusaurus's NavbarNavLink writes it as the link's content): its text names the link.
  const html = take<string>(`${at}.html`);
  const htmlText = typeof html === 'string' ? html.replace(/<[^>]*>/g, '').trim() || undefined : undefined;
  const text =
    given ?? take<string>(`${at}.aria-label`) ?? htmlText ?? (className !== undefined || html ? spokenAddress(target) : undefined);
  const opens = take<string>(`${at}.target`);
  return {
    type: 'link',
    label: text,
    ...(typeof html === 'string' && html ? { html } : {}),
    ...target,
    ...(className !== undefined ? { className } : {}),
    ...(opens !== undefined ? { target: opens } : {}),
    ...(given === undefined && text !== undefined && className !== undefined && !html ? { labelHidden: true } : {}),
  };
}

function mapNavItem(
  item: unknown,
  at: string,
  take: Take,
  instances: ReadonlySet<string>,
  nested = false,
  origin: Origin = () => undefined,
): Raw | undefined {
  if (!isObject(item)) return undefined;
  origin('', at);
  // The items of a dropdown as quire keeps them (some are left out), each with its place in the config.
  const subItems = (key: string, list: unknown[], quireKey = key) => {
    const kept: Raw[] = [];
    list.forEach((s, j) => {
      const mapped = mapNavItem(s, `${at}.${key}.${j}`, take, instances, true);
      if (!mapped) return;
      origin(`.${quireKey}.${kept.length}`, `${at}.${key}.${j}`);
      kept.push(mapped);
    });
    return kept;
  };
  const type = item.type ?? 'default';
  const label = () => take<string>(`${at}.label`);
  const link = () => navLink(at, take);
  // An item with `items` and no type is a dropdown, as Docusaurus's default item type reads it.
  const dropdown = type === 'dropdown' || (type === 'default' && Array.isArray(item.items));
  if (!dropdown && (type === 'default' || type === 'link')) return nested ? stripType(link()) : link();
  if (type === 'doc' || type === 'docSidebar') {
    // An item of another docs plugin (`docsPluginId`) leads into that instance (docs.instances); one quire does not
    // build is left out, its keys named in the warning with the plugin's.
    const plugin = item.docsPluginId;
    const instance = typeof plugin === 'string' && instances.has(plugin) ? plugin : undefined;
    if (plugin !== undefined && plugin !== 'default' && instance === undefined) return undefined;
    if (plugin !== undefined) mark(take, `${at}.docsPluginId`);
    mark(take, `${at}.type`);
    const id = take<string>(type === 'doc' ? `${at}.docId` : `${at}.sidebarId`);
    const className = take<string>(`${at}.className`);
    const target = type === 'doc' ? { id } : { sidebar: id };
    const entry = {
      label: label(),
      doc: instance === undefined ? target : { ...target, instance },
      ...(className !== undefined ? { className } : {}),
    };
    return nested ? entry : { type: 'link', ...entry };
  }
  if (nested) return undefined;
  if (dropdown) {
    mark(take, `${at}.type`);
    const sub = (item.items as unknown[] | undefined) ?? [];
    const className = take<string>(`${at}.className`);
    return {
      type: 'dropdown',
      label: label(),
      items: subItems('items', sub),
      ...(className !== undefined ? { className } : {}),
    };
  }
  const simple: Record<string, string> = { localeDropdown: 'locale', search: 'search', docsVersionDropdown: 'docsVersion' };
  if (typeof type === 'string' && simple[type]) {
    // The versions of another docs instance are not built (mapDocsInstances): its dropdown is left out, and named.
    if (type === 'docsVersionDropdown' && item.docsPluginId !== undefined && item.docsPluginId !== 'default') return undefined;
    if (type === 'docsVersionDropdown' && item.docsPluginId !== undefined) mark(take, `${at}.docsPluginId`);
    // quire's version dropdown is never coloured as the active item: what `dropdownActiveClassDisabled` asks
    // (Sequelize's), so it changes nothing; unset, Docusaurus colours it on a docs page (README's "Found by comparing").
    if (type === 'docsVersionDropdown' && item.dropdownActiveClassDisabled === true) mark(take, `${at}.dropdownActiveClassDisabled`);
    mark(take, `${at}.type`);
    const l = label();
    // Links the locale and version dropdowns show before and after their own entries ("All versions").
    const extra = (key: 'dropdownItemsBefore' | 'dropdownItemsAfter') =>
      subItems(key, (Array.isArray(item[key]) ? item[key] : []) as unknown[], key === 'dropdownItemsBefore' ? 'itemsBefore' : 'itemsAfter');
    const [before, after] = type === 'search' ? [[], []] : [extra('dropdownItemsBefore'), extra('dropdownItemsAfter')];
    const menu = { ...(before.length ? { itemsBefore: before } : {}), ...(after.length ? { itemsAfter: after } : {}) };
    // Docusaurus's version dropdown shows the version's label alone.
    const bare = type === 'docsVersionDropdown' ? { labelPrefix: false } : {};
    return { type: simple[type], ...(l !== undefined ? { label: l } : {}), ...menu, ...bare };
  }
  return undefined;
}

/** Whether a text parses as JSON. */
function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * `stylesheets` and `scripts` (a URL, or an object with `href` or `src` and the tag's attributes) and `headTags`
 * (`tagName`, `attributes`) and `themeConfig.metadata` as quire's head tags. A head tag's `innerHTML` is read for
 * JSON-LD only; any other stays in the warning.
 */
function headTags(raw: Raw, take: Take, origin: Origin): Raw[] {
  const tags: Raw[] = [];
  const list = (key: string) => (Array.isArray(raw[key]) ? (raw[key] as unknown[]) : []);
  list('stylesheets').forEach((_item, i) => {
    const given = take<unknown>(`stylesheets.${i}`);
    origin(`headTags.${tags.length}`, `stylesheets.${i}`);
    // A URL alone is the item itself; an object's keys are the tag's attributes.
    origin(`headTags.${tags.length}.attributes${typeof given === 'string' ? '.href' : ''}`, `stylesheets.${i}`);
    tags.push({ tagName: 'link', attributes: { rel: 'stylesheet', ...(typeof given === 'string' ? { href: given } : (given as Raw)) } });
  });
  list('scripts').forEach((_item, i) => {
    const given = take<unknown>(`scripts.${i}`);
    origin(`headTags.${tags.length}`, `scripts.${i}`);
    // A URL alone is the item itself; an object's keys are the tag's attributes.
    origin(`headTags.${tags.length}.attributes${typeof given === 'string' ? '.src' : ''}`, `scripts.${i}`);
    tags.push({ tagName: 'script', attributes: typeof given === 'string' ? { src: given } : (given as Raw) });
  });
  list('headTags').forEach((item, i) => {
    origin(`headTags.${tags.length}`, `headTags.${i}`);
    const tagName = take<unknown>(`headTags.${i}.tagName`);
    const attributes = take<Raw>(`headTags.${i}.attributes`) ?? {};
    // Structured data (`innerHTML: JSON.stringify({...})`), Docusaurus's way to put JSON-LD on every page, is read
    // when it is JSON; any other inline content stays in the warning of unread keys.
    const inner = isObject(item) ? item.innerHTML : undefined;
    const json = tagName === 'script' && attributes.type === 'application/ld+json' && typeof inner === 'string' && isJson(inner);
    tags.push({ tagName, attributes, ...(json ? { json: take<string>(`headTags.${i}.innerHTML`) } : {}) });
  });
  // `themeConfig.metadata`: <meta> tags on every page, each item's fields its attributes
  // (https://docusaurus.io/docs/api/themes/configuration#metadata).
  const metadata = isObject(raw.themeConfig) && Array.isArray(raw.themeConfig.metadata) ? raw.themeConfig.metadata : [];
  metadata.forEach((_item, i) => {
    origin(`headTags.${tags.length}`, `themeConfig.metadata.${i}`);
    origin(`headTags.${tags.length}.attributes`, `themeConfig.metadata.${i}`);
    tags.push({ tagName: 'meta', attributes: take(`themeConfig.metadata.${i}`) ?? {}, pageWins: true });
  });
  return tags;
}

/**
 * The options of `@docusaurus/remark-plugin-npm2yarn` where a preset section lists it (the function, or `[function,
 * options]`; known by its code, which names npm2yarn), marking each such entry read. Custom converters (functions)
 * are not taken: that entry stays in the warning.
 */
function npm2yarnIn(lists: string[], peek: (key: string) => unknown, opt: (key: string) => unknown): Raw | undefined {
  let found: Raw | undefined;
  for (const list of lists) {
    const plugins = peek(list);
    if (!Array.isArray(plugins)) continue;
    plugins.forEach((entry, i) => {
      const [plugin, options] = Array.isArray(entry) ? entry : [entry, undefined];
      // The package named where it is not installed (its stand-in has no code to know it by; Q001 names it).
      const named = missingPackageOf(plugin) === '@docusaurus/remark-plugin-npm2yarn';
      if (typeof plugin !== 'function' || !(named || /npm2yarn/i.test(Function.prototype.toString.call(plugin)))) return;
      const { sync = false, converters = ['yarn', 'pnpm', 'bun'] } = (isObject(options) ? options : {}) as Raw;
      if (!Array.isArray(converters) || !converters.every((c) => typeof c === 'string')) return;
      opt(`${list}.${i}`);
      found = { sync, converters };
    });
  }
  return found;
}

const PLUGIN_LISTS = ['beforeDefaultRemarkPlugins', 'remarkPlugins', 'beforeDefaultRehypePlugins', 'rehypePlugins'] as const;

/**
 * The project's remark and rehype plugins in the preset's `docs`, `blog` and `pages` options and in each other docs
 * plugin instance's options (section `docs@<id>`; a function, or
 * `[function, options]`, as Docusaurus's MDX loader takes them), each marked read, with `key`: a fingerprint of
 * their code and options (`loadDocusaurus` adds the files they come from). npm2yarn entries (taken by npm2yarnIn)
 * are left to quire's own plugin; one from a package that is not installed is left out (Q001 names the package); an
 * entry of another shape stays unread and is named in the warning.
 */
function projectPluginsIn(
  sources: { section: string; base: string }[],
  read: (keyPath: string) => unknown,
  mark: (keyPath: string) => void,
  used: ReadonlySet<string>,
): { key: string; sections: Raw } | undefined {
  const sections: Record<string, Record<string, { keyPath: string; name: string }[]>> = {};
  const fingerprint = createHash('sha256');
  for (const { section, base } of sources) {
    for (const list of PLUGIN_LISTS) {
      const entries = read(`${base}.${list}`);
      if (!Array.isArray(entries)) continue;
      entries.forEach((entry, i) => {
        const keyPath = `${base}.${list}.${i}`;
        const [plugin, options] = Array.isArray(entry) ? entry : [entry, undefined];
        if (used.has(keyPath) || typeof plugin !== 'function') return;
        mark(keyPath);
        // A plugin from a package that is not installed is no plugin: Q001 says so at the import.
        if (missingPackageOf(plugin)) return;
        ((sections[section] ??= {})[list] ??= []).push({ keyPath, name: plugin.name || 'anonymous' });
        fingerprint.update(`${keyPath}\0${Function.prototype.toString.call(plugin)}\0${stableText(options)}\0`);
      });
    }
  }
  return Object.keys(sections).length ? { key: fingerprint.digest('hex'), sections } : undefined;
}

/** A plugin's options as text for its fingerprint: JSON, with functions as their code and cycles cut. */
function stableText(value: unknown): string {
  const seen = new WeakSet<object>();
  return (
    JSON.stringify(value, (_key, v: unknown) => {
      if (typeof v === 'function') return `function:${Function.prototype.toString.call(v)}`;
      if (typeof v === 'bigint') return `${v}n`;
      if (v instanceof RegExp) return `regexp:${v}`;
      if (v && typeof v === 'object') {
        if (seen.has(v)) return '[cycle]';
        seen.add(v);
      }
      return v;
    }) ?? 'undefined'
  );
}

/** Marks a key as read without needing its value. */
const mark = (take: Take, keyPath: string) => void take(keyPath);
const stripType = (item: Raw | undefined) => {
  if (!item) return undefined;
  const { type: _type, ...rest } = item;
  return rest;
};

function mapFooter(raw: Raw, take: Take, origin: Origin): Raw {
  const footer: Raw = { currencies: false };
  // Docusaurus's footer is light unless the config says `dark` (theme-classic's validateThemeConfig default).
  const style = take('themeConfig.footer.style');
  footer.style = style === undefined ? 'light' : style;
  const copyright = take<string>('themeConfig.footer.copyright');
  // Docusaurus's Footer/Copyright writes it as HTML, as quire's footer does.
  if (copyright !== undefined) footer.copyright = copyright;
  const links = isObject(raw.themeConfig) && isObject(raw.themeConfig.footer) ? raw.themeConfig.footer.links : undefined;
  /** A column's links, each from its place in the config (`at(j)`). */
  const columnItems = (entries: unknown[], column: number, at: (j: number) => string) =>
    entries.reduce<Raw[]>((kept, entry, j) => {
      // An `html` item: the config author's HTML, shown as written (its URLs held to the URL policy).
      const mapped =
        isObject(entry) && typeof entry.html === 'string'
          ? { html: take<string>(`${at(j)}.html`) }
          : !isObject(entry) || (entry.to === undefined && entry.href === undefined)
            ? undefined
            : { label: take<string>(`${at(j)}.label`), ...linkTarget(take<string>(`${at(j)}.to`), take<string>(`${at(j)}.href`)) };
      if (mapped) {
        origin(`footer.links.${column}.items.${kept.length}`, at(j));
        kept.push(mapped);
      }
      return kept;
    }, []);
  if (Array.isArray(links) && links.every((column) => isObject(column) && Array.isArray(column.items))) {
    footer.links = links.map((column, i) => ({
      title: take<string>(`themeConfig.footer.links.${i}.title`) ?? '',
      items: columnItems((column as Raw).items as unknown[], i, (j) => `themeConfig.footer.links.${i}.items.${j}`),
    }));
  } else if (Array.isArray(links) && links.every((item) => isObject(item) && !Array.isArray(item.items))) {
    // Docusaurus's "simple footer" (https://docusaurus.io/docs/api/themes/configuration#footer-links): a flat list of
    // links, which it draws in one row; quire's footer draws them as one column without a title, in their order.
    footer.links = [{ title: '', items: columnItems(links, 0, (j) => `themeConfig.footer.links.${j}`) }];
  }
  const logoSrc = take<string>('themeConfig.footer.logo.src');
  if (typeof logoSrc === 'string') {
    const logo: Raw = { src: sitePath(logoSrc), alt: take<string>('themeConfig.footer.logo.alt') ?? '' };
    const href = take<string>('themeConfig.footer.logo.href');
    if (href !== undefined) logo.href = sitePath(href);
    for (const key of ['width', 'height']) {
      const v = take(`themeConfig.footer.logo.${key}`);
      if (typeof v === 'number') logo[key] = v;
      else if (typeof v === 'string' && /^\d+(px)?$/.test(v)) logo[key] = parseInt(v, 10);
    }
    footer.logo = logo;
  }
  return footer;
}

/**
 * Docusaurus 3.9's `markdown.hooks.onBrokenMarkdownLinks` / `onBrokenMarkdownImages` (and the older top-level
 * `onBrokenMarkdownLinks`, which the hook replaces): the severity of a broken link to a `.md`/`.mdx` file and of
 * a broken Markdown image. Docusaurus's `log` prints and goes on, as quire's `warn` does. A function (Docusaurus
 * calls it to rewrite the link) cannot run at quire's link check, so it stays unread and is named.
 */
function mapMarkdownHooks(take: <T = unknown>(key: string) => T | undefined, used: Set<string>, config: Raw): void {
  const severity = (key: string) => {
    const v = take(key);
    if (v === undefined) return undefined;
    if (v === 'log' || v === 'warn') return 'warn';
    if (v === 'ignore' || v === 'throw') return v;
    used.delete(key);
    return undefined;
  };
  const old = severity('onBrokenMarkdownLinks');
  const links = severity('markdown.hooks.onBrokenMarkdownLinks') ?? old;
  const images = severity('markdown.hooks.onBrokenMarkdownImages');
  if (links) config.onBrokenMarkdownLinks = links;
  if (images) config.onBrokenMarkdownImages = images;
}

/**
 * The key paths of `raw` nobody read: leaves, or objects none of whose keys were read. Indices in lists of links
 * are shown as `*` so a key every navbar item has (`position`) is named once.
 */
function unreadKeys(raw: Raw, used: ReadonlySet<string>): string[] {
  const out = new Set<string>();
  const prefixes = new Set<string>();
  for (const keyPath of used) {
    const parts = keyPath.split('.');
    for (let i = 1; i < parts.length; i++) prefixes.add(parts.slice(0, i).join('.'));
  }
  const visit = (value: unknown, keyPath: string[]) => {
    if (value === undefined) return;
    const joined = keyPath.join('.');
    if (used.has(joined)) return;
    // A plugin's or theme's options written `{}` set nothing.
    const options = keyPath.length === 3 && (keyPath[0] === 'plugins' || keyPath[0] === 'themes') && keyPath[2] === '1';
    if (options && isObject(value) && Object.keys(value).length === 0) return;
    // The lists of plugins and themes are named entry by entry, each by its name, even when none is read.
    const list = keyPath.length === 1 && (joined === 'plugins' || joined === 'themes') && Array.isArray(value);
    if (list || (prefixes.has(joined) && (isObject(value) || Array.isArray(value)))) {
      for (const [key, v] of Object.entries(value as object)) visit(v, [...keyPath, key]);
      return;
    }
    // A whole item quire has no counterpart for is named by its type; a plugin or theme (`plugins.0`), by its name,
    // or, given as a function (Lexical's `async function tailwindcss() { … }`), by the function's name.
    const plugin =
      keyPath.length === 2 && (keyPath[0] === 'plugins' || keyPath[0] === 'themes') ? (Array.isArray(value) ? value[0] : value) : undefined;
    const type =
      isObject(value) && typeof value.type === 'string'
        ? ` (type ${value.type})`
        : typeof plugin === 'string'
          ? ` (${plugin})`
          : typeof plugin === 'function' && plugin.name
            ? ` (function ${plugin.name})`
            : '';
    out.add(
      keyPath.map((k, i) => (/^\d+$/.test(k) && (keyPath[i - 1] === 'items' || keyPath[i - 1] === 'links') ? '*' : k)).join('.') + type,
    );
  };
  for (const [key, v] of Object.entries(raw)) visit(v, [key]);
  return [...out];
}

/**
 * Whether the project's blog plugin writes the list page of a blog without posts: Docusaurus 3.10 does, 3.9 and
 * earlier write none.
 */
export function writesEmptyBlogList(root: string): boolean {
  return installedAtLeast(root, 'plugin-content-blog', 3, 10);
}

/**
 * Whether `:::tip Title` is a box with a title (Docusaurus's `markdown.mdx1Compat.admonitions`, whose preprocessor
 * rewrites it to `:::tip[Title]`). Docusaurus 3.10 turns the three MDX 1 compatibility settings off by default under
 * `future.v4: true` or `future.v4.mdx1CompatDisabledByDefault` (https://docusaurus.io/docs/api/docusaurus-config#markdown);
 * before 3.10, `future.v4` has no such flag. The other two change nothing quire writes: without them Docusaurus
 * refuses an HTML comment and a `{#id}` heading id in MDX (its build fails), where quire reads both.
 */
function mapMdx1Compat(take: <T = unknown>(keyPath: string) => T | undefined, root: string): boolean {
  const v4 = take('future.v4');
  const offByDefault =
    installedAtLeast(root, 'core', 3, 10) && (v4 === true || (isObject(v4) && (v4 as Raw).mdx1CompatDisabledByDefault === true));
  take('markdown.mdx1Compat.comments');
  take('markdown.mdx1Compat.headingIds');
  const admonitions = take('markdown.mdx1Compat.admonitions');
  return typeof admonitions === 'boolean' ? admonitions : !offByDefault;
}

/**
 * Whether the version of `@docusaurus/<name>` installed for the project (the nearest `node_modules` up from it) is at
 * least `major.minor`; with none installed, or one whose version cannot be read, the newest behaviour (true).
 */
function installedAtLeast(root: string, name: string, major: number, minor: number): boolean {
  for (let dir = path.resolve(root); ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'node_modules', '@docusaurus', name, 'package.json');
    if (isFile(manifest)) {
      let version: unknown;
      try {
        version = (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: unknown }).version;
      } catch {
        // A manifest that cannot be read says no version: the newest behaviour.
        return true;
      }
      const m = typeof version === 'string' ? /^(\d+)\.(\d+)\./.exec(version) : null;
      return !m || Number(m[1]) > major || (Number(m[1]) === major && Number(m[2]) >= minor);
    }
    if (path.dirname(dir) === dir) return true;
  }
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

function readText(p: string): string | undefined {
  try {
    return readFileSync(p, 'utf8');
  } catch {
    return undefined;
  }
}
