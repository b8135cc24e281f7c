import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { cacheKey, compile, CompileCache, compileSource, compileTexts, compileTimeLimit, preloadCompiler, type CompileOneResult, type CompileOptions, type CompileTexts, type Slowest } from './compile/index.ts';
import { loadConfig } from './config/index.ts';
import { cacheWarning, CODES, hasErrors, warning, type Diagnostic } from './diagnostics.ts';
import { bundleClient, contentHash, DirWriter, emit, indexedWhenRendered, markdownDocument, OutputManifest, outputFolderProblem, startSearch, type SearchIndexer, type Writer } from './emit/index.ts';
import { load, missingFiles, readImageSizes } from './load/index.ts';
import { contentImageFiles, mergeMessages, plan, socialImageFiles, withStandIns } from './plan/index.ts';
import { fingerprintRoutes, limitedRender, renderEach, renderEachWith, renderTimeLimit, type BundleUrls, type RenderOneResult } from './render/index.ts';
import { acquireLock, type LockHolder } from './lock.ts';
import { createPool, defaultPoolSize } from './pool.ts';
import type { BuildProgress, Compiled, Page, Route, Site, SiteConfig, Source, Theme } from './types.ts';
import type { RenderTask, WorkerJob } from './worker.ts';

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
export type { LockHolder } from './lock.ts';

export interface StepTiming {
  name: 'config' | 'load' | 'compile' | 'plan' | 'render' | 'emit';
  ms: number;
  detail?: string;
}

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
  if (options.writer) return runPipeline(options);
  const stale: Diagnostic[] = [];
  const lockFile = path.join(options.root, '.quire/build.lock');
  // A lock that cannot be written (a read-only project, `.quire` a file) costs the guarantee against a
  // second build at once, not this build: a warning, as for the cache in the same folder.
  const lock = await acquireLock(lockFile, { onWait: options.onLockWait, onStale: (holder) => stale.push(staleLockWarning(holder)) }).catch((e: Error) => {
    const code = (e as NodeJS.ErrnoException).code ?? e.message;
    stale.push(warning(CODES.BUILD_LOCKED, `The build lock could not be taken (${code}): this build ran without it, so a second build of the project at the same time could have mixed its output with this one's.`, { file: '.quire/build.lock', hint: 'Check that .quire can be a writable folder.' }));
    return { release: () => undefined };
  });
  try {
    const result = await runPipeline(options);
    result.diagnostics.unshift(...stale);
    return result;
  } finally {
    lock.release();
  }
}

