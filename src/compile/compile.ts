import { CODES, report, withExcerpt, type Diagnostic, type Place } from '../diagnostics.ts';
import type {
  AssetRef,
  Compiled,
  Heading,
  LinkRef,
  MermaidSettings,
  Messages,
  PartialHeadings,
  SiteConfig,
  Source,
  StageResult,
} from '../types.ts';
import type { CompileCache } from './cache.ts';
import { noteDiagnostic } from './compile-note.ts';
import { firstLineExcerpt } from './excerpt.ts';
import { isExternal } from '../shared/route-match.ts';
import { localeHtmlLang } from '../shared/locales.ts';
import { countWords } from '../shared/words.ts';
import { docsVersionsOf } from '../shared/doc-versions.ts';
import { untitledName } from '../shared/doc-paths.ts';
import type { UnsafeFinding } from '../shared/url-policy.ts';
import {
  isStackOverflow,
  pageLimits,
  runSlice,
  stackDiagnostic,
  timeLimitDiagnostic,
  waitingDiagnostic,
  type PageLimits,
} from '../limits.ts';
import { resolveAsset } from './plugins/links.ts';
import { prescan, type PrescanProblem } from './prescan.ts';
import type { PageSettings } from './pipeline.ts';
import { PluginFailure } from './project-plugins.ts';
import { addressesHold, type PageAddresses } from './addresses.ts';

/**
 * Texts the compiler itself writes into pages (the footnotes' heading and back links), in the site's
 * language: a compiled page depends on them like on its bytes (they are part of its cache key).
 */
export interface CompileTexts {
  footnotes: string;
  /** `{number}`: the footnote's number (`2`, or `2-3` for its third reference). */
  backToReference: string;
  /** An admonition's title when the writer gives none, by type (`note`, `tip`, …): in the content's language. */
  admonitions: Record<string, string>;
  /** The label of a heading's link to itself (config markdown.headingLinks); `{heading}`: the heading. */
  headingLink: string;
}

/** Each admonition type's message id and English title. */
const ADMONITION_TITLES: Record<string, [id: string, english: string]> = {
  note: ['admonition.note', 'Note'],
  tip: ['admonition.tip', 'Tip'],
  info: ['admonition.info', 'Info'],
  warning: ['admonition.warning', 'Warning'],
  danger: ['admonition.danger', 'Danger'],
  caution: ['admonition.caution', 'Caution'],
  important: ['admonition.important', 'Important'],
};

const ENGLISH_TEXTS: CompileTexts = {
  footnotes: 'Footnotes',
  backToReference: 'Back to reference {number}',
  headingLink: 'Direct link to {heading}',
  admonitions: Object.fromEntries(Object.entries(ADMONITION_TITLES).map(([type, [, english]]) => [type, english])),
};

/**
 * The compiler's texts from merged messages (English where an id is missing): the footnotes' from the built
 * locale's, the admonitions' default titles from those of the locale the content is written in (`content`, the
 * same unless a build shows another locale's content), as they stand in the text.
 */
export function compileTexts(messages: Messages | undefined, content: Messages | undefined = messages): CompileTexts {
  const admonitions: Record<string, string> = {};
  for (const [type, [id, english]] of Object.entries(ADMONITION_TITLES)) admonitions[type] = content?.[id] ?? english;
  return {
    footnotes: messages?.['content.footnotes'] ?? ENGLISH_TEXTS.footnotes,
    backToReference: messages?.['content.backToReference'] ?? ENGLISH_TEXTS.backToReference,
    headingLink: messages?.['content.headingLink'] ?? ENGLISH_TEXTS.headingLink,
    admonitions,
  };
}

