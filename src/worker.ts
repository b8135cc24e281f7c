import { parentPort } from 'node:worker_threads';
import { compileSource } from './compile/index.ts';
import type { SiteConfig, Source } from './types.ts';

/** Worker-thread entry: compiles one source per message (see pool.ts). */
parentPort?.on('message', async (task: { source: Source; config: SiteConfig }) => {
  try {
    parentPort!.postMessage({ ok: true, value: await compileSource(task.source, task.config) });
  } catch (e) {
    parentPort!.postMessage({ ok: false, error: `quire bug: compile worker failed on ${task.source.file}: ${(e as Error).stack ?? e}` });
  }
});