/** The pipeline on one screen: config → load → compile → plan → render → emit, each a named, timed step. */
async function runPipeline(options: BuildOptions): Promise<BuildResult> {
  const { root, toolRoot, theme, mode = 'production' } = options;
  const diagnostics: Diagnostic[] = [];
  const steps: StepTiming[] = [];
  // The search index started early for a first build (below); a build that ends before emit takes it discards it.
  let search: SearchIndexer | undefined;
  const result = async (extra: Partial<BuildResult> = {}): Promise<BuildResult> => {
    await search?.discard();
    return { ok: !hasErrors(diagnostics), diagnostics, steps, pages: 0, files: 0, bytes: 0, cacheHits: 0, reused: 0, inputs: [], ...extra };
  };
  const step = async <T>(name: StepTiming['name'], run: () => Promise<T> | T, detail?: (value: T) => string): Promise<T> => {
    const start = performance.now();
    const value = await run();
    const timing = { name, ms: performance.now() - start, detail: detail?.(value) };
    steps.push(timing);
    options.onStep?.(timing);
    return value;
  };

  const configResult = await step('config', () => loadConfig({ root, file: options.configFile, overrides: { locale: options.locale } }));
  diagnostics.push(...configResult.diagnostics);
  const config = configResult.config;
  if (!config || hasErrors(diagnostics)) return result({ inputs: configResult.inputs });
  // A build replaces its whole output folder: one whose replacing would lose work is refused before
  // anything is read or written.
  const outDir = options.outDir ?? path.join(root, 'dist');
  const outputProblem = options.writer ? undefined : outputFolderProblem({ outDir, root, baseUrl: config.baseUrl });
  if (outputProblem) {
    diagnostics.push(outputProblem);
    return result({ inputs: configResult.inputs });
  }

  // The client bundle does not depend on content: esbuild works on it while the content loads and compiles.
  const bundling = bundleClient({ toolRoot, baseUrl: config.baseUrl, minify: mode === 'production' }).catch((e: Error) => e);

  const cacheDir = options.cacheDir === false ? undefined : (options.cacheDir ?? path.join(root, '.quire/cache'));
  const cache = await CompileCache.open(cacheDir);
  // A first build into a folder (an empty compile cache, so no previous output to keep either) compiles every
  // page and makes a new search index: the compiler's modules and Pagefind's process start now, beside loading
  // and compiling, instead of when first needed. Builds with a cache start them only if they turn out to need them.
  if (!options.writer && cache.isEmpty) {
    preloadCompiler();
    search = startSearch(config);
  }
  // Pagefind indexes each Markdown page as soon as it is compiled, on the core that compiling leaves mostly
  // idle, instead of beside rendering, when both cores are busy (see emit for the other pages).
  const early = search;
  const toIndex =
    early &&
    ((compiled: Compiled) => {
      const document = markdownDocument(config, compiled);
      if (document) early.addDocument(compiled.source.path, document);
    });

  const loaded = await step('load', () => load({ root, config, mode }), (r) => `${r.value.sources.length} files`);
  diagnostics.push(...loaded.diagnostics);
  const inputs = [...configResult.inputs, ...loaded.value.inputs];
  // A content file that cannot be read stops the build, but not before the rest is compiled and planned (below):
  // its problems are reported in the same run. Any other load error stops here.
  const unread = new Set((loaded.value.unreadSources ?? []).map((s) => s.file));
  if (diagnostics.some((d) => d.severity === 'error' && !(d.file && unread.has(d.file)))) return result({ inputs });

  const onCompiled = options.onProgress && ((done: number, total: number) => options.onProgress!({ step: 'compile', done, total }));
  const texts = compileTexts(mergeMessages(loaded.value.messages, config.i18n.currentLocale));
  const compiled = await step(
    'compile',
    () => compileWithPool(loaded.value.sources, config, texts, cache, options.workerFile, { onProgress: onCompiled, onCompiled: toIndex, beforeCompile: options.beforeCompile }),
    (r) => compileDetail(r.cacheHits, r.slowest),
  );
  diagnostics.push(...compiled.diagnostics);
  if (hasErrors(diagnostics)) {
    // The rest of the site is still planned, so its problems (broken links, unknown components, the sidebar)
    // are reported in this run too, not one build later; the files that failed stand in without content.
    const everySource = [...loaded.value.sources, ...(loaded.value.unreadSources ?? [])].sort((a, b) => (a.file < b.file ? -1 : 1));
    const planned = plan({ config, compiled: withStandIns(everySource, compiled.value), loaded: loaded.value, components: Object.keys(theme.components), contracts: theme.contracts, messageIds: theme.messageIds, dataSchemas: theme.dataSchemas, dataWarnings: theme.dataWarnings });
    diagnostics.push(...planned.diagnostics);
    return result({ inputs });
  }
  // Written once the last page is out (emit's onPagesOut), while Pagefind finishes the index and this thread
  // would wait (serialising it took 15–20 ms of the real site's planning), or when the build stops before;
  // awaited before the build returns.
  let cacheSaved: Promise<Error | undefined> | undefined;
  const saveCache = () =>
    (cacheSaved ??= cache.save().then(
      () => undefined,
      (e: Error) => e,
    ));
  // A cache that cannot be written costs the next build time, not this build its result: a warning.
  const savedCache = async () => {
    const failed = await saveCache();
    if (failed) diagnostics.push(cacheWarning('The compile cache could not be written', failed, cacheDir ?? root, root, 'the next build compiles every page again', !hasErrors(diagnostics)));
  };

  const planned = await step(
    'plan',
    async () => {
      // The social cards' pixel sizes for their og:image tags: the only files plan needs besides the loaded ones.
      // And which of the pages' own images are missing, reported with the site's other problems.
      const [imageSizes, missingImages] = await Promise.all([readImageSizes(root, socialImageFiles(config, compiled.value, loaded.value.staticFiles)), missingFiles(root, contentImageFiles(compiled.value))]);
      return plan({ config, compiled: compiled.value, loaded: loaded.value, components: Object.keys(theme.components), contracts: theme.contracts, messageIds: theme.messageIds, dataSchemas: theme.dataSchemas, dataWarnings: theme.dataWarnings, imageSizes, missingImages });
    },
    (r) => `${r.value.routes.length} routes`,
  );
  diagnostics.push(...planned.diagnostics);
  if (hasErrors(diagnostics)) {
    await savedCache();
    return result({ inputs, cacheHits: compiled.cacheHits });
  }
  const site = planned.value;

  const bundle = await bundling;
  if (bundle instanceof Error) throw new Error(`quire bug: the client bundle failed to build: ${bundle.message}`);

  // Incremental output: a route whose fingerprint (everything its HTML is made of) matches the previous
  // build's, and whose file there is untouched, is kept instead of rendered and written.
  const assets: BundleUrls = { css: bundle.css, js: bundle.js, islands: bundle.islands };
  const writer = options.writer ?? new DirWriter(outDir);
  const manifest = await OutputManifest.open(writer instanceof DirWriter ? cacheDir : undefined, writer instanceof DirWriter ? writer.outDir : '', options.toolVersion);
  const assetHashes = manifest.enabled ? await contentAssetHashes(root, site) : new Map<string, string>();
  const fingerprints = manifest.enabled
    ? fingerprintRoutes({ site, shared: { ...assets, files: bundle.files.map((f) => f.file), mode }, assetVersions: assetHashes })
    : new Map<string, string>();
  const reused = await manifest.reusable(fingerprints);

  // Render and emit run interleaved (each page is written as soon as it is rendered); their times are
  // reported separately: render = time inside the page generator, emit = the rest.
  const renderDiagnostics: Diagnostic[] = [];
  let renderMs = 0;
  let pageCount = 0;
  const only = reused.size ? (r: Route) => !reused.has(r.path) : undefined;
  const renderPool = startRenderPool(site, theme, mode, assets, site.routes.length - reused.size, options.workerFile);
  // A new local search index takes Markdown pages as documents (see emit); the pages it must read when they are
  // rendered come first, so Pagefind builds the index while the others are rendered. Kept pages are merged in
  // route order (emit), so the order changes only when every page is rendered.
  const first = site.config.search.provider === 'local' && !reused.size ? (r: Route) => indexedWhenRendered(site, r) : undefined;
  const pages = renderPool ? renderEachWith({ site, only, first }, renderDiagnostics, renderPool.render, renderPool.workers * 8) : renderEach({ site, theme, mode, assets, only, first }, renderDiagnostics);
  async function* timedPages(): AsyncGenerator<Page> {
    const iterator = Symbol.asyncIterator in pages ? pages[Symbol.asyncIterator]() : pages[Symbol.iterator]();
    for (;;) {
      const start = performance.now();
      const next = await iterator.next();
      renderMs += performance.now() - start;
      if (next.done) return;
      pageCount++;
      yield next.value;
    }
  }
  const emitStart = performance.now();
  const emitted = await emit({
    site,
    pages: timedPages(),
    bundle,
    sharedFiles: theme.sharedFiles?.(site),
    staticFiles: loaded.value.staticFiles,
    root,
    writer,
    canCommit: () => !hasErrors(renderDiagnostics),
    incremental: { fingerprints, manifest, reused, assetHashes },
    onPage: options.onProgress && ((done) => options.onProgress!({ step: 'render', done, total: site.routes.length })),
    onPagesOut: (searchIndex) => {
      void saveCache();
      if (searchIndex) options.onProgress?.({ step: 'search' });
    },
    search,
  }).finally(() => renderPool?.close());
  // Emit took it (or discarded it).
  search = undefined;
  const renderDetail = [`${pageCount} pages`, reused.size ? `${reused.size} unchanged` : '', renderPool ? `${renderPool.workers + 1} threads` : ''].filter(Boolean).join(', ');
  const renderStep: StepTiming = { name: 'render', ms: renderMs, detail: renderDetail };
  const emitStep: StepTiming = { name: 'emit', ms: performance.now() - emitStart - renderMs };
  for (const s of [renderStep, emitStep]) {
    steps.push(s);
    options.onStep?.(s);
  }
  diagnostics.push(...renderDiagnostics, ...emitted.diagnostics);
  await savedCache();
  return result({ inputs, site, pages: pageCount + reused.size, reused: reused.size, files: emitted.value?.files ?? 0, bytes: emitted.value?.bytes ?? 0, cacheHits: compiled.cacheHits });
}

