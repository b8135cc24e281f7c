import { createElement, type ComponentType, type ReactNode } from 'react';
import { createRequire } from 'node:module';
import { CODES, report, type Diagnostic } from '../diagnostics.ts';
import { isStackOverflow, pageLimits, runSlice, stackDiagnostic, timeLimitDiagnostic } from '../limits.ts';
import { guardedComponents } from '../shared/component-props.ts';
import { escapeAttribute } from '../shared/html.ts';
import { linkedFile, replaceFileMarkers, replaceSizeMarkers, routesByFile, TRUNCATE_ELEMENT } from '../shared/markers.ts';
import type { Compiled, Page, PageProps, Route, Site, Theme } from '../types.ts';
import { Document } from './document.tsx';
import { mdxComponent, mdxErrorPlace, mdxTree } from './mdx.ts';
import type * as CodeBlocks from './code-block.ts';
import { pageModules } from './modules.ts';
import { textHash } from '../shared/hash.ts';
import { ComponentError } from '../shared/component-error.ts';
import { structuredDataAssets } from './structured-data.ts';
import { unresolvedName } from './thrown.ts';

/** What draws `@theme/CodeBlock` in a project's code (with the highlighter), once loadCodeBlocks has run. */
let codeBlocks: typeof CodeBlocks | undefined;

/**
 * A link to a content file that is no page (a broken link, reported when onBrokenLinks lets the build go on) as the
 * writer wrote it, without its fragment, as Docusaurus leaves it (Electron's `../../README.md`), not quire's marker.
 */
function writtenLink(pages: readonly (Pick<Compiled, 'links'> | undefined)[], file: string): string | undefined {
  for (const page of pages)
    for (const link of page?.links ?? []) if (linkedFile(link.path) === file) return escapeAttribute(link.url.split('#')[0]);
  return undefined;
}

/**
 * Loads what draws `@theme/CodeBlock` in a project's code before a site whose pages run project code renders
 * (each render path awaits it: the build, `quire dev`, a render worker). A build that renders no such page, a warm
 * one above all, never loads the highlighter.
 */
export async function loadCodeBlocks(site: Site): Promise<void> {
  if (!codeBlocks && site.compiled.some((c) => c.modules || c.source.react)) codeBlocks = await import('./code-block.ts');
}

function codeBlock(code: string, language: string, meta: string, site?: Site): unknown {
  if (!codeBlocks) throw new Error('quire bug: a CodeBlock was drawn on a site loadCodeBlocks was not given');
  return codeBlocks.codeBlock(code, language, meta, site?.config.markdown.magicComments);
}

/** Where a React page's body, rendered first, goes into its document (text no page can contain: a NUL). */
/** What only the browser defines: code that reads it as a page is built fails there. */
const BROWSER_GLOBALS = new Set(['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location', 'self']);

const BODY_SLOT = '\u0000quire-body\u0000';

/**
 * React's server renderer, loaded on the first page rendered (synchronously: it is CommonJS), so a build
 * whose pages are all unchanged never loads it.
 */
let renderer: typeof import('react-dom/server') | undefined;
function renderToString(node: ReactNode): string {
  renderer ??= createRequire(import.meta.url)('react-dom/server') as typeof import('react-dom/server');
  return renderer.renderToString(node);
}

/** URLs of the client bundle (script, stylesheet, island chunks), known before rendering. */
export interface BundleUrls {
  css: string;
  js: string;
  /** Island name → module URL. */
  islands: Record<string, string>;
}

export interface RenderOptions {
  site: Site;
  theme: Theme;
  mode: 'production' | 'development';
  assets: BundleUrls;
  /** Render only these routes (dev rebuilds); default all. */
  only?: (route: Route) => boolean;
  /** Routes to render before the others (each group in route order); default: route order. */
  first?: (route: Route) => boolean;
  /** Whether themes may render shared parts once (PageProps.renderShared); default true. */
  sharedRendering?: boolean;
}

/** One route rendered: its page, or the diagnostic of its failure. Serialisable (render workers send it). */
export type RenderOneResult = { page: Page } | { diagnostic: Diagnostic };

/**
 * Renders routes of `site` by their index in `site.routes`; used by this thread and by render workers
 * (each builds its own from the site it was given), so a page is the same wherever it was rendered.
 * `output` is the page's compiled content when `site` comes without it (a render worker's copy).
 */
