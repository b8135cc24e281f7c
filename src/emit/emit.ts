import path from 'node:path';
import { cacheWarning, CODES, report, type Diagnostic } from '../diagnostics.ts';
import type { Loaded, Page, ProjectFiles, SharedFile, Site, StageResult } from '../types.ts';
import { ContentAssets } from './assets.ts';
import type { ClientBundle } from './client.ts';
import { blogFeeds, openSearchXml, redirectPages, robotsTxt, sidebarChunks, sitemapXml } from './files.ts';
import { writePages } from './pages.ts';
import type { OutputManifest, OutputRecord } from './previous.ts';
import type { SearchIndexer } from './search.ts';
import { SiteSearch } from './site-search.ts';
import { inBatches, Tally } from './tally.ts';
import type { Writer } from './writer.ts';

export interface EmitOptions {
  site: Site;
  /** Pages as render produces them (in this thread, or from a render pool); written as they come. */
  pages: Iterable<Page> | AsyncIterable<Page>;
  /** The client bundle made before rendering (its URLs are in the pages). */
  bundle: ClientBundle;
  /** The theme's files that pages refer to (Theme.sharedFiles), paths under the base path. */
  sharedFiles?: readonly SharedFile[];
  staticFiles: Loaded['staticFiles'];
  /** Load's reader of the content images the pages show (ContentFiles): emit copies them through the writer. */
  files?: ProjectFiles;
  /** The project folder: static files are copied from it by the writer; paths in messages are shown from it. */
  root: string;
  writer: Writer;
  /** Asked before the swap: false (an earlier stage failed while pages streamed) throws the output away. */
  canCommit?: () => boolean;
  /**
   * Incremental builds: the fingerprint of every route, the manifest of the previous output, and the
   * routes not rendered this time because their previous file is kept (not read, not written).
   */
  incremental?: {
    fingerprints: ReadonlyMap<string, string>;
    manifest: OutputManifest;
    reused: ReadonlyMap<string, OutputRecord>;
  };
  /** Called after each page written or kept, with the number of pages so far. */
  onPage?: (pages: number) => void;
  /**
   * Called when the last page is out, before the pages held back, sitemap and static files are written;
   * `searchIndex`: a new search index is being finished meanwhile.
   */
  onPagesOut?: (searchIndex: boolean) => void;
  /** Markdown pages go into a new search index as documents made from their compiled HTML (default true; tests compare). */
  markdownDocuments?: boolean;
  /**
   * The search index the build started before this stage (startSearch), perhaps fed Markdown pages while
   * compiling: used for a new index, else discarded.
   */
  search?: SearchIndexer;
}

export interface EmitReport {
  files: number;
  bytes: number;
  clientJs: string;
  clientCss: string;
}

/**
 * Writes the site through the writer in its parts (the client bundle and theme files, the pages with their
 * images, the site files, the search index), then switches the output in. A build that failed while pages
 * streamed (`canCommit`) or a part that failed throws the new output away; the previous output stays.
 */
export async function emit(options: EmitOptions): Promise<StageResult<EmitReport | undefined>> {
  const { site, bundle, root, writer } = options;
  const { baseUrl } = site.config;
  const base = baseUrl.replace(/^\//, '');
  const diagnostics: Diagnostic[] = [];
  const output = new Tally(writer);
  const { manifest } = options.incremental ?? {};
  let search: SiteSearch | undefined;
  const failed = async () => {
    await search?.drop();
    await writer.abort().catch(() => undefined);
    return { value: undefined, diagnostics };
  };
  try {
    search = await SiteSearch.open(
      {
        site,
        output,
        fingerprints: options.incremental?.fingerprints,
        manifest,
        started: options.search,
        markdownDocuments: options.markdownDocuments,
      },
      diagnostics,
    );
    // The theme's files, and the island modules of pages whose own code runs in the browser.
    for (const f of [...bundle.files, ...(options.sharedFiles ?? []), ...(site.moduleFiles ?? [])])
      await output.write(base + f.file, f.contents);
    const canKeep = manifest?.enabled && writer.keep;
    const previousSize = canKeep ? (file: string) => manifest.previousSize(file) : undefined;
    const assets = new ContentAssets(output, { baseUrl, files: options.files, previousSize }, diagnostics);
    const pages = await writePages({
      site,
      pages: options.pages,
      output,
      assets,
      search,
      incremental: options.incremental,
      onPage: options.onPage,
    });
    if (diagnostics.length || (options.canCommit && !options.canCommit())) return await failed();
    // Pagefind finishes the index (its own process) while the pages held back and the site files are written.
    options.onPagesOut?.(search.building);
    search.finish();
    await pages.flush();
    await writeSiteFiles(site, options.staticFiles, root, output, pages);
    await search.write(diagnostics);
    if (diagnostics.length) return await failed();
    await switchOutput(writer, root, manifest, diagnostics);
    return { value: { files: output.files, bytes: output.bytes, clientJs: bundle.js, clientCss: bundle.css }, diagnostics };
  } catch (e) {
    diagnostics.push(report(CODES.WRITE_FAILED, 'writing', { reason: (e as Error).message }));
    return failed();
  }
}

/** Static files, the sidebar's chunks, sitemap, robots, the OpenSearch description, the blog's feeds and the redirect pages. */
async function writeSiteFiles(
  site: Site,
  staticFiles: Loaded['staticFiles'],
  root: string,
  output: Tally,
  { noIndexed, feedPages }: { noIndexed: ReadonlySet<string>; feedPages: ReadonlyMap<string, string> },
): Promise<void> {
  const base = site.config.baseUrl.replace(/^\//, '');
  await inBatches(staticFiles, async (f) => {
    await output.writer.copy(path.join(root, f.file), base + f.path.slice(1));
    output.count(0);
  });
  await inBatches(sidebarChunks(site), (chunk) => output.write(base + chunk.file, chunk.json));
  await output.write(base + 'sitemap.xml', sitemapXml(site, noIndexed));
  await output.write('robots.txt', robotsTxt(site));
  const openSearch = openSearchXml(site);
  if (openSearch) await output.write(base + 'opensearch.xml', openSearch);
  for (const feed of blogFeeds(site, feedPages)) await output.write(base + feed.file, feed.contents);
  await inBatches(redirectPages(site), (page) => output.write(page.file, page.html));
}

/**
 * Makes the new output the one served, then records it for the next build. Once it is in place nothing undoes
 * it: what could not be cleaned up, or a record that cannot be written, is a warning.
 */
async function switchOutput(writer: Writer, root: string, manifest: OutputManifest | undefined, diagnostics: Diagnostic[]): Promise<void> {
  const committed = await writer.commit();
  for (const left of committed?.leftovers ?? []) {
    const shown = path.relative(root, left.path) || left.path;
    diagnostics.push(report(CODES.WRITE_FAILED, 'oldOutputLeft', { shown, reason: left.reason }));
  }
  // A record that cannot be written only costs the next build its reuse.
  if (manifest)
    await manifest
      .save(committed?.switched ?? true)
      .catch((e: Error) =>
        diagnostics.push(
          cacheWarning(
            'The record of this output could not be written',
            e,
            manifest.directory,
            root,
            'the next build renders every page again',
          ),
        ),
      );
}
