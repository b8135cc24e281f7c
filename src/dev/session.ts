import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../config/index.ts';
import { hasErrors, type Diagnostic } from '../diagnostics.ts';
import { assetName, bundleClient, contentHash, emit, outputFile, type ClientBundle } from '../emit/index.ts';
import { isHiddenStaticPath, load, missingFiles, readImageSizes, readSource } from '../load/index.ts';
import { contentImageFiles, mergeMessages, plan, socialImageFiles, withStandIns } from '../plan/index.ts';
import { compileTexts, type CompileTexts } from '../compile/index.ts';
import { fingerprintRoutes, renderEach } from '../render/index.ts';
import { ON_DEMAND_DIR } from '../shared/output-paths.ts';
import type { BuildProgress, Loaded, Route, Site, SiteConfig, Source, Theme } from '../types.ts';
import { classifyChange, sourceKind, toPosix, type FileChange } from './classify.ts';
import { CompiledSources, defaultCacheDir } from './compiled-sources.ts';
import { AS_SAVED } from './overlay.ts';
import type { MemoryStore } from './memory-store.ts';
import { buildSearchIndex, withoutSearchIndex, type SearchIndexFiles } from './search-pass.ts';
import { esbuildDiagnostics, type ThemeLoader } from './theme-loader.ts';

export interface DevSessionOptions {
  root: string;
  toolRoot: string;
  theme: Theme;
  store: MemoryStore;
  configFile?: string;
  locale?: string;
  /** Compile cache folder, shared with `quire build`; `false` disables it. Default `<root>/.quire/cache`. */
  cacheDir?: string | false;
  /** Imports the theme again after its code changed; without it a theme edit asks for a restart. */
  loadTheme?: ThemeLoader;
  /** Theme and client code folders to react to. Default `<toolRoot>/themes` and `<toolRoot>/src/client`. */
  themeDirs?: string[];
  clientDirs?: string[];
  /**
   * Worker script (`lib/worker.js`): pages compile in worker threads, so the server answers requests while a
   * long page compiles. Without it they compile in this thread.
   */
  workerFile?: string;
  /** Progress of the first build (sources compiled, pages rendered); later builds are too quick to need it. */
  onFirstBuildProgress?: (progress: BuildProgress) => void;
}

/** What one dev build did: the tests and the terminal read it. */
export interface DevBuildReport {
  ok: boolean;
  /** Project-relative files that triggered the build; empty for the first one. */
  changed: string[];
  /** Those of them that are gone (deleted, renamed or moved away). */
  removed: string[];
  /** Pages, static files and images next to pages among them that were renamed or moved: a file gone and one with the same bytes new (project paths). */
  renamed: { from: string; to: string }[];
  /** Routes rendered in this build, as URL paths with the base (`/de/docs/faq/`). */
  rendered: string[];
  /** Sources compiled in this build (the rest came from memory or the compile cache). */
  compiled: string[];
  /** Output files whose bytes changed or that were removed. */
  files: string[];
  /** A changed output file is not a page (stylesheet, script, static file): every open page reloads. */
  other: boolean;
  /** Errors (when not ok) and warnings. */
  diagnostics: Diagnostic[];
  /** Theme files changed that this process cannot load again. */
  restart: string[];
  ms: number;
  /** When the build started (epoch ms): it saw every file as it was then. */
  startedAt: number;
  /** Time per step, in order (config, theme, load, compile, plan, bundle, render+emit). */
  steps: { name: string; ms: number }[];
}

/** Plan errors with which the site is still served (in dev): what they name is shown as it is. */
const SERVED_WITH: ReadonlySet<string> = new Set(Object.keys(AS_SAVED));

/** Puts a source in the load stage's order (by file), which decides route and sidebar order ties. */
function insertByFile(sources: Source[], source: Source): void {
  const at = sources.findIndex((s) => s.file > source.file);
  sources.splice(at < 0 ? sources.length : at, 0, source);
}

/**
 * Files renamed or moved: each file gone paired with a new file of the same content (a hash, or anything that
 * compares equal as a string), each new file taken once.
 */
