import path from 'node:path';
import {
  cacheKey,
  compile,
  CompileCache,
  compilerSettings,
  compileSource,
  startCompilePool,
  addressesHold,
  type CompileOneResult,
  type CompileTexts,
  type PageAddresses,
} from '../compile/index.ts';
import type { Diagnostic } from '../diagnostics.ts';
import { defaultPoolSize, WorkerLostError, type Pool } from '../pool.ts';
import type { Compiled, Source, SiteConfig } from '../types.ts';

interface Entry {
  /** The compile cache key the entry was made for (bytes, route, compiler config). */
  key: string;
  compiled?: Compiled;
  diagnostic?: Diagnostic;
  /** While the file does not compile: its last version that did (served until it is fixed). */
  lastGood?: Compiled;
}

/** Worker threads that compile for the dev server, made for one set of compiler settings. */
interface Lane {
  settings: string;
  pool: Pool<Source, CompileOneResult>;
}

export interface CompiledSourcesOptions {
  /** The compile cache shared with `quire build` (used for large batches); `false` for none. */
  cacheDir: string | false;
  /**
   * Worker script (`lib/worker.js`): given, pages compile in worker threads and this thread stays free to
   * answer requests (a 2 MB page takes seconds to compile). Without it, or when the workers fail to start,
   * they compile in this thread.
   */
  workerFile?: string;
}

/**
 * Compiling threads beside the dev server's: one per core but one (at least one, at most pool.ts's limit);
 * `QUIRE_WORKERS=1` compiles in the server's thread, as it does for `quire build`.
 */
function laneSize(): number {
  const threads = defaultPoolSize();
  return process.env.QUIRE_WORKERS ? threads - 1 : Math.max(1, threads - 1);
}

/**
 * The dev build's compiled sources, one entry per file, kept until the file's cache key changes.
 * Failures are kept too, so a broken file is not compiled again on every unrelated edit.
 */
export class CompiledSources {
  private entries = new Map<string, Entry>();
  private diskCache?: CompileCache;
  private lane?: Lane;
  /** The workers could not start or died: the rest of the session compiles in this thread. */
  private workersFailed = false;

  constructor(private readonly options: CompiledSourcesOptions) {}

  /**
   * Compiles what changed since last time; returns the files compiled (not taken from a cache).
   * `onProgress` hears of each source done (from a cache or compiled) among those that changed.
   */
  async update(
    sources: Source[],
    config: SiteConfig,
    texts: CompileTexts,
    onProgress?: (done: number, total: number) => void,
    addresses?: PageAddresses,
  ): Promise<string[]> {
    const live = new Set(sources.map((s) => s.file));
    for (const file of this.entries.keys()) if (!live.has(file)) this.entries.delete(file);
    // A page shown the address of a linked page that has moved since (its slug edited, its file renamed) compiles again.
    const stale = sources.filter((s) => {
      const entry = this.entries.get(s.file);
      return entry?.key !== cacheKey(s, config, texts) || (entry.compiled !== undefined && !addressesHold(entry.compiled, addresses));
    });
    if (!stale.length) return [];
    const compileOne = this.compiler(config, texts, addresses);
    // Many at once (the first build, a config change): through the disk cache, which a warm start hits.
    if (stale.length > 8 && this.options.cacheDir !== false) {
      const cache = (this.diskCache ??= await CompileCache.open(this.options.cacheDir));
      const misses = stale.filter((s) => !cache.has(cacheKey(s, config, texts))).map((s) => s.file);
      const result = await compile({
        sources: stale,
        config,
        texts,
        cache,
        onProgress,
        addresses,
        compileOne: this.lane ? compileOne : undefined,
      });
      // An unwritable cache folder only makes the next start slower (`quire build` reports it as Q102).
      await cache.save().catch(() => undefined);
      for (const c of result.value) this.entries.set(c.source.file, { key: cacheKey(c.source, config, texts), compiled: c });
      for (const d of result.diagnostics) {
        const source = stale.find((s) => s.file === d.file);
        if (source)
          this.entries.set(source.file, { key: cacheKey(source, config, texts), diagnostic: d, lastGood: this.lastGood(source.file) });
      }
      return misses;
    }
    let done = 0;
    // In workers all at once (a pool spreads them); in this thread one after the other.
    const each = async (source: Source) => {
      const result = await compileOne(source);
      this.entries.set(source.file, {
        key: cacheKey(source, config, texts),
        ...('compiled' in result ? { compiled: result.compiled } : { diagnostic: result.diagnostic, lastGood: this.lastGood(source.file) }),
      });
      onProgress?.(++done, stale.length);
    };
    if (this.lane) await Promise.all(stale.map(each));
    else for (const source of stale) await each(source);
    return stale.map((s) => s.file);
  }

