import { parentPort, workerData } from 'node:worker_threads';
import { compileInWorker, loadCompiler, type CompileJob } from './compile/index.ts';
import { loadCodeBlocks, routeRenderer, type RenderJob, type RenderTask } from './render/index.ts';
import type { Source, Theme } from './types.ts';

/** What a pool of workers is for, given once to each worker as `workerData` (see pool.ts). */
export type WorkerJob = CompileJob | RenderJob;

/**
 * Worker-thread body: answers one task per message with the job of its pool. Rendering needs the theme,
 * which the worker's entry file (the CLI's, `cli/worker.ts`) chooses, as the CLI does for this thread;
 * it is loaded only by render workers.
 */
export function startWorker(loadTheme: () => Promise<Theme>): void {
  const job = workerData as WorkerJob;
  if (job.kind === 'compile')
    serve<Source>(
      loadCompiler().then(() => (source: Source) => compileInWorker(source, job.config, job.texts, job.mdxFromTree, job.addresses)),
      (source) => `compile worker failed on ${source.file}`,
    );
  else serve<RenderTask>(renderInWorker(job, loadTheme()), (task) => `render worker failed on ${job.site.routes[task.routeIndex]?.path}`);
}

/**
 * Answers tasks one after the other, in the order they came: the pool times the task at the head of what it
 * sent this worker, which is then the one running (pool.ts stops a worker whose task runs past the time limit).
 */
function serve<I>(loading: Promise<(input: I) => Promise<unknown>>, failure: (input: I) => string): void {
  // Ready once the job's modules are loaded (the pool times tasks from then); a failure to load fails each task.
  let last: Promise<unknown> = loading.then(
    () => parentPort?.postMessage({ ready: true }),
    () => undefined,
  );
  parentPort?.on('message', (task: { id: number; input: I }) => {
    last = last.then(async () => {
      try {
        const answer = await loading;
        parentPort!.postMessage({ id: task.id, ok: true, value: await answer(task.input) });
      } catch (e) {
        parentPort!.postMessage({ id: task.id, ok: false, error: `quire bug: ${failure(task.input)}: ${(e as Error).stack ?? e}` });
      }
    });
  });
}

async function renderInWorker(job: RenderJob, theme: Promise<Theme>) {
  await loadCodeBlocks(job.site);
  const renderer = routeRenderer({
    site: job.site,
    theme: await theme,
    mode: job.mode,
    assets: job.assets,
    sharedRendering: job.sharedRendering,
  });
  return async ({ routeIndex, output }: RenderTask) => renderer(routeIndex, output);
}