export function routeRenderer({
  site,
  theme,
  mode,
  assets,
  sharedRendering = true,
}: Omit<RenderOptions, 'only' | 'first'>): (routeIndex: number, output?: Compiled['output']) => RenderOneResult {
  const fileRoutes = routesByFile(site.compiled);
  return (routeIndex, output) => {
    const route = site.routes[routeIndex];
    try {
      return { page: renderRoute({ route, site, theme, mode, fileRoutes, assets, output, sharedRendering }) };
    } catch (e) {
      const compiled = route.compiledIndex === undefined ? undefined : site.compiled[route.compiledIndex];
      const content = output ?? compiled?.output;
      // An error in the page's own MDX code (an unknown name in an expression, say) is reported at its place.
      const at = content?.type === 'mdx' ? mdxErrorPlace(e, content.map) : undefined;
      let place: { line?: number; column?: number } =
        at && compiled ? { line: at.line + compiled.source.bodyLine - 1, column: at.column } : {};
      if (isStackOverflow(e)) return { diagnostic: stackDiagnostic('render', compiled?.source.file, place, content?.type === 'mdx') };
      // A theme component's own error (`<Stat id="…" />: no figure …`) is placed at the component's use on the page.
      const component = e instanceof ComponentError ? e.component : undefined;
      const uses = component ? compiled?.componentUses?.[component] : undefined;
      let atUse: number | undefined;
      if (place.line === undefined && e instanceof ComponentError && e.place) place = e.place;
      else if (place.line === undefined && uses?.length) {
        place = { line: uses[0].line, column: uses[0].column };
        atUse = uses.length;
      }
      // A name nothing defines: the browser's, which the page's code reached while the page is built; or in an MDX
      // page's {…}, most often braces meant as text.
      const mdxCode = content?.type === 'mdx' ? content.code : undefined;
      const thrown = unresolvedName(e, { mdx: mdxCode, modules: compiled?.modules?.code });
      const name = thrown?.name;
      const data = {
        page: `${site.config.baseUrl}${route.path.slice(1)}`,
        reason: (e as Error).message,
        component,
        uses: atUse,
        browserGlobal: name && BROWSER_GLOBALS.has(name) ? name : undefined,
        undefinedName: thrown?.script === 'mdx' && !compiled?.source.react ? name : undefined,
      };
      return { diagnostic: report(CODES.RENDER_FAILED, 'failed', data, { file: compiled?.source.file, ...place }) };
    }
  };
}

/**
 * `routeRenderer`, with the page time limit on the pages whose own code runs (`runSlice`, src/limits.ts; Node
 * starts a thread for each, so not on the others). Those are the only pages a writer can make run without end:
 * every other page is the theme's components over compiled content, whose size and nesting compile bounds.
 * `timedOut`: the page was stopped.
 */
export function limitedRender(
  options: Omit<RenderOptions, 'only' | 'first'>,
): (routeIndex: number) => RenderOneResult & { timedOut?: true } {
  const renderOne = routeRenderer(options);
  const { site } = options;
  const limit = renderTimeLimit(site);
  return (routeIndex) => {
    const index = site.routes[routeIndex].compiledIndex;
    if (index === undefined || site.compiled[index].output.type !== 'mdx') return renderOne(routeIndex);
    const [outcome] = runSlice([routeIndex], 0, renderOne, limit.ms, 0);
    if ('timedOut' in outcome) return { ...limit.result({ routeIndex }), timedOut: true };
    // routeRenderer catches what a page throws; anything else is a bug of quire's.
    if ('error' in outcome) throw outcome.error;
    return outcome.value;
  };
}

/** What a render pool answers for a route whose worker it stopped at the time limit (see pool.ts). */
export function renderTimeLimit(site: Site): { ms: number; result: (task: { routeIndex: number }) => { diagnostic: Diagnostic } } {
  const ms = pageLimits(site.config).timeoutMs;
  return {
    ms,
    result: ({ routeIndex }) => {
      const route = site.routes[routeIndex];
      const compiled = route.compiledIndex === undefined ? undefined : site.compiled[route.compiledIndex];
      return {
        diagnostic: timeLimitDiagnostic('render', compiled?.source.file, ms, {
          page: site.config.baseUrl + route.path.slice(1),
          hasCode: compiled?.output.type === 'mdx',
        }),
      };
    },
  };
}

