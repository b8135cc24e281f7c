import { readFileSync } from 'node:fs';
import type { Page, Route, Site } from '../types.ts';
import type { ContentAssets } from './assets.ts';
import { outputFile } from '../shared/output-paths.ts';
import { asksNotToBeIndexed, feedPosts } from './files.ts';
import { contentHash } from './hash.ts';
import type { OutputManifest, OutputRecord } from './previous.ts';
import type { SiteSearch } from './site-search.ts';
import type { Tally } from './tally.ts';
import { WriteBehind } from './write-behind.ts';

export interface PagesOptions {
  site: Site;
  pages: Iterable<Page> | AsyncIterable<Page>;
  output: Tally;
  assets: ContentAssets;
  search: SiteSearch;
  /** Fingerprints, the previous output's record and the routes kept from it, when pages can be kept. */
  incremental?: { fingerprints: ReadonlyMap<string, string>; manifest: OutputManifest; reused: ReadonlyMap<string, OutputRecord> };
  onPage?: (pages: number) => void;
}

/**
 * Page bytes held back at most while the search index is built: a 1,000-page site is held whole, a
 * 10,000-page one only its last pages.
 */
const WRITE_BEHIND_BYTES = 64 * 1024 * 1024;

/** Time spent on pages at most before the event loop gets a turn (see writePages). */
const TURN_MS = 20;

/**
 * Writes the pages one at a time, in the order rendered (route order, or those the search index reads from
 * their HTML first), merged in route order with the pages kept from the previous output, and records each in
 * the output record. While a new search index is built, the last pages are written only once it is being
 * finished (WriteBehind); `flush` writes them.
 */
export async function writePages({
  site,
  pages,
  output,
  assets,
  search,
  incremental,
  onPage,
}: PagesOptions): Promise<{ flush: () => Promise<void>; noIndexed: ReadonlySet<string>; feedPages: ReadonlyMap<string, string> }> {
  const { baseUrl } = site.config;
  const manifest = incremental?.manifest.enabled && output.writer.keep ? incremental.manifest : undefined;
  const record = (routePath: string, file: string, hash: () => string | undefined) => {
    const fingerprint = incremental?.fingerprints.get(routePath);
    const sum = manifest && fingerprint ? hash() : undefined;
    if (fingerprint && sum) manifest!.recordPage(routePath, fingerprint, file, sum);
  };
  const behind = new WriteBehind((file, data) => output.write(file, data), search.building && output.writer.keep ? WRITE_BEHIND_BYTES : 0);
  const titles = new Map(site.routes.map((r) => [r.path, r.title]));
  // Pages whose head asks not to be indexed, for the sitemap: a kept page's HTML is read for it only where the
  // page's own code or MDX <head> could have written the tag.
  const noIndexed = new Set<string>();
  // The HTML of the posts the blog's feeds hold, whose content the feeds carry (see blogFeeds).
  const inFeeds = new Set(feedPosts(site).map((p) => p.path));
  const feedPages = new Map<string, string>();
  let written = 0;
  let turned = performance.now();
  for await (const item of inRouteOrder(site, pages, manifest ? incremental!.reused : undefined)) {
    if ('kept' in item) {
      const { route, kept } = item;
      output.keep(kept.file, kept.size);
      for (const asset of route.compiledIndex === undefined ? [] : site.compiled[route.compiledIndex].assets)
        await assets.keepOrWrite(asset);
      record(route.path, kept.file, () => kept.hash);
      // Read at once, and once for both uses: a kept page is in the page cache, just written by the previous build,
      // and through the thread pool each page took four round trips one after another.
      let keptHtml: string | undefined;
      const read = () => (keptHtml ??= readFileSync(manifest!.previousPath(kept), 'utf8'));
      const compiled = route.compiledIndex === undefined ? undefined : site.compiled[route.compiledIndex];
      if ((compiled?.source.react || compiled?.modules || compiled?.head) && asksNotToBeIndexed(read())) noIndexed.add(route.path);
      await search.add(route, read);
      if (inFeeds.has(route.path)) feedPages.set(route.path, read());
    } else {
      const html = await assets.inPage(item);
      const file = outputFile(baseUrl, item.path);
      await behind.add(file, html);
      record(item.path, file, () => contentHash(html));
      if (asksNotToBeIndexed(html)) noIndexed.add(item.path);
      await search.add({ path: item.path, title: titles.get(item.path) }, () => html);
      if (inFeeds.has(item.path)) feedPages.set(item.path, html);
    }
    onPage?.(++written);
    // Rendering and held-back writes resolve through microtasks only: a turn of the event loop now and then lets
    // I/O in meanwhile (Pagefind's answers; its process stalls when they are not read).
    if (performance.now() - turned > TURN_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      turned = performance.now();
    }
  }
  return { flush: () => behind.flush(), noIndexed, feedPages };
}

/**
 * Rendered pages (in route order, some missing when their rendering failed) merged with the kept ones
 * into one sequence in route order.
 */
async function* inRouteOrder(
  site: Site,
  pages: Iterable<Page> | AsyncIterable<Page>,
  kept: ReadonlyMap<string, OutputRecord> | undefined,
): AsyncGenerator<Page | { route: Route; kept: OutputRecord }> {
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