function staleLockWarning(holder: LockHolder): Diagnostic {
  const who = holder.pid ? `process ${holder.pid}${holder.command ? ` (${holder.command})` : ''}${holder.started ? `, started ${holder.started}` : ''}` : 'a process that did not finish writing it';
  return warning(CODES.BUILD_LOCKED, `The build lock was left by ${who}, which is no longer running: taken over.`, {
    file: '.quire/build.lock',
    hint: 'A build was killed or crashed; its output was never switched in, so dist/ is the last complete build.',
  });
}

/** A page whose compile takes this long is named on the compile step's line (it is worth splitting). */
const SLOW_PAGE_MS = 1000;

/** The compile step's line: pages from the cache, and the slowest page when it took long. */
export function compileDetail(cacheHits: number, slowest?: Slowest): string {
  const slow = slowest && slowest.ms >= SLOW_PAGE_MS ? `, slowest ${slowest.file} (${(slowest.ms / 1000).toFixed(1)} s)` : '';
  return `${cacheHits} cached${slow}`;
}

/**
 * A hash of each content image's bytes, for the fingerprints of the pages showing it: a page is kept only
 * while its images are the same. A file that cannot be read is left out (emit reports it).
 */
async function contentAssetHashes(root: string, site: Site): Promise<Map<string, string>> {
  const files = [...new Set(site.compiled.flatMap((c) => c.assets.map((a) => a.file)))].filter((f) => !f.startsWith('../'));
  const out = new Map<string, string>();
  await Promise.all(
    files.map(async (file) => {
      const bytes = await readFile(path.join(root, file)).catch(() => undefined);
      if (bytes) out.set(file, contentHash(bytes));
    }),
  );
  return out;
}

