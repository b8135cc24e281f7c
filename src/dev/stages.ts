import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pageAddresses, type CompileTexts, type ModuleBundles } from '../compile/index.ts';
import { loadConfig } from '../config/index.ts';
import { CODES, hasErrors, report, type Diagnostic } from '../diagnostics.ts';
import {
  assetName,
  bundleClient,
  contentHash,
  siteClientParts,
  emit,
  StylesheetError,
  type ClientBundle,
  type EmitReport,
} from '../emit/index.ts';
import { ContentFiles, isHiddenStaticPath, load, readSource, readStyleFacts } from '../load/index.ts';
import { withStandIns, type PlanMemo } from '../plan/index.ts';
import { outputFile } from '../shared/output-paths.ts';
import { siteTexts, type Driver, type Outcome, type Pages } from '../pipeline.ts';
import { fingerprintRoutes, loadCodeBlocks, renderEach, type FingerprintMemo } from '../render/index.ts';
import type { BuildProgress, Compiled, Loaded, ProjectHooks, Site, SiteConfig, Source, Theme } from '../types.ts';
import { sourceKind, toPosix, type FileChange } from './classify.ts';
import type { CompiledSources } from './compiled-sources.ts';
import type { MemoryStore } from './memory-store.ts';
import { AS_SAVED } from './overlay.ts';
import { withoutSearchIndex } from './search-pass.ts';
import { esbuildDiagnostics } from './theme-loader.ts';

/** Plan errors with which the site is still served (in dev): what they name is shown as it is. */
const SERVED_WITH: ReadonlySet<string> = new Set(Object.keys(AS_SAVED));

/** What a dev session keeps between builds: each stage's last results, and what the store holds. */
export interface DevMemory {
  root: string;
  toolRoot: string;
  store: MemoryStore;
  configFile?: string;
  locale?: string;
  config?: SiteConfig;
  configJson: string;
  configInputs: Set<string>;
  configDiagnostics: Diagnostic[];
  loaded?: Loaded;
  /** The compiler's texts in the site's language (from the last load). */
  texts?: CompileTexts;
  loadInputs: Set<string>;
  loadDiagnostics: Diagnostic[];
  /** Problems of single content files (their front matter), by project path: served as they last loaded. */
  sourceDiagnostics: Map<string, Diagnostic[]>;
  compiled: CompiledSources;
  bundle?: ClientBundle;
  theme: Theme;
  themeVersion: number;
  themeDiagnostics: Diagnostic[];
  /** A version per content image edited in the session: a page showing it renders again. */
  assetVersions: Map<string, number>;
  /** Each route's fingerprint as last written into the store. */
  fingerprints: Map<string, string>;
  /** What the last fingerprinting hashed: routes whose inputs did not change are not hashed again. */
  fingerprintMemo: FingerprintMemo;
  /** What the last plan computed: sidebars and link checks whose inputs did not change are reused. */
  planMemo: PlanMemo;
  /** The last bundle of the pages' modules: an edit that changes neither a page's imports nor a module keeps it. */
  moduleBundles: ModuleBundles;
  /** The config's functions (LoadConfigResult.hooks) from its last good load. */
  hooks?: ProjectHooks;
  /** Store files of the static files and of the client bundle last written. */
  staticOutputs: Set<string>;
  bundleOutputs: Set<string>;
  /** The base path changed: the store is emptied before the next pages are written. */
  resetOutput: boolean;
}

/** What a batch of changes asks for again: config, a full load, the client bundle, the theme's code. */
export interface Work {
  changes: FileChange[];
  config: boolean;
  load: boolean;
  client: boolean;
  theme: boolean;
}

/** A batch's changes by kind (see classify.ts). */
export interface Batch {
  sources: FileChange[];
  statics: FileChange[];
  assets: FileChange[];
  themeFiles: string[];
}

export type Renamed = { from: string; to: string }[];

/**
 * One dev build's stages over the session's memory: config and the full load only when a change asks for them,
 * otherwise the changed content files read again; compile only what changed (CompiledSources); render only routes
 * whose fingerprint changed; emit into the memory store, without the search index (search-pass.ts makes it).
 * A file that does not load or compile is reported and served as it last worked.
 */
export class DevRun implements Driver {
  readonly root: string;
  /** Sources compiled in this build (the rest came from memory or the compile cache). */
  compiledNow: string[] = [];
  renamed: Renamed = [];
  /** Fingerprints of this build's routes, and those rendered. */
  fingerprints = new Map<string, string>();
  toRender = new Set<string>();
  /** Load and compile errors the build serves around (the file is shown as it last worked). */
  private served = new Set<Diagnostic>();
  private bundling?: Promise<unknown>;
  private renderDiagnostics: Diagnostic[] = [];