export interface CompileOptions {
  sources: Source[];
  config: SiteConfig;
  /** Default: English (see compileTexts). */
  texts?: CompileTexts;
  /** Reused between builds; unchanged sources are not recompiled. */
  cache?: CompileCache;
  /** Compiles one source elsewhere (a worker pool); default in this thread. */
  compileOne?: (
    source: Source,
    config: SiteConfig,
    texts: CompileTexts,
    mdxFromTree: boolean,
    addresses?: PageAddresses,
  ) => Promise<CompileOneResult>;
  /**
   * The pages' addresses a project's plugins are shown for links to them (pageAddresses, over all of the site's
   * sources); a cached page shown another address than a file's now is compiled again.
   */
  addresses?: PageAddresses;
  /** `.mdx` pages without code become a syntax tree rather than MDX's JavaScript; default true (tests compare both). */
  mdxFromTree?: boolean;
  /** Called after each source, compiled or taken from the cache: sources done so far, and of how many. */
  onProgress?: (done: number, total: number) => void;
  /**
   * Called with each page compiled or taken from the cache, in the order of `sources`: as soon as it and
   * every source before it are done (one that failed is skipped).
   */
  onCompiled?: (compiled: Compiled) => void;
}

/** `ms`: how long the page took to compile, in the thread that compiled it. */
export type CompileOneResult = { compiled: Compiled; ms?: number } | { diagnostic: Diagnostic };

/**
 * Bumped when what compile produces changes, so cache entries made before are ignored. What each bump
 * changed: `git log -S COMPILER_VERSION -- src/compile`, and the list in bench/HISTORY.md up to 22.
 */
export const COMPILER_VERSION = '46';

/** Compiles every source; failures become diagnostics, the rest still compiles. */
export async function compile({
  sources,
  config,
  texts = ENGLISH_TEXTS,
  cache,
  compileOne,
  onProgress,
  onCompiled,
  mdxFromTree = true,
  addresses,
}: CompileOptions): Promise<StageResult<Compiled[]> & { cacheHits: number; slowest?: Slowest }> {
  const diagnostics: Diagnostic[] = [];
  let cacheHits = 0;
  let slowest: Slowest | undefined;
  let done = 0;
  // Sources done, by index, and the first not yet handed to onCompiled.
  const ready: (Compiled | false)[] = [];
  let next = 0;
  const finished = (index: number, value: Compiled | undefined): Compiled | undefined => {
    onProgress?.(++done, sources.length);
    ready[index] = value ?? false;
    for (; next < sources.length && ready[next] !== undefined; next++) {
      const compiled = ready[next];
      if (compiled) onCompiled?.(compiled);
    }
    return value;
  };
  // With a pool, all misses start at once so it can spread them. In this thread compileSource starts them a
  // slice at a time (see there).
  const one = compileOne ?? compileSource;
  // A page's notes are warnings on every build, from the cache too (the page is not compiled again).
  const noted = (compiled: Pick<Compiled, 'notes'>, source: Source) => {
    // With the lines compiled (withExcerpt), the frame printed later shows them, whatever the file holds by then.
    for (const note of compiled.notes ?? []) diagnostics.push(withExcerpt(noteDiagnostic(note, source.file), source.body, source.bodyLine));
  };
  // Results keep the order of `sources`.
  const results = await Promise.all(
    sources.map(async (source, index): Promise<Compiled | undefined> => {
      const key = cacheKey(source, config, texts) + (mdxFromTree ? '' : '|code');
      const cached = cache?.get(key);
      if (cached && addressesHold(cached, addresses)) {
        cacheHits++;
        noted(cached, source);
        return finished(index, { ...cached, source });
      }
      const result = await one(source, config, texts, mdxFromTree, addresses);
      if ('diagnostic' in result) {
        diagnostics.push(result.diagnostic);
        return finished(index, undefined);
      }
      if (result.ms !== undefined && result.ms > (slowest?.ms ?? -1)) slowest = { file: source.file, ms: result.ms };
      cache?.set(key, result.compiled);
      noted(result.compiled, source);
      return finished(index, { ...result.compiled, source });
    }),
  );
  diagnostics.sort((a, b) => ((a.file ?? '') < (b.file ?? '') ? -1 : 1));
  return { value: results.filter((c): c is Compiled => c !== undefined), diagnostics, cacheHits, ...(slowest ? { slowest } : {}) };
}

