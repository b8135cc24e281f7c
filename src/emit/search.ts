import { createHash } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { PagefindIndex } from 'pagefind';
import { CODES, report, type Diagnostic } from '../diagnostics.ts';
import { escapeAttribute } from '../shared/html.ts';
import { localeHtmlLang } from '../shared/locales.ts';
import { searchTag } from '../shared/search.ts';
import { INDEX_DIR } from '../shared/search-pagefind.ts';
import type { Compiled, Route, SiteConfig, StageResult } from '../types.ts';
import { unwrapInline } from './unwrap-inline.ts';

/**
 * The static search index (issue 5), built with Pagefind in its own process. Markdown pages are handed
 * over as documents made from their compiled HTML (see markdownDocument), as soon as they are compiled in
 * a first build, else before rendering; every other page as it is written, so no page is read back from
 * disk and memory holds one page at a time. Pagefind splits the index into small chunks per language
 * (German stemming, CJK segmentation), so a visitor downloads only the parts a query needs.
 */
export interface SearchIndexer {
  /** Adds a written page; pages marked robots noindex (unlisted, search) are skipped. */
  add(path: string, html: string, title: string | undefined): Promise<void>;
  /** Adds a page's search document (markdownDocument) in its place in the order of pages; returns at once. */
  addDocument(path: string, document: string): void;
  /** Whether the page was added already (its document, during compiling). */
  has(path: string): boolean;
  /** Why Pagefind could not start, once it has started or failed (undefined: it runs). */
  problem(): Promise<string | undefined>;
  /** The index files under the base path (`pagefind/…`); the indexer is spent afterwards. */
  files(): Promise<StageResult<{ file: string; contents: Uint8Array }[]>>;
  /**
   * Writes the index files straight into a folder (the writer's staging folder): faster than `files`,
   * which passes every file through Pagefind's message pipe, when every file is new anyway (a first
   * build). The indexer is spent afterwards.
   */
  writeTo(dir: string): Promise<StageResult<void>>;
  /** Drops the index without output (a failed build, or one that keeps the previous index). */
  discard(): Promise<void>;
  /** Pages indexed so far. */
  readonly pages: number;
}

/** Pages handed to Pagefind and not yet indexed, at most: bounds the memory held for them. */
const PENDING_LIMIT = 64;

/** Pagefind's own UI bundles and highlighter: the theme has its own UI, so they are not shipped. */
const UNUSED_FILE = /^(pagefind-(ui|modular-ui|component-ui|highlight)\.(js|css))$/;

/** Pagefind's process, started with an empty index, or the reason it could not start. */
type Started = Promise<{ index?: PagefindIndex; problem: string }>;

/**
 * The search index of a site searched locally (undefined for a hosted service), its Pagefind starting:
 * its module loaded, its process spawned, an index created. A first build starts it beside loading and
 * compiling, so it can take Markdown pages as they are compiled and rendering never waits for the process
 * to come up (longer while the disk is busy and its large binary is not in memory). A
 * Pagefind that cannot start is a problem (`problem()`), not a throw.
 */
export function startSearch(config: SiteConfig): SearchIndexer | undefined {
  if (config.search.provider !== 'local') return undefined;
  const started: Started = (async () => {
    try {
      // Loaded on first use: a warm build that reuses the previous index never starts Pagefind.
      const { createIndex } = await import('pagefind');
      const created = await createIndex({});
      return { index: created.index, problem: created.errors.join('; ') };
    } catch (e) {
      return { problem: (e as Error).message };
    }
  })();
  return new PagefindIndexer(started);
}

/** The diagnostic of a search index that could not start (see SearchIndexer.problem). */
export function searchStartError(problem: string): Diagnostic {
  return report(CODES.SEARCH_INDEX, 'notStarted', { problem }, INDEX_PLACE);
}

/**
 * What the index is made of: the fingerprint of every page (see the render stage), which covers each
 * page's HTML. Equal keys mean an equal index, so a build whose pages are all unchanged reuses it.
 */
export function searchKey(fingerprints: ReadonlyMap<string, string>): string {
  const hash = createHash('sha1');
  for (const [routePath, fingerprint] of [...fingerprints].sort((a, b) => (a[0] < b[0] ? -1 : 1)))
    hash.update(`${routePath}\0${fingerprint}\n`);
  return hash.digest('base64');
}