  get planMemo(): PlanMemo {
    return this.memory.planMemo;
  }

  get hooks(): ProjectHooks | undefined {
    return this.memory.hooks;
  }

  get moduleBundles(): ModuleBundles {
    return this.memory.moduleBundles;
  }

  constructor(
    private readonly memory: DevMemory,
    private readonly work: Work,
    private readonly batch: Batch,
    private readonly onProgress?: (progress: BuildProgress) => void,
  ) {
    this.root = memory.root;
  }

  theme(): Theme {
    return this.memory.theme;
  }

  servesWith(diagnostic: Diagnostic): boolean {
    return this.served.has(diagnostic) || SERVED_WITH.has(diagnostic.code);
  }

  async config(): Promise<Outcome<SiteConfig>> {
    const m = this.memory;
    if (this.work.config) {
      const result = await loadConfig({ root: m.root, file: m.configFile, overrides: { locale: m.locale } });
      m.configInputs = new Set(result.inputs);
      m.configDiagnostics = result.diagnostics;
      // The config's functions: a new one (its code edited) is called by the next plan, whatever else changed.
      if (result.config && !hasErrors(result.diagnostics)) m.hooks = result.hooks;
      const json = result.config && !hasErrors(result.diagnostics) ? JSON.stringify(result.config) : undefined;
      if (result.config && json !== undefined && json !== m.configJson) {
        if (m.config && m.config.baseUrl !== result.config.baseUrl) {
          m.resetOutput = true;
          this.work.client = true;
        }
        // The project's stylesheets are bundled with the client.
        if (m.config && m.config.styles.join('\n') !== result.config.styles.join('\n')) this.work.client = true;
        m.config = result.config;
        m.configJson = json;
        this.work.load = true;
      }
    }
    if (!m.config || hasErrors(m.configDiagnostics)) return { diagnostics: m.configDiagnostics };
    return { value: m.config, diagnostics: m.configDiagnostics };
  }

  async load(config: SiteConfig): Promise<Outcome<Loaded>> {
    const m = this.memory;
    // The client bundle does not depend on content: esbuild works while content loads and compiles.
    if (this.work.client || !m.bundle)
      this.bundling = bundleClient({
        toolRoot: m.toolRoot,
        baseUrl: config.baseUrl,
        minify: false,
        projectRoot: m.root,
        styles: config.styles,
        setsPrimary: readStyleFacts(m.root, config.styles).setsPrimary,
        codeTheme: config.codeTheme,
        ...siteClientParts(m.root, config),
      }).catch((e: unknown) => e);
    const { sources, statics, assets } = this.batch;
    if (this.work.load || !m.loaded) await this.loadAll(config);
    else {
      const before = sources.some((c) => c.removed) ? new Map(m.loaded.sources.map((x) => [x.file, x.hash])) : undefined;
      for (const change of sources) await this.reloadSource(change, config);
      if (before)
        this.renamed = renames(
          sources.map((c) => ({ file: this.projectPath(c.file), removed: c.removed })),
          before,
          m.loaded.sources,
        );
      this.renamed.push(...(await this.staticRenames(statics, config)));
      this.updateStaticList(statics);
    }
    this.renamed.push(...(await this.assetRenames(assets, config)));
    for (const change of statics) m.store.markChanged(change.file);
    const sourceProblems = [...m.sourceDiagnostics.values()].flat();
    for (const d of sourceProblems) this.served.add(d);
    const diagnostics = [...m.themeDiagnostics, ...m.loadDiagnostics, ...sourceProblems];
    if (hasErrors([...m.themeDiagnostics, ...m.loadDiagnostics])) return { diagnostics };
    return { value: m.loaded, diagnostics };
  }

  async compile(config: SiteConfig, loaded: Loaded): Promise<Outcome<Compiled[]>> {
    const m = this.memory;
    m.texts = siteTexts(config, loaded);
    const onProgress = this.onProgress && ((done: number, total: number) => this.onProgress!({ step: 'compile', done, total }));
    const addresses = pageAddresses(loaded.sources, config);
    this.compiledNow.push(...(await m.compiled.update(loaded.sources, config, m.texts, onProgress, addresses)));
    const errors = m.compiled.errors(loaded.sources);
    for (const d of errors) this.served.add(d);
    // A file that never loaded or compiled stands in with its route (not rendered: its address answers 404), so
    // links and sidebar entries naming it are not reported as well.
    return { value: withStandIns(loaded.sources, m.compiled.list(loaded.sources)), diagnostics: errors };
  }

