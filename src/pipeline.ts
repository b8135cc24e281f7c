import type { Diagnostic } from './diagnostics.ts';
import path from 'node:path';
import { bundleModules, compileTexts, pageSettings, type CompileTexts, type ModuleBundles } from './compile/index.ts';
import { quireRoot } from './config/index.ts';
import { sassStylesheets } from './emit/index.ts';
import { projectThemeMessages } from './shared/docusaurus-theme-texts.ts';
import { missingFiles, readImageSizes } from './load/index.ts';
import { contentImageFiles, measuredImageFiles, mergeMessages, plan, type PlanMemo } from './plan/index.ts';
import type { Compiled, Loaded, Page, ProjectHooks, Site, SiteConfig, Theme } from './types.ts';

export type StepName = 'config' | 'load' | 'compile' | 'plan' | 'render' | 'emit';

export interface StepTiming {
  name: StepName;
  ms: number;
  detail?: string;
}

/**
 * A stage's outcome: no value stops the pipeline there. `detail` goes on the step's line (render's is known
 * only once emit has pulled every page, hence a function). `lent` is time the stage's value spends later, inside
 * the next step (emit pulling render's lazy pages): it counts as this stage's and not the next one's.
 */
export interface Outcome<T> {
  value?: T;
  diagnostics: Diagnostic[];
  detail?: string | (() => string);
  lent?: () => number;
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
  /** The last bundle of the pages' modules, which a plan whose pages and their module files are unchanged takes. */
  moduleBundles?: ModuleBundles;
  /** The config's functions plan calls (set by the config step). */
  readonly hooks?: ProjectHooks;
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
  const { step, finish, diagnostics } = stepper(onStep);
  const blocked = () => diagnostics.some((d) => d.severity === 'error' && !driver.servesWith?.(d));

  const config = await step('config', () => driver.config());
  if (!config || blocked()) return finish();
  const loaded = await step('load', () => driver.load(config));
  if (!loaded) return finish();
  const compiled = await step('compile', () => driver.compile(config, loaded));
  if (!compiled) return finish();
  const site = await step('plan', () =>
    planSite(driver.root, driver.theme(), config, loaded, compiled, driver.planMemo, driver.moduleBundles, driver.hooks),
  );
  if (!site || blocked()) return finish();
  const pages = await step('render', () => driver.render(site).then(timed));
  if (!pages || blocked()) return finish(site);
  const emitted = await step('emit', () => driver.emit(site, pages));
  return finish(site, emitted !== undefined && !blocked());
}

/**
 * Runs and times steps, gathering their diagnostics. A step whose outcome lends time to the next is recorded
 * once that next step ends (or the pipeline does), with the lent time moved from the next step to it.
 */
function stepper(onStep?: (step: StepTiming) => void) {
  const diagnostics: Diagnostic[] = [];
  const steps: StepTiming[] = [];
  let owed: { name: StepName; ms: number; outcome: Outcome<unknown> } | undefined;
  const record = (timing: StepTiming) => (steps.push(timing), onStep?.(timing));
  const settle = (): number => {
    if (!owed) return 0;
    const { name, ms, outcome } = owed;
    const lent = outcome.lent?.() ?? 0;
    owed = undefined;
    record({ name, ms: ms + lent, detail: shown(outcome.detail) });
    return lent;
  };
  const step = async <T>(name: StepName, run: () => Promise<Outcome<T>>): Promise<T | undefined> => {
    const start = performance.now();
    const outcome = await run();
    diagnostics.push(...outcome.diagnostics);
    const ms = performance.now() - start - settle();
    if (outcome.lent) owed = { name, ms, outcome };
    else record({ name, ms, detail: shown(outcome.detail) });
    return outcome.value;
  };
  const finish = (site?: Site, emitted = false): PipelineResult => (settle(), { diagnostics, steps, site, emitted });
  return { step, finish, diagnostics };
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
  bundles?: ModuleBundles,
  hooks?: ProjectHooks,
): Promise<Outcome<Site>> {
  const texts = siteTexts(config, loaded);
  const provided = Object.fromEntries(Object.entries(theme.modules ?? {}).map(([name, exports]) => [name, Object.keys(exports)]));
  const quire = quireRoot();
  // In the stylesheet every page loads where the config says so (infimaStyles), else first in each such page's CSS.
  const styles = theme.moduleStyles && !config.infimaStyles ? path.join(quire, theme.moduleStyles) : undefined;
  const sources = theme.moduleSources;
  const browser = sources && { quire, modules: path.join(quire, sources.modules), island: path.join(quire, sources.island) };
  const staticPaths = new Set(loaded.staticFiles.map((f) => f.path));
  const settings = pageSettings(config);
  const { baseUrl, themeComponents } = config;
  const modules = await bundleModules(root, all, {
    provided,
    themeComponents,
    styles,
    baseUrl,
    staticPaths,
    roots: [...new Set([path.resolve(root, config.layout.static), root, process.cwd()])],
    settings,
    texts,
    browser,
    bundles,
    sass: (read) => sassStylesheets(root, read),
  });
  // React pages whose code quire cannot build are left out (each named by a warning).
  const compiled = modules.dropped.length ? all.filter((c) => !modules.dropped.includes(c)) : all;
  // The pixel sizes of the social cards (their og:image tags) and of the Markdown images (their width and height),
  // and which of the pages' own images are missing.
  const measured = measuredImageFiles(config, compiled, loaded.staticFiles);
  const [imageSizes, missingImages] = await Promise.all([readImageSizes(root, measured), missingFiles(root, contentImageFiles(compiled))]);
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
    hooks,
    leftOut: modules.dropped.map((c) => ({ path: c.source.path, file: c.source.file })),
  });
  const value = planned.value && modules.files.length ? { ...planned.value, moduleFiles: modules.files } : planned.value;
  return {
    value,
    diagnostics: [...modules.diagnostics, ...planned.diagnostics],
    ...(modules.kept ? { detail: 'page modules unchanged' } : {}),
  };
}

/** The compiler's texts in the site's language and its content's (both drivers' compile step and planning use them). */
export function siteTexts(config: SiteConfig, loaded: Loaded): CompileTexts {
  const { currentLocale, contentLocale } = config.i18n;
  // A Docusaurus project's theme texts in its code.json (admonition titles, the heading link's) come before quire's.
  const own = projectThemeMessages(loaded.translations?.code?.messages).messages;
  const content = { ...mergeMessages(loaded.messages, contentLocale ?? currentLocale), ...own };
  return compileTexts({ ...mergeMessages(loaded.messages, currentLocale), ...own }, content);
}

/** Render's outcome with its pages timed as they are made (inside the iterator), which emit does by pulling them. */
function timed(rendering: Outcome<Pages>): Outcome<Pages> {
  if (!rendering.value) return rendering;
  const pages: Pages = rendering.value;
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
  return { ...rendering, value: each(), lent: () => ms };
}
