import { startWorker } from '../src/worker.ts';

/** Entry of quire's worker threads (`lib/worker.js`): the pipeline's worker, rendering with the CLI's theme. */
startWorker(async () => (await import('../themes/classic/index.tsx')).classicTheme);
