import path from 'node:path';
import { hasErrors, type Diagnostic } from '../diagnostics.ts';
import { ModuleBundles } from '../compile/index.ts';

import { runPipeline } from '../pipeline.ts';
import { ON_DEMAND_DIR, outputFile } from '../shared/output-paths.ts';
import type { BuildProgress, Site, Theme } from '../types.ts';
import { classifyChange, toPosix, watchedFolders, type FileChange, type Layout } from './classify.ts';
import { QUIRE_LAYOUT } from '../config/index.ts';
import { CompiledSources, defaultCacheDir } from './compiled-sources.ts';
import type { MemoryStore } from './memory-store.ts';
import { buildSearchIndex, type SearchIndexFiles } from './search-pass.ts';
import { PlanMemo } from '../plan/index.ts';
import { FingerprintMemo } from '../render/index.ts';
import { DevRun, type Batch, type DevMemory, type Work } from './stages.ts';
import type { ThemeLoader } from './theme-loader.ts';

export { renames } from './stages.ts';

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

/**
 * The dev build: the pipeline of `quire build`, driven over what the session keeps in memory (stages.ts) and re-run
 * from the earliest stage a change affects. A content edit re-reads and recompiles that one file; config, sidebar,
 * locale and data edits load again (unchanged files are not recompiled); every change is planned again (cheap),
 * and only routes whose fingerprint changed are rendered and written into the store. A failing build leaves the
 * store as it was. Not re-entrant: the caller runs one update at a time.
 */
export class DevSession {
  private memory: DevMemory;
  private restart = new Set<string>();

  constructor(private readonly options: DevSessionOptions) {
    const { root, toolRoot, store, configFile, locale, theme } = options;
    const compiled = new CompiledSources({
      cacheDir: options.cacheDir === false ? false : (options.cacheDir ?? defaultCacheDir(root)),
      workerFile: options.workerFile,
    });
    this.memory = {
      ...{ root, toolRoot, store, configFile, locale, theme, compiled },
      ...{
        configJson: '',
        configInputs: new Set(),
        configDiagnostics: [],
        loadInputs: new Set(),
        loadDiagnostics: [],
        sourceDiagnostics: new Map(),
      },
      ...{
        themeVersion: 0,
        themeDiagnostics: [],
        assetVersions: new Map(),
        fingerprints: new Map(),
        fingerprintMemo: new FingerprintMemo(),
        planMemo: new PlanMemo(),
        moduleBundles: new ModuleBundles(),
        staticOutputs: new Set(),
        bundleOutputs: new Set(),
        resetOutput: false,
      },
    };
  }

  /** The last site that built without errors. */
  get site(): Site | undefined {
    return this.lastSite;
  }
  private lastSite?: Site;

  /** Files outside the watched folders that a build depends on (config module and its imports, sidebar imports). */
  extraInputs(): string[] {
    // The folders once, not per input: the load inputs include every content file read since the session began.
    const folders = watchedFolders(this.options.root, this.layout).map((d) => d + path.sep);
    return [...this.memory.configInputs, ...this.memory.loadInputs].filter((f) => !folders.some((d) => f.startsWith(d)));
  }

  /** Where the project keeps its content (quire's layout until a config says otherwise). */
  get layout(): Layout {
    return this.memory.config?.layout ?? QUIRE_LAYOUT;
  }

  get baseUrl(): string | undefined {
    return this.memory.config?.baseUrl;
  }

  /** The first build: everything. */
  start(): Promise<DevBuildReport> {
    return this.run({ changes: [], config: true, load: true, client: true, theme: false }, this.options.onFirstBuildProgress);
  }

  /** A batch of file changes from the watcher. */
  update(changes: FileChange[]): Promise<DevBuildReport> {
    return this.run({ changes, config: false, load: false, client: false, theme: false });
  }

  private async run(work: Work, onProgress?: (progress: BuildProgress) => void): Promise<DevBuildReport> {
    const started = performance.now();
    const startedAt = Date.now();
    const batch = this.classify(work);
    const shown = (c: FileChange) => {
      // Project files by their project path; quire's own files (theme, client) by their full path.
      const rel = this.projectPath(c.file);
      return rel.startsWith('../') ? c.file : rel;
    };
    await this.reloadTheme(work, batch.themeFiles);
    const driver = new DevRun(this.memory, work, batch, onProgress);
    const pipeline = await runPipeline(driver);
    const report = (ok: boolean, diagnostics: Diagnostic[], extra: Partial<DevBuildReport> = {}): DevBuildReport => ({
      ok,
      changed: work.changes.map(shown),
      removed: work.changes.filter((c) => c.removed).map(shown),
      renamed: driver.renamed,
      rendered: [],
      compiled: driver.compiledNow,
      files: [],
      other: false,
      diagnostics,
      restart: [...this.restart],
      ms: performance.now() - started,
      startedAt,
      steps: pipeline.steps.map(({ name, ms }) => ({ name, ms })),
      ...extra,
    });
    // Errors first (with a broken file the build still served the rest), then warnings.
    const diagnostics = [
      ...pipeline.diagnostics.filter((d) => d.severity === 'error'),
      ...pipeline.diagnostics.filter((d) => d.severity !== 'error'),
    ];
    const ok = !hasErrors(diagnostics);
    if (!pipeline.emitted || !pipeline.site) return report(false, diagnostics);
    return report(ok, diagnostics, this.served(pipeline.site, driver));
  }