/** Search index problems point at the setting that chose Pagefind. */
const INDEX_PLACE = { keyPath: 'search.provider' };

class PagefindIndexer implements SearchIndexer {
  pages = 0;
  private problems: string[] = [];
  private pending = new Set<Promise<void>>();
  /** Rendered pages not yet indexed (add): at most PENDING_LIMIT, which bounds the memory they hold. */
  private pendingPages = new Set<Promise<void>>();
  private given = new Set<string>();
  /** Set once the index is asked for (files, writeTo): a page sent after it would be missing from it. */
  private asked = false;

  constructor(private started: Started) {}

  async problem(): Promise<string | undefined> {
    const { index, problem } = await this.started;
    return index ? undefined : problem || 'unknown error';
  }

  has(path: string): boolean {
    return this.given.has(path);
  }

  /**
   * Hands the page to Pagefind and returns at once, so Pagefind (its own process) indexes while this
   * thread renders the next pages; only when PENDING_LIMIT pages wait does the caller wait too.
   */
  async add(path: string, html: string, title: string | undefined): Promise<void> {
    if (!isIndexablePage(html)) return;
    const job = this.send(path, prepareForIndex(html, title));
    this.pendingPages.add(job);
    void job.finally(() => this.pendingPages.delete(job));
    while (this.pendingPages.size >= PENDING_LIMIT) await Promise.race(this.pendingPages);
  }

  /**
   * Not bounded by PENDING_LIMIT: documents come while compiling, which is slower than Pagefind indexing them,
   * or at once before rendering, and Pagefind's answers come in only when this thread waits for input.
   */
  addDocument(path: string, document: string): void {
    this.send(path, document);
  }

  /** Pages reach Pagefind in the order they are sent: every job waits for the same start, in turn. */
  private send(path: string, content: string): Promise<void> {
    if (this.asked) throw new Error(`quire bug: ${path} was handed to the search index after the index was asked for`);
    this.given.add(path);
    const job: Promise<void> = this.started
      .then(({ index }) => index?.addHTMLFile({ url: path, content }))
      .then(
        (result) => {
          if (!result) return;
          if (result.errors.length) this.problems.push(`${path}: ${result.errors.join('; ')}`);
          else this.pages++;
        },
        (e: Error) => void this.problems.push(`${path}: ${e.message}`),
      );
    this.pending.add(job);
    void job.finally(() => this.pending.delete(job));
    return job;
  }

  /**
   * Asks Pagefind for the finished index at once, without waiting for the pages' answers: it handles its
   * messages one after the other, in the order they were sent, so every page handed over is in the index
   * (while this thread renders, those answers come in only when it next waits for input). The problems of
   * pages that could not be indexed are collected meanwhile.
   */
  private async finish<T>(ask: (index: PagefindIndex) => Promise<T>): Promise<{ out: T; diagnostics: Diagnostic[] }> {
    this.asked = true;
    // Runs after every page's send (reactions to one promise run in the order they were added).
    const { index, problem } = await this.started;
    if (!index) throw new Error(`quire bug: the search index was finished although it never started (${problem})`);
    const asked = ask(index);
    await Promise.all(this.pending);
    const out = await asked;
    await index.deleteIndex().catch(() => undefined);
    const diagnostics = this.problems.length
      ? [report(CODES.SEARCH_INDEX, 'pagesNotIndexed', { problems: this.problems }, INDEX_PLACE)]
      : [];
    return { out, diagnostics };
  }

  async files(): Promise<StageResult<{ file: string; contents: Uint8Array }[]>> {
    const { out, diagnostics } = await this.finish((index) => index.getFiles());
    if (out.errors.length) diagnostics.push(report(CODES.SEARCH_INDEX, 'notWritten', { errors: out.errors }, INDEX_PLACE));
    const files = out.files
      .filter((f) => !UNUSED_FILE.test(f.path))
      .map((f) => ({ file: INDEX_DIR + f.path.replace(/^\/+/, ''), contents: f.content }));
    return { value: files, diagnostics };
  }

