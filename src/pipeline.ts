import type { Diagnostic } from './diagnostics.ts';
import path from 'node:path';
import { bundleModules, compileTexts, pageSettings } from './compile/index.ts';
import { quireRoot } from './config/index.ts';
import { missingFiles, readImageSizes } from './load/index.ts';
import { contentImageFiles, mergeMessages, plan, socialImageFiles, type PlanMemo } from './plan/index.ts';
import type { Compiled, Loaded, Page, Site, SiteConfig, StageResult, Theme } from './types.ts';

export type StepName = 'config' | 'load' | 'compile' | 'plan' | 'render' | 'emit';

export interface StepTiming {
  name: StepName;
  ms: number;
  detail?: string;
}

/**
 * A stage's outcome: no value stops the pipeline there. `detail` goes on the step's line (render's is known
 * only once emit has pulled every page, hence a function).
 */
export interface Outcome<T> {
  value?: T;
  diagnostics: Diagnostic[];
  detail?: string | (() => string);
}

const shown = (detail: Outcome<unknown>['detail']) => (typeof detail === 'function' ? detail() : detail) || undefined;

/** Pages as render makes them: emit pulls them one at a time, so memory holds a page, not the site. */
export type Pages = Iterable<Page> | AsyncIterable<Page>;

/**
 * How a driver runs each stage. `quire build` runs them afresh over the project; `quire dev` keeps their
 * results in memory and re-runs only what a change affects. Plan is the pipeline's own: it is the same for both.
 */
export interface Driver {
  root: string;
  theme(): Theme;
  config(): Promise<Outcome<SiteConfig>>;
  load(config: SiteConfig): Promise<Outcome<Loaded>>;
  /** Every loaded source, those that failed standing in without content (see withStandIns). */
  compile(config: SiteConfig, loaded: Loaded): Promise<Outcome<Compiled[]>>;
  render(site: Site): Promise<Outcome<Pages>>;
  emit(site: Site, pages: Pages): Promise<Outcome<unknown>>;
  /** Errors with which the site is still rendered and written (the dev server serves around a broken page). */
  servesWith?(diagnostic: Diagnostic): boolean;
  /** The last plan's results, which plan reuses where its inputs did not change (dev). */
  planMemo?: PlanMemo;
}

export interface PipelineResult {
  diagnostics: Diagnostic[];
  steps: StepTiming[];
  /** The planned site, when the pipeline got that far. */
  site?: Site;
  /** The site was written. */
  emitted: boolean;
}

/**
 * The pipeline: config → load → compile → plan → render → emit, each a named, timed step. A page that fails
 * to load or compile stands in without content, so the rest of the site is planned and its problems (links,
 * sidebar, components) are reported in the same run; errors other than those the driver serves with stop
 * the pipeline before render. Render is lazy: emit pulls each page, and their times are told apart.
 */
export async function runPipeline(driver: Driver, onStep?: (step: StepTiming) => void): Promise<PipelineResult> {
  const diagnostics: Diagnostic[] = [];
  const steps: StepTiming[] = [];
  const result = (site?: Site, emitted = false): PipelineResult => ({ diagnostics, steps, site, emitted });
  const blocked = () => diagnostics.some((d) => d.severity === 'error' && !driver.servesWith?.(d));
  const record = (timing: StepTiming) => (steps.push(timing), onStep?.(timing));
  const step = async <T>(name: StepName, run: () => Promise<Outcome<T>>): Promise<T | undefined> => {
    const start = performance.now();
    const outcome = await run();
    diagnostics.push(...outcome.diagnostics);
    record({ name, ms: performance.now() - start, detail: shown(outcome.detail) });
    return outcome.value;
  };

  const config = await step('config', () => driver.config());
  if (!config || blocked()) return result();
  const loaded = await step('load', () => driver.load(config));
  if (!loaded) return result();
  const compiled = await step('compile', () => driver.compile(config, loaded));
  if (!compiled) return result();
  const site = await step('plan', () => planSite(driver.root, driver.theme(), config, loaded, compiled, driver.planMemo));
  if (!site || blocked()) return result();
  const renderStart = performance.now();
  const rendering = await driver.render(site);
  diagnostics.push(...rendering.diagnostics);
  const setupMs = performance.now() - renderStart;
  if (!rendering.value || blocked()) {
    record({ name: 'render', ms: setupMs, detail: shown(rendering.detail) });
    return result(site);
  }
  const pages = timed(rendering.value);
  const emitStart = performance.now();
  const emitted = await driver.emit(site, pages.pages);
  diagnostics.push(...emitted.diagnostics);
  record({ name: 'render', ms: setupMs + pages.ms(), detail: shown(rendering.detail) });
  record({ name: 'emit', ms: performance.now() - emitStart - pages.ms(), detail: shown(emitted.detail) });
  return result(site, emitted.value !== undefined && !blocked());
}