/** What a compiled result depends on: the file's bytes, its route, the config parts and texts the compiler reads. */
export function cacheKey(source: Source, config: SiteConfig, texts: CompileTexts = ENGLISH_TEXTS): string {
  return `${compilerSettings(config, texts)}|${source.hash}|${source.path}`;
}

/**
 * Everything besides the source that a compiled result depends on: the compiler's version, and the config
 * parts and texts it reads. Two configs with the same settings compile every source the same way.
 */
export function compilerSettings(config: SiteConfig, texts: CompileTexts = ENGLISH_TEXTS): string {
  const { minHeadingLevel, maxHeadingLevel } = config.docs.toc;
  // The limits decide which pages compile at all (a dev session keeps a failure until its key changes).
  const { timeoutMs, maxNesting, maxInlineMarkers } = pageLimits(config);
  const reading = readingLang(config);
  return `${COMPILER_VERSION}|${config.baseUrl}|${config.relativeUrls}|${config.markdown.description}|${JSON.stringify(config.markdown.npm2yarn ?? null)}|${config.markdown.plugins?.key ?? ''}|${minHeadingLevel}-${maxHeadingLevel}|${texts.footnotes}|${texts.backToReference}|${JSON.stringify(texts.admonitions)}|${timeoutMs}-${maxNesting}-${maxInlineMarkers}${globalsKey(config)}${reading ? `|words:${reading}` : ''}${config.markdown.headingLinks ? `|links:${texts.headingLink}` : ''}${config.markdown.headingIds === 'quire' ? '' : `|ids:${config.markdown.headingIds}`}${config.markdown.title === 'leadingHeading' ? '|title:leading' : ''}${config.markdown.magicComments ? `|magic:${JSON.stringify(config.markdown.magicComments)}` : ''}${config.markdown.newTabLinks ? '|newTab' : ''}${config.markdown.linksMayHaveBase ? '|mayHaveBase' : ''}${config.markdown.emoji ? '|emoji' : ''}${config.markdown.detailsSummary ? `|details:${config.markdown.detailsSummary}` : ''}${config.markdown.spacedAdmonitionTitles ? '' : '|spacedTitles:text'}${config.markdown.mermaid ? `|mermaid:${JSON.stringify(mermaidSettings(config))}` : ''}`;
}

/**
 * The language a blog post's words are counted in (its reading time), on a site that shows reading times; counted
 * here, the count is kept with the compiled page in the cache instead of being made again by every build's plan.
 */
function readingLang(config: SiteConfig): string | undefined {
  return config.blog.showReadingTime ? localeHtmlLang(config.i18n.localeConfigs, config.i18n.currentLocale) : undefined;
}

/** A blog post's words (Compiled.words), on a site that shows reading times. */
function wordsOf(source: Source, config: SiteConfig): { words?: number } {
  const lang = source.kind === 'blog' ? readingLang(config) : undefined;
  return lang ? { words: countWords(source.body, lang) } : {};
}

/** The global MDX components, when the project has any (a site without keeps its cache keys). */
function globalsKey(config: SiteConfig): string {
  return Object.keys(config.mdxComponents).length ? `|${JSON.stringify(config.mdxComponents)}` : '';
}

/** What a Mermaid island draws with (see rehypeCode): the script's URL, the themes, the options. */
function mermaidSettings(config: SiteConfig): MermaidSettings | undefined {
  const mermaid = config.markdown.mermaid;
  return mermaid && { script: config.baseUrl + mermaid.published, theme: mermaid.theme, options: mermaid.options };
}