/** Sources to compile before a worker pool pays for its start-up (module loading in each worker). */
const POOL_THRESHOLD = 40;

async function compileWithPool(
  sources: Source[],
  config: SiteConfig,
  texts: CompileTexts,
  cache: CompileCache,
  workerFile: string | undefined,
  { onProgress, onCompiled, beforeCompile }: Pick<CompileOptions, 'onProgress' | 'onCompiled'> & { beforeCompile?: (sourcesToCompile: number) => void },
) {
  const misses = sources.filter((s) => !cache.has(cacheKey(s, config, texts))).length;
  beforeCompile?.(misses);
  // This thread compiles too, beside one worker fewer than the cores.
  const workers = defaultPoolSize() - 1;
  if (!workerFile || misses < POOL_THRESHOLD || workers < 1) return compile({ sources, config, texts, cache, onProgress, onCompiled });
  const pool = createPool<Source, CompileOneResult>(workerFile, { size: workers, workerData: { kind: 'compile', config, texts } satisfies WorkerJob, local: (source) => compileSource(source, config, texts), timeLimit: compileTimeLimit(config) });
  try {
    return await compile({ sources, config, texts, cache, compileOne: (source) => pool.run(source), onProgress, onCompiled });
  } finally {
    await pool.close();
  }
}

/**
 * Pages to render before a render pool pays for itself. Measured on the 2-core machine (1,000 pages): a
 * render worker answers with its first page 0.16–0.18 s after it starts (loading React and the theme,
 * receiving the site) and then renders a page in about 0.5 ms, this thread in 0.4 ms; so with three
 * threads the pool saves about a tenth of a second at a thousand pages, and more the more pages there are.
 * (On two cores it is not started: a second thread made rendering 1,000 pages slower, 0.38 → 0.75 s.)
 */
const RENDER_POOL_THRESHOLD = 1000;

/** Renders routes in workers beside this thread. */
interface RenderPool {
  render(routeIndex: number): Promise<RenderOneResult>;
  workers: number;
  close(): Promise<void>;
}

/**
 * Workers that render beside this thread (each gets the site once), or undefined when one thread is
 * better: few pages, one core, or no worker script.
 */
function startRenderPool(site: Site, theme: Theme, mode: 'production' | 'development', assets: BundleUrls, pages: number, workerFile: string | undefined): RenderPool | undefined {
  const workers = Math.min(defaultPoolSize() - 1, MAX_RENDER_WORKERS);
  if (!workerFile || workers < 1 || pages < RENDER_POOL_THRESHOLD) return undefined;
  const renderHere = limitedRender({ site, theme, mode, assets });
  // Each worker gets the site without the pages' compiled content and sources; a task brings its own
  // page's content.
  const skeleton: Site = { ...site, compiled: site.compiled.map((c) => ({ ...c, output: EMPTY_OUTPUT, source: { ...c.source, body: '' } })) };
  const pool = createPool<RenderTask, RenderOneResult>(workerFile, { size: workers, workerData: { kind: 'render', site: skeleton, mode, assets } satisfies WorkerJob, youngGenerationMb: 16, local: async (task) => renderHere(task.routeIndex), timeLimit: renderTimeLimit(site) });
  return {
    workers,
    render: (routeIndex) => {
      const compiledIndex = site.routes[routeIndex].compiledIndex;
      return pool.run({ routeIndex, output: compiledIndex === undefined ? undefined : site.compiled[compiledIndex].output });
    },
    close: () => pool.close(),
  };
}

const EMPTY_OUTPUT: Compiled['output'] = { type: 'html', html: '' };

/**
 * Render workers at most, whatever the cores: each holds the site's skeleton and a heap of its own. On
 * 10,000 pages the build peaked at 497 MB in one thread and at 818 MB with two render workers (with a
 * 16 MB young generation; 923 MB with the compile workers' 64 MB), about 160 MB a worker: a third would
 * bring it to the 1 GB budget.
 */
const MAX_RENDER_WORKERS = 2;