  async render(site: Site): Promise<Outcome<Pages>> {
    const m = this.memory;
    if (this.bundling) {
      const bundled = await this.bundling;
      if (bundled instanceof StylesheetError)
        return { diagnostics: [report(CODES.PROJECT_STYLES, 'bundle', { text: bundled.message }, bundled.place)] };
      if (bundled instanceof Error || !bundled || !('files' in (bundled as object)))
        return { diagnostics: esbuildDiagnostics(bundled, m.root, 'The client bundle could not be built') };
      m.bundle = bundled as ClientBundle;
    }
    const bundle = m.bundle!;
    const shared = { css: bundle.css, js: bundle.js, islands: bundle.islands, theme: m.themeVersion, mode: 'development' as const };
    this.fingerprints = fingerprintRoutes({ site, shared, assetVersions: m.assetVersions, memo: m.fingerprintMemo });
    if (m.resetOutput) {
      m.store.delete([...m.store.keys()]);
      m.fingerprints.clear();
      m.staticOutputs.clear();
      m.bundleOutputs.clear();
    }
    const { baseUrl } = site.config;
    const standIn = (index: number | undefined) => index !== undefined && site.compiled[index].standIn === true;
    const changed = (routePath: string) =>
      this.fingerprints.get(routePath) !== m.fingerprints.get(routePath) || !m.store.has(outputFile(baseUrl, routePath));
    this.toRender = new Set(site.routes.filter((r) => !standIn(r.compiledIndex) && changed(r.path)).map((r) => r.path));
    await loadCodeBlocks(site);
    const pages = renderEach(
      { site, theme: m.theme, mode: 'development', assets: bundle, only: (r) => this.toRender.has(r.path) },
      this.renderDiagnostics,
    );
    return { value: pages, diagnostics: [], detail: `${this.toRender.size} pages` };
  }

  async emit(site: Site, pages: Pages): Promise<Outcome<EmitReport>> {
    const m = this.memory;
    const onPage = this.onProgress && ((done: number) => this.onProgress!({ step: 'render', done, total: this.toRender.size }));
    // The search index is rebuilt from all pages in a separate, debounced pass (search-pass.ts): fed only the
    // pages of this build, emit would write an index of just those. The theme's shared files come from the
    // site the pages were rendered with (their names are in the pages).
    const emitted = await emit({
      site: withoutSearchIndex(site),
      pages,
      bundle: m.bundle!,
      sharedFiles: m.theme.sharedFiles?.(site),
      staticFiles: m.loaded!.staticFiles,
      files: new ContentFiles(m.root),
      root: m.root,
      writer: m.store,
      canCommit: () => !hasErrors(this.renderDiagnostics),
      onPage,
    });
    return { value: emitted.value, diagnostics: [...this.renderDiagnostics, ...emitted.diagnostics] };
  }

  /** Loads every file again; a file that no longer loads (its front matter broke) is served as it last loaded. */
  private async loadAll(config: SiteConfig): Promise<void> {
    const m = this.memory;
    const previous = m.loaded;
    const result = await load({ root: m.root, config, mode: 'development' });
    m.loaded = result.value;
    m.loadInputs = new Set(result.value.inputs);
    m.sourceDiagnostics.clear();
    m.loadDiagnostics = [];
    for (const d of result.diagnostics) {
      if (d.file && sourceKind(d.file, config.layout)) m.sourceDiagnostics.set(d.file, [...(m.sourceDiagnostics.get(d.file) ?? []), d]);
      else m.loadDiagnostics.push(d);
    }
    for (const [file, diagnostics] of m.sourceDiagnostics) {
      const kept = hasErrors(diagnostics) && previous?.sources.find((x) => x.file === file);
      if (kept && !m.loaded.sources.some((x) => x.file === file)) insertByFile(m.loaded.sources, kept);
    }
  }

  /** Re-reads one content file (or drops it) without walking the content folders. */
  private async reloadSource(change: FileChange, config: SiteConfig): Promise<void> {
    const m = this.memory;
    const loaded = m.loaded!;
    const rel = this.projectPath(change.file);
    const kind = sourceKind(rel, config.layout)!;
    const at = loaded.sources.findIndex((s) => s.file === rel);
    m.sourceDiagnostics.delete(rel);
    if (change.removed) {
      if (at >= 0) loaded.sources.splice(at, 1);
      return;
    }
    const diagnostics: Diagnostic[] = [];
    const source = await readSource(change.file, rel, kind.kind, kind.relative, config, diagnostics);
    if (diagnostics.length) m.sourceDiagnostics.set(rel, diagnostics);
    if (at >= 0) {
      if (source) loaded.sources[at] = source;
      // A file that stopped loading (a typo in its front matter) stays as it last loaded; a draft goes.
      else if (!hasErrors(diagnostics)) loaded.sources.splice(at, 1);
    } else if (source) insertByFile(loaded.sources, source);
    m.loadInputs.add(change.file);
  }

