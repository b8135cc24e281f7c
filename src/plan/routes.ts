import { postInstant } from '../shared/text.ts';
import { countWords } from '../shared/words.ts';
import { CODES, report, type Diagnostic } from '../diagnostics.ts';
import type { Compiled, Loaded, Route, RouteKind, SiteConfig } from '../types.ts';
import { localeHtmlLang } from '../shared/locales.ts';
import { editMetaOf } from './edit-meta.ts';

const KIND: Record<Compiled['source']['kind'], RouteKind> = { doc: 'doc', page: 'page', landing: 'landing', blog: 'blogPost' };

/** The route table: one route per content file plus the generated ones; duplicate paths are errors naming both files. */
export function planRoutes(
  compiled: Compiled[],
  config: SiteConfig,
  messages: Record<string, string>,
  lastUpdates?: Loaded['lastUpdates'],
): { routes: Route[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const routes: Route[] = [];
  const owner = new Map<string, Compiled['source'] | string>();
  const claim = (path: string, source: Compiled['source'] | string) => {
    const previous = owner.get(path);
    if (previous) {
      const found = duplicateRoute(path, previous, source, config);
      if (found) diagnostics.push(found);
      return false;
    }
    owner.set(path, source);
    return true;
  };
  const readingTime = config.blog.showReadingTime
    ? readingMinutes(localeHtmlLang(config.i18n.localeConfigs, config.i18n.currentLocale))
    : undefined;
  compiled.forEach((c, compiledIndex) => {
    if (!claim(c.source.path, c.source)) return;
    const fm = c.source.frontMatter;
    const editMeta = editMetaOf(c.source, config, lastUpdates);
    routes.push({
      kind: KIND[c.source.kind],
      path: c.source.path,
      title: c.title,
      description: c.description,
      compiledIndex,
      isUnlisted: fm.unlisted === true,
      blog: c.source.kind === 'blog' ? blogFacts(c, readingTime) : undefined,
      ...(editMeta ? { editMeta } : {}),
    });
  });
  const generated: [RouteKind, string, string, string][] = [
    // Described by the theme's text, unless pages without a description of their own stay so (Docusaurus's have none).
    [
      'search',
      '/search/',
      messages['search.page.title'] ?? 'Search',
      config.descriptionFallback === 'none' ? '' : (messages['search.page.description'] ?? ''),
    ],
  ];
  if (config.blog.enabled && (config.blog.listWithoutPosts || compiled.some((c) => c.source.kind === 'blog'))) {
    generated.push([
      'blogList',
      `/${config.blog.routeBasePath}/`,
      config.blog.title,
      config.blog.description ?? messages['blog.list.description'] ?? '',
    ]);
  }
  for (const [kind, path, title, description] of generated) {
    if (claim(path, `(generated ${kind} page)`)) routes.push({ kind, path, title, description, isUnlisted: false });
  }
  routes.push({
    kind: 'notFound',
    path: '/404.html',
    title: messages['notFound.title'] ?? 'Page Not Found',
    description: '',
    isUnlisted: true,
  });
  return { routes, diagnostics };
}

/** A blog post's date, authors, tags and reading time (when the blog shows them), from its front matter and body. */
function blogFacts(compiled: Compiled, readingTime: ((compiled: Compiled) => number) | undefined): Route['blog'] {
  const fm = compiled.source.frontMatter;
  const published = fm.date === undefined ? undefined : postInstant(fm.date);
  return {
    ...(published ? { date: published.slice(0, 10), published } : {}),
    authors: (fm.authors ?? []).map((a) => (typeof a === 'string' ? a : a.name)),
    tags: (fm.tags ?? []).map((t) => (typeof t === 'string' ? t : t.label)),
    ...(readingTime ? { readingTime: readingTime(compiled) } : {}),
  };
}

/**
 * A blog post's reading time in whole minutes, as Docusaurus shows it: the words of its Markdown (the body as
 * written, code included), found by the locale's word segmentation, at 200 words a minute, rounded up
 * (plugin-content-blog's `calculateReadingTime` and theme-classic's `Math.ceil`). Segmenting counts the words
 * of languages written without spaces too.
 */
export function readingMinutes(lang: string): (compiled: Compiled) => number {
  return (compiled) => {
    // Counted by compile (Compiled.words, kept in its cache); a page compiled without the count is counted here.
    const words = compiled.words ?? countWords(compiled.source.body, lang);
    return Math.ceil(Math.round((words / 200) * 100) / 100);
  };
}

/** What gives a page its URL: the front matter field that set it (with its place), or its file's name. */
function whyAt(source: Compiled['source'] | string) {
  if (typeof source === 'string') return { text: source };
  const field = source.frontMatter.slug !== undefined ? 'slug' : source.frontMatter.id !== undefined ? 'id' : undefined;
  const place = field ? source.fieldPlaces?.[field] : undefined;
  if (!field) return { text: `${source.file} (by its file name)` };
  return {
    text: `${source.file} (front matter ${field}: ${source.frontMatter[field]}${place ? `, line ${place.line}` : ''})`,
    file: source.file,
    place,
  };
}

/**
 * Q050 for a second claim on `path`: an error, or for two of the project's pages as `onDuplicateRoutes` says
 * (Docusaurus's warns, builds the first and goes on; `ignore`: nothing).
 */
function duplicateRoute(
  path: string,
  previous: Compiled['source'] | string,
  source: Compiled['source'] | string,
  config: SiteConfig,
): Diagnostic | undefined {
  const [a, b] = [whyAt(previous), whyAt(source)];
  // Reported where a front matter field chose the URL (the later page's, when both did), else at the later file.
  const at = b.place ? b : a.place ? a : b;
  const mode = typeof previous !== 'string' && typeof source !== 'string' ? config.onDuplicateRoutes : 'throw';
  if (mode === 'ignore') return undefined;
  return report(
    CODES.DUPLICATE_ROUTE,
    mode === 'warn' ? 'twoPagesOneBuilt' : 'twoPages',
    { url: `${config.baseUrl}${path.slice(1)}`, first: a.text, second: b.text },
    { file: at.file ?? (typeof source === 'string' ? undefined : source.file), ...at.place },
  );
}
