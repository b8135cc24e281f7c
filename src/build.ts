import path from 'node:path';
import { compileAll, CompileCache, ModuleBundles, pageAddresses, preloadCompiler, type Slowest } from './compile/index.ts';
import { loadConfig, type LoadConfigResult } from './config/index.ts';
import { cacheWarning, CODES, hasErrors, report, type Diagnostic } from './diagnostics.ts';
import {
  bundleClient,
  siteClientParts,
  SiteOutput,
  StylesheetError,
  type ClientBundle,
  type EmitReport,
  type Writer,
} from './emit/index.ts';
import { ContentFiles, load, readStyleFacts } from './load/index.ts';
import { withStandIns } from './plan/index.ts';
import { fingerprintRoutes, loadCodeBlocks, renderPages } from './render/index.ts';
import { layoutFolders } from './globs.ts';
import { acquireLock, type LockHolder } from './lock.ts';
import { runPipeline, siteTexts, type Driver, type Outcome, type Pages, type StepTiming } from './pipeline.ts';
import { recordStanding, standingKey } from './standing.ts';
import type { BuildProgress, Compiled, Loaded, ProjectHooks, Site, SiteConfig, Theme } from './types.ts';

export interface BuildOptions {
  /** Project folder (site.config.ts, content/, locales/, static/). */
  root: string;
  /** quire's own folder (client sources and theme styles). */
  toolRoot: string;
  theme: Theme;
  /** Output folder; default `<root>/dist`. Ignored when `writer` is given. */
  outDir?: string;
  writer?: Writer;
  locale?: string;
  mode?: 'production' | 'development';
  /** Folder of the compile cache; `false` disables it. Default `<root>/.quire/cache`. */
  cacheDir?: string | false;
  configFile?: string;
  /** The configuration as the caller already loaded it (the CLI, for its no-change check); loaded here otherwise. */
  loadedConfig?: LoadConfigResult;
  /**
   * Worker script for compiling and rendering in parallel (`lib/worker.js`, which renders with the CLI's
   * theme: pass it only with that theme); without it everything runs in this thread. Small jobs stay in
   * this thread anyway: starting workers costs more than it saves.
   */
  workerFile?: string;
  /**
   * quire's version and code (the CLI passes a hash of its own bundle and lock file). With it and a cache
   * folder, pages whose inputs did not change since the last build into the same folder are not
   * rendered again: their previous files stay as they are.
   */
  toolVersion?: string;
  /** Whether the theme may render parts many pages share once (PageProps.renderShared); default true. */
  sharedRendering?: boolean;
  /** Whether `.mdx` pages without code render from their syntax tree instead of MDX's JavaScript; default true. */
  mdxFromTree?: boolean;
  /** Whether Markdown pages are indexed from their compiled HTML rather than their rendered page; default true. */
  markdownDocuments?: boolean;
  /** Called when each step finishes. */
  onStep?: (step: StepTiming) => void;
  /** Called as the long steps go on: each source compiled, each page written or kept, the search index. */
  onProgress?: (progress: BuildProgress) => void;
  /** Called before compiling, with the number of sources to compile (not in the compile cache). */
  beforeCompile?: (sourcesToCompile: number) => void;
  /** Called once when another build of the project holds the build lock, before waiting for it. */
  onLockWait?: (holder: LockHolder) => void;
}

export type { BuildProgress } from './types.ts';
export type { StepTiming } from './pipeline.ts';
export type { LockHolder } from './lock.ts';

export interface BuildResult {
  ok: boolean;
  diagnostics: Diagnostic[];
  steps: StepTiming[];
  pages: number;
  files: number;
  bytes: number;
  cacheHits: number;
  /** Pages taken unchanged from the previous output. */
  reused: number;
  site?: Site;
  /** Every project file the build read (dev watcher). */
  inputs: string[];
}

/**
 * A build into a folder holds the project's build lock (`.quire/build.lock`) from start to end: a second
 * build of the same project waits for it (`onLockWait`), and a lock left by a process that is gone is taken
 * over with a warning.
 */