  private projectPath(file: string): string {
    return toPosix(path.relative(this.memory.root, file));
  }

  /**
   * Static files of a batch that were renamed or moved: each one gone whose bytes, as served until now, a new one
   * has. Read before the static list is updated (it still has the files gone).
   */
  private async staticRenames(statics: FileChange[], config: SiteConfig): Promise<Renamed> {
    const known = new Map(this.memory.loaded!.staticFiles.map((f) => [f.file, f]));
    const removed = statics.filter((c) => c.removed).map((c) => this.projectPath(c.file));
    const added = statics.filter((c) => !c.removed && !known.has(this.projectPath(c.file)));
    if (!removed.length || !added.length) return [];
    const base = config.baseUrl.replace(/^\//, '');
    const gone = removed.flatMap((file) => {
      const served = known.has(file) ? this.memory.store.raw(base + known.get(file)!.path.slice(1)) : undefined;
      return served === undefined ? [] : [{ file, content: contentHash(served) }];
    });
    return pairedByContent(gone, await this.hashed(added));
  }

  /**
   * Images next to pages that were renamed or moved in a batch: a file gone that was published with the bytes a
   * new one has (its published name, `assets/<name>.<hash>.<ext>`, is still in the store).
   */
  private async assetRenames(assets: FileChange[], config: SiteConfig): Promise<Renamed> {
    const removed = assets.filter((c) => c.removed).map((c) => this.projectPath(c.file));
    const added = assets.filter((c) => !c.removed);
    if (!removed.length || !added.length) return [];
    const base = config.baseUrl.replace(/^\//, '');
    const appeared = await this.hashed(added);
    const gone = removed.flatMap((file) => {
      const same = appeared.find((a) => this.memory.store.raw(base + assetName(file, a.content)) !== undefined);
      return same ? [{ file, content: same.content }] : [];
    });
    return pairedByContent(gone, appeared);
  }

  /** New files of a batch with their content hashes (those that cannot be read are left out). */
  private async hashed(changes: FileChange[]): Promise<{ file: string; content: string }[]> {
    const read = await Promise.all(
      changes.map(async (c) => ({ file: this.projectPath(c.file), content: await readFile(c.file).then(contentHash, () => '') })),
    );
    return read.filter((r) => r.content);
  }

  private updateStaticList(statics: FileChange[]): void {
    const loaded = this.memory.loaded!;
    for (const change of statics) {
      const file = this.projectPath(change.file);
      const known = loaded.staticFiles.findIndex((f) => f.file === file);
      if (change.removed && known >= 0) loaded.staticFiles.splice(known, 1);
      else if (!change.removed && known < 0 && !isHiddenStaticPath('/' + file.slice('static/'.length)))
        loaded.staticFiles.push({ file, path: ('/' + file.slice('static/'.length)).normalize('NFC') });
    }
  }
}

/** Puts a source in the load stage's order (by file), which decides route and sidebar order ties. */
function insertByFile(sources: Source[], source: Source): void {
  const at = sources.findIndex((s) => s.file > source.file);
  sources.splice(at < 0 ? sources.length : at, 0, source);
}

/**
 * Files renamed or moved: each file gone paired with a new file of the same content (a hash, or anything that
 * compares equal as a string), each new file taken once.
 */
function pairedByContent(gone: { file: string; content: string }[], appeared: { file: string; content: string }[]): Renamed {
  const out: Renamed = [];
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
export function renames(changes: { file: string; removed: boolean }[], before: ReadonlyMap<string, string>, after: Source[]): Renamed {
  const now = new Map(after.map((x) => [x.file, x.hash]));
  const gone = changes
    .filter((c) => c.removed && before.has(c.file) && !now.has(c.file))
    .map((c) => ({ file: c.file, content: before.get(c.file)! }));
  const appeared = changes
    .filter((c) => !c.removed && !before.has(c.file) && now.has(c.file))
    .map((c) => ({ file: c.file, content: now.get(c.file)! }));
  return pairedByContent(gone, appeared);
}