  /** What changed in the output of a build that was written: outputs of routes and files that no longer exist go. */
  private served(site: Site, driver: DevRun): Pick<DevBuildReport, 'rendered' | 'files' | 'other'> {
    const { store } = this.options;
    const m = this.memory;
    const { baseUrl } = site.config;
    const bundle = m.bundle!;
    const files = [...store.lastChanged];
    const routes = new Set(site.routes.map((r) => r.path));
    files.push(...store.delete([...m.fingerprints.keys()].filter((p) => !routes.has(p)).map((p) => outputFile(baseUrl, p))));
    const base = baseUrl.replace(/^\//, '');
    const staticNow = new Set(m.loaded!.staticFiles.map((f) => base + f.path.slice(1)));
    files.push(...store.delete([...m.staticOutputs].filter((f) => !staticNow.has(f))));
    m.staticOutputs = staticNow;
    // The previous bundle's files go only now: until this build succeeded, the pages served used them.
    const bundleNow = new Set(bundle.files.map((f) => base + f.file));
    files.push(...store.delete([...m.bundleOutputs].filter((f) => !bundleNow.has(f))));
    m.bundleOutputs = bundleNow;
    m.fingerprints = driver.fingerprints;
    m.resetOutput = false;
    this.lastSite = site;
    const isQuiet = (f: string) => f.endsWith('.html') || /(^|\/)(sitemap\.xml|robots\.txt)$/.test(f) || f.includes('/' + ON_DEMAND_DIR);
    return {
      rendered: site.routes.filter((r) => driver.toRender.has(r.path)).map((r) => baseUrl + r.path.slice(1)),
      files,
      other: files.some((f) => !isQuiet(f)),
    };
  }

  /** Sorts a batch of changes by the stage they affect; marks the work to do again. */
  private classify(work: Work): Batch {
    const { root, toolRoot } = this.options;
    const batch: Batch = { sources: [], statics: [], assets: [], themeFiles: [] };
    const ctx = {
      root,
      themeDirs: this.options.themeDirs ?? [path.join(toolRoot, 'themes')],
      clientDirs: this.options.clientDirs ?? [path.join(toolRoot, 'src/client')],
      configInputs: this.memory.configInputs,
      loadInputs: this.memory.loadInputs,
      sidebarPath: this.memory.config?.docs.sidebarPath ?? 'content/sidebars.ts',
      layout: this.layout,
      styles: this.memory.config?.styles ?? [],
    };
    for (const change of work.changes) {
      const kind = classifyChange(change.file, ctx);
      if (kind === 'config') work.config = true;
      else if (kind === 'load') work.load = true;
      else if (kind === 'source') batch.sources.push(change);
      else if (kind === 'static') batch.statics.push(change);
      else if (kind === 'asset') {
        batch.assets.push(change);
        const rel = this.projectPath(change.file);
        this.memory.assetVersions.set(rel, (this.memory.assetVersions.get(rel) ?? 0) + 1);
      } else if (kind === 'theme') {
        work.theme = work.client = true;
        batch.themeFiles.push(change.file);
      } else if (kind === 'client') work.client = true;
    }
    return batch;
  }

  /** Theme code: imported again when possible, otherwise the writer is asked to restart. */
  private async reloadTheme(work: Work, themeFiles: string[]): Promise<void> {
    if (!work.theme) return;
    if (!this.options.loadTheme) {
      for (const f of themeFiles) this.restart.add(this.projectPath(f));
      return;
    }
    const loaded = await this.options.loadTheme();
    if ('theme' in loaded) {
      this.memory.theme = loaded.theme;
      this.memory.themeVersion++;
      this.memory.themeDiagnostics = [];
    } else this.memory.themeDiagnostics = loaded.diagnostics;
  }

  /** The search index of the pages being served (see search-pass.ts); undefined before a good build. */
  searchIndex(): Promise<SearchIndexFiles | undefined> {
    const { lastSite: site } = this;
    const { bundle } = this.memory;
    if (!site || !bundle) return Promise.resolve(undefined);
    return buildSearchIndex({ site, bundle, store: this.options.store, root: this.options.root });
  }

  /** Loads the compilers in the background after a first build that came from the cache. */
  async warmUp(): Promise<void> {
    const { config, texts, compiled } = this.memory;
    if (config && texts) await compiled.warmUp(config, texts);
  }

  /** Stops the compiling workers; the session builds no more. */
  close(): Promise<void> {
    return this.memory.compiled.close();
  }

  /** A watched file's project path (`static/img/a.svg`). */
  private projectPath(file: string): string {
    return toPosix(path.relative(this.options.root, file));
  }
}