/** The config's settings each page and partial compiles with (see fileData). */
export function pageSettings(config: SiteConfig): PageSettings {
  const { plugins } = config.markdown;
  return {
    relativeUrls: config.relativeUrls,
    npm2yarn: config.markdown.npm2yarn,
    ...(config.markdown.headingLinks ? { headingLinks: true } : {}),
    ...(config.markdown.headingIds === 'quire' ? {} : { headingIds: config.markdown.headingIds }),
    ...(config.markdown.mermaid ? { mermaid: mermaidSettings(config) } : {}),
    ...(config.markdown.magicComments ? { magicComments: config.markdown.magicComments } : {}),
    ...(config.markdown.newTabLinks ? { newTabLinks: true } : {}),
    ...(config.markdown.linksMayHaveBase ? { linksMayHaveBase: true } : {}),
    ...(config.markdown.emoji ? { emoji: true } : {}),
    ...(config.markdown.detailsSummary ? { detailsSummary: config.markdown.detailsSummary } : {}),
    ...(config.markdown.spacedAdmonitionTitles ? {} : { spacedAdmonitionTitles: false }),
    markdownFormat: config.markdown.format,
    ...(Object.keys(config.mdxComponents).length ? { mdxComponents: config.mdxComponents } : {}),
    ...(plugins
      ? {
          plugins: {
            ref: plugins,
            folders: {
              docs: docsVersionsOf(config).map((v) => v.dir),
              instances: config.layout.docsInstances.map((i) => i.dir),
              blog: config.layout.blog,
              pages: config.layout.pages,
            },
          },
        }
      : {}),
  };
}

interface VFileMessageLike {
  reason?: string;
  message: string;
  line?: number | null;
  column?: number | null;
  place?: { line?: number; column?: number; start?: { line: number; column: number } } | null;
  /** What to do about it, when the message knows better than the general MDX hint. */
  note?: string;
  ruleId?: string | null;
  /** A JSX tag left open (end-tag-mismatch): where it opens (patches/mdast-util-mdx-jsx+3.2.1.patch). */
  openingTag?: { start?: Point; end?: Point };
  /** The places the message's text names, in the body's lines, as data (the same patch). */
  textPlaces?: (Point | { start: Point; end: Point })[];
  /** What the URL policy refused (links.ts, refuseUnsafe), as data. */
  unsafe?: UnsafeFinding;
}

/** The page that took longest to compile in a build (a writer with one very long page learns which). */
export interface Slowest {
  file: string;
  ms: number;
}

/**
 * Starts loading the compiler's modules (the unified and MDX pipeline, the highlighter) without waiting for
 * them: a build that knows it will compile (no cache yet) overlaps their loading with reading the content.
 * A failure surfaces where they are used.
 */
export function preloadCompiler(): void {
  loadCompiler().catch(() => undefined);
}

/** Loads the compiler's modules (see preloadCompiler); a compile worker is ready once they are in. */
export function loadCompiler(): Promise<unknown> {
  return import('./processors.ts');
}

type Processors = typeof import('./processors.ts');

interface Task {
  source: Source;
  config: SiteConfig;
  texts: CompileTexts;
  mdxFromTree: boolean;
  addresses?: PageAddresses;
  resolve: (result: CompileOneResult) => void;
  reject: (error: unknown) => void;
}

/**
 * Pages of one slice start within this time (see compileSource): each slice costs a watchdog thread (runSlice),
 * and its pages' trees stay alive until the slice's last page is done, so longer slices cost memory (see the
 * commit that set it for the figures).
 */
const SLICE_MS = 25;

/** Sources waiting to compile in this thread, in the order asked, and whether they are being worked through. */
const pending: Task[] = [];
let draining = false;
/** Pages whose compile goes on after their slice: each waits on something outside it (see drain). */
const waiting = new Set<Promise<void>>();
/**
 * How long a slice's pages may take after their first await before the next slice starts without them, and how many
 * such pages may wait at once: a page's compile normally ends within the slice's microtasks, so the next slice
 * rarely waits this long. Pages left waiting keep their trees alive; the cap is high enough for every API page of
 * Electron's website to wait for the structure pages compiled after them (a lower cap stops the queue before those).
 */
const WAIT_MS = 200;
const WAITING = 512;