export interface RenderRouteOptions {
  route: Route;
  site: Site;
  theme: Theme;
  mode: 'production' | 'development';
  /** Site path of each content file's page (see routesByFile), for the links to content files. */
  fileRoutes: Map<string, string>;
  assets: BundleUrls;
  /** The page's compiled content, instead of the one in `site` (see routeRenderer). */
  output?: Compiled['output'];
  sharedRendering?: boolean;
}

/** A compiled page's content as React: its HTML, its syntax tree, or its MDX module evaluated with its imports. */
function pageContent(
  compiled: Compiled,
  output: Compiled['output'],
  site: Site,
  theme: Theme,
  components: Record<string, unknown>,
): ReactNode {
  if (output.type === 'html') {
    return createElement('div', { className: 'markdown', dangerouslySetInnerHTML: { __html: output.html } });
  } else if (output.type === 'hast') {
    return createElement('div', { className: 'markdown' }, mdxTree(output.tree, components));
  } else {
    const { modules } = compiled;
    // Given to the theme's modules before the page's are evaluated: a Docusaurus translate() at a module's top
    // level reads the built locale's texts (themes/classic/docusaurus.tsx), so the evaluated modules are the locale's.
    const moduleSite = modules ? theme.moduleSite?.(site) : undefined;
    const MDX = modules
      ? mdxComponent(
          output.code,
          compiled.source.hash + compiled.source.path + textHash(modules.code) + site.config.i18n.currentLocale,
          pageModules(
            modules.code,
            textHash(modules.code + (modules.island ?? '') + site.config.i18n.currentLocale),
            theme.modules ?? {},
            components,
            modules.island ? { url: modules.island, site: moduleSite } : undefined,
          ),
        )
      : mdxComponent(output.code, compiled.source.hash + compiled.source.path);
    // A React page is not Markdown: no `markdown` styles around what it draws.
    return compiled.source.react
      ? createElement(MDX, { components })
      : createElement('div', { className: 'markdown' }, createElement(MDX, { components }));
  }
}

/**
 * What a list of posts shows of a post (PageProps.excerpt): its content up to the truncate marker, or all of it
 * where the site lists untruncated posts whole; undefined where the list shows its description.
 */
function postExcerpt(
  post: Compiled,
  site: Site,
  theme: Theme,
  components: Record<string, unknown>,
): { content: ReactNode; whole: boolean } | undefined {
  const output = post.output;
  if (!post.truncated)
    return site.config.blog.untruncatedInList === 'whole'
      ? { content: pageContent(post, output, site, theme, components), whole: true }
      : undefined;
  const marker = `<${TRUNCATE_ELEMENT}>`;
  let cut: ReactNode | undefined;
  if (post.excerptOutput) cut = pageContent(post, post.excerptOutput, site, theme, components);
  else if (output.type === 'html') {
    const at = output.html.indexOf(marker);
    if (at >= 0) cut = createElement('div', { className: 'markdown', dangerouslySetInnerHTML: { __html: output.html.slice(0, at) } });
  } else if (output.type === 'hast') {
    const at = output.tree.children.findIndex((n) => n.type === 'element' && n.tagName === TRUNCATE_ELEMENT);
    if (at >= 0)
      cut = createElement(
        'div',
        { className: 'markdown' },
        mdxTree({ ...output.tree, children: output.tree.children.slice(0, at) }, components),
      );
  } else {
    const html = mdxPostCut(post, site, () => renderToString(pageContent(post, output, site, theme, components)));
    if (html !== undefined) cut = createElement('div', { className: 'markdown', dangerouslySetInnerHTML: { __html: html } });
  }
  return cut === undefined ? undefined : { content: cut, whole: false };
}

/** Each MDX post's cut, drawn once for the site it was drawn for (a post is on several lists: pages, tags, authors). */
const mdxCuts = new WeakMap<Compiled, { site: Site; html: string | undefined }>();

/**
 * An MDX post with code of its own, up to its truncate marker: drawn whole (`draw`), then cut where the marker's
 * element is, one of the content's top-level children, so what comes before it is whole elements (Docusaurus
 * compiles the part before the marker instead). Undefined when the drawing holds no marker there.
 */
