import { createHash } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { PagefindIndex } from 'pagefind';
import { CODES, error, type Diagnostic } from '../diagnostics.ts';
import { escapeAttribute } from '../shared/html.ts';
import { INDEX_DIR } from '../shared/search-pagefind.ts';
import type { Site, SiteConfig, StageResult } from '../types.ts';

/**
 * The static search index (issue 5), built with Pagefind while pages stream through emit: each page is
 * handed over as it is written, so no page is read back from disk and memory holds one page at a time.
 * Pagefind splits the index into small chunks per language (German stemming, CJK segmentation), so a
 * visitor downloads only the parts a query needs.
 */
export interface SearchIndexer {
  /** Adds a written page; pages that must not be found (robots noindex: unlisted, 404, search) are skipped. */
  add(path: string, html: string): Promise<void>;
  /** The index files under the base path (`pagefind/…`); the indexer is spent afterwards. */
  files(): Promise<StageResult<{ file: string; contents: Uint8Array }[]>>;
  /**
   * Writes the index files straight into a folder (the writer's staging folder): faster than `files`,
   * which passes every file through Pagefind's message pipe, when every file is new anyway (a first
   * build). The indexer is spent afterwards.
   */
  writeTo(dir: string): Promise<StageResult<void>>;
  /** Drops the index without output (a failed build). */
  discard(): Promise<void>;
  /** Pages indexed so far. */
  readonly pages: number;
}

/** Pages handed to Pagefind and not yet indexed, at most: bounds the memory held for them. */
const PENDING_LIMIT = 64;

/** Pagefind's own UI bundles and highlighter: the theme has its own UI, so they are not shipped. */
const UNUSED_FILE = /^(pagefind-(ui|modular-ui|component-ui|highlight)\.(js|css))$/;

/** Pagefind's process, started with an empty index, or the reason it could not start. */
export type SearchStart = Promise<{ index?: PagefindIndex; problem: string }>;

/**
 * Starts Pagefind for a site searched locally (undefined for a hosted service): its module loaded, its
 * process spawned and an index created. A build that will need a new index starts it beside loading and
 * compiling, so rendering never waits for the process to come up (usually 20 ms; hundreds while the disk
 * is busy and the 58 MB binary is not in memory). A Pagefind that cannot start is a problem, not a throw.
 */
export function startPagefind(config: SiteConfig): SearchStart | undefined {
  if (config.search.provider !== 'local') return undefined;
  return (async () => {
    try {
      // Loaded on first use: a warm build that reuses the previous index never starts Pagefind.
      const { createIndex } = await import('pagefind');
      const created = await createIndex({});
      return { index: created.index, problem: created.errors.join('; ') };
    } catch (e) {
      return { problem: (e as Error).message };
    }
  })();
}

/** Releases an index started early that the build did not use (it kept the previous one, or stopped before emit). */
export async function dropPagefind(started: SearchStart | undefined): Promise<void> {
  const { index } = (await started) ?? {};
  await index?.deleteIndex().catch(() => undefined);
}

/**
 * The index for `site`, from a Pagefind started earlier or started now, or `undefined` when the site
 * searches a hosted service. A Pagefind that cannot start (platform without a binary) is a diagnostic.
 */
export async function startSearchIndex(site: Site, started?: SearchStart): Promise<StageResult<SearchIndexer | undefined>> {
  const start = started ?? startPagefind(site.config);
  if (!start) return { value: undefined, diagnostics: [] };
  const { index, problem } = await start;
  if (!index) return { value: undefined, diagnostics: [indexError(`The search index could not be started: ${problem || 'unknown error'}`)] };
  return { value: new PagefindIndexer(index, site), diagnostics: [] };
}

/**
 * What the index is made of: the fingerprint of every page (see the render stage), which covers each
 * page's HTML. Equal keys mean an equal index, so a build whose pages are all unchanged reuses it.
 */
export function searchKey(fingerprints: ReadonlyMap<string, string>): string {
  const hash = createHash('sha1');
  for (const [routePath, fingerprint] of [...fingerprints].sort((a, b) => (a[0] < b[0] ? -1 : 1))) hash.update(`${routePath}\0${fingerprint}\n`);
  return hash.digest('base64');
}

function indexError(message: string): Diagnostic {
  return error(CODES.SEARCH_INDEX, message, {
    keyPath: 'search.provider',
    hint: 'Reinstall the dependencies (npm ci) so the "pagefind" package brings its binary for this platform, or set search.provider to "hosted".',
  });
}

class PagefindIndexer implements SearchIndexer {
  pages = 0;
  private problems: string[] = [];
  private pending = new Set<Promise<void>>();
  private titles: Map<string, string>;

  constructor(
    private index: PagefindIndex,
    site: Site,
  ) {
    this.titles = new Map(site.routes.map((r) => [r.path, r.title]));
  }

  /**
   * Hands the page to Pagefind and returns at once, so Pagefind (its own process) indexes while this
   * thread renders the next pages; only when PENDING_LIMIT pages wait does the caller wait too.
   */
  async add(path: string, html: string): Promise<void> {
    if (!isIndexablePage(html)) return;
    const job: Promise<void> = this.index.addHTMLFile({ url: path, content: prepareForIndex(html, this.titles.get(path)) }).then(
      (result) => {
        if (result.errors.length) this.problems.push(`${path}: ${result.errors.join('; ')}`);
        else this.pages++;
      },
      (e: Error) => void this.problems.push(`${path}: ${e.message}`),
    );
    this.pending.add(job);
    void job.finally(() => this.pending.delete(job));
    while (this.pending.size >= PENDING_LIMIT) await Promise.race(this.pending);
  }

