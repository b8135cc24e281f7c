import { build, type Metafile, type OutputFile, type Plugin } from 'esbuild';
import path from 'node:path';
import { CODES, report, type Diagnostic } from '../diagnostics.ts';
import type { Compiled } from '../types.ts';
import { addPartialHeadings } from './partial-headings.ts';
import { COMPILER_VERSION, type CompileTexts } from './compile.ts';
import { bundleKey, type BundleRecord, type ModuleBundles } from './module-bundles.ts';
import { BundleState, modulesPlugin, sameCssModuleNames, slash, type Entry } from './modules-plugin.ts';
import { esbuildErrors, moduleDiagnostic } from './modules-report.ts';
import type { PageSettings } from './pipeline.ts';
import { internalRef } from './plugins/links.ts';
import { relativeLinked, replaceRelativeMarkers } from '../shared/markers.ts';
import { withBase } from '../shared/route-match.ts';
import { relativeBaseOf } from '../shared/addresses.ts';

/** How bundleModules bundles: what the theme provides, the base path, settings for partials, the browser's files. */
export interface BundleOptions {
  /** The modules the theme provides (Theme.modules): each name, with the names it exports. */
  provided: Record<string, readonly string[]>;
  /** The project's own theme components (SiteConfig.themeComponents): module name → project-relative file. */
  themeComponents?: Record<string, string>;
  /** The theme's stylesheet for the project's code (Theme.moduleStyles), absolute. */
  styles?: string;
  baseUrl: string;
  /** The site paths of the static files (`/img/x.png`), which CSS names from the root (`url(/img/x.png)`). */
  staticPaths?: ReadonlySet<string>;
  /**
   * The folders, absolute, in which code's server-relative import (`import X from '/src/components/X'`) is looked
   * for, in order, before the path is read as absolute on disk: Docusaurus's `resolve.roots` (its static folders,
   * the project, the working folder).
   */
  roots?: readonly string[];
  /** The config's page settings, for `.md`/`.mdx` partials (see compilePartial). */
  settings?: PageSettings;
  /** The compiler's texts, for `.md`/`.mdx` partials (see compilePartial). */
  texts: CompileTexts;
  /**
   * For components that run in the browser too: quire's folder (its React), the theme's file exporting
   * `docusaurusModules` and its island file exporting `mountProject` and `svgComponent`, absolute.
   */
  browser?: { quire: string; modules: string; island: string };
  /** The last bundle, kept (see ModuleBundles): a build whose pages and input files are unchanged takes it. */
  bundles?: ModuleBundles;
  /**
   * The esbuild plugin compiling the project's Sass files its code imports (`./x.module.scss`, as
   * docusaurus-plugin-sass lets webpack load them), adding each file Sass read to `read` (see emit's sassStylesheets).
   */
  sass?: (read: Set<string>) => Plugin;
}

/** The page's island module and the files it is made of (under the base path), when its code runs in the browser. */
export interface ModuleFile {
  file: string;
  contents: string;
}

/**
 * Code that needs the browser: React's state and effect hooks, the address it is shown at (`useLocation`), event
 * handlers (`onClick: …` once JSX is compiled), and Docusaurus's ways of asking for the browser (`BrowserOnly`,
 * `useIsBrowser`, `ExecutionEnvironment`, the colour mode, window size and query string), and a class component's state and
 * lifecycle (`this.setState(`, `componentDidMount`, `componentDidUpdate`: react-github-btn draws its button there). A
 * page whose bundle has none is drawn at build time and ships no
 * JavaScript of its own.
 */