  async writeTo(dir: string): Promise<StageResult<void>> {
    const { out, diagnostics } = await this.finish((index) => index.writeFiles({ outputPath: dir }));
    if (out.errors.length) diagnostics.push(report(CODES.SEARCH_INDEX, 'notWritten', { errors: out.errors }, INDEX_PLACE));
    for (const entry of await readdir(dir).catch(() => [])) if (UNUSED_FILE.test(entry)) await rm(path.join(dir, entry), { force: true });
    return { value: undefined, diagnostics };
  }

  async discard(): Promise<void> {
    await Promise.all(this.pending);
    const { index } = await this.started;
    await index?.deleteIndex().catch(() => undefined);
  }
}

/**
 * Whether a page is indexed from a document made of its compiled HTML (markdownDocument) rather than from its
 * rendered page: a Markdown page a search may find whose text is final once compiled. Not MDX (its content
 * exists only once rendered), not an unlisted page, not a page with content images (their URLs, replaced when
 * written, are the result's image) and not HTML that could hide text from Pagefind (a script). Links to other
 * content files, whose targets are replaced when rendered, lose their tags in the document (unwrapInline):
 * Pagefind reads no link targets, so they change nothing in the index. It depends on the page's content alone, the same in every build, so the index is the same whether
 * it was made while compiling, before rendering or anew.
 */
export function hasMarkdownDocument(compiled: Compiled): boolean {
  const { output } = compiled;
  if (output.type !== 'html' || compiled.standIn || compiled.source.frontMatter.unlisted === true) return false;
  return !compiled.assets.length && !/<script/i.test(output.html);
}

/**
 * The search document of a Markdown page (hasMarkdownDocument), made from its compiled HTML without rendering
 * it: what Pagefind reads of the rendered page (see prepareForIndex), which is the page's language (`<html
 * lang>`), its filters and title, and its content (its plain inline tags taken out, see unwrapInline).
 */
export function markdownDocument(config: SiteConfig, compiled: Compiled): string | undefined {
  const { output, source } = compiled;
  if (output.type !== 'html' || !hasMarkdownDocument(compiled)) return undefined;
  // Only the last docs version is searched (config.docs.version is that one), and never a noIndex version.
  const version = source.version === undefined ? undefined : config.docs.versions.find((v) => v.name === source.version);
  if (version && (!version.isLast || version.noIndex)) return undefined;
  const { currentLocale, localeConfigs } = config.i18n;
  const head = indexMeta(
    escapeAttribute(searchTag(KIND_OF_SOURCE[source.kind], config.docs.version.name, config.search.docsTagPrefix)),
    escapeAttribute(currentLocale),
    compiled.title,
  );
  // The content as the render stage wraps it (render/index.ts): the theme's element around it is Pagefind's body.
  return `<html lang="${escapeAttribute(localeHtmlLang(localeConfigs, currentLocale))}"><head>${head}</head><body><div data-pagefind-body=""><div class="markdown">${unwrapInline(output.html)}</div></div></body></html>`;
}

const KIND_OF_SOURCE: Record<Compiled['source']['kind'], Route['kind']> = {
  doc: 'doc',
  page: 'page',
  landing: 'landing',
  blog: 'blogPost',
};

/** Pages a search must not find carry `<meta name="robots" content="noindex…">` (unlisted, search); the 404 page is left out by its route kind. */
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
  return contentOnly(html).replace(/<head>/i, `<head>${indexMeta(meta('tag') ?? 'default', meta('locale'), title)}`);
}

/** The filters `tag` and `language` (contextual search) and the result title, as Pagefind reads them from a page's head. */
function indexMeta(tag: string, locale: string | undefined, title: string | undefined): string {
  return [
    `<meta data-pagefind-filter="tag[content]" content="${tag}">`,
    locale ? `<meta data-pagefind-filter="language[content]" content="${locale}">` : '',
    title ? `<meta data-pagefind-meta="title[content]" content="${escapeAttribute(title)}">` : '',
  ].join('');
}

/**
 * The page reduced to its `<head>` (see headForIndex) and its one `data-pagefind-body` element: Pagefind reads nothing
 * else, and parsing the navbar, sidebar and footer of every page took most of the indexing time (four
 * times as long on a 10,000-page site). Of that element, the plain inline tags go too (unwrapInline). Anything unusual (no body, several, a script inside, tags
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
      return `${headForIndex(html, headEnd)}</head><body>${unwrapInline(body)}</body></html>`;
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
