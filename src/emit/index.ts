import { readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { cacheWarning, CODES, contentImageError, error, warning, type Diagnostic } from '../diagnostics.ts';
import type { Loaded, Page, Route, SharedFile, Site, StageResult } from '../types.ts';
import type { ClientBundle } from './client.ts';
import { isIndexable, outputFile, robotsTxt, sidebarChunks, sitemapXml } from './files.ts';
import type { OutputManifest, OutputRecord } from './previous.ts';
import type { Writer } from './writer.ts';
import { INDEX_DIR } from '../shared/search-pagefind.ts';
import { hasMarkdownDocument, markdownDocument, searchKey, searchStartError, startSearch, type SearchIndexer } from './search.ts';
import { WriteBehind } from './write-behind.ts';
import { assetName, contentHash } from './hash.ts';

export { DirWriter, MemoryWriter, type Writer } from './writer.ts';
export { bundleClient, type ClientBundle } from './client.ts';
export { outputFile } from './files.ts';
export { outputFolderProblem } from './output-folder.ts';
export { OutputManifest, type OutputRecord } from './previous.ts';
export { assetName, contentHash } from './hash.ts';
export { openPreviousOutput, type PreviousOutput } from './reuse.ts';
export { hasMarkdownDocument, markdownDocument, startSearch, type SearchIndexer } from './search.ts';

export interface EmitOptions {
  site: Site;
  /** Pages as render produces them (in this thread, or from a render pool); written as they come. */
  pages: Iterable<Page> | AsyncIterable<Page>;
  /** The client bundle made before rendering (its URLs are in the pages). */
  bundle: ClientBundle;
  /** The theme's files that pages refer to (Theme.sharedFiles), paths under the base path. */
  sharedFiles?: readonly SharedFile[];
  staticFiles: Loaded['staticFiles'];
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
    /** The sha1 of each content image's bytes (the fingerprints hold them): a kept page's images keep their names without being read again. */
    assetHashes?: ReadonlyMap<string, string>;
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

/** Writes pages, assets, static files, sitemap and robots through the writer, then commits. */
export async function emit(options: EmitOptions): Promise<StageResult<EmitReport | undefined>> {
  const { site, pages, bundle, staticFiles, root, writer } = options;
  const { baseUrl } = site.config;
  const base = baseUrl.replace(/^\//, '');
  const diagnostics: Diagnostic[] = [];
  let files = 0;
  let bytes = 0;
  let pagesOut = 0;
  const write = async (file: string, data: string | Uint8Array) => {
    await writer.write(file, data);
    files++;
    bytes += typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
  };
  const { fingerprints, manifest, reused, assetHashes } = options.incremental ?? {};
  const canKeep = manifest?.enabled && writer.keep;
  const record = (routePath: string, file: string, hash: () => string | undefined) => {
    const fingerprint = fingerprints?.get(routePath);
    const sum = canKeep && fingerprint ? hash() : undefined;
    if (fingerprint && sum) manifest!.recordPage(routePath, fingerprint, file, sum);
  };
  // The search index: the previous one when it indexed exactly these pages, else a new one fed each page
  // as it is written (hosted search: no index). Its key is the fingerprints of the indexable pages (not
  // unlisted, 404 or search: those carry noindex); they cover the bytes of content images too.
  const indexed = fingerprints && new Map(site.routes.filter(isIndexable).map((r) => [r.path, fingerprints.get(r.path) ?? '']));
  const key = canKeep && indexed ? searchKey(indexed) : undefined;
  const previousSearch = key ? await manifest!.reusableSearch(key) : undefined;
  if (previousSearch) void options.search?.discard();
  const wanted = previousSearch ? undefined : (options.search ?? startSearch(site.config));
  const startProblem = await wanted?.problem();
  if (startProblem !== undefined) diagnostics.push(searchStartError(startProblem));
  const search = startProblem === undefined ? wanted : undefined;
  // Markdown pages go into a new index as documents made from their compiled HTML, before any rendered page
  // and in route order (a first build handed them over while compiling, in the same order); the other pages
  // as they are written. Pagefind builds the index as soon as it has every page, while this thread goes on
  // rendering (the build renders the pages without a document first). `late`: the pages it still needs
  // from their rendered HTML. A document is made only for a page not handed over while compiling.
  const late = new Set<string>();
  if (search) {
    for (const route of site.routes) {
      if (indexedWhenRendered(site, route, options.markdownDocuments)) late.add(route.path);
      else if (isIndexable(route) && !search.has(route.path)) {
        // An indexable route that is not late has a compiled page with a document.
        search.addDocument(route.path, markdownDocument(site.config, site.compiled[route.compiledIndex!])!);
      }
    }
  }
  const titles = new Map(site.routes.map((r) => [r.path, r.title]));
  // Into an empty output Pagefind writes its files itself; over a previous output they go through the
  // writer like pages, which keeps those already there (the fragments of unchanged pages, usually most):
  // creating a thousand files costs more than passing them through Pagefind's pipe and comparing.
  const finishSearch = () => {
    const writesItself = search && !writer.hasPreviousOutput && writer.stagingDir && writer.adopt;
    const searchWritten = writesItself ? search.writeTo(writer.stagingDir!(base + INDEX_DIR)) : undefined;
    const searchIndex = search && !writesItself ? search.files() : undefined;
    // Awaited later; a failure of the writes meanwhile must not leave a rejection unhandled.
    searchWritten?.catch(() => undefined);
    searchIndex?.catch(() => undefined);
    return { searchWritten, searchIndex };
  };
  let finishing: ReturnType<typeof finishSearch> | undefined;
  // A build that stops lets Pagefind finish what it is writing into the staging folder before that goes.
  const dropSearch = async () => {
    if (finishing) await Promise.allSettled([finishing.searchWritten, finishing.searchIndex]);
    await search?.discard();
  };
  // While a new index is built, the last pages are written to disk only once it is being finished (see
  // WriteBehind); a writer in memory (the dev server's search pass) takes them at once.
  const pagesBehind = new WriteBehind(write, search && writer.keep ? WRITE_BEHIND_BYTES : 0);
  try {
    for (const f of bundle.files) await write(base + f.file, f.contents);
    for (const f of options.sharedFiles ?? []) await write(base + f.file, f.contents);

    // Relative images from content: copied once under a content hash.
    const assetUrls = new Map<string, string>();
    const assetUrl = async (asset: Page['assets'][number]): Promise<string | undefined> => {
      const known = assetUrls.get(asset.marker);
      if (known) return known;
      // Reported where the content refers to it (plan reported these already, unless a file vanished since).
      if (asset.file.startsWith('../')) {
        diagnostics.push(contentImageError(asset, 'outside'));
        return undefined;
      }
      let data: Buffer;
      try {
        data = await readFile(path.join(root, asset.file));
      } catch {
        diagnostics.push(contentImageError(asset, 'missing'));
        return undefined;
      }
      // The build hashed the bytes already (for the pages' fingerprints); a file it could not read is hashed here.
      const name = assetName(asset.file, assetHashes?.get(asset.file) ?? contentHash(data));
      assetUrls.set(asset.marker, baseUrl + name);
      await write(base + name, data);
      return baseUrl + name;
    };

    // A kept page's image is the file the previous build published: same bytes (its hash is in the page's
    // fingerprint), so same name; it is kept as it is, not read and written again.
    const keepAsset = (asset: Page['assets'][number]): boolean => {
      if (assetUrls.has(asset.marker)) return true;
      const hash = assetHashes?.get(asset.file);
      if (!hash) return false;
      const name = assetName(asset.file, hash);
      // Still there and whole (a file deleted or changed by hand is written again).
      const size = statSync(path.join(root, asset.file)).size;
      if (statSync(manifest!.previousPath({ file: base + name }), { throwIfNoEntry: false })?.size !== size) return false;
      writer.keep!(base + name);
      assetUrls.set(asset.marker, baseUrl + name);
      files++;
      bytes += size;
      return true;
    };

    // The index is finished beside rendering once no page waits for its rendered HTML to be indexed.
    const fed = (routePath: string) => {
      late.delete(routePath);
      if (search && !late.size) finishing ??= finishSearch();
    };
    if (search && !late.size) finishing = finishSearch();
    // One page at a time, in the order rendered: route order, or, when every page is rendered, those the
    // search index reads from their HTML first (writes are synchronous; the search index gets its pages in
    // the same order whether they were rendered now or kept, so its files equal a full build's).
    for await (const item of inRouteOrder(site, pages, canKeep ? reused : undefined)) {
      if ('kept' in item) {
        const { route, kept } = item;
        const routePath = route.path;
        writer.keep!(kept.file);
        for (const asset of route.compiledIndex === undefined ? [] : site.compiled[route.compiledIndex].assets) {
          if (!keepAsset(asset)) await assetUrl(asset);
        }
        files++;
        bytes += kept.size;
        record(routePath, kept.file, () => kept.hash);
        // Read at once (a kept page is in the page cache, just written by the previous build): through the
        // thread pool each page took four round trips, 0.4–0.5 ms, one after another (1,000 pages: 0.45 s → 0.1 s).
        if (search && late.has(routePath)) {
          await search.add(routePath, readFileSync(manifest!.previousPath(kept), 'utf8'), route.title);
          fed(routePath);
        }
        options.onPage?.(++pagesOut);
        continue;
      }
      const page = item;
      let html = page.html;
      for (const asset of page.assets) {
        const url = await assetUrl(asset);
        if (url) html = html.replaceAll(asset.marker, url);
      }
      const file = outputFile(baseUrl, page.path);
      await pagesBehind.add(file, html);
      record(page.path, file, () => contentHash(html));
      if (search && late.has(page.path)) {
        await search.add(page.path, html, titles.get(page.path));
        fed(page.path);
      }
      options.onPage?.(++pagesOut);
    }
    if (diagnostics.length || (options.canCommit && !options.canCommit())) {
      await dropSearch();
      await writer.abort();
      return { value: undefined, diagnostics };
    }
    // Pagefind builds its index (its own process), if it has not begun already, while the pages held back,
    // the static files, sitemap and robots are written here.
    options.onPagesOut?.(search !== undefined);
    finishing ??= finishSearch();
    const { searchWritten, searchIndex } = finishing;
    await pagesBehind.flush();
    await inBatches(staticFiles, async (f) => {
      await writer.copy(path.join(root, f.file), base + f.path.slice(1));
      files++;
    });
    await inBatches(sidebarChunks(site), (chunk) => write(base + chunk.file, chunk.json));
    await write(base + 'sitemap.xml', sitemapXml(site));
    await write('robots.txt', robotsTxt(site));
    if (previousSearch) {
      for (const f of previousSearch) {
        writer.keep!(f.file);
        files++;
        bytes += f.size;
      }
      manifest!.recordSearch(key!, previousSearch.map((f) => f.file));
    } else if (searchWritten) {
      const written = await searchWritten;
      diagnostics.push(...written.diagnostics);
      if (diagnostics.length) {
        await writer.abort();
        return { value: undefined, diagnostics };
      }
      const adopted = writer.adopt!(base + INDEX_DIR);
      files += adopted.length;
      bytes += adopted.reduce((n, f) => n + f.size, 0);
      if (canKeep && key) manifest!.recordSearch(key, adopted.map((f) => f.file));
    } else if (searchIndex) {
      const index = await searchIndex;
      diagnostics.push(...index.diagnostics);
      if (diagnostics.length) {
        await writer.abort();
        return { value: undefined, diagnostics };
      }
      await inBatches(index.value, (f) => write(base + f.file, f.contents));
      if (canKeep && key) manifest!.recordSearch(key, index.value.map((f) => base + f.file));
    }
    const committed = await writer.commit();
    for (const left of committed?.leftovers ?? []) {
      const shown = path.relative(root, left.path) || left.path;
      diagnostics.push(warning(CODES.WRITE_FAILED, `The new output is in place, but ${shown} (what the build replaced) could not be deleted: ${left.reason}.`, { hint: 'Delete it by hand; the next build tries again.' }));
    }
    // The output is in place; a record that cannot be written only costs the next build its reuse.
    if (manifest) await manifest.save().catch((e: Error) => diagnostics.push(cacheWarning('The record of this output could not be written', e, manifest.directory, root, 'the next build renders every page again')));
    return { value: { files, bytes, clientJs: bundle.js, clientCss: bundle.css }, diagnostics };
  } catch (e) {
    await dropSearch();
    await writer.abort().catch(() => undefined);
    diagnostics.push(error(CODES.WRITE_FAILED, `Writing the output failed: ${(e as Error).message}`, { hint: 'Check that the output folder is writable and the disk has space.' }));
    return { value: undefined, diagnostics };
  }
}

/**
 * Whether a new search index reads the route from its rendered page: an indexable page without a Markdown
 * document (hasMarkdownDocument). The build renders these first when it renders every page.
 */
export function indexedWhenRendered(site: Site, route: Route, markdownDocuments = true): boolean {
  return isIndexable(route) && (!markdownDocuments || route.compiledIndex === undefined || !hasMarkdownDocument(site.compiled[route.compiledIndex]));
}

/**
 * Page bytes held back at most while the search index is built: a 1,000-page site (27 MB of HTML) is held
 * whole, a 10,000-page one (410 MB) only its last pages.
 */
const WRITE_BEHIND_BYTES = 64 * 1024 * 1024;

/**
 * Rendered pages (in route order, some missing when their rendering failed) merged with the kept ones
 * into one sequence in route order.
 */
async function* inRouteOrder(site: Site, pages: Iterable<Page> | AsyncIterable<Page>, kept: ReadonlyMap<string, OutputRecord> | undefined): AsyncGenerator<Page | { route: Route; kept: OutputRecord }> {
  if (!kept?.size) return yield* pages;
  const rendered = Symbol.asyncIterator in pages ? pages[Symbol.asyncIterator]() : pages[Symbol.iterator]();
  let next = await rendered.next();
  for (const route of site.routes) {
    const record = kept.get(route.path);
    if (record) yield { route, kept: record };
    else if (!next.done && next.value.path === route.path) {
      yield next.value;
      next = await rendered.next();
    }
  }
  // Pages of routes this loop did not meet (none in a normal build) are still written.
  for (; !next.done; next = await rendered.next()) yield next.value;
}

/** Runs file writes with bounded concurrency over any iterable (pulled lazily, so a generator streams). */
async function inBatches<T>(items: Iterable<T>, run: (item: T) => Promise<void>, concurrency = 32): Promise<void> {
  const it = items[Symbol.iterator]();
  const worker = async () => {
    for (let next = it.next(); !next.done; next = it.next()) await run(next.value);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}