function pairedByContent(gone: { file: string; content: string }[], appeared: { file: string; content: string }[]): DevBuildReport['renamed'] {
  const out: DevBuildReport['renamed'] = [];
  for (const old of gone) {
    const to = appeared.find((n) => n.content === old.content && !out.some((r) => r.to === n.file));
    if (to) out.push({ from: old.file, to: to.file });
  }
  return out;
}

/**
 * Sources of a batch of changes (project paths) that were renamed or moved: each one gone whose bytes a new one
 * has now. `before`: each source's hash before the batch; `after`: the sources after it.
 */
export function renames(changes: { file: string; removed: boolean }[], before: ReadonlyMap<string, string>, after: Source[]): DevBuildReport['renamed'] {
  const now = new Map(after.map((x) => [x.file, x.hash]));
  const gone = changes.filter((c) => c.removed && before.has(c.file) && !now.has(c.file)).map((c) => ({ file: c.file, content: before.get(c.file)! }));
  const appeared = changes.filter((c) => !c.removed && !before.has(c.file) && now.has(c.file)).map((c) => ({ file: c.file, content: now.get(c.file)! }));
  return pairedByContent(gone, appeared);
}

/**
 * The dev build: the stages of `quire build`, kept warm in memory and re-run from the earliest stage a change
 * affects. A content edit re-reads and recompiles that one file; config, sidebar, locale and data edits load
 * again (unchanged files are not recompiled); every change is planned again (cheap), and only routes whose
 * fingerprint changed are rendered and written into the store. A failing build leaves the store as it was.
 * Not re-entrant: the caller runs one update at a time.
 */
export class DevSession {
  private config?: SiteConfig;
  private configJson = '';
  private configInputs = new Set<string>();
  private configDiagnostics: Diagnostic[] = [];
  private loaded?: Loaded;
  /** The compiler's texts in the site's language (from the last load). */
  private texts?: CompileTexts;
  private loadInputs = new Set<string>();
  private loadDiagnostics: Diagnostic[] = [];
  private sourceDiagnostics = new Map<string, Diagnostic[]>();
  private compiled: CompiledSources;
  private bundle?: ClientBundle;
  private bundleDiagnostics: Diagnostic[] = [];
  private theme: Theme;
  private themeVersion = 0;
  private themeDiagnostics: Diagnostic[] = [];
  private restart = new Set<string>();
  private assetVersions = new Map<string, number>();
  private fingerprints = new Map<string, string>();
  private staticOutputs = new Set<string>();
  private bundleOutputs = new Set<string>();
  private resetOutput = false;
  /** The last site that built without errors. */
  site?: Site;

  constructor(private readonly options: DevSessionOptions) {
    this.theme = options.theme;
    this.compiled = new CompiledSources({ cacheDir: options.cacheDir === false ? false : (options.cacheDir ?? defaultCacheDir(options.root)), workerFile: options.workerFile });
  }

  /** Files outside the watched folders that a build depends on (config module and its imports, sidebar imports). */
  extraInputs(): string[] {
    return [...this.configInputs, ...this.loadInputs].filter((f) => !this.projectPath(f).startsWith('content/'));
  }

  get baseUrl(): string | undefined {
    return this.config?.baseUrl;
  }

  /** The first build: everything. */
  start(): Promise<DevBuildReport> {
    return this.run({ changes: [], config: true, load: true, client: true, theme: false }, this.options.onFirstBuildProgress);
  }

  /** A batch of file changes from the watcher. */
  update(changes: FileChange[]): Promise<DevBuildReport> {
    return this.run({ changes, config: false, load: false, client: false, theme: false });
  }