function mdxPostCut(post: Compiled, site: Site, draw: () => string): string | undefined {
  const kept = mdxCuts.get(post);
  if (kept?.site === site) return kept.html;
  const open = '<div class="markdown">';
  const whole = draw();
  // React may write resource hints before the content (`<link rel="preload" as="image">` for an image of the post).
  const start = whole.indexOf(open);
  const at = whole.indexOf(`<${TRUNCATE_ELEMENT}>`);
  const html = start >= 0 && at > start && !whole.slice(0, start).includes('<div') ? whole.slice(start + open.length, at) : undefined;
  mdxCuts.set(post, { site, html });
  return html;
}

/** One route to one HTML string: the theme's page inside the document shell. */
export function renderRoute({
  route,
  site,
  theme,
  mode,
  fileRoutes,
  assets,
  output: given,
  sharedRendering = true,
}: RenderRouteOptions): Page {
  const compiled = route.compiledIndex === undefined ? undefined : site.compiled[route.compiledIndex];
  // A prop given an object where its contract wants a text throws, instead of printing `[object Object]`.
  const components = guardedComponents(theme.components, theme.contracts);
  // Posts shown cut at their truncate marker on this page (a list of posts): their links and images are its too.
  const excerpted: Compiled[] = [];
  const excerpt = (compiledIndex: number) => {
    const post = site.compiled[compiledIndex];
    const shown = post ? postExcerpt(post, site, theme, components) : undefined;
    if (shown) excerpted.push(post);
    return shown;
  };
  const content = compiled ? pageContent(compiled, given ?? compiled.output, site, theme, components) : null;
  const props: PageProps = {
    site,
    route,
    content,
    mode,
    islands: assets.islands,
    renderShared: sharedRendering ? (element) => renderToString(element as ReactNode) : undefined,
    excerpt,
    codeBlock: (code: string, language: string, meta: string) => codeBlock(code, language, meta, site),
  };
  const ThemePage = theme.Page as ComponentType<PageProps>;
  let html: string;
  if (compiled?.source.react || compiled?.modules) {
    // The body first: the project's code in it (<Layout>, <Head>) gives the title, description and tags the head
    // is written with.
    let head: NonNullable<PageProps['head']> = {};
    let body = renderToString(createElement(ThemePage, { ...props, head }));
    // A React page that draws no `@theme/Layout` is the whole body in Docusaurus, without navbar and footer (a page
    // made to be shown in a frame, as DocSearch's demo-embed): drawn again, without the theme's chrome.
    if (compiled?.source.react && !head.layout) {
      head = { bare: true };
      body = renderToString(createElement(ThemePage, { ...props, head }));
    } else if (compiled?.source.react && (head.wrapperClassName || head.noFooter)) {
      // Its Layout's wrapper class and `noFooter` change the chrome drawn before it: drawn again with them.
      head = { wrapperClassName: head.wrapperClassName, noFooter: head.noFooter };
      body = renderToString(createElement(ThemePage, { ...props, head }));
    }
    // A React page's title is its Layout's, else none: the window and social titles are the site's, as in Docusaurus
    // (not the file's name, which Markdown pages without a title fall back to).
    const title = head.title ?? (compiled?.source.react ? '' : route.title);
    const titled = { ...route, title, description: head.description ?? route.description };
    const pageHead = { title: head.wholeTitle, tags: head.tags ?? [], html: head.html, body: head.body };
    html = '<!DOCTYPE html>' + renderToString(createElement(Document, { site, route: titled, mode, assets, pageHead }, BODY_SLOT));
    html = html.replace(BODY_SLOT, () => body);
  } else html = '<!DOCTYPE html>' + renderToString(createElement(Document, { site, route, mode, assets }, createElement(ThemePage, props)));
  if ([compiled, ...excerpted].some((c) => c?.links.some((l) => linkedFile(l.path))))
    html = replaceFileMarkers(html, (file) => {
      const sitePath = fileRoutes.get(file);
      return sitePath === undefined ? writtenLink([compiled, ...excerpted], file) : site.config.baseUrl + sitePath.slice(1);
    });
  html = replaceSizeMarkers(html, (key) => site.imageSizes[key]);
  const pageAssets = [...(compiled?.assets ?? []), ...excerpted.flatMap((post) => post.assets), ...structuredDataAssets(site, route)];
  return { path: route.path, html, assets: pageAssets };
}
