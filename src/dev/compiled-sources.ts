import path from 'node:path';
import { cacheKey, compile, CompileCache, compileSource, type CompileTexts } from '../compile/index.ts';
import type { Diagnostic } from '../diagnostics.ts';
import type { Compiled, Source, SiteConfig } from '../types.ts';

interface Entry {
  /** The compile cache key the entry was made for (bytes, route, compiler config). */
  key: string;
  compiled?: Compiled;
  diagnostic?: Diagnostic;
  /** While the file does not compile: its last version that did (served until it is fixed). */
  lastGood?: Compiled;
}

/**
 * The dev build's compiled sources, one entry per file, kept until the file's cache key changes.
 * Failures are kept too, so a broken file is not compiled again on every unrelated edit.
 */
export class CompiledSources {
  private entries = new Map<string, Entry>();
  private diskCache?: CompileCache;

  /** `cacheDir`: the compile cache shared with `quire build` (used for large batches); `false` for none. */
  constructor(private readonly cacheDir: string | false) {}

  /**
   * Compiles what changed since last time; returns the files compiled (not taken from a cache).
   * `onProgress` hears of each source done (from a cache or compiled) among those that changed.
   */
  async update(sources: Source[], config: SiteConfig, texts: CompileTexts, onProgress?: (done: number, total: number) => void): Promise<string[]> {
    const live = new Set(sources.map((s) => s.file));
    for (const file of this.entries.keys()) if (!live.has(file)) this.entries.delete(file);
    const stale = sources.filter((s) => this.entries.get(s.file)?.key !== cacheKey(s, config, texts));
    if (!stale.length) return [];
    // Many at once (the first build, a config change): through the disk cache, which a warm start hits.
    if (stale.length > 8 && this.cacheDir !== false) {
      const cache = (this.diskCache ??= await CompileCache.open(this.cacheDir));
      const misses = stale.filter((s) => !cache.has(cacheKey(s, config, texts))).map((s) => s.file);
      const result = await compile({ sources: stale, config, texts, cache, onProgress });
      // An unwritable cache folder only makes the next start slower (`quire build` reports it as Q102).
      await cache.save().catch(() => undefined);
      for (const c of result.value) this.entries.set(c.source.file, { key: cacheKey(c.source, config, texts), compiled: c });
      for (const d of result.diagnostics) {
        const source = stale.find((s) => s.file === d.file);
        if (source) this.entries.set(source.file, { key: cacheKey(source, config, texts), diagnostic: d, lastGood: this.lastGood(source.file) });
      }
      return misses;
    }
    for (const [i, source] of stale.entries()) {
      const result = await compileSource(source, config, texts);
      this.entries.set(source.file, { key: cacheKey(source, config, texts), ...('compiled' in result ? { compiled: result.compiled } : { diagnostic: result.diagnostic, lastGood: this.lastGood(source.file) }) });
      onProgress?.(i + 1, stale.length);
    }
    return stale.map((s) => s.file);
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

/**
 * Compiles a tiny Markdown and MDX page and throws the result away. When the first build came from the
 * compile cache, the compilers (unified, MDX, the highlighter) are still unloaded; without this the first
 * edit would pay for loading them.
 */
export async function warmUpCompilers(config: SiteConfig, texts: CompileTexts): Promise<void> {
  const body = 'Text.\n\n## Abschnitt\n\n```js\nconst a = 1;\n```\n';
  for (const format of ['md', 'mdx'] as const) {
    const source: Source = { kind: 'doc', file: `content/docs/__warm-up.${format}`, format, id: '__warm-up', path: '/docs/__warm-up/', frontMatter: { title: 'Warm-up' }, body, bodyLine: 1, hash: 'warm-up' };
    await compileSource(source, config, texts).catch(() => undefined);
  }
}
