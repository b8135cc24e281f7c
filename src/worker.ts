import { parentPort, workerData } from 'node:worker_threads';
import { compileSource } from './compile/index.ts';
import type { SiteConfig, Source } from './types.ts';

/** Worker-thread entry: compiles one source per message (see pool.ts); the config comes once, as workerData. */
const { config } = workerData as { config: SiteConfig };

parentPort?.on('message', async (task: { id: number; input: Source }) => {
  try {
    parentPort!.postMessage({ id: task.id, ok: true, value: await compileSource(task.input, config) });
  } catch (e) {
    parentPort!.postMessage({ id: task.id, ok: false, error: `quire bug: compile worker failed on ${task.input.file}: ${(e as Error).stack ?? e}` });
  }
});