export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  if (options.writer) return buildOnce(options);
  const stale: Diagnostic[] = [];
  const lockFile = path.join(options.root, '.quire/build.lock');
  // A lock that cannot be written (a read-only project, `.quire` a file) costs the guarantee against a
  // second build at once, not this build: a warning, as for the cache in the same folder.
  const lock = await acquireLock(lockFile, { onWait: options.onLockWait, onStale: (holder) => stale.push(staleLockWarning(holder)) }).catch(
    (e: Error) => {
      const code = (e as NodeJS.ErrnoException).code ?? e.message;
      stale.push(report(CODES.BUILD_LOCKED, 'notTaken', { reason: code }, { file: '.quire/build.lock' }));
      return { release: () => undefined };
    },
  );
  try {
    const result = await buildOnce(options);
    result.diagnostics.unshift(...stale);
    return result;
  } finally {
    lock.release();
  }
}

/**
 * After a successful build into a folder with a cache: the record by which the next build knows that nothing changed.
 * It notes what the build could have read: the layout's folders, and the files it read elsewhere (config and sidebar
 * modules, the modules pages import, the client bundle's inputs).
 */
function noteStanding(options: BuildOptions, key: string | undefined, result: BuildResult, bundle?: ClientBundle): void {
  const { root, cacheDir = path.join(root, '.quire/cache'), outDir = path.join(root, 'dist') } = options;
  const site = result.site;
  if (!key || !site || !result.ok || options.writer || cacheDir === false) return;
  const modules = site.compiled.flatMap((c) => c.modules?.files ?? []).map((f) => path.resolve(root, f));
  const files = [...new Set([...result.inputs, ...modules, ...(bundle?.inputs ?? [])])];
  const { pages, files: written, bytes, diagnostics } = result;
  try {
    recordStanding(
      { root, outDir, cacheDir, key },
      { folders: layoutFolders(root, site.config.layout), files },
      { pages, files: written, bytes, diagnostics },
    );
  } catch {
    // A record that cannot be written (a read-only cache folder) costs the next build its shortcut: nothing to report.
  }
}

/** One build: the pipeline driven over the project, its results collected for BuildResult. */
async function buildOnce(options: BuildOptions): Promise<BuildResult> {
  const run = new BuildRun(options);
  // A quire bug thrown inside a step still stops what the build started (Pagefind's process, render workers).
  const pipeline = await runPipeline(run, options.onStep).catch(async (e: unknown) => {
    await run.abandon();
    throw e;
  });
  const { diagnostics, steps } = pipeline;
  diagnostics.push(...(await run.finish(!hasErrors(diagnostics))));
  const { report, cacheHits, reused, rendered } = run;
  const ok = !hasErrors(diagnostics);
  const result: BuildResult = {
    ok,
    diagnostics,
    steps,
    pages: report ? rendered + reused : 0,
    reused: report ? reused : 0,
    files: report?.files ?? 0,
    bytes: report?.bytes ?? 0,
    cacheHits,
    site: pipeline.site,
    inputs: run.inputs,
  };
  noteStanding(options, run.standingKey, result, run.clientBundle);
  return result;
}

/**
 * The build's stages: everything read afresh, through the compile cache and the previous output's record. The
 * client bundle is made beside load and compile (it does not depend on content); a first build into a folder
 * (empty compile cache) loads the compiler and starts the search index's process before reading the content.
 */
class BuildRun implements Driver {
  readonly root: string;
  inputs: string[] = [];
  cacheHits = 0;
  reused = 0;
  /** The key of the configuration as loaded (src/standing.ts); undefined when no record is kept. */
  standingKey?: string;
  rendered = 0;
  report?: EmitReport;
  private cacheDir?: string;
  private cache?: CompileCache;
  private cacheSaved?: Promise<Error | undefined>;
  private bundling?: Promise<ClientBundle | Error>;
  /** The output, emit's object: its folder check, the early search index, the pages kept, the writing. */
  private readonly output: SiteOutput;
  /** The last bundle of the pages' modules, kept in the cache folder. */
  readonly moduleBundles: ModuleBundles;
  /** The config's functions plan calls (LoadConfigResult.hooks), once the config step has run. */
  hooks?: ProjectHooks;
  private bundle?: ClientBundle;
  /** The client bundle this build used, for the no-change record (its inputs). */
  get clientBundle(): ClientBundle | undefined {
    return this.bundle;
  }
  private renderDiagnostics: Diagnostic[] = [];
  private staticFiles: Loaded['staticFiles'] = [];
  private closeRender?: () => Promise<void>;

