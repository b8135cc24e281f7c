import { parentPort, workerData } from 'node:worker_threads';
import { compileSource, type CompileTexts } from './compile/index.ts';
import { routeRenderer, type BundleUrls } from './render/index.ts';
import type { Compiled, Site, SiteConfig, Source, Theme } from './types.ts';

/** What a pool of workers is for, given once to each worker as `workerData` (see pool.ts). */
export type WorkerJob =
  /** Tasks are sources; the answer is `compileSource`'s result. */
  | { kind: 'compile'; config: SiteConfig; texts: CompileTexts }
  /**
   * Tasks are routes of `site` (given without the pages' compiled content, which each task brings for its
   * own page); the answer is the route's page or its diagnostic.
   */
  | { kind: 'render'; site: Site; mode: 'production' | 'development'; assets: BundleUrls };

export interface RenderTask {
  routeIndex: number;
  /** The compiled content of the route's page, when it has one. */
  output?: Compiled['output'];
}

/**
 * Worker-thread body: answers one task per message with the job of its pool. Rendering needs the theme,
 * which the worker's entry file (the CLI's, `cli/worker.ts`) chooses, as the CLI does for this thread;
 * it is loaded only by render workers.
 */
export function startWorker(loadTheme: () => Promise<Theme>): void {
  const job = workerData as WorkerJob;
  if (job.kind === 'compile') serve<Source>((source) => compileSource(source, job.config, job.texts), (source) => `compile worker failed on ${source.file}`);
  else serve<RenderTask>(renderInWorker(job, loadTheme()), (task) => `render worker failed on ${job.site.routes[task.routeIndex]?.path}`);
}

function serve<I>(answer: (input: I) => Promise<unknown>, failure: (input: I) => string): void {
  parentPort?.on('message', async (task: { id: number; input: I }) => {
    try {
      parentPort!.postMessage({ id: task.id, ok: true, value: await answer(task.input) });
    } catch (e) {
      parentPort!.postMessage({ id: task.id, ok: false, error: `quire bug: ${failure(task.input)}: ${(e as Error).stack ?? e}` });
    }
  });
}

function renderInWorker(job: Extract<WorkerJob, { kind: 'render' }>, theme: Promise<Theme>) {
  const renderer = theme.then((t) => routeRenderer({ site: job.site, theme: t, mode: job.mode, assets: job.assets }));
  return async ({ routeIndex, output }: RenderTask) => (await renderer)(routeIndex, output);
}
