import { createElement, type ComponentType, type ReactNode } from 'react';
import { createRequire } from 'node:module';
import { CODES, error, type Diagnostic } from '../diagnostics.ts';
import { FILE_PLACEHOLDER } from '../shared/placeholders.ts';
import type { Page, PageProps, Route, Site, StageResult, Theme } from '../types.ts';
import { Document } from './document.tsx';
import { mdxComponent, mdxTree } from './mdx.ts';

/**
 * React's server renderer, loaded on the first page rendered (synchronously: it is CommonJS), so a build
 * whose pages are all unchanged never loads it.
 */
let renderer: typeof import('react-dom/server') | undefined;
function renderToString(node: ReactNode): string {
  renderer ??= createRequire(import.meta.url)('react-dom/server') as typeof import('react-dom/server');
  return renderer.renderToString(node);
}

/** Whether themes may render shared parts once (see PageProps.renderShared); tests compare both ways. */
let sharedRendering = true;
export function setSharedRendering(on: boolean): void {
  sharedRendering = on;
}

export { STORAGE_KEYS } from './inline-scripts.ts';
export { safeJson } from './document.tsx';
export { fingerprintRoutes, type FingerprintInputs } from './fingerprint.ts';

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
}

/** Renders every route to an HTML page. A page that throws becomes a diagnostic naming its source. */
export function render(options: RenderOptions): StageResult<Page[]> {
  const diagnostics: Diagnostic[] = [];
  return { value: [...renderEach(options, diagnostics)], diagnostics };
}

/**
 * The same, one page at a time: emit writes each page as it comes, so memory holds one page,
 * not the whole site. Failures are pushed to `diagnostics` and the page is skipped.
 */
export function* renderEach({ site, theme, mode, assets, only }: RenderOptions, diagnostics: Diagnostic[]): Generator<Page> {
  const fileRoutes = new Map(site.compiled.map((c) => [c.source.file, site.config.baseUrl + c.source.path.slice(1)]));
  for (const route of site.routes) {
    if (only && !only(route)) continue;
    let page: Page;
    try {
      page = renderRoute({ route, site, theme, mode, fileRoutes, assets });
    } catch (e) {
      const file = route.compiledIndex === undefined ? undefined : site.compiled[route.compiledIndex].source.file;
      diagnostics.push(error(CODES.RENDER_FAILED, `Rendering ${site.config.baseUrl}${route.path.slice(1)} failed: ${(e as Error).message}`, { file }));
      continue;
    }
    yield page;
  }
}

export interface RenderRouteOptions {
  route: Route;
  site: Site;
  theme: Theme;
  mode: 'production' | 'development';
  fileRoutes: Map<string, string>;
  assets: BundleUrls;
}

/** One route to one HTML string: the theme's page inside the document shell. */
export function renderRoute({ route, site, theme, mode, fileRoutes, assets }: RenderRouteOptions): Page {
  const compiled = route.compiledIndex === undefined ? undefined : site.compiled[route.compiledIndex];
  let content: ReactNode = null;
  if (compiled) {
    if (compiled.output.type === 'html') {
      content = createElement('div', { className: 'markdown', dangerouslySetInnerHTML: { __html: compiled.output.html } });
    } else if (compiled.output.type === 'hast') {
      content = createElement('div', { className: 'markdown' }, mdxTree(compiled.output.tree, theme.components));
    } else {
      const MDX = mdxComponent(compiled.output.code, compiled.source.hash + compiled.source.path);
      content = createElement('div', { className: 'markdown' }, createElement(MDX, { components: theme.components }));
    }
  }
  const props: PageProps = { site, route, content, mode, islands: assets.islands, renderShared: sharedRendering ? (element) => renderToString(element as ReactNode) : undefined };
  const ThemePage = theme.Page as ComponentType<PageProps>;
  const tree = createElement(Document, { site, route, mode, assets }, createElement(ThemePage, props));
  let html = '<!DOCTYPE html>' + renderToString(tree);
  if (compiled?.links.some((l) => l.path?.startsWith(FILE_PLACEHOLDER))) {
    html = html.replace(/quire-file:([^"#?\s]+)/g, (all, file: string) => fileRoutes.get(file) ?? all);
  }
  return { path: route.path, html, assets: compiled?.assets ?? [] };
}