/**
 * Plans the site, with what plan needs from disk besides the loaded files: the modules pages import, bundled
 * (their files are read now, so an edit to one counts on the next run), image sizes and presence.
 */
async function planSite(
  root: string,
  theme: Theme,
  config: SiteConfig,
  loaded: Loaded,
  all: Compiled[],
  memo?: PlanMemo,
): Promise<StageResult<Site>> {
  const { currentLocale, contentLocale } = config.i18n;
  const texts = compileTexts(mergeMessages(loaded.messages, currentLocale), mergeMessages(loaded.messages, contentLocale ?? currentLocale));
  const provided = Object.fromEntries(Object.entries(theme.modules ?? {}).map(([name, exports]) => [name, Object.keys(exports)]));
  const quire = quireRoot();
  const styles = theme.moduleStyles && path.join(quire, theme.moduleStyles);
  const sources = theme.moduleSources;
  const browser = sources && { quire, modules: path.join(quire, sources.modules), island: path.join(quire, sources.island) };
  const staticPaths = new Set(loaded.staticFiles.map((f) => f.path));
  const settings = pageSettings(config);
  const { baseUrl, themeComponents } = config;
  const modules = await bundleModules(root, all, { provided, themeComponents, styles, baseUrl, staticPaths, settings, texts, browser });
  // React pages whose code quire cannot build are left out (each named by a warning).
  const compiled = modules.dropped.length ? all.filter((c) => !modules.dropped.includes(c)) : all;
  // The social cards' pixel sizes for their og:image tags, and which of the pages' own images are missing.
  const [imageSizes, missingImages] = await Promise.all([
    readImageSizes(root, socialImageFiles(config, compiled, loaded.staticFiles)),
    missingFiles(root, contentImageFiles(compiled)),
  ]);
  const { components, contracts, messageIds, dataSchemas, dataWarnings } = theme;
  const planned = plan({
    config,
    compiled,
    loaded,
    components: Object.keys(components),
    contracts,
    messageIds,
    dataSchemas,
    dataWarnings,
    imageSizes,
    missingImages,
    memo,
  });
  const value = planned.value && modules.files.length ? { ...planned.value, moduleFiles: modules.files } : planned.value;
  return { value, diagnostics: [...modules.diagnostics, ...planned.diagnostics] };
}

/** Pages with the time spent making them (inside the iterator), so render and emit are timed apart. */
function timed(pages: Pages): { pages: AsyncIterable<Page>; ms: () => number } {
  let ms = 0;
  async function* each(): AsyncGenerator<Page> {
    const iterator = Symbol.asyncIterator in pages ? pages[Symbol.asyncIterator]() : pages[Symbol.iterator]();
    for (;;) {
      const start = performance.now();
      const next = await iterator.next();
      ms += performance.now() - start;
      if (next.done) return;
      yield next.value;
    }
  }
  return { pages: each(), ms: () => ms };
}
