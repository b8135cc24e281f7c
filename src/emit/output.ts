import path from 'node:path';
import type { Diagnostic } from '../diagnostics.ts';
import type { Compiled, Loaded, Page, ProjectFiles, Route, SharedFile, Site, SiteConfig, StageResult } from '../types.ts';
import type { ClientBundle } from './client.ts';
import { emit, type EmitOptions, type EmitReport } from './emit.ts';
import { outputFolderProblem } from './output-folder.ts';
import { openPreviousOutput } from './reuse.ts';
import { markdownDocument, startSearch, type SearchIndexer } from './search.ts';
import { indexedWhenRendered } from './site-search.ts';
import { DirWriter, type Writer } from './writer.ts';

export interface SiteOutputOptions {
  /** The project folder: static files are copied from it; paths in messages are shown from it. */
  root: string;
  /** The output folder; default `<root>/dist`. Not used when `writer` is given. */
  outDir?: string;
  /** Where the output goes instead of a folder (tests, memory): such an output keeps no pages and starts no index early. */
  writer?: Writer;
  /** The cache folder, which holds the record of the previous output; without it every page is written. */
  cacheDir?: string;
  /** quire's version and code: a record made by another quire is not trusted. */
  toolVersion?: string;
  /** Load's reader of the content images: hashed for the fingerprints, then copied by the writer. */
  files: ProjectFiles;
  /** Markdown pages go into a new search index as documents made from their compiled HTML (default true). */
  markdownDocuments?: boolean;
}

/** What `plan` tells the renderer: the routes to render (all when undefined), those to render first, how many are kept. */
export interface OutputPlan {
  only?: (route: Route) => boolean;
  first?: (route: Route) => boolean;
  reused: number;
}

/** The parts of a build's output made by other stages, handed over with the pages. */
export interface OutputParts {
  bundle: ClientBundle;
  sharedFiles?: readonly SharedFile[];
  staticFiles: Loaded['staticFiles'];
  canCommit?: () => boolean;
  onPage?: (pages: number) => void;
  onPagesOut?: (searchIndex: boolean) => void;
}

/**
 * A build's output, from the config step to the last write: the folder's check, the search index started beside
 * loading and fed as pages compile, the previous output's record that decides which pages are kept, then the
 * writing itself (`emit`). The build driver calls it at each step and knows none of these parts.
 */
export class SiteOutput {
  private search?: SearchIndexer;
  private writer?: Writer;
  private incremental?: EmitOptions['incremental'];

  constructor(private readonly options: SiteOutputOptions) {}

  private get outDir(): string {
    return this.options.outDir ?? path.join(this.options.root, 'dist');
  }

  /** A folder whose replacing would lose work (see output-folder.ts): refused before anything is read. */
  problem(config: SiteConfig): Diagnostic | undefined {
    if (this.options.writer) return undefined;
    return outputFolderProblem({ outDir: this.outDir, root: this.options.root, baseUrl: config.baseUrl });
  }

  /**
   * A first build into a folder starts its search index now: Pagefind's process comes up while the content loads,
   * and takes each Markdown page as it is compiled (`compiled`), on the core compiling leaves mostly idle.
   */
  startSearch(config: SiteConfig): void {
    if (!this.options.writer) this.search = startSearch(config);
  }

  /** What compile calls with each page it compiled, while an index started early takes documents; else undefined. */
  onCompiled(config: SiteConfig): ((compiled: Compiled) => void) | undefined {
    const search = this.options.markdownDocuments === false ? undefined : this.search;
    if (!search) return undefined;
    return (compiled) => {
      const document = markdownDocument(config, compiled);
      if (document) search.addDocument(compiled.source.path, document);
    };
  }

  /**
   * Before rendering. A route whose fingerprint (everything its HTML is made of; `fingerprint` is given the
   * content images' hashes) matches the previous build's, and whose file there is untouched, is kept instead of
   * rendered and written. A new local search index reads the pages without a Markdown document from their HTML:
   * those are rendered first, so Pagefind works while the others render.
   */
  async plan(site: Site, fingerprint: (assetVersions: Map<string, string>) => Map<string, string>): Promise<OutputPlan> {
    const { files, cacheDir, toolVersion, markdownDocuments } = this.options;
    const writer = (this.writer = this.options.writer ?? new DirWriter(this.outDir));
    const { manifest, assetHashes } = await openPreviousOutput(site, { files, writer, cacheDir, toolVersion });
    const fingerprints = manifest.enabled ? fingerprint(assetHashes) : new Map<string, string>();
    const reused = await manifest.reusable(fingerprints);
    this.incremental = { fingerprints, manifest, reused };
    return {
      only: reused.size ? (r) => !reused.has(r.path) : undefined,
      first: site.config.search.provider === 'local' && !reused.size ? (r) => indexedWhenRendered(site, r, markdownDocuments) : undefined,
      reused: reused.size,
    };
  }

  /** Writes the site (see emit) and switches it in; the early search index is used or stopped. */
  async write(site: Site, pages: Iterable<Page> | AsyncIterable<Page>, parts: OutputParts): Promise<StageResult<EmitReport | undefined>> {
    if (!this.writer) throw new Error('quire bug: the output was written before it was planned');
    const { root, files, markdownDocuments } = this.options;
    const search = this.search;
    this.search = undefined;
    return emit({ site, pages, ...parts, files, root, writer: this.writer, incremental: this.incremental, search, markdownDocuments });
  }

  /** A build that ends without writing (an earlier step failed, or a quire bug): the search index's process stops. */
  async discard(): Promise<void> {
    const search = this.search;
    this.search = undefined;
    await search?.discard();
  }
}