  async files(): Promise<StageResult<{ file: string; contents: Uint8Array }[]>> {
    await Promise.all(this.pending);
    const diagnostics = this.problems.length ? [indexError(`Pages could not be indexed for search:\n${this.problems.join('\n')}`)] : [];
    const out = await this.index.getFiles();
    await this.index.deleteIndex().catch(() => undefined);
    if (out.errors.length) diagnostics.push(indexError(`The search index could not be written: ${out.errors.join('; ')}`));
    const files = out.files.filter((f) => !UNUSED_FILE.test(f.path)).map((f) => ({ file: INDEX_DIR + f.path.replace(/^\/+/, ''), contents: f.content }));
    return { value: files, diagnostics };
  }

  async writeTo(dir: string): Promise<StageResult<void>> {
    await Promise.all(this.pending);
    const diagnostics = this.problems.length ? [indexError(`Pages could not be indexed for search:\n${this.problems.join('\n')}`)] : [];
    const out = await this.index.writeFiles({ outputPath: dir });
    await this.index.deleteIndex().catch(() => undefined);
    if (out.errors.length) diagnostics.push(indexError(`The search index could not be written: ${out.errors.join('; ')}`));
    for (const entry of await readdir(dir).catch(() => [])) if (UNUSED_FILE.test(entry)) await rm(path.join(dir, entry), { force: true });
    return { value: undefined, diagnostics };
  }

  async discard(): Promise<void> {
    await Promise.all(this.pending);
    await this.index.deleteIndex().catch(() => undefined);
  }
}

/** Pages a search must not find carry `<meta name="robots" content="noindex…">` (unlisted, 404, search). */
export function isIndexablePage(html: string): boolean {
  const end = html.indexOf('</head>');
  const head = end < 0 ? html : html.slice(0, end);
  return !/<meta\s+name="robots"\s+content="[^"]*noindex/i.test(head);
}

/**
 * What Pagefind reads besides the page's own `data-pagefind-body` content: the page's `quire:tag` and
 * `quire:locale` (the contextual-search filters `tag` and `language`) and the route title as the
 * result title (the `<h1>` of a marketing page is often a slogan). The written page is not changed.
 */
export function prepareForIndex(html: string, title: string | undefined): string {
  const meta = (name: string) => new RegExp(`<meta\\s+name="quire:${name}"\\s+content="([^"]*)"`, 'i').exec(html)?.[1];
  const tag = meta('tag') ?? 'default';
  const locale = meta('locale');
  const extra = [
    `<meta data-pagefind-filter="tag[content]" content="${tag}">`,
    locale ? `<meta data-pagefind-filter="language[content]" content="${locale}">` : '',
    title ? `<meta data-pagefind-meta="title[content]" content="${escapeAttribute(title)}">` : '',
  ].join('');
  return contentOnly(html).replace(/<head>/i, `<head>${extra}`);
}

/**
 * The page reduced to its `<head>` (see headForIndex) and its one `data-pagefind-body` element: Pagefind reads nothing
 * else, and parsing the navbar, sidebar and footer of every page took most of the indexing time (four
 * times as long on a 10,000-page site). Anything unusual (no body, several, a script inside, tags
 * that do not balance) keeps the whole page, which is always correct, only slower.
 */
export function contentOnly(html: string): string {
  const headEnd = html.indexOf('</head>');
  const marker = html.indexOf('data-pagefind-body');
  if (headEnd < 0 || marker < headEnd || html.indexOf('data-pagefind-body', marker + 1) >= 0) return html;
  const start = html.lastIndexOf('<', marker);
  const tag = /^<([a-z][a-z0-9]*)[\s>]/i.exec(html.slice(start, marker))?.[1];
  if (!tag) return html;
  // Server-rendered markup escapes `<` in text and attributes, so every `<tag` here is a real tag.
  const tags = new RegExp(`<(/?)${tag}(?=[\\s>/])[^>]*>`, 'gi');
  tags.lastIndex = start;
  let depth = 0;
  for (let m = tags.exec(html); m; m = tags.exec(html)) {
    if (!m[1]) depth++;
    else if (--depth === 0) {
      const body = html.slice(start, m.index + m[0].length);
      if (/<script/i.test(body)) return html;
      return `${headForIndex(html, headEnd)}</head><body>${body}</body></html>`;
    }
  }
  return html;
}

/**
 * The document up to the end of its head, keeping of the head only the `<title>`: Pagefind takes the
 * language from `<html lang>`, and the title and filters from the meta tags `prepareForIndex` adds; the
 * other head elements (styles, scripts, social meta) were half of what it parsed per page.
 */
function headForIndex(html: string, headEnd: number): string {
  const headStart = html.indexOf('<head>');
  if (headStart < 0 || headStart > headEnd) return html.slice(0, headEnd);
  const title = /<title>[^<]*<\/title>/.exec(html.slice(headStart, headEnd))?.[0] ?? '';
  return `${html.slice(0, headStart)}<head>${title}`;
}