/** `promise`'s value, or undefined once `ms` have passed without it (its failure, if it fails in time). */
export async function settleWithin<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), Math.max(0, ms));
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Waits for `promise` or `ms`, whichever comes first; never fails (the promise's failure is handled where it is made). */
async function firstOf(promise: Promise<unknown>, ms: number): Promise<void> {
  await settleWithin(
    promise.catch(() => undefined),
    ms,
  );
}

/**
 * Compiles one source in this thread: `.md` to an HTML string, `.mdx` to its syntax tree or function-body code;
 * a page past a limit (see src/limits.ts) gets Q035 instead.
 *
 * Calls are queued and started in order, a slice at a time under one time guard (`runSlice`): the parsing and
 * the transforms, up to the first highlighted code block, run inside it, so a page whose parsing does not end
 * is stopped at the time limit. Each slice's pages finish before the next slice starts: pipelines interleaved
 * at their awaits keep their syntax trees alive together, which costs the garbage collector, and a slice
 * holds a few (figures in bench/HISTORY.md).
 */
export function compileSource(
  source: Source,
  config: SiteConfig,
  texts: CompileTexts = ENGLISH_TEXTS,
  mdxFromTree = true,
  addresses?: PageAddresses,
): Promise<CompileOneResult> {
  return new Promise((resolve, reject) => {
    pending.push({ source, config, texts, mdxFromTree, addresses, resolve, reject });
    if (!draining) void drain();
  });
}

async function drain(): Promise<void> {
  draining = true;
  try {
    // The unified and MDX pipeline (and the highlighter) load on the first miss: a warm build never needs them.
    const processors = await import('./processors.ts');
    while (pending.length) {
      const limitMs = pageLimits(pending[0].config).timeoutMs;
      let same = 1;
      while (same < pending.length && pageLimits(pending[same].config).timeoutMs === limitMs) same++;
      const clock: SliceClock = {};
      const outcomes = runSlice(pending.slice(0, same), 0, (task) => startCompile(processors, task, clock), limitMs, SLICE_MS);
      clock.ended = performance.now();
      const started = pending.splice(0, outcomes.length);
      const slice = outcomes.map((outcome, i) => {
        const task = started[i];
        if ('timedOut' in outcome) task.resolve({ diagnostic: timeLimitDiagnostic('compile', task.source.file, limitMs) });
        else if ('error' in outcome) task.reject(outcome.error);
        else {
          const page = { task, value: outcome.value, settled: false };
          outcome.value.then(
            (result) => {
              page.settled = true;
              task.resolve(result);
            },
            (e: unknown) => {
              page.settled = true;
              task.reject(e);
            },
          );
          return page;
        }
        return undefined;
      });
      // The slice's pages finish before the next slice starts, unless one waits on something else (a project's
      // plugin waiting for another page's tree, which a later slice compiles): then the queue goes on without it,
      // up to WAITING pages at once, each given the page time limit from then (it ends its slice's wait; work
      // that continues runs in microtasks, which the timer does not interrupt).
      await firstOf(Promise.all(slice.map((page) => page?.value)), WAIT_MS);
      for (const page of slice) {
        if (!page || page.settled) continue;
        const done = settleWithin(page.value, limitMs).then(
          (result) => {
            if (result === undefined) page.task.resolve({ diagnostic: waitingDiagnostic(page.task.source.file, limitMs) });
          },
          () => undefined,
        );
        waiting.add(done);
        void done.finally(() => waiting.delete(done));
      }
      while (waiting.size >= WAITING) await Promise.race(waiting);
      // A slice resolves through microtasks only: without a turn of the event loop, I/O waits for the whole
      // compile (Pagefind's answers to the documents handed to it while compiling, which stalls its process).
      await new Promise((resolve) => setImmediate(resolve));
    }
    // Pages still waiting answer for themselves when they end or reach the time limit.
  } catch (e) {
    for (const task of pending.splice(0)) task.reject(e);
  } finally {
    draining = false;
  }
}

/**
 * `compileSource` without the time guard, for compile workers: the pool stops a worker whose page runs past the
 * time limit (pool.ts), which also covers the work after the first await.
 */
export async function compileInWorker(
  source: Source,
  config: SiteConfig,
  texts: CompileTexts = ENGLISH_TEXTS,
  mdxFromTree = true,
  addresses?: PageAddresses,
): Promise<CompileOneResult> {
  return startCompile(await import('./processors.ts'), { source, config, texts, mdxFromTree, addresses }, {});
}

/** What a pool answers for a source whose worker it stopped at the time limit (see pool.ts). */
export function compileTimeLimit(config: SiteConfig): { ms: number; result: (source: Source) => CompileOneResult } {
  const ms = pageLimits(config).timeoutMs;
  return { ms, result: (source) => ({ diagnostic: timeLimitDiagnostic('compile', source.file, ms) }) };
}

/**
 * Checks the page against the limits of its nesting and markers (a linear scan; see prescan.ts), then starts
 * its pipeline: what runs before the pipeline's first await runs in this call.
 */
function startCompile(
  { processSource }: Processors,
  { source, config, texts, mdxFromTree, addresses }: Pick<Task, 'source' | 'config' | 'texts' | 'mdxFromTree' | 'addresses'>,
  clock: SliceClock,
): Promise<CompileOneResult> {
  const limits = pageLimits(config);
  const problem = prescan(source.body, source.format, limits);
  if (problem) return Promise.resolve({ diagnostic: prescanDiagnostic(problem, source, limits) });
  const started = performance.now();
  const settings = pageSettings(config);
  const pageSettingsNow = addresses ? { ...settings, addresses } : settings;
  const processing = processSource(source, config.baseUrl, texts, { mdxFromTree }, pageSettingsNow).then((r) =>
    withCutExcerpt(r, (cut) => processSource(cut, config.baseUrl, texts, { mdxFromTree }, pageSettingsNow), source),
  );
  const own = performance.now();
  // The page's own time: its part in the slice, and the rest from when it could go on (after the slice).
  return finishCompile(source, config, processing, () => own - started + performance.now() - Math.max(own, clock.ended ?? 0));
}

type Processed = Awaited<ReturnType<Processors['processSource']>>;

/**
 * A post whose text before its truncate marker references what is defined after it (`data.excerptCut`, the marker's
 * line): that text compiled alone as well (`data.excerptOutput`), what the lists of posts show, as Docusaurus
 * compiles it for them. Only a Markdown or syntax-tree output is kept; a post that needs MDX's code keeps the cut
 * of its own output.
 */
async function withCutExcerpt(processed: Processed, compileCut: (cut: Source) => Promise<Processed>, source: Source): Promise<Processed> {
  const line = processed.data.excerptCut;
  if (typeof line !== 'number') return processed;
  const body = source.body
    .split('\n')
    .slice(0, line - 1)
    .join('\n');
  const { output } = await compileCut({ ...source, body });
  if (output.type !== 'mdx') processed.data.excerptOutput = output;
  return processed;
}

/** When the slice a page started in ended: the rest of its work (after its first await) runs after that. */
interface SliceClock {
  ended?: number;
}

/** Q035 at the line where the page's nesting or its markers in one paragraph passed the limit. */
function prescanDiagnostic(problem: PrescanProblem, source: Source, limits: PageLimits): Diagnostic {
  const line = problem.line + source.bodyLine - 1;
  const diagnostic =
    problem.kind === 'nesting'
      ? report(
          CODES.LIMIT_EXCEEDED,
          'nesting',
          { depth: problem.depth, max: limits.maxNesting },
          { file: source.file, line, column: problem.column },
        )
      : report(CODES.LIMIT_EXCEEDED, 'inlineMarkers', { max: limits.maxInlineMarkers }, { file: source.file, line });
  return withExcerpt(diagnostic, source.body, source.bodyLine);
}

/** A page that could not be compiled: what the URL policy refused (Q064), else a syntax error of MDX or Markdown. */
function compileFailure(
  unsafe: UnsafeFinding | undefined,
  format: Source['format'],
  reason: string,
  note: string | undefined,
  place: Place,
): Diagnostic {
  if (unsafe) return report(CODES.UNSAFE_URL, 'finding', unsafe, place);
  return format === 'mdx'
    ? report(CODES.MDX_SYNTAX, 'compile', { reason, note }, place)
    : report(CODES.MARKDOWN_SYNTAX, 'compile', { reason, note }, place);
}

interface Point {
  line: number;
  column: number;
}

/**
 * A parser message with the places its text names (`textPlaces`, as mdast-util-mdx-jsx writes them: `(4:3-4:18)`,
 * counted from the body's first line) given as lines of the file; the tag left open, named at the end, is left out:
 * it is the diagnostic's own place. The places come from the data, never from the text.
 */
function withFileLines(m: VFileMessageLike, bodyLine: number): string {
  let reason = m.reason ?? m.message;
  const point = (p: Point) => `${p.line}:${p.column}`;
  const inFile = (p: Point) => `line ${p.line + bodyLine - 1}, column ${p.column}`;
  for (const place of m.textPlaces ?? []) {
    const span = 'start' in place;
    const written = ` (${span ? `${point(place.start)}-${point(place.end)}` : point(place)})`;
    const at = reason.indexOf(written);
    if (at < 0) continue;
    const own = place === m.openingTag && at + written.length === reason.length;
    const shown = own ? '' : ` (${span ? `${inFile(place.start)} to ${inFile(place.end)}` : inFile(place)})`;
    reason = reason.slice(0, at) + shown + reason.slice(at + written.length);
  }
  return reason;
}

/** The compiled page from its pipeline's result, or the diagnostic of its failure. */
async function finishCompile(
  source: Source,
  config: SiteConfig,
  processing: Promise<{ output: Compiled['output']; data: Record<string, unknown> }>,
  took: () => number,
): Promise<CompileOneResult> {
  let output: Compiled['output'];
  let data: Record<string, unknown>;
  try {
    ({ output, data } = await processing);
  } catch (e) {
    if (isStackOverflow(e)) return { diagnostic: stackDiagnostic('compile', source.file) };
    if (e instanceof PluginFailure) {
      const { line, column } = e.place;
      return {
        diagnostic: withExcerpt(e.diagnostic(source.file, line && line + source.bodyLine - 1, column), source.body, source.bodyLine),
      };
    }
    const m = e as VFileMessageLike;
    // A tag left open is reported at the start of the paragraph it is in, or nowhere when the page ends first, but
    // the writer has to look at the tag: mdast-util-mdx-jsx gives its place as `openingTag` (patches/), else the
    // error's own place is used.
    const opening = m.openingTag?.start;
    const line = opening ? opening.line : (m.line ?? m.place?.line ?? m.place?.start?.line);
    const column = opening ? opening.column : (m.column ?? m.place?.column ?? m.place?.start?.column);
    const reason = withFileLines(m, source.bodyLine).replace(/\s+/g, ' ');
    const place = { file: source.file, line: line ? line + source.bodyLine - 1 : undefined, column };
    return {
      // With the lines compiled (withExcerpt), so its frame does not show a version saved since (quire dev, saving fast).
      // What the URL policy refuses (see links.ts, refuseUnsafe) has its own code and says what it is itself.
      diagnostic: withExcerpt(
        compileFailure(m.ruleId === CODES.UNSAFE_URL ? m.unsafe : undefined, source.format, reason, m.note, place),
        source.body,
        source.bodyLine,
      ),
    };
  }
  const fm = source.frontMatter;
  const headings = (data.headings as Heading[]) ?? [];
  const min = fm.toc_min_heading_level ?? config.docs.toc.minHeadingLevel;
  const max = fm.toc_max_heading_level ?? config.docs.toc.maxHeadingLevel;
  const firstParagraph = data.firstParagraph as string | undefined;
  const assets = (data.assets as AssetRef[]) ?? [];
  const socialImage = relativeImage(fm.image, source, config, assets);
  return {
    ms: took(),
    compiled: {
      source,
      title: fm.title ?? pageTitle(source, data, config.markdown.title === 'leadingHeading'),
      description:
        fm.description ??
        (config.markdown.description === 'firstLine' && !source.react
          ? (firstLineExcerpt(source.body) ?? '')
          : truncate(firstParagraph ?? '', 200)),
      output,
      headings,
      ...(data.duplicateIds ? { duplicateIds: data.duplicateIds as Compiled['duplicateIds'] } : {}),
      ...extraAnchors(headings, data.anchors as string[] | undefined),
      toc: fm.hide_table_of_contents ? [] : headings.filter((h) => h.depth >= min && h.depth <= max),
      ...partialHeadings(data.partialHeadings, headings, fm.hide_table_of_contents ? undefined : { min, max }),
      links: (data.links as LinkRef[]) ?? [],
      assets,
      ...(socialImage ? { socialImage } : {}),
      ...(data.measuredImages ? { measuredImages: data.measuredImages as string[] } : {}),
      excerpt: truncate((data.beforeTruncate as string | undefined) ?? firstParagraph ?? '', 300),
      ...(data.truncated ? { truncated: true as const } : {}),
      ...(data.excerptOutput ? { excerptOutput: data.excerptOutput as NonNullable<Compiled['excerptOutput']> } : {}),
      components: (data.components as string[]) ?? [],
      ...(data.componentUses ? { componentUses: data.componentUses as Compiled['componentUses'] } : {}),
      ...(data.notes ? { notes: data.notes as Compiled['notes'] } : {}),
      ...(data.imports ? { imports: data.imports as Compiled['imports'] } : {}),
      ...(data.unplainProps ? { unplainProps: data.unplainProps as Compiled['unplainProps'] } : {}),
      ...(data.head ? { head: data.head as Compiled['head'] } : {}),
      // A Docusaurus project's page (`leadingHeading`) by its MDX loader's content title; quire's by any h1.
      hasTitleHeading: config.markdown.title === 'leadingHeading' ? data.contentTitleH1 === true : data.firstH1 !== undefined,
      ...(data.shownAddresses ? { shownAddresses: data.shownAddresses as Compiled['shownAddresses'] } : {}),
      ...wordsOf(source, config),
    },
  };
}

/**
 * The title of a page without front matter `title` (SiteConfig.markdown.title): its first h1, or, as Docusaurus's
 * plugins take it (parseMarkdownContentTitle), an h1 it begins with; else a doc's id, a page none (the site's title).
 */
function pageTitle(source: Source, data: Record<string, unknown>, leading: boolean): string {
  const heading = (leading ? data.leadingH1 : data.firstH1) as string | undefined;
  if (heading !== undefined) return heading;
  return leading && source.kind === 'page' ? '' : untitledName(source);
}

/**
 * A front matter `image` next to the page (`./karte.png`, `bilder/karte.png`) is published like the page's
 * Markdown images: its marker, or undefined for site paths and external URLs.
 */
function relativeImage(image: string | undefined, source: Source, config: SiteConfig, assets: AssetRef[]): string | undefined {
  if (!image || image.startsWith('/') || isExternal(image)) return undefined;
  const options = { baseUrl: config.baseUrl, pagePath: source.path, file: source.file, lineOffset: source.bodyLine };
  return resolveAsset(image, options, assets, source.fieldPlaces?.image ?? {}).url;
}

/**
 * Where the page's Markdown partials' headings go (Compiled.partialHeadings): at a place in the headings and, unless
 * the table of contents is hidden (`levels` undefined), at the matching place in it, with the page's levels.
 */
function partialHeadings(
  slices: unknown,
  headings: Heading[],
  levels: { min: number; max: number } | undefined,
): { partialHeadings?: PartialHeadings[] } {
  if (!Array.isArray(slices) || !slices.length) return {};
  return {
    partialHeadings: (slices as { source: string; at: number }[]).map(({ source, at }) => ({
      source,
      at,
      ...(levels
        ? { toc: { at: headings.slice(0, at).filter((h) => h.depth >= levels.min && h.depth <= levels.max).length, ...levels } }
        : {}),
    })),
  };
}

/** Element ids beyond the headings' (once each), if any. */
function extraAnchors(headings: Heading[], ids: string[] | undefined): { anchors?: string[] } {
  if (!ids?.length) return {};
  const headingIds = new Set(headings.map((h) => h.id));
  const anchors = [...new Set(ids)].filter((id) => !headingIds.has(id));
  return anchors.length ? { anchors } : {};
}

function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20)) + '…';
}