  /**
   * Loads the compilers before the first edit needs them (when the first build came from the cache, they
   * are still unloaded): in every worker, or in this thread without workers. Compiles a tiny Markdown and
   * MDX page and throws the result away.
   */
  async warmUp(config: SiteConfig, texts: CompileTexts): Promise<void> {
    const compileOne = this.compiler(config, texts);
    // Two tasks a worker: the pool hands each worker two before the next one gets any.
    const rounds = this.lane ? this.lane.pool.size : 1;
    const tasks = Array.from({ length: rounds }, () => WARM_UP_SOURCES.map((source) => compileOne(source).catch(() => undefined))).flat();
    await Promise.all(tasks);
  }

  /** Stops the compiling workers. */
  async close(): Promise<void> {
    const lane = this.lane;
    this.lane = undefined;
    await lane?.pool.close();
  }

  /**
   * How sources compile with these settings: in the workers (started, or started again after the settings
   * changed) or in this thread. A worker that cannot start or dies sends its source to this thread, and
   * the rest of the session compiles here: the result is the same, only the thread differs. (A source
   * that makes the compiler throw is a quire bug, reported as it is.)
   */
  private compiler(config: SiteConfig, texts: CompileTexts, addresses?: PageAddresses): (source: Source) => Promise<CompileOneResult> {
    // The workers were given the pages' addresses with their settings: a route that changed starts them again.
    const settings = compilerSettings(config, texts) + (addresses ? `|${addresses.key}` : '');
    if (this.lane && this.lane.settings !== settings) void this.close();
    const size = laneSize();
    if (!this.lane && this.options.workerFile && !this.workersFailed && size > 0) {
      const pool = startCompilePool(this.options.workerFile, config, texts, size, { addresses });
      this.lane = { settings, pool };
    }
    const lane = this.lane;
    if (!lane) return (source) => compileSource(source, config, texts, true, addresses);
    return (source) =>
      lane.pool.run(source).catch((e: Error) => {
        if (!(e instanceof WorkerLostError)) throw e;
        if (this.lane === lane) {
          this.workersFailed = true;
          void this.close();
        }
        return compileSource(source, config, texts, true, addresses);
      });
  }

  /** Compile errors of the given sources, in their order. */
  errors(sources: Source[]): Diagnostic[] {
    return sources.flatMap((s) => this.entries.get(s.file)?.diagnostic ?? []);
  }

  /**
   * The compiled list in the sources' order, each with its current Source. A file that does not compile
   * now is there as it last compiled (with the source it had then), and left out if it never did (a new
   * page being written): the other pages keep being built and served while it is broken.
   */
  list(sources: Source[]): Compiled[] {
    return sources.flatMap((s) => {
      const entry = this.entries.get(s.file);
      if (entry?.compiled) return [{ ...entry.compiled, source: s }];
      return entry?.lastGood ? [entry.lastGood] : [];
    });
  }

  private lastGood(file: string): Compiled | undefined {
    const entry = this.entries.get(file);
    return entry?.compiled ?? entry?.lastGood;
  }
}

/** Default compile cache folder of a project. */
export function defaultCacheDir(root: string): string {
  return path.join(root, '.quire/cache');
}

/** A tiny Markdown and an MDX page that load the compilers and the highlighter (see `warmUp`). */
const WARM_UP_SOURCES: Source[] = (['md', 'mdx'] as const).map((format) => ({
  kind: 'doc',
  file: `content/docs/__warm-up.${format}`,
  format,
  id: '__warm-up',
  path: '/docs/__warm-up/',
  frontMatter: { title: 'Warm-up' },
  body: 'Text.\n\n## Abschnitt\n\n```js\nconst a = 1;\n```\n',
  bodyLine: 1,
  hash: 'warm-up',
}));