  constructor(private readonly options: BuildOptions) {
    const { root, outDir, writer, toolVersion, markdownDocuments } = options;
    this.root = root;
    this.cacheDir = options.cacheDir === false ? undefined : (options.cacheDir ?? path.join(root, '.quire/cache'));
    // Load's reader of the content images: hashed for the fingerprints, then copied by emit's writer.
    const files = new ContentFiles(root);
    this.output = new SiteOutput({ root, outDir, writer, cacheDir: this.cacheDir, toolVersion, files, markdownDocuments });
    this.moduleBundles = new ModuleBundles(this.cacheDir);
  }

  theme(): Theme {
    return this.options.theme;
  }

  async config(): Promise<Outcome<SiteConfig>> {
    const { root, configFile, locale, outDir, loadedConfig } = this.options;
    const result = loadedConfig ?? (await loadConfig({ root, file: configFile, overrides: { locale } }));
    this.inputs.push(...result.inputs);
    this.hooks = result.hooks;
    const { config, diagnostics } = result;
    if (!config || hasErrors(diagnostics)) return { diagnostics };
    const tool = this.options.toolVersion;
    this.standingKey = tool && standingKey(config, { tool, outDir: outDir ?? path.join(root, 'dist'), locale, configFile });
    // A build replaces its whole output folder: one whose replacing would lose work is refused before anything is read.
    const problem = this.output.problem(config);
    return problem ? { diagnostics: [...diagnostics, problem] } : { value: config, diagnostics };
  }

  async load(config: SiteConfig): Promise<Outcome<Loaded>> {
    const { root, toolRoot, mode = 'production' } = this.options;
    this.bundling = bundleClient({
      toolRoot,
      baseUrl: config.baseUrl,
      minify: mode === 'production',
      projectRoot: root,
      // The theme's Infima stand-ins first, where the site wants them under its own stylesheets (infimaStyles).
      styles: infimaStylesheets(this.options.theme, toolRoot, config),
      setsPrimary: readStyleFacts(root, config.styles).setsPrimary,
      codeTheme: config.codeTheme,
      cacheDir: this.cacheDir,
      ...siteClientParts(root, config),
    }).catch((e: Error) => e);
    this.cache = await CompileCache.open(this.cacheDir);
    if (!this.options.writer && this.cache.isEmpty) {
      preloadCompiler();
      this.output.startSearch(config);
    }
    const { value, diagnostics } = await load({ root, config, mode, cacheDir: this.cacheDir });
    this.inputs.push(...value.inputs);
    this.staticFiles = value.staticFiles;
    // A content file that cannot be read stands in for itself (see compile); any other load error stops here.
    const unread = new Set((value.unreadSources ?? []).map((s) => s.file));
    const stops = diagnostics.some((d) => d.severity === 'error' && !(d.file && unread.has(d.file)));
    return { value: stops ? undefined : value, diagnostics, detail: `${value.sources.length} files` };
  }

  async compile(config: SiteConfig, loaded: Loaded): Promise<Outcome<Compiled[]>> {
    const { onProgress, workerFile, beforeCompile } = this.options;
    const texts = siteTexts(config, loaded);
    const onCompileProgress = onProgress && ((done: number, total: number) => onProgress({ step: 'compile', done, total }));
    const result = await compileAll({
      sources: loaded.sources,
      config,
      texts,
      cache: this.cache!,
      workerFile,
      beforeCompile,
      onProgress: onCompileProgress,
      onCompiled: this.output.onCompiled(config),
      mdxFromTree: this.options.mdxFromTree,
      addresses: pageAddresses([...loaded.sources, ...(loaded.unreadSources ?? [])], config),
    });
    this.cacheHits = result.cacheHits;
    const detail = compileDetail(result.cacheHits, result.slowest);
    const unread = loaded.unreadSources ?? [];
    if (!hasErrors(result.diagnostics) && !unread.length) return { value: result.value, diagnostics: result.diagnostics, detail };
    const everySource = [...loaded.sources, ...unread].sort((a, b) => (a.file < b.file ? -1 : 1));
    return { value: withStandIns(everySource, result.value), diagnostics: result.diagnostics, detail };
  }

