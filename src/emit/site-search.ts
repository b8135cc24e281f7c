import type { Diagnostic } from '../diagnostics.ts';
import { INDEX_DIR } from '../shared/search-pagefind.ts';
import type { Route, Site } from '../types.ts';
import { isSearchable } from './files.ts';
import type { OutputManifest, OutputRecord } from './previous.ts';
import { hasMarkdownDocument, markdownDocument, searchKey, searchStartError, startSearch, type SearchIndexer } from './search.ts';
import type { Tally } from './tally.ts';

export interface SiteSearchOptions {
  site: Site;
  output: Tally;
  /** Each route's fingerprint and the previous output's record, when pages can be kept. */
  fingerprints?: ReadonlyMap<string, string>;
  manifest?: OutputManifest;
  /** The index the build started before emit (perhaps fed Markdown pages while compiling). */
  started?: SearchIndexer;
  /** Markdown pages go in as documents made from their compiled HTML (default true). */
  markdownDocuments?: boolean;
}

/**
 * Whether a new search index reads the route from its rendered page: an indexable page without a Markdown
 * document (hasMarkdownDocument). The build renders these first when it renders every page.
 */
export function indexedWhenRendered(site: Site, route: Route, markdownDocuments = true): boolean {
  return (
    isSearchable(route) &&
    (!markdownDocuments || route.compiledIndex === undefined || !hasMarkdownDocument(site.compiled[route.compiledIndex]))
  );
}

/**
 * The site's search index, emit's own part: the previous one when it indexed exactly these pages, else a new
 * one (hosted search: none). A new index takes Markdown pages as documents made from their compiled HTML,
 * before any rendered page and in route order (a first build handed them over while compiling, in the same
 * order), the other pages as they are written; Pagefind builds it as soon as it has every page, while this
 * thread goes on rendering. Its key is the fingerprints of the indexable pages, which cover their images too.
 */
export class SiteSearch {
  /** Pages the new index still needs from their rendered HTML. */
  private late = new Set<string>();
  private finishing?: { written?: Promise<{ diagnostics: Diagnostic[] }>; files?: ReturnType<SearchIndexer['files']> };

  private constructor(
    private readonly options: SiteSearchOptions,
    private readonly key: string | undefined,
    private readonly previous: OutputRecord[] | undefined,
    private readonly index: SearchIndexer | undefined,
  ) {
    const { site, markdownDocuments } = options;
    if (!index) return;
    for (const route of site.routes) {
      if (indexedWhenRendered(site, route, markdownDocuments)) this.late.add(route.path);
      // An indexable route that is not late has a compiled page with a document.
      else if (isSearchable(route) && !index.has(route.path))
        index.addDocument(route.path, markdownDocument(site.config, site.compiled[route.compiledIndex!])!);
    }
    this.finishWhenFed();
  }

  static async open(options: SiteSearchOptions, diagnostics: Diagnostic[]): Promise<SiteSearch> {
    const { site, fingerprints, manifest, started } = options;
    const indexed =
      fingerprints && manifest?.enabled && options.output.writer.keep
        ? new Map(site.routes.filter(isSearchable).map((r) => [r.path, fingerprints.get(r.path) ?? '']))
        : undefined;
    const key = indexed ? searchKey(indexed) : undefined;
    const previous = key ? await manifest!.reusableSearch(key) : undefined;
    if (previous) void started?.discard();
    const wanted = previous ? undefined : (started ?? startSearch(site.config));
    const problem = await wanted?.problem();
    if (problem !== undefined) diagnostics.push(searchStartError(problem));
    return new SiteSearch(options, key, previous, problem === undefined ? wanted : undefined);
  }

  /** A new index is being built: the writes of the last pages can wait for it (see WriteBehind). */
  get building(): boolean {
    return this.index !== undefined;
  }

  /** Gives a written page to a new index when it needs the page's HTML. */
  async add(route: { path: string; title?: string }, html: () => string): Promise<void> {
    if (!this.index || !this.late.has(route.path)) return;
    await this.index.add(route.path, html(), route.title);
    this.late.delete(route.path);
    this.finishWhenFed();
  }

  /**
   * Puts the index into the output: the previous one's files kept, or the new one's adopted from the staging
   * folder Pagefind wrote into, or written. Records it for the next build.
   */
  async write(diagnostics: Diagnostic[]): Promise<void> {
    const { output, manifest } = this.options;
    if (this.previous) {
      for (const f of this.previous) output.keep(f.file, f.size);
      manifest!.recordSearch(
        this.key!,
        this.previous.map((f) => f.file),
      );
      return;
    }
    if (!this.index) return;
    const { written, files } = this.finish();
    if (written) {
      diagnostics.push(...(await written).diagnostics);
      if (diagnostics.length) return;
      const adopted = output.writer.adopt!(this.base + INDEX_DIR);
      output.count(
        adopted.reduce((n, f) => n + f.size, 0),
        adopted.length,
      );
      this.record(adopted.map((f) => f.file));
    } else if (files) {
      const index = await files;
      diagnostics.push(...index.diagnostics);
      if (diagnostics.length) return;
      for (const f of index.value) await output.write(this.base + f.file, f.contents);
      this.record(index.value.map((f) => this.base + f.file));
    }
  }

  /** Stops a new index; Pagefind first finishes what it is writing into the staging folder before that goes. */
  async drop(): Promise<void> {
    if (this.finishing) await Promise.allSettled([this.finishing.written, this.finishing.files]);
    await this.index?.discard();
  }

  /** Starts finishing the new index (Pagefind's own process) once it has every page. */
  finish(): NonNullable<SiteSearch['finishing']> {
    if (this.finishing) return this.finishing;
    const { writer } = this.options.output;
    // Into an empty output Pagefind writes its files itself; over a previous output they go through the writer
    // like pages, which keeps those already there (the fragments of unchanged pages, usually most).
    const writesItself = this.index && !writer.hasPreviousOutput && writer.stagingDir && writer.adopt;
    const written = writesItself ? this.index!.writeTo(writer.stagingDir!(this.base + INDEX_DIR)) : undefined;
    const files = this.index && !writesItself ? this.index.files() : undefined;
    // Awaited later; a failure meanwhile must not leave a rejection unhandled.
    written?.catch(() => undefined);
    files?.catch(() => undefined);
    return (this.finishing = { written, files });
  }

  private finishWhenFed(): void {
    if (this.index && !this.late.size) this.finish();
  }

  private record(files: string[]): void {
    const { manifest } = this.options;
    if (this.key && manifest?.enabled && this.options.output.writer.keep) manifest.recordSearch(this.key, files);
  }

  private get base(): string {
    return this.options.site.config.baseUrl.replace(/^\//, '');
  }
}