  private async run(work: { changes: FileChange[]; config: boolean; load: boolean; client: boolean; theme: boolean }, onProgress?: (progress: BuildProgress) => void): Promise<DevBuildReport> {
    const started = performance.now();
    const startedAt = Date.now();
    const { root, toolRoot, store } = this.options;
    const sources: FileChange[] = [];
    const statics: FileChange[] = [];
    const assets: FileChange[] = [];
    const themeFiles: string[] = [];
    const ctx = {
      root,
      themeDirs: this.options.themeDirs ?? [path.join(toolRoot, 'themes')],
      clientDirs: this.options.clientDirs ?? [path.join(toolRoot, 'src/client')],
      configInputs: this.configInputs,
      loadInputs: this.loadInputs,
      sidebarPath: this.config?.docs.sidebarPath ?? 'content/sidebars.ts',
    };
    for (const change of work.changes) {
      const kind = classifyChange(change.file, ctx);
      if (kind === 'config') work.config = true;
      else if (kind === 'load') work.load = true;
      else if (kind === 'source') sources.push(change);
      else if (kind === 'static') statics.push(change);
      else if (kind === 'asset') {
        assets.push(change);
        const rel = this.projectPath(change.file);
        this.assetVersions.set(rel, (this.assetVersions.get(rel) ?? 0) + 1);
      } else if (kind === 'theme') {
        work.theme = work.client = true;
        themeFiles.push(change.file);
      } else if (kind === 'client') work.client = true;
    }
    // Project files by their project path; quire's own files (theme, client) by their full path.
    const shown = (c: FileChange) => {
      const rel = this.projectPath(c.file);
      return rel.startsWith('../') ? c.file : rel;
    };
    const changed = work.changes.map(shown);
    const removed = work.changes.filter((c) => c.removed).map(shown);
    const compiledNow: string[] = [];
    const steps: { name: string; ms: number }[] = [];
    let lap = performance.now();
    const mark = (name: string) => {
      const now = performance.now();
      steps.push({ name, ms: now - lap });
      lap = now;
    };
    let renamed: DevBuildReport['renamed'] = [];
    const report = (ok: boolean, diagnostics: Diagnostic[], extra: Partial<DevBuildReport> = {}): DevBuildReport => ({
      ok,
      changed,
      removed,
      renamed,
      rendered: [],
      compiled: compiledNow,
      files: [],
      other: false,
      diagnostics,
      restart: [...this.restart],
      ms: performance.now() - started,
      startedAt,
      steps,
      ...extra,
    });

    // config
    if (work.config) {
      const result = await loadConfig({ root, file: this.options.configFile, overrides: { locale: this.options.locale } });
      this.configInputs = new Set(result.inputs);
      this.configDiagnostics = result.diagnostics;
      if (result.config && !hasErrors(result.diagnostics)) {
        const json = JSON.stringify(result.config);
        if (json !== this.configJson) {
          if (this.config && this.config.baseUrl !== result.config.baseUrl) {
            this.resetOutput = true;
            work.client = true;
          }
          this.config = result.config;
          this.configJson = json;
          work.load = true;
        }
      }
    }
    mark('config');
    const config = this.config;
    if (!config || hasErrors(this.configDiagnostics)) return report(false, this.configDiagnostics);

    // theme code: imported again when possible, otherwise the writer is asked to restart
    if (work.theme) {
      if (this.options.loadTheme) {
        const loaded = await this.options.loadTheme();
        if ('theme' in loaded) {
          this.theme = loaded.theme;
          this.themeVersion++;
          this.themeDiagnostics = [];
        } else this.themeDiagnostics = loaded.diagnostics;
      } else for (const f of themeFiles) this.restart.add(this.projectPath(f));
    }

    // The client bundle does not depend on content: esbuild works while content loads and compiles.
    const bundling = work.client || !this.bundle ? bundleClient({ toolRoot, baseUrl: config.baseUrl, minify: false }).catch((e: unknown) => e) : undefined;

    mark('theme');
    // load: everything again, or only the content files that changed
    if (work.load || !this.loaded) {
      const previous = this.loaded;
      const result = await load({ root, config, mode: 'development' });
      this.loaded = result.value;
      this.loadInputs = new Set(result.value.inputs);
      this.sourceDiagnostics.clear();
      this.loadDiagnostics = [];
      for (const d of result.diagnostics) {
        if (d.file && sourceKind(d.file)) this.sourceDiagnostics.set(d.file, [...(this.sourceDiagnostics.get(d.file) ?? []), d]);
        else this.loadDiagnostics.push(d);
      }
      // A file that no longer loads (its front matter broke) is served as it last loaded, like one that no longer compiles.
      for (const [file, diagnostics] of this.sourceDiagnostics) {
        const kept = hasErrors(diagnostics) && previous?.sources.find((x) => x.file === file);
        if (kept && !this.loaded.sources.some((x) => x.file === file)) insertByFile(this.loaded.sources, kept);
      }
    } else {
      const before = sources.some((c) => c.removed) ? new Map(this.loaded.sources.map((x) => [x.file, x.hash])) : undefined;
      for (const change of sources) await this.reloadSource(change, config);
      if (before) renamed = renames(sources.map((c) => ({ file: this.projectPath(c.file), removed: c.removed })), before, this.loaded.sources);
      renamed.push(...(await this.staticRenames(statics, config)));
      this.updateStaticList(statics);
    }
    renamed.push(...(await this.assetRenames(assets, config)));
    for (const change of statics) store.markChanged(change.file);
    mark('load');
    const loaded = this.loaded;
    const sourceProblems = [...this.sourceDiagnostics.values()].flat();
    const early = [...this.themeDiagnostics, ...this.loadDiagnostics];
    if (hasErrors(early)) return report(false, [...early, ...sourceProblems]);

    // compile: only sources whose cache key (bytes, route, compiler config) changed
    this.texts = compileTexts(mergeMessages(loaded.messages, config.i18n.currentLocale));
    compiledNow.push(...(await this.compiled.update(loaded.sources, config, this.texts, onProgress && ((done, total) => onProgress({ step: 'compile', done, total })))));
    // A file that does not compile is reported, and the site is built on with its last good version (or
    // without it, if it never compiled), so the writer's other edits still show.
    // Files that do not load or compile: reported, and served as they last worked.
    const compileErrors = [...sourceProblems.filter((d) => d.severity === 'error'), ...this.compiled.errors(loaded.sources)];
    // A file that never loaded or compiled stands in with its route (not rendered: its address answers 404), so
    // links and sidebar entries naming it are not reported as well.
    const compiled = withStandIns(loaded.sources, this.compiled.list(loaded.sources));
    mark('compile');
    // plan: cheap, always whole
    const [imageSizes, missingImages] = await Promise.all([readImageSizes(root, socialImageFiles(config, compiled, loaded.staticFiles)), missingFiles(root, contentImageFiles(compiled))]);
    const planned = plan({ config, compiled, loaded, components: Object.keys(this.theme.components), contracts: this.theme.contracts, messageIds: this.theme.messageIds, dataSchemas: this.theme.dataSchemas, dataWarnings: this.theme.dataWarnings, imageSizes, missingImages });
    // A broken link or a sidebar entry naming a missing doc does not stop the other edits from showing: the
    // site is served with it (and the overlay says so), as with a file that does not compile.
    const blocking = planned.diagnostics.filter((d) => d.severity === 'error' && !SERVED_WITH.has(d.code));
    if (blocking.length) return report(false, [...compileErrors, ...planned.diagnostics]);
    compileErrors.push(...planned.diagnostics.filter((d) => d.severity === 'error'));
    const site = planned.value;

    mark('plan');
    if (bundling) {
      const bundled = await bundling;
      if (bundled instanceof Error || !bundled || !('files' in (bundled as object))) {
        this.bundleDiagnostics = esbuildDiagnostics(bundled, root, 'The client bundle could not be built');
      } else {
        this.bundle = bundled as ClientBundle;
        this.bundleDiagnostics = [];
      }
    }
    const bundle = this.bundle;
    if (hasErrors(this.bundleDiagnostics) || !bundle) return report(false, [...compileErrors, ...this.bundleDiagnostics]);

    mark('bundle');
    // render and emit only the routes whose inputs changed
    const fingerprints = fingerprintRoutes({
      site,
      shared: { css: bundle.css, js: bundle.js, islands: bundle.islands, theme: this.themeVersion, mode: 'development' },
      assetVersions: this.assetVersions,
    });
    if (this.resetOutput) {
      store.delete([...store.keys()]);
      this.fingerprints.clear();
      this.staticOutputs.clear();
      this.bundleOutputs.clear();
    }
    const { baseUrl } = config;
    const standIn = (r: Route) => r.compiledIndex !== undefined && site.compiled[r.compiledIndex].standIn === true;
    const toRender = new Set(site.routes.filter((r) => !standIn(r) && (fingerprints.get(r.path) !== this.fingerprints.get(r.path) || !store.has(outputFile(baseUrl, r.path)))).map((r) => r.path));
    const renderDiagnostics: Diagnostic[] = [];
    const pages = renderEach({ site, theme: this.theme, mode: 'development', assets: bundle, only: (r) => toRender.has(r.path) }, renderDiagnostics);
    // The search index is rebuilt from all pages in a separate, debounced pass (searchIndex below): fed only
    // the pages of this build, emit would write an index of just those.
    // The theme's shared files come from the site the pages were rendered with (their names are in the pages).
    const sharedFiles = this.theme.sharedFiles?.(site);
    const onPage = onProgress && ((done: number) => onProgress({ step: 'render', done, total: toRender.size }));
    const emitted = await emit({ site: withoutSearchIndex(site), pages, bundle, sharedFiles, staticFiles: loaded.staticFiles, root, writer: store, canCommit: () => !hasErrors(renderDiagnostics), onPage });
    const warnings = [...this.configDiagnostics, ...this.loadDiagnostics, ...sourceProblems.filter((d) => d.severity === 'warning'), ...planned.diagnostics.filter((d) => d.severity === 'warning'), ...emitted.diagnostics.filter((d) => d.severity === 'warning')];
    if (hasErrors(renderDiagnostics) || hasErrors(emitted.diagnostics)) return report(false, [...compileErrors, ...renderDiagnostics, ...emitted.diagnostics]);

    mark('render+emit');
    // success: forget outputs of routes and static files that no longer exist
    const files = [...store.lastChanged];
    const routes = new Set(site.routes.map((r) => r.path));
    files.push(...store.delete([...this.fingerprints.keys()].filter((p) => !routes.has(p)).map((p) => outputFile(baseUrl, p))));
    const base = baseUrl.replace(/^\//, '');
    const staticNow = new Set(loaded.staticFiles.map((f) => base + f.path.slice(1)));
    files.push(...store.delete([...this.staticOutputs].filter((f) => !staticNow.has(f))));
    this.staticOutputs = staticNow;
    // The previous bundle's files go only now: until this build succeeded, the pages served used them.
    const bundleNow = new Set(bundle.files.map((f) => base + f.file));
    files.push(...store.delete([...this.bundleOutputs].filter((f) => !bundleNow.has(f))));
    this.bundleOutputs = bundleNow;
    this.fingerprints = fingerprints;
    this.resetOutput = false;
    this.site = site;
    const isQuiet = (f: string) => f.endsWith('.html') || /(^|\/)(sitemap\.xml|robots\.txt)$/.test(f) || f.includes('/' + ON_DEMAND_DIR);
    // With a file that does not compile, the build served the rest: not ok, but with pages to reload.
    return report(!compileErrors.length, compileErrors.length ? [...compileErrors, ...warnings] : warnings, {
      rendered: site.routes.filter((r) => toRender.has(r.path)).map((r) => baseUrl + r.path.slice(1)),
      files,
      other: files.some((f) => !isQuiet(f)),
    });
  }

  /** The search index of the pages being served (see search-pass.ts); undefined before a good build. */
  searchIndex(): Promise<SearchIndexFiles | undefined> {
    const { site, bundle } = this;
    if (!site || !bundle) return Promise.resolve(undefined);
    return buildSearchIndex({ site, bundle, store: this.options.store, root: this.options.root });
  }

  /** Loads the compilers in the background after a first build that came from the cache. */
  async warmUp(): Promise<void> {
    if (this.config && this.texts) await this.compiled.warmUp(this.config, this.texts);
  }

  /** Stops the compiling workers; the session builds no more. */
  close(): Promise<void> {
    return this.compiled.close();
  }

  /** Re-reads one content file (or drops it) without walking the content folders. */
  private async reloadSource(change: FileChange, config: SiteConfig): Promise<void> {
    const loaded = this.loaded!;
    const rel = this.projectPath(change.file);
    const kind = sourceKind(rel)!;
    const at = loaded.sources.findIndex((s) => s.file === rel);
    this.sourceDiagnostics.delete(rel);
    if (change.removed) {
      if (at >= 0) loaded.sources.splice(at, 1);
      return;
    }
    const diagnostics: Diagnostic[] = [];
    const source = await readSource(change.file, rel, kind.kind, kind.relative, config, diagnostics);
    if (diagnostics.length) this.sourceDiagnostics.set(rel, diagnostics);
    if (at >= 0) {
      if (source) loaded.sources[at] = source;
      // A file that stopped loading (a typo in its front matter) stays as it last loaded; a draft goes.
      else if (!hasErrors(diagnostics)) loaded.sources.splice(at, 1);
    } else if (source) insertByFile(loaded.sources, source);
    this.loadInputs.add(change.file);
  }

  /** A watched file's project path (`static/img/a.svg`). */
  private projectPath(file: string): string {
    return toPosix(path.relative(this.options.root, file));
  }

  /**
   * Static files of a batch that were renamed or moved: each one gone whose bytes, as served until now, a new one
   * has. Read before the static list is updated (it still has the files gone).
   */
  private async staticRenames(statics: FileChange[], config: SiteConfig): Promise<DevBuildReport['renamed']> {
    const known = new Map(this.loaded!.staticFiles.map((f) => [f.file, f]));
    const removed = statics.filter((c) => c.removed).map((c) => this.projectPath(c.file));
    const added = statics.filter((c) => !c.removed && !known.has(this.projectPath(c.file)));
    if (!removed.length || !added.length) return [];
    const base = config.baseUrl.replace(/^\//, '');
    const gone = removed.flatMap((file) => {
      const served = known.has(file) ? this.options.store.raw(base + known.get(file)!.path.slice(1)) : undefined;
      return served === undefined ? [] : [{ file, content: contentHash(served) }];
    });
    return pairedByContent(gone, await this.hashed(added));
  }

  /**
   * Images next to pages that were renamed or moved in a batch: a file gone that was published with the bytes a
   * new one has (its published name, `assets/<name>.<hash>.<ext>`, is still in the store).
   */
  private async assetRenames(assets: FileChange[], config: SiteConfig): Promise<DevBuildReport['renamed']> {
    const removed = assets.filter((c) => c.removed).map((c) => this.projectPath(c.file));
    const added = assets.filter((c) => !c.removed);
    if (!removed.length || !added.length) return [];
    const base = config.baseUrl.replace(/^\//, '');
    const appeared = await this.hashed(added);
    const gone = removed.flatMap((file) => {
      const same = appeared.find((a) => this.options.store.raw(base + assetName(file, a.content)) !== undefined);
      return same ? [{ file, content: same.content }] : [];
    });
    return pairedByContent(gone, appeared);
  }

  /** New files of a batch with their content hashes (those that cannot be read are left out). */
  private async hashed(changes: FileChange[]): Promise<{ file: string; content: string }[]> {
    const read = await Promise.all(changes.map(async (c) => ({ file: this.projectPath(c.file), content: await readFile(c.file).then(contentHash, () => '') })));
    return read.filter((r) => r.content);
  }

  private updateStaticList(statics: FileChange[]): void {
    const loaded = this.loaded!;
    for (const change of statics) {
      const file = this.projectPath(change.file);
      const known = loaded.staticFiles.findIndex((f) => f.file === file);
      if (change.removed && known >= 0) loaded.staticFiles.splice(known, 1);
      else if (!change.removed && known < 0 && !isHiddenStaticPath('/' + file.slice('static/'.length))) loaded.staticFiles.push({ file, path: ('/' + file.slice('static/'.length)).normalize('NFC') });
    }
  }
}