  async render(site: Site): Promise<Outcome<Pages>> {
    const { theme, mode = 'production', workerFile } = this.options;
    const bundle = await this.bundling!;
    if (bundle instanceof StylesheetError)
      return { diagnostics: [report(CODES.PROJECT_STYLES, 'bundle', { text: bundle.message }, bundle.place)] };
    if (bundle instanceof Error) throw new Error(`quire bug: the client bundle failed to build: ${bundle.message}`);
    this.bundle = bundle;
    const shared = { css: bundle.css, js: bundle.js, islands: bundle.islands, files: bundle.files.map((f) => f.file), mode };
    const { only, first, reused } = await this.output.plan(site, (assetVersions) => fingerprintRoutes({ site, shared, assetVersions }));
    this.reused = reused;
    await loadCodeBlocks(site);
    const rendering = renderPages(
      { site, theme, mode, assets: bundle, only, first, workerFile, sharedRendering: this.options.sharedRendering },
      this.renderDiagnostics,
    );
    this.closeRender = rendering.close;
    const counted = async function* (this: BuildRun) {
      for await (const page of rendering.pages) {
        this.rendered++;
        yield page;
      }
    }.call(this);
    const detail = () =>
      [`${this.rendered} pages`, reused ? `${reused} unchanged` : '', rendering.threads > 1 ? `${rendering.threads} threads` : '']
        .filter(Boolean)
        .join(', ');
    return { value: counted, diagnostics: [], detail };
  }

  async emit(site: Site, pages: Pages): Promise<Outcome<EmitReport>> {
    const { theme, onProgress } = this.options;
    const emitted = await this.output
      .write(site, pages, {
        bundle: this.bundle!,
        sharedFiles: theme.sharedFiles?.(site),
        staticFiles: this.staticFiles,
        canCommit: () => !hasErrors(this.renderDiagnostics),
        onPage: onProgress && ((done) => onProgress({ step: 'render', done, total: site.routes.length })),
        // The cache is written while Pagefind finishes the index and this thread would wait.
        onPagesOut: (searchIndex) => {
          void this.saveCache();
          if (searchIndex) onProgress?.({ step: 'search' });
        },
      })
      .finally(() => this.closeRender?.());
    this.report = emitted.value;
    return { value: emitted.value, diagnostics: [...this.renderDiagnostics, ...emitted.diagnostics] };
  }

  /** After a thrown quire bug: the search index's process and the render workers are stopped; nothing is written. */
  async abandon(): Promise<void> {
    await Promise.allSettled([this.output.discard(), this.closeRender?.()]);
  }

  /** Ends the build: a search index started but not used is stopped, and the compile cache is written. */
  async finish(ok: boolean): Promise<Diagnostic[]> {
    await this.output.discard();
    if (!this.cache) return [];
    const failed = await this.saveCache();
    // A cache that cannot be written costs the next build time, not this build its result: a warning.
    return failed
      ? [
          cacheWarning(
            'The compile cache could not be written',
            failed,
            this.cacheDir ?? this.root,
            this.root,
            'the next build compiles every page again',
            ok,
          ),
        ]
      : [];
  }

  private saveCache(): Promise<Error | undefined> {
    return (this.cacheSaved ??= this.cache!.save().then(
      () => undefined,
      (e: Error) => e,
    ));
  }
}

function staleLockWarning(holder: LockHolder): Diagnostic {
  const who = holder.pid
    ? `process ${holder.pid}${holder.command ? ` (${holder.command})` : ''}${holder.started ? `, started ${holder.started}` : ''}`
    : 'a process that did not finish writing it';
  return report(CODES.BUILD_LOCKED, 'takenOver', { who }, { file: '.quire/build.lock' });
}

/** A page whose compile takes this long is named on the compile step's line (it is worth splitting). */
const SLOW_PAGE_MS = 1000;

/** The compile step's line: pages from the cache, and the slowest page when it took long. */
export function compileDetail(cacheHits: number, slowest?: Slowest): string {
  const slow = slowest && slowest.ms >= SLOW_PAGE_MS ? `, slowest ${slowest.file} (${(slowest.ms / 1000).toFixed(1)} s)` : '';
  return `${cacheHits} cached${slow}`;
}

/** The stylesheets bundled after the theme's: the Infima stand-ins first where the config asks for them everywhere. */
function infimaStylesheets(theme: Theme, toolRoot: string, config: SiteConfig): string[] {
  return config.infimaStyles && theme.moduleStyles ? [path.join(toolRoot, theme.moduleStyles), ...config.styles] : config.styles;
}
