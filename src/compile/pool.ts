import { createPool, defaultPoolSize, type Pool } from '../pool.ts';
import type { Compiled, SiteConfig, Source, StageResult } from '../types.ts';
import type { CompileCache } from './cache.ts';
import {
  cacheKey,
  compile,
  compileSource,
  compileTimeLimit,
  type CompileOneResult,
  type CompileOptions,
  type CompileTexts,
  type Slowest,
} from './compile.ts';
import type { PageAddresses } from './addresses.ts';

/** What a compile worker is given once (see pool.ts): tasks are sources, answers compileInWorker's results. */
export interface CompileJob {
  kind: 'compile';
  config: SiteConfig;
  texts: CompileTexts;
  mdxFromTree?: boolean;
  /** The pages' addresses the project's plugins are shown (see addresses.ts). */
  addresses?: PageAddresses;
}

/**
 * Compile workers for one config and its texts. `local`: this thread takes sources from the queue too
 * (a build's thread has nothing else to do; the dev server's must stay free to answer requests).
 */
export function startCompilePool(
  workerFile: string,
  config: SiteConfig,
  texts: CompileTexts,
  size: number,
  { local = false, mdxFromTree = true, addresses }: { local?: boolean; mdxFromTree?: boolean; addresses?: PageAddresses } = {},
): Pool<Source, CompileOneResult> {
  const job: CompileJob = { kind: 'compile', config, texts, mdxFromTree, ...(addresses ? { addresses } : {}) };
  return createPool<Source, CompileOneResult>(workerFile, {
    size,
    workerData: job,
    local: local ? (source) => compileSource(source, config, texts, mdxFromTree, addresses) : undefined,
    timeLimit: compileTimeLimit(config),
  });
}

export interface CompileAllOptions extends Omit<CompileOptions, 'compileOne' | 'texts'> {
  texts: CompileTexts;
  cache: CompileCache;
  /** Worker script (`lib/worker.js`): many sources to compile are spread over worker threads. */
  workerFile?: string;
  /** Called before compiling, with the number of sources to compile (not in the cache). */
  beforeCompile?: (sourcesToCompile: number) => void;
}

/** Sources to compile before a worker pool pays for its start-up (module loading in each worker). */
const POOL_THRESHOLD = 40;

/** Compiles a build's sources through its cache, with workers beside this thread when there are many to compile. */
export async function compileAll({
  workerFile,
  beforeCompile,
  ...options
}: CompileAllOptions): Promise<StageResult<Compiled[]> & { cacheHits: number; slowest?: Slowest }> {
  const { sources, config, texts, cache } = options;
  const misses = sources.filter((s) => !cache.has(cacheKey(s, config, texts))).length;
  beforeCompile?.(misses);
  // This thread compiles too, beside one worker fewer than the cores.
  const workers = defaultPoolSize() - 1;
  if (!workerFile || misses < POOL_THRESHOLD || workers < 1) return compile(options);
  const pool = startCompilePool(workerFile, config, texts, workers, {
    local: true,
    mdxFromTree: options.mdxFromTree,
    addresses: options.addresses,
  });
  try {
    return await compile({ ...options, compileOne: (source) => pool.run(source) });
  } finally {
    await pool.close();
  }
}
