import { createPool, defaultPoolSize } from '../pool.ts';
import type { Compiled, Diagnostic, Page, Site } from '../types.ts';
import { showsPosts } from './fingerprint.ts';
import { limitedRender, renderTimeLimit, type BundleUrls, type RenderOneResult, type RenderOptions } from './page.ts';
import { renderEach, renderEachWith } from './pages.ts';

/**
 * What a render worker is given once (see pool.ts): the site without the pages' compiled content, which
 * each task brings for its own page.
 */
export interface RenderJob {
  kind: 'render';
  site: Site;
  mode: 'production' | 'development';
  assets: BundleUrls;
  sharedRendering?: boolean;
}

export interface RenderTask {
  routeIndex: number;
  /** The compiled content of the route's page, when it has one. */
  output?: Compiled['output'];
}

export interface RenderPagesOptions extends RenderOptions {
  /**
   * Worker script (`lib/worker.js`, which renders with the CLI's theme: pass it only with that theme): many
   * pages render in workers beside this thread. Without it, or for few pages, they render here.
   */
  workerFile?: string;
}

/** Pages as they are rendered, in order; the threads that render them; `close` stops the workers. */
export interface RenderedPages {
  pages: Iterable<Page> | AsyncIterable<Page>;
  threads: number;
  close(): Promise<void>;
}

/**
 * Pages to render before a render pool pays for itself: a worker answers with its first page a sixth of a
 * second after it starts (loading React and the theme, receiving the site), so the pool saves time only on
 * large sites (bench/HISTORY.md). On two cores it is not started: a second thread made rendering slower.
 */
const RENDER_POOL_THRESHOLD = 1000;

/**
 * Render workers at most, whatever the cores: each holds the site's skeleton and a heap of its own, and a
 * third would bring a 10,000-page build past its 1 GB budget (bench/HISTORY.md).
 */
const MAX_RENDER_WORKERS = 2;

const EMPTY_OUTPUT: Compiled['output'] = { type: 'html', html: '' };

/** Renders the routes `only` picks (all by default), in this thread or with workers beside it. */
export function renderPages({ workerFile, ...options }: RenderPagesOptions, diagnostics: Diagnostic[]): RenderedPages {
  const { site, only } = options;
  const count = only ? site.routes.filter(only).length : site.routes.length;
  const workers = Math.min(defaultPoolSize() - 1, MAX_RENDER_WORKERS);
  if (!workerFile || workers < 1 || count < RENDER_POOL_THRESHOLD)
    return { pages: renderEach(options, diagnostics), threads: 1, close: async () => undefined };
  const renderHere = limitedRender(options);
  // Each worker gets the site without the pages' compiled content and sources; a task brings its own page's content.
  const skeleton: Site = {
    ...site,
    compiled: site.compiled.map((c) => ({ ...c, output: EMPTY_OUTPUT, source: { ...c.source, body: '' } })),
  };
  const job: RenderJob = {
    kind: 'render',
    site: skeleton,
    mode: options.mode,
    assets: options.assets,
    sharedRendering: options.sharedRendering,
  };
  const pool = createPool<RenderTask, RenderOneResult>(workerFile, {
    size: workers,
    workerData: job,
    youngGenerationMb: 16,
    local: async (task) => renderHere(task.routeIndex),
    timeLimit: renderTimeLimit(site),
  });
  const render = (routeIndex: number) => {
    // A list of posts draws their content up to the truncate marker: here, where every page's content is.
    if (showsPosts(site.routes[routeIndex])) return Promise.resolve(renderHere(routeIndex));
    const compiledIndex = site.routes[routeIndex].compiledIndex;
    return pool.run({ routeIndex, output: compiledIndex === undefined ? undefined : site.compiled[compiledIndex].output });
  };
  return { pages: renderEachWith(options, diagnostics, render, workers * 8), threads: workers + 1, close: () => pool.close() };
}
