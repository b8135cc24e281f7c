import type { Diagnostic } from '../diagnostics.ts';
import { emit, MemoryWriter, type ClientBundle } from '../emit/index.ts';
import { outputFile } from '../shared/output-paths.ts';
import { INDEX_DIR } from '../shared/search-pagefind.ts';
import type { Site } from '../types.ts';
import type { MemoryStore } from './memory-store.ts';

export interface SearchIndexFiles {
  /** Output folder of the index (`de/pagefind/`): everything under it is replaced together. */
  prefix: string;
  files: Map<string, Uint8Array | string>;
  diagnostics: Diagnostic[];
}

/**
 * The static search index of the pages being served: emit runs over every page of the last good site
 * (read back from the store, as emitted, one at a time: see oneAtATime) into a scratch writer, and only the
 * index files are kept.
 * It only reads the store, so it may run beside rebuilds; the caller swaps the files in.
 * Undefined when the site searches a hosted service.
 */
export async function buildSearchIndex({
  site,
  bundle,
  store,
  root,
}: {
  site: Site;
  bundle: ClientBundle;
  store: MemoryStore;
  root: string;
}): Promise<SearchIndexFiles | undefined> {
  if (site.config.search.provider !== 'local') return undefined;
  const { baseUrl } = site.config;
  const prefix = baseUrl.replace(/^\//, '') + INDEX_DIR;
  const pages = site.routes.flatMap((r) => {
    const html = store.raw(outputFile(baseUrl, r.path));
    return typeof html === 'string' ? [{ path: r.path, html, assets: [] }] : [];
  });
  const writer = new MemoryWriter();
  const result = await emit({ site, pages: oneAtATime(pages), bundle, staticFiles: [], root, writer, markdownDocuments: false });
  return { prefix, files: new Map([...writer.files].filter(([file]) => file.startsWith(prefix))), diagnostics: result.diagnostics };
}

/**
 * The pages with a turn of the event loop after each. The pass runs while the writer goes on editing: handed
 * over at once (or, for Markdown pages, as documents made in one loop, which emit does by default), a thousand
 * pages reach Pagefind in one run of promise callbacks, each encoded and written to its pipe, and an edit made
 * meanwhile waits for all of them before its rebuild starts. So every page is indexed from its rendered HTML as
 * it comes (the same record per page: see hasMarkdownDocument), one per timer tick; a timer rather than setImmediate, so that pages do not pile up while Pagefind starts.
 */
async function* oneAtATime<T>(pages: T[]): AsyncGenerator<T> {
  for (const page of pages) {
    yield page;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/**
 * The site as an incremental dev emit sees it: without the local search index. Fed only the pages of one
 * rebuild, emit would write an index of just those; the index comes from buildSearchIndex instead.
 */
export function withoutSearchIndex(site: Site): Site {
  if (site.config.search.provider !== 'local') return site;
  return { ...site, config: { ...site.config, search: { ...site.config.search, provider: 'hosted' } } };
}