const NEEDS_BROWSER =
  /\buse(?:State|Effect|LayoutEffect|Reducer|SyncExternalStore|Transition|ImperativeHandle|Location|History|IsBrowser|ColorMode|WindowSize|QueryString|QueryStringList)\b|\bon[A-Z][A-Za-z]+:\s|@docusaurus\/(?:BrowserOnly|ExecutionEnvironment)\b|\bcomponentDid(?:Mount|Update)\b|\bthis\.setState\(/;

/**
 * Bundles each page's imported modules (Compiled.imports) with esbuild, for the page's render
 * (src/render/modules.ts): one CommonJS bundle per page whose exports are the page's modules by import source,
 * `@site/…` read as the project's root (Docusaurus's alias), JSX in `.js` files, CSS and CSS modules
 * (`*.module.css`), SVG imported as a React component (as Docusaurus's SVGR does) and other files as their
 * published URL. React and the theme's modules come from the render, `styles` (the theme's stand-in for the
 * class names Docusaurus's code uses) comes first in each page's CSS. Each page gets `modules`; a module that
 * cannot be found or compiled is a Q039 at the import.
 */
export async function bundleModules(
  root: string,
  compiled: Compiled[],
  options: BundleOptions,
): Promise<{ diagnostics: Diagnostic[]; files: ModuleFile[]; dropped: Compiled[]; kept?: true }> {
  const entries: Entry[] = compiled
    .filter((c) => c.imports?.length && !c.standIn)
    .map((c) => ({ compiled: c, absFile: path.join(root, c.source.file) }));
  if (!entries.length) return { diagnostics: [], files: [], dropped: [] };
  const { bundles, ...settings } = options;
  const key =
    bundles &&
    bundleKey(
      COMPILER_VERSION,
      entries.map((e) => e.compiled),
      settings,
    );
  const kept = key ? await bundles!.get(key, root) : undefined;
  if (kept) return { ...replay(kept, entries), kept: true };
  const before = entries.map((e) => ({
    links: e.compiled.links.length,
    assets: new Set(e.compiled.assets.map((a) => a.marker)),
    images: e.compiled.measuredImages?.length ?? 0,
  }));
  const inputs = new Set<string>();
  const made = await bundleNow(root, entries, settings, inputs);
  // Kept only when nothing failed: what esbuild could not find is not among the inputs that would show it came.
  if (key && !made.dropped.length && !made.diagnostics.some((d) => d.severity === 'error')) {
    const pages = entries.map(({ compiled: c }, i) => ({
      ...(c.modules ? { modules: c.modules } : {}),
      links: c.links.slice(before[i].links),
      assets: c.assets.filter((a) => !before[i].assets.has(a.marker)),
      ...(c.measuredImages && c.measuredImages.length > before[i].images
        ? { measuredImages: c.measuredImages.slice(before[i].images) }
        : {}),
      ...(c.partialHeadings?.length ? { headings: c.headings, toc: c.toc } : {}),
    }));
    await bundles!.set({ key, inputs: [...inputs].sort(), pages, files: made.files, diagnostics: made.diagnostics }, root);
  }
  return made;
}

/** A kept bundle given to the pages again: their modules, and the links, images and headings their partials add. */
function replay(kept: BundleRecord, entries: Entry[]): { diagnostics: Diagnostic[]; files: ModuleFile[]; dropped: Compiled[] } {
  entries.forEach(({ compiled: c }, i) => {
    const page = kept.pages[i];
    if (page.modules) c.modules = page.modules;
    c.links = [...c.links, ...page.links];
    c.assets = [...c.assets, ...page.assets.filter((a) => !c.assets.some((b) => b.marker === a.marker))];
    if (page.measuredImages) addMeasured(c, page.measuredImages);
    if (page.headings) c.headings = page.headings;
    if (page.toc) c.toc = page.toc;
  });
  return { diagnostics: kept.diagnostics, files: kept.files, dropped: [] };
}

/** A page shows its partials' Markdown images: their sizes are read with its own (Compiled.measuredImages). */
function addMeasured(page: Compiled, keys: readonly string[]): void {
  const added = keys.filter((key) => !page.measuredImages?.includes(key));
  if (added.length) page.measuredImages = [...(page.measuredImages ?? []), ...added];
}

/** The plugin's namespaces whose paths are files esbuild read (see modules-plugin.ts); the others are made up. */
const FILE_NAMESPACE = /^(?:quire-raw|quire-yaml|quire-code|quire-url|quire-svg|file):/;

/** The files a build read (its metafile's inputs), absolute: namespaces and query suffixes taken off. */
function addInputs(inputs: Set<string>, root: string, metafile: Metafile | undefined): void {
  for (const input of Object.keys(metafile?.inputs ?? {})) {
    if (/^[a-z-]+:/.test(input) && !FILE_NAMESPACE.test(input)) continue;
    inputs.add(path.resolve(root, input.replace(FILE_NAMESPACE, '').replace(/\?.*$/, '')));
  }
}

async function bundleNow(
  root: string,
  entries: Entry[],
  options: BundleOptions,
  inputs: Set<string>,
): Promise<{ diagnostics: Diagnostic[]; files: ModuleFile[]; dropped: Compiled[] }> {
  const state = new BundleState(root, options);
  const server = await serverBundle(state, entries);
  const { dropped } = server;
  if (!('list' in server)) return { diagnostics: server.diagnostics, files: [], dropped };
  const { list } = server;
  const { outputFiles, metafile } = server.result;
  addInputs(inputs, root, metafile);
  for (const file of state.sassRead) inputs.add(file);
  const outputs = new Map(outputFiles.map((f) => [slash(path.relative(root, f.path)), f.text]));
  sameCssModuleNames(outputs, root, state.cssModuleNames);
  const resolved = resolvedImports(root, metafile);
  list.forEach((entry, i) => attachModules(state, entry.compiled, i, outputs, metafile, resolved));

  // Pages whose code needs the browser get an island module: the same imports, bundled for the browser with
  // quire's React, split so what several pages share loads once.
  const interactive = options.browser ? list.filter((e) => NEEDS_BROWSER.test(e.compiled.modules!.code)) : [];
  if (!interactive.length) return { diagnostics: state.notes, files: [], dropped };
  // A prop JSON cannot carry keeps its use from being hydrated (render/modules.ts): said at the use.
  for (const { compiled } of interactive)
    for (const { component, prop, line, column } of compiled.unplainProps ?? [])
      state.notes.push(report(CODES.MODULE_IMPORT, 'staticProps', { component, prop }, { file: compiled.source.file, line, column }));
  let client: OutputFile[];
  try {
    const browser = await browserBuild(state, interactive);
    client = browser.outputFiles;
    addInputs(inputs, root, browser.metafile);
    for (const file of state.sassRead) inputs.add(file);
  } catch (e) {
    const errors = esbuildErrors(e);
    return { diagnostics: [...state.notes, ...errors.map((m) => moduleDiagnostic(m, root, interactive))], files: [], dropped };
  }
  const published = client
    .filter((f) => !f.path.endsWith('.css'))
    .map((f) => ({ file: slash(path.relative(path.join(root, '.quire-modules'), f.path)), contents: f.text }));
  interactive.forEach(({ compiled: page }, i) => {
    const entry = published.find((f) => new RegExp(`^assets/project/p${i}-[\\w-]+\\.js$`).test(f.file));
    if (entry) page.modules!.island = options.baseUrl + entry.file;
  });
  return { diagnostics: state.notes, files: published, dropped };
}

/** The server bundle of the pages, and which of them are in it; or, when it cannot be built, why. */
type ServerBundle = { list: Entry[]; result: ServerResult; dropped: Compiled[] } | { diagnostics: Diagnostic[]; dropped: Compiled[] };

interface ServerResult {
  outputFiles: OutputFile[];
  metafile: Metafile;
}

/**
 * Bundles the pages for their render. A React page quire cannot build is left out with a warning, as Docusaurus's
 * other pages still build: which pages fail is found by building each alone (only when the build as a whole failed).
 */
async function serverBundle(state: BundleState, entries: Entry[]): Promise<ServerBundle> {
  const dropped: Compiled[] = [];
  try {
    return { list: entries, result: await serverBuild(state, entries), dropped };
  } catch (e) {
    const errors = esbuildErrors(e);
    if (!entries.some((entry) => entry.compiled.source.react))
      return { diagnostics: [...state.notes, ...errors.map((m) => moduleDiagnostic(m, state.root, entries))], dropped };
    const found = new Map<string, Diagnostic>();
    for (const entry of entries) {
      const failed = await serverBuild(state, [entry]).then(
        () => [],
        (error: unknown) => esbuildErrors(error),
      );
      if (!failed.length) continue;
      const react = entry.compiled.source.react === true;
      if (react) dropped.push(entry.compiled);
      for (const m of failed) {
        const shown = moduleDiagnostic(m, state.root, [entry], react ? entry.compiled.source.file : undefined);
        found.set(`${shown.severity}|${shown.file}|${shown.line}|${shown.message}`, shown);
      }
    }
    const diagnostics = [...state.notes, ...found.values()];
    const list = entries.filter((entry) => !dropped.includes(entry.compiled));
    if (diagnostics.some((d) => d.severity === 'error') || !list.length) return { diagnostics, dropped };
    state.notes.splice(0, state.notes.length, ...diagnostics);
    return { list, result: await serverBuild(state, list), dropped };
  }
}

/**
 * The server bundle of `list`. A module with a top-level `await` fails it (CommonJS has none): such modules are
 * taken as ones that throw when run (see awaitingModules in modules-plugin.ts), and the bundle is made again.
 */
async function serverBuild(state: BundleState, list: Entry[]): Promise<ServerResult> {
  try {
    return await serverBuildOnce(state, list);
  } catch (e) {
    const awaiting = esbuildErrors(e)
      .filter((m) => m.location && /^Top-level await is currently not supported with the "cjs" output format/.test(m.text))
      .map((m) => path.resolve(state.root, m.location!.file))
      .filter((file) => !state.awaiting.has(file));
    if (!awaiting.length) throw e;
    for (const file of awaiting) state.awaiting.add(file);
    return serverBuild(state, list);
  }
}

function serverBuildOnce(state: BundleState, list: Entry[]): Promise<ServerResult> {
  const { root } = state;
  return build({
    absWorkingDir: root,
    entryPoints: list.map((_, i) => ({ in: `quire-page:${i}`, out: `p${i}` })),
    external: ['@mdx-js/react'],
    outdir: path.join(root, '.quire-modules'),
    bundle: true,
    // Packages installed in the project resolve from content outside its folder too (a docs folder beside the site), as webpack does for Docusaurus.
    nodePaths: [path.join(root, 'node_modules')],
    write: false,
    metafile: true,
    format: 'cjs',
    // The build-time copy takes a package's default entry, not its browser one, which may touch `document` as it
    // loads (decode-named-character-reference's does), nor its Node one, which may import Node's modules that
    // the evaluated bundle does not have (vfile's does).
    platform: 'neutral',
    mainFields: ['module', 'main'],
    target: 'es2020',
    // A top-level await is then found where the bundle's format refuses it, with its place (see serverBuild).
    supported: { 'top-level-await': true },
    jsx: 'automatic',
    loader: { '.js': 'jsx' },
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
    plugins: [modulesPlugin(state, 'server', list), ...sassPlugin(state)],
  });
}

/** The page's server bundle (entry `p<i>`), its CSS, the project files it is made of, and the assets it uses. */
function attachModules(
  state: BundleState,
  page: Compiled,
  i: number,
  outputs: Map<string, string>,
  metafile: Metafile,
  resolved: ResolvedImports,
): void {
  const { root } = state;
  const js = outputs.get(`.quire-modules/p${i}.js`) ?? '';
  // The bundle names each file it took in with a comment of its own line (`/* ../../work/quire/themes/x.css */`):
  // paths of the building machine, no business of the published page.
  const cssInputs = new Set(Object.keys(metafile.outputs[`.quire-modules/p${i}.css`]?.inputs ?? {}));
  const css = outputs
    .get(`.quire-modules/p${i}.css`)
    ?.replace(/^\/\* (.+) \*\/\n/gm, (line, name: string) => (cssInputs.has(name) ? '' : line));
  const inputs = Object.keys(metafile.outputs[`.quire-modules/p${i}.js`]?.inputs ?? {});
  const files = inputs
    .map(bundledPath)
    .filter((input) => !path.isAbsolute(input) || input.startsWith(root))
    .map((input) => slash(path.isAbsolute(input) ? path.relative(root, input) : input))
    .filter((input) => !input.startsWith('quire-page') && !input.includes('node_modules/'));
  const used = [...state.assets.values()].filter((a) => js.includes(a.marker) || css?.includes(a.marker));
  // What the page's partials link to and show is the page's: checked, and published, with its own. Their relative
  // links to pages lead from this page's address (LinkOptions.perPage).
  const relativeBase = relativeBaseOf(page.source, state.options.settings?.relativeUrls) ?? page.source.path;
  const fromPage = (url: string) => {
    const u = new URL(url, 'http://site' + relativeBase);
    return withBase(state.options.baseUrl, u.pathname + u.search + u.hash);
  };
  for (const file of files) {
    const partial = state.partials.get(file);
    if (!partial) continue;
    page.links = [
      ...page.links,
      ...partial.links.map((ref) => {
        const relative = relativeLinked(ref.path);
        return relative === undefined ? ref : { ...ref, ...internalRef(relative, page.source.path, relativeBase)!, url: ref.url };
      }),
    ];
    used.push(...partial.assets);
    addMeasured(page, partial.measuredImages);
  }
  addPartialHeadings(page, `quire-page:${i}`, state.partials, (importer, source) => resolved.get(importer)?.get(source));
  page.modules = { code: replaceRelativeMarkers(js, (url) => JSON.stringify(fromPage(url)).slice(1, -1)), ...(css ? { css } : {}), files };
  if (used.length) page.assets = [...page.assets, ...used.filter((a) => !page.assets.some((b) => b.marker === a.marker))];
}

/**
 * Each importer's imports as written, with the file the bundle read for each, named as `BundleState.partials` names
 * partials (relative to the project, also when outside it: a package hoisted above it). Pages are `quire-page:<i>`.
 */
type ResolvedImports = Map<string, Map<string, string>>;

function resolvedImports(root: string, metafile: Metafile): ResolvedImports {
  // Inputs are named relative to the build's working folder, the project.
  const fileOf = (input: string) => {
    const file = bundledPath(input);
    return slash(path.isAbsolute(file) ? path.relative(root, file) : file);
  };
  const out: ResolvedImports = new Map();
  for (const [input, { imports }] of Object.entries(metafile.inputs))
    out.set(fileOf(input), new Map(imports.filter((i) => !i.external).map((i) => [i.original ?? i.path, fileOf(i.path)])));
  return out;
}

/**
 * A metafile input's path without its namespace (`quire-raw:`; a page's entry `quire-page:quire-page:<i>` keeps its
 * name, `quire-page:<i>`) and suffix (a code block's spec, `?…`), which are not the file's.
 */
function bundledPath(input: string): string {
  return input.replace(/^[a-z-]+:/, '').replace(/\?.*$/, '');
}

async function browserBuild(state: BundleState, interactive: Entry[]): Promise<{ outputFiles: OutputFile[]; metafile: Metafile }> {
  const { root, options } = state;
  const result = await build({
    absWorkingDir: root,
    entryPoints: interactive.map((_, i) => ({ in: `quire-page:${i}`, out: `p${i}` })),
    outdir: path.join(root, '.quire-modules/assets/project'),
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    assetNames: '[name]-[hash]',
    publicPath: `${options.baseUrl}assets/project/`,
    bundle: true,
    // Packages installed in the project resolve from content outside its folder too (a docs folder beside the site), as webpack does for Docusaurus.
    nodePaths: [path.join(root, 'node_modules')],
    splitting: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    // An ES module may wait at its top level (yoga-layout's entry awaits its WebAssembly), as webpack lets it for
    // Docusaurus: browsers that load module scripts run it since 2021.
    supported: { 'top-level-await': true },
    minify: true,
    jsx: 'automatic',
    loader: { '.js': 'jsx', ...Object.fromEntries(FILE_EXTENSIONS.map((ext) => [ext, 'file' as const])) },
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
    legalComments: 'none',
    plugins: [modulesPlugin(state, 'browser', interactive), ...sassPlugin(state)],
    metafile: true,
  });
  return { outputFiles: result.outputFiles, metafile: result.metafile };
}

/** The project's Sass compiler as a plugin, after quire's (whose browser build gives CSS modules the server's names). */
function sassPlugin(state: BundleState): Plugin[] {
  return state.options.sass ? [state.options.sass(state.sassRead)] : [];
}

/** File types an island module publishes beside itself (see FILE_URL). */
const FILE_EXTENSIONS = [
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.webp',
  '.avif',
  '.ico',
  '.bmp',
  '.mp4',
  '.webm',
  '.ogg',
  '.mp3',
  '.wav',
  '.pdf',
  '.woff',
  '.woff2',
  '.ttf',
  '.eot',
  '.svg',
];
